"""Game controllers, headless: posted controller and joystick events drive the menus and a
whole deal of Truco, Start pauses and resumes, a controller claimed at the hand-off acts
for its seat only, controllers come and go mid-match, and the plain-joystick fallback."""
from __future__ import annotations

import pygame

from game.scenes.controllers import ControllersScene
from game.scenes.handoff import HandOffScene
from game.scenes.menu import MainMenuScene
from game.scenes.pause import PauseScene
from game.scenes.picker import GamePickerScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import MatchSetupScene
from game.scenes.summary import DealSummaryScene
from game.scenes.tables.trick_table import TableScene
from game.ai import make_bot
from game.session import Session
from game.ui import input as pads
from table_driving import DT, seats

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
              pygame.CONTROLLER_BUTTON_Y)
START, RB = pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
DPAD = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


def press(app, button, pad=0) -> None:
    """Press and let go of a controller button (one frame each)."""
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)])
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)])


def idle(app, frames=3) -> None:
    for _ in range(frames):
        app.step(DT, [])


def focus_with_dpad(app, group, widget, pad=0) -> None:
    """Move ``group``'s focus onto ``widget`` with the D-pad, as a player would."""
    for _ in range(20):
        if group.focused is widget:
            return
        here, there = group.focused.rect.center, widget.rect.center
        dx, dy = there[0] - here[0], there[1] - here[1]
        way = ("right" if dx > 0 else "left") if abs(dx) > abs(dy) else ("down" if dy > 0 else "up")
        before = group.focused
        press(app, DPAD[way], pad)
        if group.focused is before:          # a list, not a grid: down goes round it
            press(app, DPAD["down"], pad)
    assert group.focused is widget


def drive(app, table, action, pad=0) -> None:
    """Do ``action`` with the controller only: a card by D-pad and A, a call by RB and A."""
    if action.startswith("play ") and action[5:] in table.hands[table.viewer]:
        card = action[5:]
        hand = table.hands[table.viewer]
        for _ in range(len(hand) + 1):
            press(app, DPAD["right"], pad)
            if table.kb_index is not None and hand[table.kb_index] == card:
                break
        assert hand[table.kb_index] == card
        press(app, A, pad)
        return
    for _ in range(len(table.widgets.widgets) + 1):
        focused = table.widgets.focused
        if focused is not None and getattr(focused, "rules_action", None) == action:
            break
        press(app, RB, pad)
    assert getattr(table.widgets.focused, "rules_action", None) == action, action
    press(app, A, pad)


def reachable(table, action) -> bool:
    if action.startswith("play ") and action[5:] in table.hands[table.viewer]:
        return True
    return any(getattr(w, "rules_action", None) == action and w.enabled for w in table.widgets.widgets)


def to_table(app, pad=0) -> TableScene:
    """Main menu → game picker → setup → Argentine Truco for two, by controller."""
    app.stack.push(MainMenuScene(app))
    idle(app)
    menu = app.stack.top
    assert menu.ui.focused is menu.buttons["play"]
    press(app, A, pad)
    picker = app.stack.top
    assert isinstance(picker, GamePickerScene)
    focus_with_dpad(app, picker.ui, picker.tiles["truco_argentino"], pad)
    press(app, A, pad)
    setup = app.stack.top
    assert isinstance(setup, MatchSetupScene) and setup.game_id == "truco_argentino"
    assert setup.ui.focused is setup.start_button
    press(app, A, pad)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


# --------------------------------------------------------------------------- the layer

def test_controller_buttons_and_stick_become_the_keys_of_their_actions():
    layer = pads.PadInput()
    (down,) = layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=A))
    assert (down.type, down.key, down.action, down.pad, down.pad_number) == (
        pygame.KEYDOWN, pygame.K_RETURN, pads.CONFIRM, 5, 1)
    (up,) = layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=5, button=A))
    assert up.type == pygame.KEYUP and up.key == pygame.K_RETURN
    assert layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=START))[0].key \
        == pygame.K_p
    # the stick: nothing inside the dead zone, a direction past it, no flicker at the edge
    axis = lambda v: pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=5,  # noqa: E731
                                        axis=pygame.CONTROLLER_AXIS_LEFTY, value=v)
    assert layer.translate(axis(8000)) == []
    (pushed,) = layer.translate(axis(30000))
    assert pushed.key == pygame.K_DOWN and pushed.action == pads.DOWN
    assert layer.translate(axis(14000)) == []                  # still held (hysteresis)
    assert layer.holding()
    # held: repeats after a delay, then often, like a held key
    assert layer.update(0.2) == []
    repeats = layer.update(0.25) + layer.update(0.12) + layer.update(0.12)
    assert [e.key for e in repeats] == [pygame.K_DOWN] * 3 and all(e.repeat for e in repeats)
    (released,) = layer.translate(axis(0))
    assert released.type == pygame.KEYUP and not layer.holding()
    # a trigger is a button past the dead zone; the right stick does nothing
    trigger = lambda v: pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=5,  # noqa: E731
                                           axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=v)
    assert layer.translate(trigger(9000)) == []
    (page,) = layer.translate(trigger(32767))
    assert page.type == pygame.KEYDOWN and page.key == pygame.K_PAGEDOWN
    assert layer.translate(trigger(20000)) == [] and layer.update(1.0) == []     # no repeat
    assert layer.translate(trigger(0))[0].type == pygame.KEYUP
    assert layer.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=5,
                                              axis=pygame.CONTROLLER_AXIS_RIGHTY, value=32767)) == []
    # X marks (Space), the shoulders go round the controls (Tab, Shift+Tab)
    keys = [layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=b))[0]
            for b in (X, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)]
    assert [(e.key, pads.action_of(e)) for e in keys] == [(pygame.K_SPACE, pads.SELECT),
                                                          (pygame.K_TAB, pads.PREV)]
    assert keys[1].mod & pygame.KMOD_SHIFT
    # a malformed event is ignored
    assert layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5)) == []


def test_a_controllers_own_joystick_events_are_read_once():
    layer = pads.PadInput()
    layer.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=2, button=B))
    assert layer.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=2, joy=0, button=1)) == []
    assert layer.translate(pygame.event.Event(pygame.JOYHATMOTION, instance_id=2, joy=0, hat=0,
                                              value=(0, 1))) == []


def test_devices_get_the_lowest_free_number_and_are_told(monkeypatch):
    told = []
    layer = pads.PadInput(lambda kind, pad, seat: told.append((kind, pad.number, seat)))
    opened = {0: (10, "Pad A", None), 1: (11, "Pad B", None), 2: (12, "Pad C", None)}
    monkeypatch.setattr(layer, "open_device", lambda kind, index: opened.get(index))
    monkeypatch.setattr(layer, "is_controller", lambda index: index != 1)
    for i in range(3):                 # SDL tells a controller twice: as a joystick, as a controller
        layer.translate(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=i))
        if i != 1:
            layer.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=i))
    assert [(p.number, p.kind) for p in layer.connected()] == [(1, "controller"), (2, "joystick"),
                                                                (3, "controller")]
    layer.bind(10, 2, "Ana")
    layer.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=10))
    layer.translate(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=10))     # the same, once
    assert told[-1] == ("disconnected", 1, "Ana") and len(told) == 4
    assert layer.bindings == {}
    layer.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    assert layer.pads[10].number == 1                      # number 1 was free again
    layer.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7))  # cannot open
    assert len(layer.pads) == 3


# --------------------------------------------------------------------------- menus and a deal

def test_menus_and_a_whole_deal_of_truco_with_the_controller_only(app):
    table = to_table(app)
    helper = make_bot("rule", "truco_argentino", seed=1)
    deal = table.match.deal_index
    driven = 0
    for _ in range(4000):
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            break
        if top is table and table.my_turn():
            view = table.match.view(table.match.to_act)
            choice = helper.choose(view)
            action = choice if reachable(table, choice) else next(
                a for a in table.match.legal_actions() if reachable(table, a))
            before = len(table.match.records[deal].actions)
            drive(app, table, action)
            assert table.match.records[deal].actions[before:before + 1] == [action]
            driven += 1
            continue
        app.step(DT, [])
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene) and summary.deal_index == deal
    assert driven >= 2
    press(app, A)                                          # next deal
    assert app.stack.top is table
    idle(app, 30)
    press(app, START)
    assert isinstance(app.stack.top, PauseScene)
    press(app, START)
    assert app.stack.top is table
    press(app, B)                                          # B at the table: the pause menu too
    assert isinstance(app.stack.top, PauseScene)
    press(app, B)
    assert app.stack.top is table
    assert table.match.deal_index == deal + 1


def test_the_controllers_screen_from_settings_lists_the_mapping_and_the_devices(app):
    app.stack.push(SettingsScene(app))
    idle(app)
    settings = app.stack.top
    focus_with_dpad(app, settings.ui, settings.pads_button, pad=3)
    press(app, A, pad=3)
    screen = app.stack.top
    assert isinstance(screen, ControllersScene)
    idle(app)
    assert [line for line in screen.device_lines()] == [app.t("pads.pad_item_unnamed", n=1)]
    press(app, B, pad=3)
    assert app.stack.top is settings


# --------------------------------------------------------------------------- couch play

def two_humans(app) -> TableScene:
    session = Session.new("truco_argentino", 2, {}, seats({0, 1}, 2), seed=4, dealer=1)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    return table


def until(app, cond, frames=600) -> None:
    for _ in range(frames):
        if cond():
            return
        app.step(DT, [])
    assert cond()


def test_a_controller_claimed_for_one_seat_cannot_act_for_the_other(app):
    table = two_humans(app)
    first = table.match.to_act
    other = 1 - first
    until(app, lambda: isinstance(app.stack.top, HandOffScene))
    idle(app, 30)                                          # past the guard time
    handoff = app.stack.top
    assert handoff.seat == first and handoff.pad_line() is None     # no controller yet
    press(app, DPAD["down"], pad=7)                        # a controller shows up: nothing else
    assert app.stack.top is handoff
    assert handoff.pad_line() == app.t("pads.handoff_claim", name=handoff.name, a="A", x="X")
    press(app, X, pad=7)
    assert app.pads.pad_for_seat(first) == 7
    assert app.stack.top is table and table.viewer == first
    assert table._seat_pad(first) == 1 and table._seat_pad(other) is None    # the plate's badge
    assert app.toasts[-1][0] == app.t("pads.bound", n=1, name=table.session.seats[first].name)
    card = next(c for c in table.hands[first] if "play " + c in table.match.legal_actions())
    drive(app, table, "play " + card, pad=7)
    assert table.match.records[-1].actions[-1] == "play " + card
    # now the other seat: controller 7 can neither end its hand-off nor play for it
    until(app, lambda: isinstance(app.stack.top, HandOffScene) and app.stack.top.seat == other)
    idle(app, 30)
    press(app, A, pad=7)
    assert isinstance(app.stack.top, HandOffScene)
    press(app, X, pad=7)                                   # nor claim it
    assert app.pads.pad_for_seat(other) is None and isinstance(app.stack.top, HandOffScene)
    press(app, A, pad=8)                                   # a free controller may
    assert app.stack.top is table and table.my_turn() and table.viewer == other
    acted = len(table.match.records[-1].actions)
    for button in (DPAD["right"], A, RB, A, Y, X):
        press(app, button, pad=7)
    assert table.kb_index is None and table.widgets.focused is None
    assert len(table.match.records[-1].actions) == acted and table.match.to_act == other
    assert table.advice.shown is None and table.advice.wanted is None
    press(app, START, pad=7)                               # the pause menu is everyone's
    assert isinstance(app.stack.top, PauseScene)
    press(app, START, pad=7)
    assert app.stack.top is table
    legal = next(a for a in table.match.legal_actions() if reachable(table, a))
    drive(app, table, legal, pad=8)                        # the free controller plays for him
    assert table.match.records[-1].actions[-1] == legal or table.match.deal_index > 0


def test_pulling_out_a_controller_mid_match_is_told_and_frees_its_seat(app):
    table = two_humans(app)
    first = table.match.to_act
    until(app, lambda: isinstance(app.stack.top, HandOffScene))
    idle(app, 30)
    press(app, X, pad=4)
    assert app.pads.pad_for_seat(first) == 4
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=4,
                                     button=DPAD["right"])])   # held when it is pulled out
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=4),
                  pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=4)])
    name = table.session.seats[first].name
    assert app.toasts[-1][0] == app.t("pads.disconnected_seat", n=1, name=name)
    assert app.pads.pads == {} and app.pads.bindings == {} and not app.pads.holding()
    idle(app, 60)                                          # the match goes on, nothing breaks
    assert app.stack.top is table and table.my_turn()
    app.draw()
    # a new controller is told and takes number 1
    app.pads.open_device = lambda kind, index: (9, "Test pad", None)
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0)])
    assert app.toasts[-1][0] == app.t("pads.connected", n=1)
    card = next(c for c in table.hands[first] if "play " + c in table.match.legal_actions())
    drive(app, table, "play " + card, pad=9)
    assert table.match.records[-1].actions[-1] == "play " + card


# --------------------------------------------------------------------------- joysticks

def joy(kind, **data):
    return pygame.event.Event(kind, instance_id=21, joy=0, **data)


def test_a_plain_joystick_drives_the_menus(app):
    app.stack.push(MainMenuScene(app))
    idle(app)
    menu = app.stack.top
    start = menu.ui.focused
    app.step(DT, [joy(pygame.JOYHATMOTION, hat=0, value=(0, -1))])     # hat down
    moved = menu.ui.focused
    assert moved is not start
    app.step(DT, [joy(pygame.JOYHATMOTION, hat=0, value=(0, 0))])
    app.step(DT, [joy(pygame.JOYHATMOTION, hat=0, value=(0, 1))])      # hat up
    assert menu.ui.focused is start
    app.step(DT, [joy(pygame.JOYHATMOTION, hat=0, value=(0, 0))])
    app.step(DT, [joy(pygame.JOYBUTTONDOWN, button=0), joy(pygame.JOYBUTTONUP, button=0)])
    picker = app.stack.top
    assert isinstance(picker, GamePickerScene)
    focused = picker.ui.focused
    app.step(DT, [joy(pygame.JOYAXISMOTION, axis=0, value=0.2)])       # inside the dead zone
    assert picker.ui.focused is focused
    app.step(DT, [joy(pygame.JOYAXISMOTION, axis=0, value=0.9)])       # right
    assert picker.ui.focused is not focused
    app.step(DT, [joy(pygame.JOYAXISMOTION, axis=0, value=0.0)])
    app.step(DT, [joy(pygame.JOYBUTTONDOWN, button=1), joy(pygame.JOYBUTTONUP, button=1)])   # back
    assert app.stack.top is menu
    assert [p.kind for p in app.pads.connected()] == ["joystick"]


def test_a_buraco_turn_with_the_controller(app):
    from game.scenes.tables import table_for
    table = table_for(app, Session.new("buraco", 2, {}, seats({0}, 2), seed=3, dealer=1))
    app.stack.clear_to(table)
    until(app, table.my_turn, frames=3000)
    record = table.match.records[-1]
    done = len(record.actions)
    press(app, A)                                          # A at the draw: draws
    assert record.actions[done:] == ["draw"]
    until(app, table.my_turn)
    press(app, DPAD["right"])
    assert table.kb_index == 0
    press(app, DPAD["right"])
    press(app, X)                                          # X marks the card...
    card = table.hands[0][1]
    assert table.selection == [card]
    done = len(record.actions)
    press(app, A)                                          # ...and A discards the one marked
    assert record.actions[done] == "discard " + card
