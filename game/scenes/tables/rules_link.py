"""From a call at the table to the rules that explain it.

Every call button of a table carries the action it sends (``rules_action``). Its tooltip
ends with a line saying how to read about it, and two ways open the rules scene at the
section the rules index gives for that action (``rules_text.call_section``):

- **F1**: the call under the mouse, else the focused one; with neither, the game's rules
  from the top (so F1 is "help" anywhere at the table);
- **a right click** on a call button (enabled or not: a greyed-out call is often exactly
  what one wants to read about).
"""
from __future__ import annotations

import pygame

from game import i18n, rules_text
from game.scenes.rules_help import RULES_KEY, RULES_KEY_NAME, open_rules


def section_title(game_id: str, section: str | None) -> str | None:
    for s in rules_text.load_sections(game_id, i18n.language()):
        if s.id == section:
            return s.title
    return None


def link_line(game_id: str, action: str | None) -> str | None:
    """The tooltip's last line for a call: "F1 or right-click: “Envido” in the rules"."""
    if not action:
        return None
    title = section_title(game_id, rules_text.call_section(game_id, action))
    if title is None:
        return None
    return i18n.t("rules_page.call_hint", shortcut=RULES_KEY_NAME, name=title)


def with_link(game_id: str, action: str | None, tooltip: str | None) -> str | None:
    """A call's tooltip followed by the line saying how to open its rules."""
    return "\n".join(line for line in (tooltip, link_line(game_id, action)) if line) or None


def _call_widget(widget):
    return widget if widget is not None and getattr(widget, "rules_action", None) else None


def rules_event(table, event) -> bool:
    """Open the rules for F1 or a right click on a call; True when ``event`` did."""
    game_id = table.session.match.game_id
    widgets = table.widgets
    if event.type == pygame.KEYDOWN and event.key == RULES_KEY:
        widget = _call_widget(widgets.hovered) or _call_widget(widgets.focused)
        action = widget.rules_action if widget is not None else None
        section = rules_text.call_section(game_id, action) if action else None
        open_rules(table.app, game_id, section)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        widget = _call_widget(widgets.at(event.pos))
        if widget is not None:
            open_rules(table.app, game_id, rules_text.call_section(game_id, widget.rules_action))
            return True
    return False
