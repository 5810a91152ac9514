"""Small animation helpers: easing curves, tweens and a timeline scaled by the speed setting.

A :class:`Timeline` runs :class:`Tween` objects (a value going from 0 to 1 over a
duration, after an optional delay, shaped by an easing curve) and plain timers
(:meth:`Timeline.after`). Durations and delays are given at *normal* speed and
multiplied by the timeline's speed factor when they are added (``app.speed()``:
1.6 slow, 1 normal, 0.5 fast, 0 instant). At speed 0 a tween finishes the moment
it is added: its callbacks run at once, in order, so an "instant" table reaches
its final state in the same frame.

No pygame here: the table draws; this module only keeps time.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

Ease = Callable[[float], float]


# --------------------------------------------------------------------------- easing

def linear(t: float) -> float:
    return t


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_cubic(t: float) -> float:
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


def ease_out_back(t: float, overshoot: float = 1.70158) -> float:
    u = t - 1.0
    return 1.0 + (overshoot + 1.0) * u * u * u + overshoot * u * u


def pulse(t: float, cycles: float = 1.0) -> float:
    """0 → 1 → 0 (a sine bump), ``cycles`` times over t in 0..1."""
    return 0.5 - 0.5 * math.cos(2.0 * math.pi * cycles * t)


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(p: Iterable[float], q: Iterable[float], t: float) -> tuple[float, ...]:
    return tuple(a + (b - a) * t for a, b in zip(p, q))


# --------------------------------------------------------------------------- tweens

class Tween:
    """A value from 0 to 1 over ``duration`` seconds after ``delay`` seconds.

    ``on_start()`` runs when the delay is over, ``on_update(value)`` each frame with the
    eased value (and once with 1.0 at the end), ``on_done()`` when it finishes. ``value``
    and ``raw`` can also be read directly (``raw`` is the un-eased progress).
    """

    __slots__ = ("duration", "delay", "ease", "on_start", "on_update", "on_done",
                 "elapsed", "started", "done", "tag")

    def __init__(self, duration: float, delay: float = 0.0, ease: Ease = ease_out_cubic,
                 on_start: Callable[[], None] | None = None,
                 on_update: Callable[[float], None] | None = None,
                 on_done: Callable[[], None] | None = None, tag: str = "") -> None:
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.ease = ease
        self.on_start, self.on_update, self.on_done = on_start, on_update, on_done
        self.elapsed = 0.0
        self.started = False
        self.done = False
        self.tag = tag

    @property
    def raw(self) -> float:
        if self.done:
            return 1.0
        if self.duration <= 0.0:
            return 1.0 if self.started else 0.0
        return clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def active(self) -> bool:
        """Started and not finished (past its delay)."""
        return self.started and not self.done

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if not self.started:
            if self.elapsed < self.delay:
                return
            self.started = True
            if self.on_start is not None:
                self.on_start()
        if self.elapsed - self.delay >= self.duration:
            self.finish()
        elif self.on_update is not None:
            self.on_update(self.value)

    def finish(self) -> None:
        """Jump to the end, running the callbacks that have not run yet."""
        if self.done:
            return
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()
        self.done = True
        if self.on_update is not None:
            self.on_update(self.ease(1.0))
        if self.on_done is not None:
            self.on_done()


class Timeline:
    """Tweens and timers, their times scaled by ``speed`` (a number or a callable).

    ``add`` scales the tween's duration and delay by the current speed; at speed 0
    the tween is finished at once. ``update(dt)`` advances everything; callbacks may
    add new tweens (they start on the next update, or at once at speed 0).
    """

    def __init__(self, speed: float | Callable[[], float] = 1.0) -> None:
        self._speed = speed
        self.tweens: list[Tween] = []

    @property
    def speed(self) -> float:
        value = self._speed() if callable(self._speed) else self._speed
        return max(0.0, float(value))

    def scale(self, seconds: float) -> float:
        """``seconds`` at normal speed, in real seconds now."""
        return seconds * self.speed

    @property
    def instant(self) -> bool:
        return self.speed == 0.0

    def add(self, tween: Tween) -> Tween:
        factor = self.speed
        tween.duration *= factor
        tween.delay *= factor
        if factor == 0.0:
            tween.finish()
        else:
            self.tweens.append(tween)
        return tween

    def tween(self, duration: float, **kwargs) -> Tween:
        return self.add(Tween(duration, **kwargs))

    def after(self, seconds: float, fn: Callable[[], None], tag: str = "") -> Tween:
        """Call ``fn`` after ``seconds`` (at normal speed)."""
        return self.add(Tween(0.0, delay=seconds, ease=linear, on_done=fn, tag=tag))

    def update(self, dt: float) -> None:
        if not self.tweens:
            return
        current = self.tweens
        self.tweens = []
        for tween in current:
            tween.update(dt)
        # callbacks may have added tweens meanwhile
        self.tweens = [t for t in current if not t.done] + self.tweens

    def finish_all(self) -> None:
        """Finish every tween now (and any that finishing them adds)."""
        for _ in range(1000):
            if not self.tweens:
                return
            current = self.tweens
            self.tweens = []
            for tween in current:
                tween.finish()

    def cancel(self, tag: str | None = None) -> None:
        """Drop tweens (all, or those with ``tag``) without running their callbacks."""
        self.tweens = [] if tag is None else [t for t in self.tweens if t.tag != tag]

    def busy(self, tag: str | None = None) -> bool:
        if tag is None:
            return bool(self.tweens)
        return any(t.tag == tag for t in self.tweens)

    def __len__(self) -> int:
        return len(self.tweens)


__all__ = ["Ease", "linear", "ease_in_cubic", "ease_out_cubic", "ease_out_quad",
           "ease_in_out_cubic", "ease_out_back", "pulse", "clamp01", "lerp", "lerp_point",
           "Tween", "Timeline"]
