"""The phone page in a real headless browser (Debian's chromium through selenium), on
loopback: a whole four-player Twenty-nine match (seven deals with this seed) with two phone
seats played by tapping the page — one phone in Bangla, one in Spanish — and two bots.
``TAASH_BROWSER_DEALS=N`` lets the browsers play only the first N deals, the phones' links
then finishing the match by the page's protocol from a Python WebSocket client (for a slow
machine). Skips with the reason when chromium, its driver or selenium is missing
(``.ci/run`` installs them).

``TAASH_PHONE_SHOTS=DIR`` keeps a picture of each phone at its first card play (the docs'
screenshots come from there)."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import i18n
from game.app import App
from game.scenes.summary import MatchResultScene
from game.scenes.tables.trick_table import TableScene
from game.session import Session, bot_for

from phone_browser import Phone, browser_missing
from phone_driving import PhoneClient, bot_chooser, phone_seats
from table_driving import DT, close_overlays

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

MATCH_SECONDS = 600           # a safety net: the test ends well before
BROWSER_DEALS = os.environ.get("TAASH_BROWSER_DEALS", "all")


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("TAASH_PHONE_BIND", "127.0.0.1")


def page_turn(phone) -> tuple[str, bool]:
    turn, mine = phone.js("return [document.body.dataset.turn || '', document.body.dataset.mine === '1']")
    return turn, mine


def tap(phone, action: str) -> None:
    """Do ``action`` as a player would: a card is touched, then touched again; a call is a button."""
    from selenium.webdriver.common.by import By
    if action.startswith("play "):
        selector = f'.card[data-card="{action[5:]}"]'
        phone.driver.find_element(By.CSS_SELECTOR, selector).click()
        assert "sel" in phone.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("class")
        phone.driver.find_element(By.CSS_SELECTOR, selector).click()
    else:
        phone.driver.find_element(By.CSS_SELECTOR, f'#controls button[data-action="{action}"]').click()


def test_a_whole_twenty_nine_match_with_two_phones_in_a_browser(tmp_path):
    shots = os.environ.get("TAASH_PHONE_SHOTS")
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    session = Session.new("twenty_nine", 4, {}, phone_seats("pbpb", ["আনিকা", "Mateo", "Lucía", "রহিম"]), seed=5, dealer=3)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    langs = {0: "bn", 2: "es"}
    phones, thinkers = {}, {}
    try:
        for seat, lang in langs.items():
            phones[seat] = Phone(360, 740, lang)
            phones[seat].open(table.phones.url(seat))
            thinkers[seat] = bot_for("twenty_nine", "normal", 40 + seat)
        done: dict[int, str] = {}
        taps = {0: 0, 2: 0}
        shot_taken = set()
        start = time.monotonic()
        browser_deals = None if BROWSER_DEALS == "all" else int(BROWSER_DEALS)
        while time.monotonic() - start < MATCH_SECONDS and not table.match.finished:
            if browser_deals is not None and table.match.deal_index >= browser_deals and phones:
                break
            if app.stack.top is not table and not isinstance(app.stack.top, MatchResultScene):
                close_overlays(app, table)
            app.step(DT, [])
            seat = table.match.to_act
            if seat not in phones or not table.is_idle():
                continue
            now = f"{table.match.deal_index}:{len(table.match.deal_log)}"
            if done.get(seat) == now:
                continue
            turn, mine = page_turn(phones[seat])
            if turn != now or not mine:
                time.sleep(0.01)
                continue
            # the player decides from what his phone shows: the same view the page got
            action = thinkers[seat].choose(table.match.view(seat))
            if shots and action.startswith("play ") and seat not in shot_taken and table.match.view(seat)["trick"]:
                Path(shots).mkdir(parents=True, exist_ok=True)
                phones[seat].screenshot(Path(shots) / f"phone_page_{langs[seat]}.png")
                shot_taken.add(seat)
            tap(phones[seat], action)
            done[seat] = now
            taps[seat] += 1
        assert taps[0] > 10 and taps[2] > 10
        browser_time = time.monotonic() - start
        if not table.match.finished:
            # the rest of the match by the page's protocol, from the same links
            for phone in phones.values():
                phone.close()
            phones.clear()
            clients = [PhoneClient(table.phones.url(seat), bot_chooser("twenty_nine", 50 + seat), lang)
                       for seat, lang in langs.items()]
            for client in clients:
                client.start()
            while time.monotonic() - start < MATCH_SECONDS and not table.match.finished:
                if app.stack.top is not table and not isinstance(app.stack.top, MatchResultScene):
                    close_overlays(app, table)
                app.step(DT, [])
                time.sleep(0.002)
            for _ in range(60):
                app.step(DT, [])
                time.sleep(0.005)
            for client in clients:
                client.stop()
            assert all(c.error is None and c.sent for c in clients)
            assert all(c.byes == ["over"] for c in clients)
        assert table.match.finished, f"the match did not end in {MATCH_SECONDS} s (taps {taps})"
        for _ in range(30):
            app.step(DT, [])
        time.sleep(0.5)
        for seat, lang in langs.items():
            if seat in phones:
                status = phones[seat].js("return document.getElementById('status').textContent")
                with i18n.speaking(lang):
                    assert status == i18n.t("phone.over")
        print(f"match: {len(table.match.records)} deals; browsers tapped {taps} in {browser_time:.1f} s; "
              f"{time.monotonic() - start:.1f} s in all")
    finally:
        for phone in phones.values():
            phone.close()
        if table.phones is not None:
            table.phones.close()


OUTSIDE = """
const out = [];
const w = window.innerWidth, h = window.innerHeight;
for (const e of document.querySelectorAll('.card, #status')) {
  const r = e.getBoundingClientRect();
  if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1 || r.width < 30) out.push(e.dataset.card || e.id);
}
return out;
"""


def play_by_taps(app, table, phone, seat, thinker, until, seconds=60.0) -> int:
    """Tap ``phone`` for ``seat`` as its player would until ``until()``; the number of taps."""
    taps, done = 0, None
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        if app.stack.top is not table and not isinstance(app.stack.top, MatchResultScene):
            close_overlays(app, table)
        app.step(DT, [])
        if table.match.to_act != seat or not table.is_idle():
            continue
        now = f"{table.match.deal_index}:{len(table.match.deal_log)}"
        turn, mine = page_turn(phone)
        if done == now or turn != now or not mine:
            time.sleep(0.01)
            continue
        tap(phone, thinker.choose(table.match.view(seat)))
        done = now
        taps += 1
    return taps


TITLE_CUT = "const t = document.getElementById('title'); return t.scrollWidth > t.clientWidth + 1"


def test_a_truco_deal_on_a_small_phone_in_portrait_and_landscape(tmp_path):
    """Every call of a Truco deal is a button on the page; the hand and the turn line stay on
    the screen of a 360x640 phone held either way."""
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    session = Session.new("truco_argentino", 2, {"flor": True}, phone_seats("pb", ["Lucía", "Mateo"]),
                          seed=3, dealer=1)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    phone = Phone(360, 640, "es")
    try:
        phone.open(table.phones.url(0))
        seen = set()

        def check_layout():
            turn, mine = page_turn(phone)
            if mine and turn not in seen:
                seen.add(turn)
                shots = os.environ.get("TAASH_PHONE_SHOTS")
                if shots:
                    size = "x".join(map(str, phone.js("return [innerWidth, innerHeight]")))
                    phone.screenshot(Path(shots) / f"phone_truco_{size}.png")
                assert phone.js(OUTSIDE) == [], (phone.js("return [innerWidth, innerHeight]"), turn)
                assert phone.js(TITLE_CUT) is False            # the game's name is shown whole
            return False

        thinker = bot_for("truco_argentino", "normal", 8)
        deal = table.match.deal_index
        taps = play_by_taps(app, table, phone, 0, thinker, lambda: check_layout()
                            or table.match.deal_index > deal or table.match.finished)
        assert table.match.deal_index > deal or table.match.finished
        phone.resize(640, 360)                              # landscape
        deal = table.match.deal_index
        taps += play_by_taps(app, table, phone, 0, thinker, lambda: check_layout()
                             or table.match.deal_index > deal or table.match.finished)
        assert table.match.deal_index > deal or table.match.finished
        assert taps >= 2 and len(seen) >= 2
    finally:
        phone.close()
        table.phones.close()
