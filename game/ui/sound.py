"""Table sounds, synthesised by the project at start-up (no sample files).

Shuffle, deal flick, card placed, trick swept, call chime, win and lose
stings. A machine without an audio device plays nothing and never fails.
"""
from __future__ import annotations

import array
import logging
import math
import random

import pygame

log = logging.getLogger(__name__)
RATE = 22050


def _samples(seconds: float, fn) -> array.array:
    n = int(RATE * seconds)
    return array.array("h", (max(-32767, min(32767, int(32767 * fn(i / RATE, i / n)))) for i in range(n)))


def _noise_burst(seconds: float, decay: float, level: float, seed: int) -> array.array:
    rng = random.Random(seed)
    last = [0.0]

    def fn(t, x):
        last[0] = 0.6 * last[0] + 0.4 * rng.uniform(-1, 1)      # soft, paper-like noise
        return level * last[0] * math.exp(-decay * t)
    return _samples(seconds, fn)


def _tones(notes: list[tuple[float, float]], level: float = 0.3) -> array.array:
    out = array.array("h")
    for freq, seconds in notes:
        out.extend(_samples(seconds, lambda t, x, f=freq: level * math.sin(2 * math.pi * f * t)
                            * min(1.0, t * 80) * (1 - x) ** 1.5))
    return out


def _recipes() -> dict[str, array.array]:
    shuffle = array.array("h")
    for k in range(6):
        shuffle.extend(_noise_burst(0.07, 30, 0.5, k))
    return {
        "shuffle": shuffle,
        "deal": _noise_burst(0.09, 45, 0.55, 7),
        "place": _noise_burst(0.06, 70, 0.8, 8),
        "sweep": _noise_burst(0.25, 12, 0.35, 9),
        "call": _tones([(880, 0.12), (1320, 0.22)]),
        "win": _tones([(523, 0.12), (659, 0.12), (784, 0.12), (1047, 0.35)]),
        "lose": _tones([(392, 0.18), (330, 0.18), (262, 0.4)]),
    }


class Sound:
    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self._ready = False

    def warm(self) -> None:
        """Synthesise the sounds (about 0.1 s): done after the first frame, not at start-up."""
        if self._ready:
            return
        self._ready = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            freq, _, channels = pygame.mixer.get_init()
            for name, samples in _recipes().items():
                if channels == 2:
                    stereo = array.array("h")
                    for s in samples:
                        stereo.extend((s, s))
                    samples = stereo
                self.sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            self.available = True
        except (pygame.error, ValueError) as exc:
            log.info("no sound: %s", exc)

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.warm()
        if not self.available:
            return
        sound = self.sounds.get(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
