"""Match setup: how many play (Tute's three forms by name), the game's options, who sits where.

Built from the game module's ``PLAYERS``, ``DEFAULT_PLAYERS`` and ``OPTIONS`` rows, so a
new option on a rules page shows up here with its localized label
(``options.<game>.<id>``) and one-line explanation (``options.<game>.<id>_help``: a
tooltip, and the line under the options while it is focused or hovered). Only the options
that apply to the chosen number of players are shown and passed to the match. Each option
has a "?" at the end of its row, and F1 on the focused option does the same: the rules
open at the section explaining it (``rules_text.option_section``); F1 anywhere else opens
the game's rules from the top.

Every seat is a Human or a Bot (easy / normal) with an editable name: the settings'
player name (or "Player 1") for seat 0, for the bots names from the locale
(``bots.<game>``: what players of that language would call each other at that game). In partnership games the seats carry their team colour. Start builds the
:class:`~game.session.Session` and puts it on the table.
"""
from __future__ import annotations

import logging

import pygame

from game import i18n, rules_text
from game.engine.options import Option
from game.games import game_module
from game.scenes.base import MenuScene
from game.scenes.rules_help import RULES_KEY, RULES_KEY_NAME, open_rules
from game.session import BOT_LEVELS, SeatConfig, Session
from game.ui import gfx, theme
from game.ui.fit import blit_fit, draw_title
from game.ui.fit_widgets import FitButton, FitChoice, FitTextField
from game.ui.info_button import InfoButton
from game.ui.text import default_renderer
from game.ui.widgets import blit_text, draw_panel

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT

#: Spinner values for whole-number options without fixed choices (the rest: min..max, or a
#: range round the default).
SPINNERS = {
    ("twenty_nine", "target"): range(1, 13),
    ("twenty_nine", "max_bid"): range(28, 33),
    ("tute", "target"): range(50, 301, 10),
    ("tute", "wins"): range(1, 10),
    ("buraco", "target"): (500, 1000, 1500, 2000, 2500, 3000, 4000, 5000),
}
SEAT_MODES = ("human",) + tuple(BOT_LEVELS)
PEOPLE = ("human", "phone")          # seat modes played by a person ("phone": on his own phone)
#: Games whose table seats phones (the trick table; Buraco's table does not yet).
PHONE_GAMES = ("twenty_nine", "tute", "truco_argentino", "truco_mineiro")

# layout
LEFT = pygame.Rect(36, 100, 720, 540)
RIGHT = pygame.Rect(776, 100, 468, 540)
ROW_H, ROW_GAP = 38, 4
SEAT_H = 46
HELP_SIZE = 18
INFO_W = 40               # the "?" at the end of an option's row


#: Names the bots get when the locale has none for a game (never empty).
FALLBACK_BOT_NAMES = ("Alex", "Sam", "Robin", "Kim", "Chris")


def bot_names(game_id: str) -> list[str]:
    """Default bot names for ``game_id`` in the current language (``bots.<game>`` in the
    locale: Hindi names for Hindi players, Argentine ones at a Spanish Truco table...)."""
    return i18n.bot_names(game_id) or list(FALLBACK_BOT_NAMES)


def spinner_values(game_id: str, option: Option) -> list:
    """The values a whole-number option offers: its fixed set if it has one, else a spinner
    range (always including the default)."""
    values = tuple(option.choices) or SPINNERS.get((game_id, option.id))
    if values is None:
        lo = option.min if option.min is not None else 0
        if option.max is not None and option.max - lo <= 60:
            values = range(lo, option.max + 1)
        else:
            default = int(option.default)
            step = max(1, default // 10)
            hi = option.max if option.max is not None else max(default * 3, lo + 10 * step)
            values = range(lo if lo > 0 else step, hi + 1, step)
    out = []
    for v in list(values) + [option.default]:
        try:
            option.check(v)
        except Exception:
            continue
        if v not in out:
            out.append(v)
    return sorted(out)


def option_values(game_id: str, option: Option) -> list:
    if option.kind is bool:
        return [False, True]
    if option.kind is str:
        return list(option.choices) or [option.default]
    return spinner_values(game_id, option)


def value_key(game_id: str, option_id: str, value) -> str:
    return f"options.{game_id}.{option_id}_{str(value).replace('-', '_')}"


def is_partnership(players: int) -> bool:
    """Every game here is played in two teams from four players up (seat mod 2)."""
    return players >= 4


def seat_angle(seat: int, players: int) -> float:
    """Where a seat sits round the table, in degrees on screen (90 = bottom): seat 0 at the
    bottom and play going counter-clockwise, as the rules pages say."""
    return 90.0 - 360.0 * seat / players


def draw_table_map(surface, area: pygame.Rect, players: int, team_game: bool, num) -> None:
    """A small table seen from above with the seats round it, coloured by team."""
    import math
    rx = min(area.w // 2 - 36, 150)
    ry = min(area.h // 2 - 30, 70)
    if rx < 40 or ry < 24:
        return
    cx, cy = area.centerx, area.centery
    table = pygame.Rect(0, 0, rx * 2, ry * 2)
    table.center = (cx, cy)
    gfx.draw.ellipse(surface, (10, 40, 26), table.move(0, 4))
    gfx.draw.ellipse(surface, theme.FELT, table)
    gfx.draw.ellipse(surface, (92, 62, 36), table, 5)
    for seat in range(players):
        a = math.radians(seat_angle(seat, players))
        x = cx + math.cos(a) * (rx + 4)
        y = cy + math.sin(a) * (ry + 6)
        colour = theme.TEAM[seat % 2] if team_game else theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
        gfx.draw.circle(surface, (10, 16, 14), (round(x), round(y) + 2), 17)
        gfx.draw.circle(surface, colour, (round(x), round(y)), 16)
        blit_text(surface, num(seat + 1), theme.FONT_SMALL, theme.TEXT_DARK, (round(x), round(y) + 1),
                  "center", bold=True)


class MatchSetupScene(MenuScene):
    """Players, options and seats for a new match of ``game_id``; Start opens the table."""

    def __init__(self, app, game_id: str) -> None:
        self.game_id = game_id
        self.module = game_module(game_id)
        self.players = self.module.DEFAULT_PLAYERS
        self.values = {o.id: o.default for o in self.module.OPTIONS}
        most = max(self.module.PLAYERS)
        self.modes = ["human"] + ["normal"] * (most - 1)
        self.names = [""] * most
        self.edited = [False] * most
        self.help_widget = None
        self.app = app
        self.restore_last()
        super().__init__(app)
        self.refresh_default_names()
        self.focus_default()

    # ----- the last choices for this game (settings), checked one by one
    def restore_last(self) -> None:
        """Take up the choices of the last match of this game started here: number of
        players, options, seat kinds and the names that were typed. Anything that does not
        fit (a value no longer offered, a wrong type) keeps its default."""
        last = getattr(self.app.settings, "last_setup", None)
        data = last.get(self.game_id) if isinstance(last, dict) else None
        if not isinstance(data, dict):
            return
        players = data.get("players")
        if type(players) is int and players in self.module.PLAYERS:
            self.players = players
        options = data.get("options")
        if isinstance(options, dict):
            for option in self.module.OPTIONS:
                value = options.get(option.id)
                if type(value) is option.kind and value in option_values(self.game_id, option):
                    self.values[option.id] = value
        modes = data.get("seats")
        if isinstance(modes, list):
            for seat, mode in enumerate(modes[:len(self.modes)]):
                if isinstance(mode, str) and mode in SEAT_MODES:
                    self.modes[seat] = mode
        names = data.get("names")
        if isinstance(names, list):
            for seat, name in enumerate(names[:len(self.names)]):
                if isinstance(name, str) and name.strip() and len(name) <= 16 and name.isprintable():
                    self.names[seat] = name
                    self.edited[seat] = True

    def remember(self) -> None:
        """Keep this setup as the game's last choices (settings)."""
        last = getattr(self.app.settings, "last_setup", None)
        last = dict(last) if isinstance(last, dict) else {}
        last[self.game_id] = {"players": self.players, "options": dict(self.values),
                              "seats": list(self.modes),
                              "names": [n if e else "" for n, e in zip(self.names, self.edited)]}
        self.app.settings.last_setup = last
        self.app.save_settings()

    # ----- model
    def applicable_options(self) -> list[Option]:
        return [o for o in self.module.OPTIONS if o.applies_to(self.players)]

    def human_name(self, seat: int) -> str:
        own = self.app.settings.player_name.strip()
        if seat == 0 and own:
            return own
        return self.app.t("setup.player", n=seat + 1)

    def default_name(self, seat: int) -> str:
        if self.modes[seat] in PEOPLE:
            return self.human_name(seat)
        names = bot_names(self.game_id)
        return names[sum(1 for s in range(seat) if self.modes[s] not in PEOPLE) % len(names)]

    def refresh_default_names(self) -> None:
        """Give every seat whose name was not typed a fitting default, no two alike."""
        taken = {n.strip().casefold() for n, e in zip(self.names, self.edited) if e}
        names = bot_names(self.game_id)
        next_bot = 0
        for seat in range(len(self.names)):
            if self.edited[seat]:
                continue
            if self.modes[seat] in PEOPLE:
                name = self.human_name(seat)
            else:
                for _ in range(len(names)):
                    name = names[next_bot % len(names)]
                    next_bot += 1
                    if name.casefold() not in taken:
                        break
            taken.add(name.casefold())
            self.names[seat] = name
            if seat < len(self.name_fields):
                self.name_fields[seat].text = name

    def form_label(self, players: int) -> str:
        t = self.app.t
        if self.game_id == "tute":
            return t(f"setup.form.tute_{players}")
        if players == 2:
            return t("setup.form.one_v_one")
        if players == 4:
            return t("setup.form.pairs", n=players)
        if players == 6:
            return t("setup.form.threes", n=players)
        return t("setup.form.players", n=players)

    def fmt_value(self, option: Option, value) -> str:
        if option.kind is bool:
            return self.app.t("settings.on" if value else "settings.off")
        key = value_key(self.game_id, option.id, value)
        if option.kind is str or i18n.current().has(key):
            return self.app.t(key)
        return self.app.num(value)

    def seat_configs(self) -> list[SeatConfig]:
        seats = []
        for seat in range(self.players):
            mode = self.modes[seat]
            name = self.names[seat].strip() or self.default_name(seat)
            seats.append(SeatConfig(name[:24], mode in PEOPLE, "normal" if mode in PEOPLE else mode,
                                    phone=mode == "phone"))
        return seats

    def match_options(self) -> dict:
        return {o.id: self.values[o.id] for o in self.applicable_options()}

    # ----- widgets
    def build(self) -> None:
        t = self.app.t
        self.option_rows: dict[str, FitChoice] = {}
        self.info_buttons: dict[str, InfoButton] = {}
        self.name_fields: list[FitTextField] = []
        self.mode_choices: list[FitChoice] = []
        label_w = 380
        x, w = LEFT.x + 12, LEFT.w - 24
        y = LEFT.y + 48
        counts = list(self.module.PLAYERS)
        options = self.applicable_options()
        # with few options there is room for every explanation under its row
        r = default_renderer()
        helps = [t("setup.players_help")] + [self.option_help(o.id) for o in options]
        heights = [len(r.wrap(h, HELP_SIZE, w - 30 - (INFO_W + 6 if i else 0))) * r.line_height(HELP_SIZE)
                   for i, h in enumerate(helps)]
        room = LEFT.bottom - 12 - y
        self.expanded = sum(ROW_H + h + 12 for h in heights) <= room
        gaps = iter([h + 12 if self.expanded else ROW_GAP for h in heights])
        self.players_choice = self.ui.add(FitChoice(
            (x, y, w, ROW_H), lambda: t("setup.players"), counts, self.players,
            fmt=self.form_label, on_change=self.set_players, label_width=label_w,
            tooltip=lambda: t("setup.players_help"), locked=len(counts) == 1))
        y += ROW_H + next(gaps)
        for option in options:
            oid = option.id
            row = FitChoice(
                (x, y, w - INFO_W - 6, ROW_H),
                (lambda oid=oid: t(f"options.{self.game_id}.{oid}")),
                option_values(self.game_id, option), self.values[oid],
                fmt=(lambda v, option=option: self.fmt_value(option, v)),
                on_change=(lambda v, oid=oid: self.set_value(oid, v)),
                tooltip=(lambda oid=oid: self.option_help(oid)),
                label_width=label_w)
            self.option_rows[oid] = self.ui.add(row)
            self.info_buttons[oid] = self.ui.add(InfoButton(
                (x + w - INFO_W, y, INFO_W, ROW_H), (lambda oid=oid: self.open_rules(oid)),
                tooltip=(lambda oid=oid: self.app.t("rules_page.see_rules", name=self.section_title(
                    rules_text.option_section(self.game_id, oid))))))
            y += ROW_H + next(gaps)
        self.options_bottom = y
        # seats
        y = RIGHT.y + 48 + (34 if is_partnership(self.players) else 0)
        sx = RIGHT.x + 52
        for seat in range(self.players):
            field = FitTextField((sx, y, 206, SEAT_H - 6), "", self.names[seat], max_len=16,
                                 on_change=(lambda text, seat=seat: self.set_name(seat, text)),
                                 label_width=0)
            self.name_fields.append(self.ui.add(field))
            mode = FitChoice((sx + 212, y, RIGHT.right - 12 - (sx + 212), SEAT_H - 6), "",
                             self.seat_modes(), self.modes[seat], fmt=self.fmt_mode,
                             on_change=(lambda v, seat=seat: self.set_mode(seat, v)), label_width=0,
                             value_size=theme.FONT_SMALL + 2)
            self.mode_choices.append(self.ui.add(mode))
            y += SEAT_H + 4
        self.seats_bottom = y
        self.back_button = self.ui.add(FitButton((LEFT.x, H - 68, 200, 52), lambda: t("buttons.back"),
                                                 self.app.stack.pop))
        self.start_button = self.ui.add(FitButton((RIGHT.right - 300, H - 68, 300, 52),
                                                  lambda: t("setup.start"), self.start, style="primary",
                                                  size=theme.FONT_BIG - 2))

    def focus_default(self) -> None:
        if getattr(self, "start_button", None) is not None and (
                self.ui.focused is None or not self.ui.focused.enabled):
            self.ui.set_focus(self.start_button)
        else:
            super().focus_default()

    def rebuild(self, keep=None) -> None:
        self.ui.clear()
        self.build()
        if keep is not None:
            self.ui.set_focus(keep)
        self.focus_default()

    def seat_modes(self) -> list[str]:
        """What a seat can be: a human here, a phone (games whose table seats phones), a bot."""
        if self.game_id in PHONE_GAMES:
            return ["human", "phone"] + list(BOT_LEVELS)
        return list(SEAT_MODES)

    def fmt_mode(self, mode: str) -> str:
        if mode == "human":
            return self.app.t("seats.human")
        if mode == "phone":
            return self.app.t("seats.phone")
        return self.app.t("seats.bot_level", level=self.app.t(f"seats.{mode}"))

    # ----- changes
    def set_players(self, players: int) -> None:
        self.players = players
        self.rebuild()
        self.ui.set_focus(self.players_choice)

    def set_value(self, option_id: str, value) -> None:
        self.values[option_id] = value
        if self.value_help(option_id) and self.expanded:     # the explanation's height changed
            self.rebuild()
            row = self.option_rows.get(option_id)
            if row is not None:
                self.ui.set_focus(row)

    def value_help(self, option_id: str) -> str | None:
        """The explanation of an option's current value, where the locale has one (Buraco's
        modes: ``options.buraco.mode_closed_wtcc_help``)."""
        key = value_key(self.game_id, option_id, self.values.get(option_id)) + "_help"
        return self.app.t(key) if i18n.current().has(key) else None

    def option_help(self, option_id: str) -> str:
        """An option's explanation, followed by its current value's if there is one."""
        text = self.app.t(f"options.{self.game_id}.{option_id}_help")
        extra = self.value_help(option_id)
        return f"{text} {extra}" if extra else text

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text
        self.edited[seat] = bool(text.strip())

    def set_mode(self, seat: int, mode: str) -> None:
        self.modes[seat] = mode
        self.refresh_default_names()

    def start(self) -> None:
        try:
            session = Session.new(self.game_id, self.players, self.match_options(), self.seat_configs())
        except Exception as exc:
            log.exception("cannot start %s", self.game_id)
            self.app.toast(self.app.t("setup.cannot_start", reason=str(exc) or type(exc).__name__), kind="error")
            return
        try:
            table = self.app.table_scene(session)
        except ImportError:
            log.exception("the table is not available")
            self.app.toast(self.app.t("common.coming_soon"), kind="info")
            return
        self.remember()
        self.app.sound.play("shuffle")
        self.app.stack.push(table)

    def enter(self) -> None:
        super().enter()
        self.start_text_input()

    # ----- links to the rules
    def section_title(self, section: str | None) -> str:
        for s in rules_text.load_sections(self.game_id, i18n.language()):
            if s.id == section:
                return s.title
        return self.app.t(f"games.{self.game_id}")

    def rules_hint(self, option_id: str) -> str:
        title = self.section_title(rules_text.option_section(self.game_id, option_id))
        return self.app.t("rules_page.setup_hint", shortcut=RULES_KEY_NAME, name=title)

    def open_rules(self, option_id: str | None = None) -> None:
        """The rules at the section explaining ``option_id`` (from the top without one)."""
        section = rules_text.option_section(self.game_id, option_id) if option_id else None
        open_rules(self.app, self.game_id, section)

    def rules_subject(self) -> str | None:
        """The option F1 explains: the focused one, else the hovered one."""
        for widget in (self.ui.focused, self.ui.hovered):
            for oid, row in self.option_rows.items():
                if widget is row or widget is self.info_buttons.get(oid):
                    return oid
        return None

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for oid, button in self.info_buttons.items():
                if button.visible and button.rect.collidepoint(event.pos):
                    self.open_rules(oid)
                    return
        if event.type == pygame.KEYDOWN and event.key == RULES_KEY:
            self.open_rules(self.rules_subject())
            return
        super().handle(event)

    # ----- drawing
    def help_subject(self):
        """The option whose explanation is shown: the hovered one, else the focused one."""
        for widget in (self.ui.hovered, self.ui.focused):
            if widget is self.players_choice:
                return "setup.players_help"
            for oid, row in self.option_rows.items():
                if widget is row:
                    return f"options.{self.game_id}.{oid}_help"
        return None

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        t = self.app.t
        draw_title(surface, t(f"games.{self.game_id}"), y=18)
        r = default_renderer()
        name_w = min(r.measure(t(f"games.{self.game_id}"), theme.FONT_BIG + 10, True)[0], W - 96)
        sub_x = 48 + name_w + 18
        if sub_x < W - 200:
            gfx.draw.circle(surface, theme.ACCENT, (sub_x, 50), 4)
            blit_fit(surface, t("setup.title"), theme.FONT_BIG - 4, theme.TEXT_DIM, (sub_x + 16, 50),
                     "midleft", W - 60 - sub_x)
        draw_panel(surface, LEFT, theme.PANEL, 18)
        draw_panel(surface, RIGHT, theme.PANEL, 18)
        blit_fit(surface, t("setup.match_heading"), theme.FONT, theme.ACCENT, (LEFT.x + 26, LEFT.y + 12),
                 "topleft", LEFT.w - 52, bold=True)
        blit_fit(surface, t("setup.seats_heading"), theme.FONT, theme.ACCENT, (RIGHT.x + 26, RIGHT.y + 12),
                 "topleft", RIGHT.w - 52, bold=True)
        self.draw_help(surface)
        self.draw_seats(surface)
        subject = self.rules_subject()
        if subject is not None:
            left, right = self.back_button.rect.right + 24, self.start_button.rect.x - 24
            blit_fit(surface, self.rules_hint(subject), theme.FONT_SMALL, theme.TEXT_DIM,
                     ((left + right) // 2, self.back_button.rect.centery), "center", right - left)
        # hide tooltips of option rows: their text is already in the help box
        hovered = self.ui.hovered
        if hovered is not None and (hovered is self.players_choice or hovered in self.option_rows.values()):
            self.ui.hovered = None
            self.ui.draw(surface)
            self.ui.hovered = hovered
            hovered.draw(surface, hovered is self.ui.focused, hovered.enabled)
        else:
            self.ui.draw(surface)

    def draw_help(self, surface) -> None:
        if self.expanded:
            r = default_renderer()
            rows = [(self.players_choice, "setup.players_help", self.app.t("setup.players_help"))] + [
                (row, f"options.{self.game_id}.{oid}_help", self.option_help(oid))
                for oid, row in self.option_rows.items()]
            subject = self.help_subject()
            for row, key, text in rows:           # the help of the row pointed at or focused: brighter
                ink = theme.TEXT if key == subject else theme.TEXT_DIM
                img = r.render_wrapped(text, HELP_SIZE, row.rect.w - 30, ink)
                surface.blit(img, (row.rect.x + 14, row.rect.bottom + 2))
            return
        key = self.help_subject()
        box = pygame.Rect(LEFT.x + 14, LEFT.bottom - 70, LEFT.w - 28, 60)
        gfx.draw.rect(surface, (6, 12, 10), box, border_radius=10)
        r = default_renderer()
        if key is None:
            text, ink = self.app.t("setup.help_hint"), theme.TEXT_DIM
        else:
            oid = key.split(".")[-1][:-len("_help")] if key.startswith(f"options.{self.game_id}.") else None
            text, ink = (self.option_help(oid) if oid in self.option_rows else self.app.t(key)), theme.TEXT
        size = theme.FONT_SMALL
        while size > 15 and len(r.wrap(text, size, box.w - 28)) * r.line_height(size) > box.h - 6:
            size -= 1
        img = r.render_wrapped(text, size, box.w - 28, ink)
        surface.blit(img, img.get_rect(midleft=(box.x + 14, box.centery)))

    def draw_seats(self, surface) -> None:
        t = self.app.t
        team_game = is_partnership(self.players)
        if team_game:
            x = RIGHT.x + 26
            y = RIGHT.y + 56
            for team in (0, 1):
                gfx.draw.circle(surface, theme.TEAM[team], (x + 9, y + 12), 9)
                rect = blit_text(surface, t("table.team", n=team + 1), theme.FONT_SMALL, theme.TEXT,
                                 (x + 24, y + 12), "midleft")
                x = rect.right + 28
        for seat, field in enumerate(self.name_fields):
            colour = theme.TEAM[seat % 2] if team_game else theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
            cx, cy = RIGHT.x + 30, field.rect.centery
            gfx.draw.circle(surface, colour, (cx, cy), 15)
            gfx.draw.circle(surface, (10, 16, 14), (cx, cy), 15, 2)
            blit_text(surface, self.app.num(seat + 1), theme.FONT_SMALL, theme.TEXT_DARK, (cx, cy + 1),
                      "center", bold=True)
        partners = t("setup.partners_hint_six") if self.players == 6 else t("setup.partners_hint")
        hint = partners if team_game else t("setup.hotseat_hint")
        if team_game and self.modes[:self.players].count("human") > 1:
            hint = hint + " " + t("setup.hotseat_hint")
        room = pygame.Rect(RIGHT.x + 26, self.seats_bottom + 10, RIGHT.w - 52, 0)
        r = default_renderer()
        size = theme.FONT_SMALL
        while size > 15 and len(r.wrap(hint, size, room.w)) > 3:
            size -= 1
        img = r.render_wrapped(hint, size, room.w, theme.TEXT_DIM)
        surface.blit(img, room.topleft)
        top = room.y + img.get_height() + 12
        area = pygame.Rect(RIGHT.x + 20, top, RIGHT.w - 40, RIGHT.bottom - 14 - top)
        if area.h >= 110:
            draw_table_map(surface, area, self.players, team_game, self.app.num)
