"""Scenes and the scene stack.

Every screen is a :class:`Scene` with ``enter``, ``exit``, ``handle(event)``,
``update(dt)`` and ``draw(surface)``. The :class:`SceneStack` runs the top
scene; an overlay scene (``opaque = False``, e.g. the pause menu) is drawn over
the scenes below it. Esc goes back one level unless a scene says otherwise.
"""
from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.felt import felt_backdrop
from game.ui.widgets import WidgetGroup


class Scene:
    opaque = True          # False: the scene below shows through (overlays)

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """Left the stack (popped or replaced)."""

    def cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def accepts(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` may reach this scene (a screen of one seat refuses a controller
        bound to another seat: see :mod:`game.ui.input`)."""
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Esc: one level back."""
        self.app.stack.pop()

    def leave(self) -> None:
        """Take this scene off the stack if it is on top."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def frame_rate(self) -> float:
        """Frames per second this scene needs while nothing happens: 60 while something
        moves, less while it waits (0: redraw only on input). The app sleeps in between."""
        return 60


class OverlayScene(Scene):
    """A dialog over the scene below, which stays visible, dimmed. Input goes to
    its widgets (``self.ui``) first; Esc, if none of them takes it, goes back."""

    opaque = False
    ui: WidgetGroup

    def handle(self, event) -> None:
        if self.ui.handle(event):
            return
        super().handle(event)

    def draw_dim(self, surface) -> None:
        """Darken the scene below."""
        dim = gfx.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        dim.fill((4, 8, 10, 165))
        surface.blit(dim, (0, 0))


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].cover()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over with ``scene`` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event) -> None:
        if self.scenes and self.scenes[-1].accepts(event):
            self.scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[max(first, 0):]:
            scene.draw(surface)


class MenuScene(Scene):
    """A menu screen: a felt backdrop, a :class:`WidgetGroup`, focus always shown."""

    felt = (theme.FELT, theme.FELT_DARK)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.build()
        self.focus_default()

    # subclasses fill the group here
    def build(self) -> None:
        pass

    def focus_default(self) -> None:
        if self.ui.focused is None or not self.ui.focused.enabled:
            self.ui.focus = None
            self.ui.move_focus(1)

    def enter(self) -> None:
        self.focus_default()

    def start_text_input(self) -> None:
        """Let typed text reach the text fields (a screen that has some calls this on enter)."""
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass

    def handle(self, event) -> None:
        if self.ui.handle(event):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        focused = self.ui.focused
        if focused is None or not focused.enabled or not focused.visible:
            self.focus_default()

    def frame_rate(self) -> float:
        """A still menu is redrawn only on input; a text field's caret blinks at 2 Hz."""
        from game.ui.widgets import TextField
        focused = self.ui.focused
        return 4 if focused is not None and isinstance(focused, TextField) else 0

    def draw_backdrop(self, surface) -> None:
        surface.blit(felt_backdrop(*self.felt), (0, 0))

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        self.ui.draw(surface)
