"""``python main.py screenshot --scene NAME --game GAME --lang LANG --out FILE.png``.

Renders one scene headless (dummy video driver), seeded, so docs and tests can
look at it. The table is shown mid-deal: seat 0 is a human (moved by the rule
bot while the screenshot is prepared) and the picture is taken on his turn with
a few tricks played.

This is the one way to render a scene: the scripts in ``tools/`` that make the
pictures in ``docs/screenshots`` build on the same pieces — :func:`headless_app`,
:func:`set_language`, :func:`seats`, :func:`drive` (step the app, the human seat
playing the rule bot's choice, overlays dismissed, until a condition holds),
:func:`settle` and :func:`save_png`.
"""
from __future__ import annotations

import os
import sys
import tempfile

SCENES = ("menu", "picker", "setup", "settings", "rules", "table", "summary", "result",
          "handoff", "pause", "hint", "review", "controllers", "pad_handoff", "pad_table", "phones",
          "load", "buraco_refusal", "buraco_warning", "peek", "tooltip")
#: Controllers the screenshots plug in (names as SDL reports them).
PAD_NAMES = ("Xbox Wireless Controller", "PS4 Controller")
NAMES = {
    "en": ["Alex", "Sam", "Jordan", "Robin", "Chris", "Kim"],
    "es": ["Lucía", "Mateo", "Sofía", "Diego", "Valentina", "Tomás"],
    "bn": ["আনিকা", "রহিম", "সুমি", "করিম", "মিতু", "রাজু"],
    "hi": ["प्रिया", "अमित", "नेहा", "राहुल", "सीमा", "विकास"],
    "pt": ["Ana", "João", "Beatriz", "Lucas", "Mariana", "Pedro"],
}
DT = 1 / 60


class UnknownSection(ValueError):
    """``--section`` names no section of the game's rules."""


def headless_app(home: str, sound: bool = False, size: tuple[int, int] | None = None):
    """An :class:`~game.app.App` drawing headless into a window of ``size`` pixels (1280x720
    by default), preferences in ``home``; ``sound``: the sound setting (the settings screen
    shows it)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    app = App(pref_dir=home, headless=True, size=size or (1280, 720))
    app.settings.sound = sound
    return app


def set_language(app, lang: str, native_digits: bool | None = None) -> None:
    """Switch the app to ``lang`` (and, if given, native digits on or off)."""
    app.settings.language = lang
    if native_digits is not None:
        app.settings.native_digits = native_digits
    app.apply_language()


def seats(lang: str, players: int, humans=(0,)) -> list:
    """Seats named as players of ``lang`` would be; the seats in ``humans`` are human."""
    from game.session import SeatConfig
    names = NAMES.get(lang, NAMES["en"])
    return [SeatConfig(names[i % len(names)], i in humans) for i in range(players)]


def _session(game_id: str, players: int, lang: str, seed: int, humans: int = 1):
    from game.session import Session
    return Session.new(game_id, players, {}, seats(lang, players, range(humans)), seed=seed, dealer=players - 1)


def close_overlay(app, table) -> bool:
    """Dismiss a scene over ``table`` (a summary, a hand-off); False if none can be."""
    top = app.stack.top
    if top is table or top is None:
        return True
    for name in ("close", "ready"):
        if hasattr(top, name):
            getattr(top, name)()
            return True
    return False


def drive(app, table, until, helper="rule", max_frames: int = 30000) -> bool:
    """Step the app until ``until()``: overlays are dismissed and the human seat plays
    ``helper``'s choice (``"rule"``: the rule bot seeded 99; None: the human waits).
    The caller sets the animation speed. True when ``until()`` came true."""
    if helper == "rule":
        from game.session import bot_for
        helper = bot_for(table.session.match.game_id, "normal", 99)
    for _ in range(max_frames):
        if until():
            return True
        if not close_overlay(app, table):
            return until()
        match = table.session.match
        if helper is not None and not match.finished and table.my_turn():
            table.act(helper.choose(match.view(match.to_act)))
        app.step(DT, [])
    return until()


def settle(app, frames: int, speed: str = "normal") -> None:
    """Let ``frames`` frames go by at ``speed`` (animations land, bubbles fade in)."""
    app.settings.animation_speed = speed
    for _ in range(frames):
        app.step(DT, [])


def save_png(app, path, palette: bool = False) -> None:
    """Save the window as the player sees it (letterboxed at its real size); ``palette``: an
    8-bit palette PNG when Pillow is there (smaller)."""
    import pygame
    app.present()
    surf = pygame.Surface.copy(app.window)
    if palette:
        try:
            from PIL import Image
        except ImportError:
            pass
        else:
            img = Image.frombytes("RGB", surf.get_size(), pygame.image.tobytes(surf, "RGB"))
            img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
                path, optimize=True)
            return
    pygame.image.save(surf, str(path))


def _mid_deal(table) -> bool:
    """The human to play a card, with cards already played in this deal."""
    match = table.session.match
    played = sum(1 for e in match.records[-1].events if e.kind == "played")
    return table.my_turn() and played >= 2 and any(a.startswith("play") for a in match.legal_actions())


def _table_scene(app, session):
    from game.scenes.tables import table_for
    return table_for(app, session)


def _table_mid_deal(app, game_id: str, players: int, lang: str, seed: int):
    """The table, the human seat to play with a few cards already played."""
    table = _table_scene(app, _session(game_id, players, lang, seed))
    app.stack.clear_to(table)
    app.settings.animation_speed = "instant"
    drive(app, table, getattr(table, "screenshot_ready", None) or (lambda: _mid_deal(table)))
    app.settings.animation_speed = "normal"
    for _ in range(40):
        app.step(DT, [])
    return table


def plug_pads(app, count: int = 2) -> None:
    """Controllers 1..count connected, as if plugged in (named as SDL names them)."""
    import pygame
    for i in range(count):
        app.pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=i,
                                              button=pygame.CONTROLLER_BUTTON_A))
        app.pads.pads[i].name = PAD_NAMES[i % len(PAD_NAMES)]


def pad_press(app, button: int, pad: int = 0) -> None:
    """Press and let go of ``button`` on controller ``pad`` (through the app's loop)."""
    import pygame
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)])
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)])


def _couch_table(app, name: str, game_id: str, players: int, lang: str, seed: int) -> None:
    """Two humans with a controller each: ``pad_handoff``, the second player's hand-off with
    the first controller claimed; ``pad_table``, his turn, a card chosen with the D-pad."""
    import pygame
    table = _table_scene(app, _session(game_id, players, lang, seed, humans=2))
    app.stack.clear_to(table)
    plug_pads(app)
    app.settings.animation_speed = "instant"
    cards = 2 if game_id.startswith("truco") else 4          # a hand still worth choosing from
    drive(app, table, lambda: _mid_deal(table) and table.viewer == 1 and len(table.hands[1]) >= cards
          and isinstance(app.stack.top, type(table)))
    app.pads.bind(0, 0, table.session.seats[0].name)
    if name == "pad_handoff":
        table._handoff(1)
        for _ in range(30):
            app.step(DT, [])
        app.settings.animation_speed = "normal"
        return
    app.pads.bind(1, 1, table.session.seats[1].name)
    app.settings.animation_speed = "normal"
    for _ in range(40):
        app.step(DT, [])
    pad_press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pad=1)      # the first card it may play


def _write_saves(app, lang: str, seed: int) -> None:
    """A few saved matches of different games, players and dates (the Load list)."""
    folder = app.pref_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    games = (("buraco", 2, 40), ("twenty_nine", 4, 30), ("truco_mineiro", 4, 12), ("tute", 2, 24),
             ("buraco", 4, 60))
    for i, (game, players, actions) in enumerate(games):
        session = _session(game, players, lang, seed + i)
        match = session.match
        for _ in range(actions):
            if match.finished:
                break
            legal = match.legal_actions()
            match.apply(legal[(seed + i) % len(legal)])
        path = folder / f"{game}-2026112{i}-1{i}3000.toml"
        session.save(path)
        stamp = 1_795_300_000 + i * 86_000
        os.utime(path, (stamp, stamp))


def _buraco_staged(app, lang: str, warning: bool):
    """A staged Buraco position (closed mode, the human's muerto already taken, a dirty
    canasta on his side): the refusal of the pile (9♠ 9♣ in hand, 9♦ on top) or, with
    ``warning``, the line warning one move before a dead end."""
    from game.games import buraco as bu
    from game.games.buraco_melds import RULES, analyze
    from game.session import Session
    rules = RULES["closed"]
    match = bu.Match(2, 1, 7, {"mode": "closed"})

    def cards(text):
        return [bu.DECK.index[c] for c in text.split()]

    def melds(side, texts):
        out = []
        for text in texts:
            m = analyze(cards(text), rules)
            m.refresh(rules)
            out.append(m)
        match.melds[side] = out

    match.set_hand(0, cards("5D 6D 7D KS QH 9C" if warning else "9S 9C"))
    melds(0, ["3C 4C 5C 6C 7C 8C JK", "KD KH KS"])
    melds(1, ["5S 6S 7S 8S 9S 10S", "QC QD 2H", "JH QH KH AH"])
    match.mstate[0] = bu.TAKEN
    match.muertos[0] = None
    match.pile = cards("4H 10C 9D") if warning else cards("9D")
    match.turn = 0
    match.phase = bu.PLAY if warning else bu.DRAW
    match._legal_cache = None
    table = _table_scene(app, Session(match, seats(lang, 2, range(1))))
    app.stack.clear_to(table)
    app.settings.animation_speed = "instant"
    drive(app, table, table.my_turn, helper=None, max_frames=600)
    app.settings.animation_speed = "normal"
    app.step(DT, [])
    if warning:
        table.select_cards(["5D", "6D", "7D"])
    else:
        table.act("take-discard")
    return table


def handoff_with_recap(app, table, frames: int = 30000) -> bool:
    """Play on (the humans playing the rule bot's choice) until a hand-off screen comes up
    with cards played since the next player's last turn; it is left on top. False if none."""
    from game.scenes.handoff import HandOffScene
    from game.session import bot_for
    helper = bot_for(table.session.match.game_id, "normal", 99)
    app.settings.animation_speed = "instant"
    for _ in range(frames):
        top = app.stack.top
        match = table.session.match
        if isinstance(top, HandOffScene):
            played = sum(1 for e in match.records[-1].events if e.kind == "played")
            if played >= 2 and top.recap.count(";") >= 1:
                break
            top.ready()
        elif not close_overlay(app, table):
            break
        elif not match.finished and table.my_turn():
            table.act(helper.choose(match.view(match.to_act)))
        app.step(DT, [])
    app.settings.animation_speed = "normal"
    return isinstance(app.stack.top, HandOffScene)


def _peek_ready(table) -> bool:
    """A trick game mid-trick (cards on the cloth) with a decided trick to peek at."""
    return (table.my_turn() and getattr(table, "last_trick", None) is not None and bool(table.trick)
            and not table.trick_done)


def _call_ready(table) -> bool:
    """The human at a call button (a trick game), mid-trick when the game has calls there."""
    if not _any_call(table):
        return False
    if table.match.game_id.startswith("truco"):
        return bool(table.trick) or bool(getattr(table, "kept", None))
    return True


def _any_call(table) -> bool:
    return table.my_turn() and any(c.enabled for c in getattr(table, "_controls", ()))


def _table_at(app, game_id: str, players: int, lang: str, seed: int, ready):
    """The trick table driven (instant, the human moved by the rule bot) until ``ready``."""
    table = _table_scene(app, _session(game_id, players, lang, seed))
    app.stack.clear_to(table)
    app.settings.animation_speed = "instant"
    frames = [0]

    def until() -> bool:
        frames[0] += 1
        if ready is _call_ready and frames[0] > 1500:      # no call mid-trick so far: the next call
            return _any_call(table)
        return ready(table)

    drive(app, table, until)
    app.settings.animation_speed = "normal"
    for _ in range(5):
        app.step(DT, [])
    return table


def _hover_call(app, table) -> None:
    """Point at the riskiest call button of the moment, so its tooltip shows."""
    import pygame
    buttons = [w for w in table.widgets.widgets if w.tooltip and w.enabled]
    widget = next((w for w in buttons if getattr(w, "style", "") == "risky"), buttons[0])
    view = app.view                          # the event comes in window pixels, as a real one would
    x, y = widget.rect.center
    pos = (round(view.offset[0] + (x + 0.5) * view.scale), round(view.offset[1] + (y + 0.5) * view.scale))
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def build_scene(app, name: str, game_id: str, players: int | None, lang: str, seed: int,
                section: str | None = None):
    """Put the scene ``name`` on top of the app's stack, ready to be drawn; ``section``: the
    rules open at that section (a section id of the game's rules, ``rules`` only)."""
    from game.games import game_module
    module = game_module(game_id)
    players = players or module.DEFAULT_PLAYERS
    if name == "menu":
        from game.scenes.menu import MainMenuScene
        app.stack.clear_to(MainMenuScene(app))
    elif name == "picker":
        from game.scenes.picker import GamePickerScene
        app.stack.clear_to(GamePickerScene(app))
    elif name == "setup":
        from game.scenes.setup import MatchSetupScene
        app.stack.clear_to(MatchSetupScene(app, game_id))
    elif name == "settings":
        from game.scenes.settings_scene import SettingsScene
        app.stack.clear_to(SettingsScene(app))
    elif name == "rules":
        from game.scenes.rules_help import RulesHelpScene
        rules = RulesHelpScene(app, game_id)
        app.stack.clear_to(rules)
        if section and not rules.jump(section):
            raise UnknownSection(f"no section {section!r} in the rules of {game_id} "
                             f"(sections: {', '.join(rules.page().order)})")
    elif name in ("table", "pause", "hint"):
        table = _table_mid_deal(app, game_id, players, lang, seed)
        if name == "pause":
            from game.scenes.pause import PauseScene
            app.stack.push(PauseScene(app, table))
        elif name == "hint":                  # the table with Expert's hint showing
            table.advice.ask()
            job = table.advice.advisor.job_for(table.advice.view_for(table.session.match.to_act)[1])
            if job is not None:
                job.wait()
            for _ in range(10):
                app.step(DT, [])
    elif name in ("peek", "tooltip") and game_id == "buraco":
        raise UnknownSection(f"--scene {name} shows a trick game's table, not {game_id}")
    elif name == "peek":                      # mid-trick, the last trick shown (a click on its pile)
        table = _table_at(app, game_id, players, lang, seed, _peek_ready)
        table.peek_until = table.clock + 60.0
    elif name == "tooltip":                   # a call button's tooltip (what it does, what it risks)
        table = _table_at(app, game_id, players, lang, seed, _call_ready)
        _hover_call(app, table)
    elif name == "review":                    # Expert's review of the first deal
        from game.scenes.review import ReviewScene
        from game.scenes.summary import DealSummaryScene
        table = _table_scene(app, _session(game_id, players, lang, seed))
        app.stack.clear_to(table)
        app.settings.animation_speed = "instant"
        drive(app, table, lambda: isinstance(app.stack.top, DealSummaryScene))
        app.settings.animation_speed = "normal"
        table._open_review(app.stack.top.deal_index)
        review = app.stack.top
        for moment in table.advice.advisor.moments:
            moment.job.wait()
        for _ in range(5):
            app.step(DT, [])
        if isinstance(review, ReviewScene) and review.moments:
            review.selected = 0
    elif name in ("summary", "result"):
        from game.scenes.summary import DealSummaryScene, MatchResultScene
        session = _session(game_id, players, lang, seed)
        table = _table_scene(app, session)
        app.stack.clear_to(table)
        app.settings.animation_speed = "instant"
        if name == "summary":
            drive(app, table, lambda: isinstance(app.stack.top, DealSummaryScene))
        else:
            drive(app, table, lambda: isinstance(app.stack.top, MatchResultScene))
        app.settings.animation_speed = "normal"
    elif name == "load":
        from game.scenes.menu import LoadScene
        _write_saves(app, lang, seed)
        app.stack.clear_to(LoadScene(app))
    elif name in ("buraco_refusal", "buraco_warning"):
        _buraco_staged(app, lang, warning=name == "buraco_warning")
    elif name == "handoff":                   # a real hand-off mid-deal, with its recap
        table = _table_scene(app, _session(game_id, players, lang, seed, humans=2))
        app.stack.clear_to(table)
        handoff_with_recap(app, table)
    elif name == "controllers":               # two controllers, the first one claimed for a seat
        from game.scenes.controllers import ControllersScene
        plug_pads(app)
        app.pads.bind(0, 0, NAMES.get(lang, NAMES["en"])[0])
        app.stack.clear_to(ControllersScene(app))
    elif name in ("pad_handoff", "pad_table"):
        _couch_table(app, name, game_id, players, lang, seed)
    elif name == "phones":                    # phone seats: their join codes on the table
        from game.session import SeatConfig, Session
        os.environ.setdefault("TAASH_PHONE_BIND", "127.0.0.1")    # a screenshot never listens beyond
        players = players or 4
        people = seats(lang, players)
        for seat in range(1, players, 2):
            people[seat] = SeatConfig(people[seat].name, True, phone=True)
        table = _table_scene(app, Session.new(game_id, players, {}, people, seed=seed, dealer=players - 1))
        app.stack.clear_to(table)
        for _ in range(120):
            app.step(DT, [])
    else:
        raise ValueError(f"unknown scene {name!r} (scenes: {', '.join(SCENES)})")
    for _ in range(3):
        app.step(DT, [])


def take_screenshot(scene: str, game_id: str, lang: str, out: str, seed: int = 7,
                    players: int | None = None, size: tuple[int, int] | None = None,
                    section: str | None = None) -> int:
    from game.engine.errors import MatchFileError
    from game.settings import LANGUAGES

    if lang not in LANGUAGES:
        print(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})", file=sys.stderr)
        return 2
    if scene not in SCENES:
        print(f"unknown scene {scene!r} (scenes: {', '.join(SCENES)})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home, size=size)
        set_language(app, lang)
        try:
            build_scene(app, scene, game_id, players, lang, seed, section)
        except (MatchFileError, UnknownSection) as exc:
            print(str(exc), file=sys.stderr)
            return 2
        save_png(app, out)
        for shown in app.stack.scenes:       # a table with phone seats stops its server
            if getattr(shown, "phones", None) is not None:
                shown.phones.close()
    print(f"wrote {out}")
    return 0
