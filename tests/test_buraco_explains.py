"""Issue 9, Buraco: refusals that name the rule behind them (bug 3), the warning one move
before a dead end, and a table that explains itself (the card just drawn, melds one card
from a canasta, the sort that places aces where runs need them and is kept, the player's
own order by dragging, wild cards clear of the header, tooltips clear of the pile)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.games import buraco as bu
from game.scenes.tables import table_for
from game.scenes.tables.buraco import BuracoAdapter, sort_hand
from game.scenes.tables.buraco_layout import OURS_RECT, THEIRS_RECT
from game.session import Session
from game.ui import gfx
from game.ui.widgets import draw_tooltip

from table_driving import DT, click, reason_keys, run_until, seats
from test_buraco import position

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "es", "bn", "hi", "pt")
#: the glossary's "clean canasta" in each language (as it stands inside a sentence)
CLEAN = {"en": "clean canasta", "es": "canasta limpia", "bn": "পরিষ্কার কানস্তা", "hi": "साफ़ कनास्ता",
         "pt": "canastra limpa"}


def seat_table(app, match, humans=(0,)):
    table = table_for(app, Session(match, seats(set(humans), match.players)))
    app.stack.clear_to(table)
    assert run_until(app, table, table.my_turn, frames=600)
    app.step(DT, [])
    return table


def mouse(app, kind, pos):
    if kind == "move":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP,
                              pos=pos, button=1)


# --------------------------------------------------------------------------- bug 3: the rule named

def nines(app):
    """Closed, muerto taken, no canasta: 9♠ 9♣ in hand, 9♦ alone on the pile."""
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "9S 9C"}, mstate=[bu.TAKEN, bu.TABLE], pile="9D")
    return seat_table(app, m)


@pytest.mark.parametrize("lang", LANGS)
def test_take_the_pile_names_the_close_rule_not_an_unplayable_card(app, lang):
    app.settings.language = lang
    app.apply_language()
    table = nines(app)
    exc = table.match.why_illegal("take-discard")
    assert exc.reason_key == "take_would_close"                  # the 9♦ can be played at once
    assert "top card" not in exc.reason
    tip = table.controls()["take"].tooltip
    tip = tip() if callable(tip) else tip
    assert not table.controls()["take"].enabled
    assert not table.act("take-discard")
    text = table.hint[0]
    assert text in tip                                           # the button's tooltip says it too
    assert text.startswith(i18n.card_name("9D", "french")[:1].upper()) or lang in ("pt",)
    assert CLEAN[lang] in text                                   # the rule: a clean canasta to close
    assert i18n.t("options.buraco.mode_closed") in text          # ... in Closed
    wrong = i18n.t("buraco_reasons.top_not_playable", name=i18n.card_name("9D", "french"))
    assert text != wrong


@pytest.mark.parametrize("lang", LANGS)
def test_adding_to_a_dirty_set_says_closed_needs_a_clean_canasta(app, lang):
    app.settings.language = lang
    app.apply_language()
    m = position("closed", hands={0: "9D KS"}, melds={0: ["9S 9H JK"]}, mstate=[bu.TAKEN, bu.TABLE])
    table = seat_table(app, m)
    why = table.match.meld_check(0, ["9D"], 0)
    assert why is not None and why[1] == "dead_end" and why[2]["clean"]
    assert table.add_selected(0) is False or True
    table.select_cards(["9D"])
    assert table.add_selected(0) is False
    assert CLEAN[lang] in table.hint[0] and i18n.t("options.buraco.mode_closed") in table.hint[0]


def test_the_engine_words_name_the_rule_too():
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "9S 9C"}, mstate=[bu.TAKEN, bu.TABLE], pile="9D")
    assert "clean canasta" in m.why_illegal("take-discard").reason
    m = position("closed", hands={0: "9D KS"}, melds={0: ["9S 9H JK"]}, mstate=[bu.TAKEN, bu.TABLE])
    assert "clean canasta" in m.why_illegal("add 0 9D").reason
    # a card that truly cannot be played keeps its own reason; in WTCC it says there are no sets
    m = position("closed_wtcc", turn=0, phase=bu.DRAW, hands={0: "9H 9D 3C"}, pile="9S")
    exc = m.why_illegal("take-discard")
    assert exc.reason_key == "top_not_playable" and exc.params["mode"] == "closed_wtcc"
    # one card left: the dead end, as a take
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "9S 9C KD"}, mstate=[bu.TAKEN, bu.TABLE],
                 pile="9D")
    assert m.why_illegal("take-discard").reason_key == "take_dead_end"


#: every refusal variant: (engine key, params) -> words the message must hold (the rule's name)
VARIANTS = [
    ("dead_end", {"clean": True, "mode": "closed"}, ["clean", "mode"]),
    ("dead_end", {"clean": False, "mode": "closed_dirty"}, ["mode"]),
    ("take_would_close", {"card": "9D", "clean": True, "mode": "closed"}, ["clean", "mode", "card"]),
    ("take_would_close", {"card": "9D", "clean": False, "mode": "closed_dirty"}, ["mode", "card"]),
    ("take_dead_end", {"card": "9D", "clean": True, "mode": "closed_wtcc"}, ["clean", "mode", "card"]),
    ("take_dead_end", {"card": "9D", "clean": False, "mode": "closed_dirty"}, ["mode", "card"]),
    ("close_needs_canasta", {"clean": True, "mode": "closed", "by_meld": True}, ["clean", "mode"]),
    ("close_needs_canasta", {"clean": True, "mode": "closed", "by_meld": False}, ["clean", "mode"]),
    ("close_needs_canasta", {"clean": False, "mode": "closed_dirty", "by_meld": False}, ["mode"]),
    ("top_not_playable", {"card": "9D", "mode": "closed_wtcc"}, ["mode", "card"]),
    ("top_not_playable", {"card": "9D"}, ["card"]),
    ("no_sets", {"mode": "closed_wtcc"}, ["modename"]),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_kind_has_a_message_naming_its_rule(app, lang):
    app.settings.language = lang
    app.apply_language()
    m = bu.Match(2, 1, 1, {"mode": "closed"})
    adapter = BuracoAdapter(app, Session(m, seats({0}, 2)))
    seen = set()
    for key, params, must in VARIANTS:
        final = adapter.reason_key(key, params)
        assert i18n.current().has(f"buraco_reasons.{final}"), final
        seen.add(final)
        text = adapter.reason_words("x", key, params)
        assert text != "x"
        mode = i18n.t(f"options.buraco.mode_{params.get('mode', 'closed')}")
        if "clean" in must:
            assert CLEAN[lang] in text, (key, params)
        if "mode" in must or "modename" in must:
            assert mode in text, (key, params)
        if "card" in must:
            assert i18n.card_name("9D", "french").casefold() in text.casefold(), (key, params)
    assert len(seen) == len(VARIANTS)                  # each variant its own sentence
    # and every key the engine can give has its string (the variants included)
    keys = reason_keys(ROOT / "game" / "games" / "buraco.py")
    for key in keys:
        assert i18n.current().has(f"buraco_reasons.{key}"), key


# --------------------------------------------------------------------------- one move before the corner

def test_warning_one_move_before_a_dead_end(app):
    m = position("closed", hands={0: "5D 6D 7D KS QH"}, mstate=[bu.TAKEN, bu.TABLE])
    table = seat_table(app, m)
    assert table.corner_warning() is None
    table.select_cards(["5D", "6D", "7D"])
    warning = table.corner_warning()
    assert warning is not None and "clean canasta" in warning and "Closed" in warning
    assert table._turn_text(True)[0] == warning
    # with a clean canasta on the side, nothing to warn about
    m = position("closed", hands={0: "5D 6D 7D KS QH"}, melds={0: ["6H 7H 8H 9H 10H JH QH"]},
                 mstate=[bu.TAKEN, bu.TABLE])
    table = seat_table(app, m)
    table.select_cards(["5D", "6D", "7D"])
    assert table.corner_warning() is None
    # nor while the muerto waits (going out then takes it)
    m = position("closed", hands={0: "5D 6D 7D KS QH"})
    table = seat_table(app, m)
    table.select_cards(["5D", "6D", "7D"])
    assert table.corner_warning() is None


# --------------------------------------------------------------------------- the table explains itself

def test_the_card_just_drawn_is_highlighted_until_the_discard(app):
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "3C 5D 9H"}, stock="KS 4D")
    table = seat_table(app, m)
    assert table.fresh == []
    table.draw_card()
    assert run_until(app, table, lambda: table.my_turn() and table.phase == "play", frames=300)
    assert table.fresh == ["KS"]
    surf = gfx.Surface((1280, 720))
    table.draw(surf)
    assert any(k[0] == i18n.t("buraco_table.just_drawn") for k in table._cache("chip"))
    assert table.act("discard 3C")
    for _ in range(5):
        app.step(DT, [])
    assert table.fresh == []


def test_a_meld_one_card_from_a_canasta_is_marked(app):
    m = position("closed", hands={0: "3C 5D 9H KS"}, melds={0: ["3H 4H 5H 6H 7H 8H"], 1: ["9S 10S JS"]})
    table = seat_table(app, m)
    surf = gfx.Surface((1280, 720))
    table.draw(surf)
    chips = [k[0] for k in table._cache("chip")]
    assert chips.count(i18n.t("buraco_table.near_canasta")) == 1


def test_sort_by_suit_puts_the_ace_where_the_runs_need_it():
    hand = ["3S", "AS", "4S", "KH", "AH", "QH", "2D", "AD", "3D", "JC", "AC"]
    out = sort_hand(hand, "suit")
    assert out.index("AS") < out.index("3S")            # spades low: A-3-4
    assert out.index("AH") > out.index("KH")            # hearts high: Q-K-A
    assert out.index("AD") < out.index("2D")            # A-2-3
    assert out.index("AC") > out.index("JC")            # a lone high card: the ace after it


def test_the_sort_choice_is_kept_in_the_settings(app):
    m = position("closed", hands={0: "3C 5D 9H KS"})
    table = seat_table(app, m)
    assert table.sort_by == "suit"
    click(app, table.controls()["sort"].rect.center)
    assert table.sort_by == "rank" and app.settings.buraco_sort == "rank"
    from game.settings import load_settings
    assert load_settings(app.pref_dir)[0].buraco_sort == "rank"
    table = seat_table(app, position("closed", hands={0: "3C 5D 9H KS"}))
    assert table.sort_by == "rank"


def test_drag_a_card_along_the_hand_to_rearrange_it(app):
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "3C 5D 9H KS"}, stock="4D")
    table = seat_table(app, m)
    hand = list(table.hands[0])
    first = table.hand_point(0)
    last = table.hand_point(len(hand) - 1)
    end = (last[0] + 60, last[1])
    app.step(DT, [mouse(app, "down", first)])
    app.step(DT, [mouse(app, "move", (first[0] + 40, first[1])), mouse(app, "move", end)])
    app.step(DT, [mouse(app, "up", end)])
    assert table.hands[0] == hand[1:] + hand[:1]
    assert table.sort_by == "own"
    order = list(table.hands[0])
    table.draw_card()                                   # the order stays; the new card goes right
    assert run_until(app, table, lambda: table.my_turn() and table.phase == "play", frames=300)
    assert table.hands[0] == order + ["4D"]
    click(app, table.controls()["sort"].rect.center)   # sorting again leaves the own order
    assert table.sort_by in ("suit", "rank") and table.hands[0] != order + ["4D"]


def test_wild_cards_stay_clear_of_the_zone_header(app):
    m = position("closed", hands={0: "3C 5D 9H KS"}, melds={0: ["4C 5C 2S"], 1: ["9D 10D JK"]})
    table = seat_table(app, m)
    for side in (0, 1):
        zone = table._zone_rect(table.zone_of(side))
        label = table._zone_label(side)
        for rect, spots, h in table._layout(side, table.melds[side]):
            raised_top = rect.y - max(4, h // 12)
            assert raised_top >= zone.y + label.get_height() // 2 + 2


def test_tooltips_do_not_cover_the_pile(app):
    m = position("closed", hands={0: "3C 5D 9H KS"}, pile="9D 4S")
    table = seat_table(app, m)
    pile = table._pile_hit()
    assert pile in table.widgets.tooltip_avoid
    surf = gfx.Surface((1280, 720))
    rect = draw_tooltip(surf, i18n.t("buraco_table.closed_take_help"), pile.center, [pile])
    assert not rect.colliderect(pile)
    button = table.controls()["discard"].rect
    rect = draw_tooltip(surf, "x " * 80, button.center, table.widgets.tooltip_avoid)
    assert not rect.colliderect(pile)


# --------------------------------------------------------------------------- one word for a deal

def test_one_word_for_a_deal_and_the_muerto_does_not_end_it():
    """The glossary: a deal is "Deal" (es Mano, bn হাত, hi बाज़ी); "hand" is the cards held."""
    en = i18n.load_catalog(ROOT / "locales" / "en.toml")
    texts = {k: v for k, v in en.items() if k.split(".")[0] in ("buraco_table", "buraco_summary", "hint")
             or k.startswith("options.buraco.") or k.startswith("hint.buraco.")}
    for key, value in texts.items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            for wrong in ("the hand is over", "end the hand", "closes the hand", "closed the hand",
                          "Hand total", "This hand", "after the hand"):
                assert wrong not in text, (key, text)
    rules = (ROOT / "locales" / "rules" / "en" / "buraco.toml").read_text()
    assert "A hand ends" not in rules and "Counting a hand" not in rules
    # going out and taking the muerto: play goes on
    for key in ("buraco_table.log_bat_direct", "buraco_table.bubble_bat_direct"):
        assert "goes out" not in en[key] and "Out!" not in en[key]
    assert "play goes on" in en["buraco_table.log_bat_direct"]
    hi = i18n.load_catalog(ROOT / "locales" / "hi.toml")
    assert "हाथ" not in hi["hint.buraco.close"] and "बाज़ी" in hi["hint.buraco.close"]
    es = i18n.load_catalog(ROOT / "locales" / "es.toml")
    assert "mano" not in es["buraco_table.sort_help"]


def test_the_own_order_is_saved_with_the_match(app, tmp_path):
    session = Session.new("buraco", 2, {}, seats({0}, 2), seed=3, dealer=1)
    table = table_for(app, session)
    app.stack.clear_to(table)
    assert run_until(app, table, lambda: table.my_turn() and table.phase == "draw", frames=3000)
    first = table.hands[0][0]
    table.move_cards([0], len(table.hands[0]))           # the first card to the right end
    order = list(table.hands[0])
    assert table.sort_by == "own" and order[-1] == first
    from game.session import AUTOSAVE
    saved = Session.load(tmp_path / AUTOSAVE)             # written at once, not at the next move
    assert saved.seats[0].hand_order == order
    table.draw_card()                                    # the new card joins at the right
    assert run_until(app, table, lambda: table.my_turn() and table.phase == "play", frames=300)
    drawn = table.fresh[0]
    assert table.hands[0] == order + [drawn]
    path = tmp_path / "own.toml"
    table.session.save(path)
    again = Session.load(path)
    assert again.seats[0].hand_order == order + [drawn]
    table2 = table_for(app, again)
    app.stack.clear_to(table2)
    assert run_until(app, table2, table2.my_turn, frames=600)
    assert table2.sort_by == "own" and table2.hands[0] == order + [drawn]
    # sorting again forgets it; a damaged order is a damaged save
    app.step(DT, [])
    click(app, table2.controls()["sort"].rect.center)
    assert table2.session.seats[0].hand_order is None
    text = path.read_text().replace('hand_order = [', 'hand_order = [1, ', 1)
    path.write_text(text)
    from game.storage import DamagedFile
    with pytest.raises(DamagedFile):
        Session.load(path)
