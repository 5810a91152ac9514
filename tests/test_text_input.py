"""Issue 9, bug 10: typed names keep accented letters under LANG=C and C.UTF-8 (SDL text-input
events, and a UTF-8 character type for SDL's input method)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

TYPE_A_NAME = """
import os, pygame
from game.app import App
from game.scenes.settings_scene import SettingsScene
app = App(pref_dir=os.environ["TAASH_HOME"], headless=True)
scene = SettingsScene(app)
app.stack.push(scene)
app.step(1 / 60, [])
scene.ui.set_focus(scene.name)
scene.name.text = ""
events = [pygame.event.Event(pygame.TEXTINPUT, text=t) for t in ("M", "a", "m", "á")]
events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
app.step(1 / 60, events)
print(scene.name.text + "|" + app.settings.player_name + "|" + os.environ.get("LC_CTYPE", ""))
"""


@pytest.mark.parametrize("lang", ["C", "C.UTF-8"])
def test_accented_letters_survive_typing(tmp_path, lang):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG=lang, TAASH_HOME=str(tmp_path), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", TYPE_A_NAME], env=env, cwd=ROOT, capture_output=True,
                         timeout=60, check=True).stdout.decode("utf-8").strip().splitlines()[-1]
    field, saved, ctype = out.split("|")
    assert field == "Mamá" and saved == "Mamá"       # the KEYDOWN's unicode is not typed twice
    assert "utf-8" in (ctype or lang).lower()


def test_a_c_locale_gets_a_utf8_character_type_before_sdl_starts(monkeypatch):
    """Python coerces LANG=C itself (PEP 538) but a frozen app's embedded Python does not."""
    from game.app import ensure_utf8_text_input
    for name in ("LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    ensure_utf8_text_input()
    if os.name != "nt":
        assert os.environ["LC_CTYPE"] == "C.UTF-8"
    monkeypatch.setenv("LC_CTYPE", "es_AR.UTF-8")
    ensure_utf8_text_input()
    assert os.environ["LC_CTYPE"] == "es_AR.UTF-8"
