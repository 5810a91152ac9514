"""The packaged app: a one-folder PyInstaller build starts and passes --selftest."""
import os
import subprocess
from pathlib import Path

from game.commands.app_build import program


def test_one_folder_build_runs_selftest(one_folder_app, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    app = program(one_folder_app)
    assert app.exists()
    for needed in ("assets/fonts/NotoSansBengali-Regular.ttf", "locales/bn.toml",
                   "assets/icons/hicolor/64x64/apps/taash.png"):
        assert any(one_folder_app.rglob(Path(needed).name)), needed
    run = subprocess.run([str(app), "--selftest"], env=dict(env, TAASH_HOME=str(tmp_path / "home")),
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "selftest: ok" in run.stdout
