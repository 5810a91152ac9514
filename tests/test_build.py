"""The packaged app: a one-folder PyInstaller build starts and passes --selftest."""
import os
import subprocess
from pathlib import Path


def test_one_folder_build_runs_selftest(one_folder_build, tmp_path):
    app = one_folder_build / ("Taash.exe" if os.name == "nt" else "Taash")
    assert app.exists()
    for needed in ("assets/fonts/NotoSansBengali-Regular.ttf", "locales/bn.toml"):
        assert any(one_folder_build.rglob(Path(needed).name)), needed
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAASH_HOME=str(tmp_path / "home"))
    run = subprocess.run([str(app), "--selftest"], env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "selftest: ok" in run.stdout
