"""Logical input: the keyboard, game controllers and plain joysticks as one set of actions.

Every screen is already driven by a few keys (arrows, Enter, Space, Esc, Tab, P, H, F1,
PgUp/PgDn). Those keys *are* the logical actions (:data:`KEY_OF`): up/down/left/right,
confirm, select (Buraco: mark a card; elsewhere as confirm), back, pause, next / previous
control (held at a trick table: the last trick), hint, rules, page up/down.
A controller's button or stick, or a joystick's hat, axis or button, is translated into
the key event of its action, tagged with where it came from (``action``, ``pad`` = the
device's instance id, ``pad_number`` = the number shown to the players), so every
existing keyboard path serves it as well. :func:`action_of` and :func:`pad_of` read any
event back (a real key press has an action and no pad).

:class:`PadInput` keeps the devices: controllers SDL knows the layout of are opened with
``pygame._sdl2.controller`` (standard button names: A confirms, B goes back...), any
other joystick with ``pygame.joystick`` (:data:`JOY_BUTTONS`, hat 0 and the first two
axes). Devices come and go at any time (hot-plug); each gets the lowest free number. The
sticks have a dead zone, and a held direction repeats like a held key. A controller can
be bound to a seat (``bind``): the scenes ask ``seat_of(event)`` and ignore a bound
controller where its seat has no say (the table, another seat's hand-off screen).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

import pygame

log = logging.getLogger(__name__)

# ----- the logical actions -------------------------------------------------------------
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, SELECT, BACK, PAUSE, HINT, RULES = "confirm", "select", "back", "pause", "hint", "rules"
NEXT, PREV = "next", "prev"
PAGE_UP, PAGE_DOWN = "page_up", "page_down"
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)

#: The key (and modifiers) each action stands for: what the screens already understand.
KEY_OF: dict[str, tuple[int, int]] = {
    UP: (pygame.K_UP, 0), DOWN: (pygame.K_DOWN, 0), LEFT: (pygame.K_LEFT, 0), RIGHT: (pygame.K_RIGHT, 0),
    CONFIRM: (pygame.K_RETURN, 0), SELECT: (pygame.K_SPACE, 0), BACK: (pygame.K_ESCAPE, 0),
    PAUSE: (pygame.K_p, 0), NEXT: (pygame.K_TAB, 0), PREV: (pygame.K_TAB, pygame.KMOD_LSHIFT), HINT: (pygame.K_h, 0), RULES: (pygame.K_F1, 0),
    PAGE_UP: (pygame.K_PAGEUP, 0), PAGE_DOWN: (pygame.K_PAGEDOWN, 0),
}
#: Keyboard keys read as actions (a real key press).
ACTION_OF_KEY: dict[int, str] = {k: a for a, (k, m) in KEY_OF.items() if not m}
ACTION_OF_KEY[pygame.K_KP_ENTER] = CONFIRM

#: A game controller's buttons (SDL's standard layout: A is the bottom face button).
CONTROLLER_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: CONFIRM, pygame.CONTROLLER_BUTTON_B: BACK,
    pygame.CONTROLLER_BUTTON_X: SELECT, pygame.CONTROLLER_BUTTON_Y: HINT,
    pygame.CONTROLLER_BUTTON_START: PAUSE, pygame.CONTROLLER_BUTTON_BACK: RULES,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PREV, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: NEXT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
}
#: A controller's triggers, pressed past the dead zone like buttons.
CONTROLLER_TRIGGERS: dict[int, str] = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: PAGE_UP,
                                       pygame.CONTROLLER_AXIS_TRIGGERRIGHT: PAGE_DOWN}
#: A plain joystick's buttons (no known layout: the usual order of cheap USB pads, where
#: the first button is the bottom one and Select / Start come after the shoulders).
JOY_BUTTONS: dict[int, str] = {0: CONFIRM, 1: BACK, 2: SELECT, 3: HINT, 4: PREV, 5: NEXT,
                               6: RULES, 7: PAUSE, 8: RULES, 9: PAUSE}
#: The names printed on a controller, for the help screen (device labels, not words).
BUTTON_LABELS: dict[str, str] = {CONFIRM: "A", BACK: "B", SELECT: "X", HINT: "Y", PAUSE: "Start",
                                 RULES: "Back", PREV: "LB", NEXT: "RB", PAGE_UP: "LT", PAGE_DOWN: "RT"}
#: What the help screen lists, in this order (directions first; "controls": LB and RB,
#: "pages": the triggers).
HELP_ORDER = ("move", CONFIRM, SELECT, BACK, "controls", HINT, PAUSE, RULES, "pages")

DEAD_ZONE = 0.5          # a stick counts as pushed past half-way...
RELEASE_ZONE = 0.3       # ...and as let go below a third (no flicker at the edge)
REPEAT_DELAY = 0.40      # a held direction repeats after this long...
REPEAT_EVERY = 0.11      # ...this often, like a held key

CONTROLLER_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION)
JOY_EVENTS = (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION)
DEVICE_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEADDED,
                 pygame.JOYDEVICEREMOVED)
PAD_EVENTS = frozenset(CONTROLLER_EVENTS + JOY_EVENTS + DEVICE_EVENTS)


def action_of(event) -> str | None:
    """The logical action of a key event (real or from a controller); None for the rest."""
    if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
        return None
    action = event.dict.get("action") or ACTION_OF_KEY.get(event.dict.get("key"))
    if action == NEXT and event.dict.get("mod", 0) & pygame.KMOD_SHIFT:
        return PREV
    return action


def pad_of(event) -> int | None:
    """The instance id of the controller an event came from (None: keyboard or mouse)."""
    return event.dict.get("pad")


@dataclass
class Pad:
    """One connected device: ``number`` is what the players see (1, 2...)."""

    instance_id: int
    number: int
    name: str
    kind: str                                   # "controller" or "joystick"
    device: object = None                       # the open pygame object (kept open)
    held: dict = field(default_factory=dict)    # where -> [action, seconds to next repeat]


class PadInput:
    """The controllers and joysticks: hot-plug, translation into key events, seats.

    ``notice(kind, pad, seat_name)`` is told "connected" / "disconnected" (``seat_name``:
    the seat a removed controller was bound to, else None)."""

    def __init__(self, notice: Callable[[str, Pad, str | None], None] | None = None) -> None:
        self.pads: dict[int, Pad] = {}
        self.bindings: dict[int, tuple[int, str]] = {}      # instance id -> (seat, seat's name)
        self.notice = notice
        self.started = False

    def start(self) -> None:
        """Start SDL's controller and joystick support (devices then arrive as events)."""
        try:
            from pygame._sdl2 import controller
            controller.init()
            pygame.joystick.init()
            self.started = True
        except (pygame.error, ImportError, AttributeError) as exc:   # no controller support here
            log.info("controllers unavailable: %s", exc)

    # ----- devices --------------------------------------------------------------------
    def _number(self) -> int:
        taken = {p.number for p in self.pads.values()}
        n = 1
        while n in taken:
            n += 1
        return n

    def open_device(self, kind: str, index: int) -> tuple[int, str, object] | None:
        """Open device ``index`` as a controller or a joystick: (instance id, name, object)."""
        try:
            if kind == "controller":
                from pygame._sdl2 import controller
                pad = controller.Controller(index)
                return pad.as_joystick().get_instance_id(), pad.name or "", pad
            joystick = pygame.joystick.Joystick(index)
            joystick.init()
            return joystick.get_instance_id(), joystick.get_name() or "", joystick
        except (pygame.error, ImportError, AttributeError, IndexError, ValueError) as exc:
            log.info("cannot open %s %s: %s", kind, index, exc)
            return None

    @staticmethod
    def is_controller(index: int) -> bool:
        try:
            from pygame._sdl2 import controller
            return bool(controller.is_controller(index))
        except (pygame.error, ImportError, AttributeError, IndexError, ValueError):
            return False

    def _add(self, kind: str, index: int) -> None:
        opened = self.open_device(kind, index)
        if opened is None:
            return
        instance_id, name, device = opened
        pad = self.pads.get(instance_id)
        if pad is not None:                     # already known (seen before its added event)
            pad.kind, pad.device, pad.name = kind, device, name or pad.name
            return
        pad = self.pads[instance_id] = Pad(instance_id, self._number(), name, kind, device)
        log.info("controller %s connected: %s (%s)", pad.number, name, kind)
        if self.notice is not None:
            self.notice("connected", pad, None)

    def _remove(self, instance_id: int) -> list:
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return []
        released = self._release_all(pad)
        bound = self.bindings.pop(instance_id, None)
        log.info("controller %s disconnected", pad.number)
        if self.notice is not None:
            self.notice("disconnected", pad, bound[1] if bound else None)
        return released

    def _pad(self, instance_id: int, kind: str) -> Pad:
        """The device an input event came from, known or not (a device present before the
        game started, or an event posted by a test, is taken as it comes)."""
        pad = self.pads.get(instance_id)
        if pad is None:
            pad = self.pads[instance_id] = Pad(instance_id, self._number(), "", kind)
        return pad

    # ----- events in ------------------------------------------------------------------
    @staticmethod
    def owns(event) -> bool:
        return event.type in PAD_EVENTS

    def translate(self, event) -> list:
        """The key events a controller or joystick event stands for (maybe none)."""
        t = event.type
        data = event.dict
        try:
            if t == pygame.CONTROLLERDEVICEADDED:
                self._add("controller", data["device_index"])
                return []
            if t == pygame.JOYDEVICEADDED:
                index = data["device_index"]
                if not self.is_controller(index):      # a controller arrives as one too
                    self._add("joystick", index)
                return []
            if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
                return self._remove(data["instance_id"])
            iid = data["instance_id"]
            if t in CONTROLLER_EVENTS:
                pad = self._pad(iid, "controller")
                if t == pygame.CONTROLLERAXISMOTION and data["axis"] in CONTROLLER_TRIGGERS:
                    return self._trigger(pad, data["axis"], data["value"] / 32767.0)
                if t == pygame.CONTROLLERAXISMOTION:
                    return self._axis(pad, data["axis"], data["value"] / 32767.0,
                                      {pygame.CONTROLLER_AXIS_LEFTX: 0, pygame.CONTROLLER_AXIS_LEFTY: 1})
                return self._button(pad, CONTROLLER_BUTTONS.get(data["button"]), ("b", data["button"]),
                                    t == pygame.CONTROLLERBUTTONDOWN)
            known = self.pads.get(iid)
            if known is not None and known.kind == "controller":
                return []                        # a controller's joystick events: read once
            pad = self._pad(iid, "joystick")
            if t == pygame.JOYHATMOTION:
                return self._hat(pad, data["hat"], data["value"])
            if t == pygame.JOYAXISMOTION:
                return self._axis(pad, data["axis"], float(data["value"]), {0: 0, 1: 1})
            return self._button(pad, JOY_BUTTONS.get(data["button"]), ("j", data["button"]),
                                t == pygame.JOYBUTTONDOWN)
        except (KeyError, TypeError, ValueError) as exc:     # a malformed event: nothing happens
            log.info("ignored %s: %s", pygame.event.event_name(t), exc)
            return []

    def _key_event(self, pad: Pad, action: str, down: bool, repeat: bool = False):
        key, mod = KEY_OF[action]
        return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=mod, unicode="",
                                  scancode=0, action=action, pad=pad.instance_id, pad_number=pad.number,
                                  repeat=repeat)

    def _press(self, pad: Pad, where, action: str | None) -> list:
        out = self._let_go(pad, where)
        if action is None:
            return out
        pad.held[where] = [action, REPEAT_DELAY]
        return out + [self._key_event(pad, action, True)]

    def _let_go(self, pad: Pad, where) -> list:
        held = pad.held.pop(where, None)
        return [self._key_event(pad, held[0], False)] if held else []

    def _release_all(self, pad: Pad) -> list:
        out = []
        for where in list(pad.held):
            out += self._let_go(pad, where)
        return out

    def _button(self, pad: Pad, action: str | None, where, down: bool) -> list:
        if down:
            return self._press(pad, where, action)
        return self._let_go(pad, where)

    def _trigger(self, pad: Pad, axis: int, value: float) -> list:
        """A trigger pulled past the dead zone is a button (let go below a third)."""
        where = ("trigger", axis)
        if where in pad.held:
            return self._let_go(pad, where) if value < RELEASE_ZONE else []
        return self._press(pad, where, CONTROLLER_TRIGGERS[axis]) if value >= DEAD_ZONE else []

    def _hat(self, pad: Pad, hat: int, value) -> list:
        x, y = value
        out = []
        for axis, amount, neg, pos in ((0, x, LEFT, RIGHT), (1, y, DOWN, UP)):   # a hat's y is up
            where = ("hat", hat, axis)
            want = neg if amount < 0 else pos if amount > 0 else None
            held = pad.held.get(where)
            if held is not None and held[0] == want:
                continue
            out += self._press(pad, where, want) if want else self._let_go(pad, where)
        return out

    def _axis(self, pad: Pad, axis: int, value: float, sticks: dict) -> list:
        """A stick along x (0) or y (1), pushed past the dead zone, is a held direction."""
        along = sticks.get(axis)
        if along is None:
            return []                            # triggers, the right stick: nothing
        where = ("axis", along)
        neg, pos = (LEFT, RIGHT) if along == 0 else (UP, DOWN)
        held = pad.held.get(where)
        if held is not None:
            still = value <= -RELEASE_ZONE if held[0] == neg else value >= RELEASE_ZONE
            if still:
                return []
            out = self._let_go(pad, where)
        else:
            out = []
        if abs(value) >= DEAD_ZONE:
            out += self._press(pad, where, neg if value < 0 else pos)
        return out

    def update(self, dt: float) -> list:
        """Repeats of the directions held down (like a held key)."""
        out = []
        for pad in self.pads.values():
            for where, held in pad.held.items():
                if held[0] not in DIRECTIONS:
                    continue
                held[1] -= dt
                if held[1] <= 0:
                    held[1] += REPEAT_EVERY
                    held[1] = max(held[1], REPEAT_EVERY / 2)
                    out.append(self._key_event(pad, held[0], True, repeat=True))
        return out

    def holding(self) -> bool:
        """A direction is held (the screen must keep its frame rate for the repeats)."""
        return any(h[0] in DIRECTIONS for pad in self.pads.values() for h in pad.held.values())

    # ----- seats ------------------------------------------------------------------------
    def connected(self) -> list[Pad]:
        return sorted(self.pads.values(), key=lambda p: p.number)

    def number_of(self, instance_id: int | None) -> int | None:
        pad = self.pads.get(instance_id) if instance_id is not None else None
        return pad.number if pad is not None else None

    def bind(self, instance_id: int, seat: int, name: str) -> None:
        """The controller ``instance_id`` plays for ``seat`` only (one controller a seat)."""
        for other, (s, _) in list(self.bindings.items()):
            if s == seat:
                del self.bindings[other]
        self.bindings[instance_id] = (seat, name)

    def unbind(self, instance_id: int) -> None:
        self.bindings.pop(instance_id, None)

    def clear_bindings(self) -> None:
        """A new match: every controller free again."""
        self.bindings.clear()

    def seat_of(self, event) -> int | None:
        """The seat the controller of ``event`` is bound to (None: keyboard, mouse, a free one)."""
        pad = pad_of(event)
        bound = self.bindings.get(pad) if pad is not None else None
        return bound[0] if bound else None

    def pad_for_seat(self, seat: int) -> int | None:
        """The instance id of the controller bound to ``seat`` (None if none)."""
        for iid, (s, _) in self.bindings.items():
            if s == seat:
                return iid
        return None


def draw_pad_badge(surface, bottomright, number_img) -> pygame.Rect:
    """A small controller drawn with its number (a seat's name plate: who holds which)."""
    from game.ui import gfx, theme
    w = 30 + number_img.get_width()
    rect = pygame.Rect(0, 0, w, 20)
    rect.bottomright = bottomright
    gfx.draw.rect(surface, (250, 236, 200), rect, border_radius=10)
    gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=10)
    body = pygame.Rect(rect.x + 5, rect.y + 5, 18, 10)
    gfx.draw.rect(surface, theme.TEXT_DARK, body, border_radius=5)
    gfx.draw.line(surface, (250, 236, 200), (body.x + 4, body.centery), (body.x + 8, body.centery), 2)
    gfx.draw.line(surface, (250, 236, 200), (body.x + 6, body.centery - 2), (body.x + 6, body.centery + 2), 2)
    gfx.draw.circle(surface, (250, 236, 200), (body.right - 5, body.centery), 2)
    surface.blit(number_img, number_img.get_rect(midleft=(body.right + 3, rect.centery)))
    return rect


__all__ = ["PadInput", "draw_pad_badge", "Pad", "action_of", "pad_of", "KEY_OF", "CONTROLLER_BUTTONS", "JOY_BUTTONS",
           "BUTTON_LABELS", "HELP_ORDER", "UP", "DOWN", "LEFT", "RIGHT", "CONFIRM", "BACK", "PAUSE",
           "NEXT", "PREV", "SELECT", "HINT", "RULES", "PAGE_UP", "PAGE_DOWN"]
