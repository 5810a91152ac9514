"""The packaged app: a one-folder PyInstaller build starts and passes --selftest."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_one_folder_build_runs_selftest(tmp_path):
    pytest.importorskip("PyInstaller")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    app = tmp_path / "dist" / "Taash" / ("Taash.exe" if os.name == "nt" else "Taash")
    assert app.exists()
    for needed in ("assets/fonts/NotoSansBengali-Regular.ttf", "locales/bn.toml"):
        assert any((tmp_path / "dist" / "Taash").rglob(Path(needed).name)), needed
    run = subprocess.run([str(app), "--selftest"], env=dict(env, TAASH_HOME=str(tmp_path / "home")),
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "selftest: ok" in run.stdout
    shutil.rmtree(tmp_path / "build", ignore_errors=True)
