"""Developer set-up in one command: a project-local virtual environment, then the game or the tests.

    python3 tools/dev.py [play] [ARGS...]    the game (ARGS go to main.py: `play replay x.toml`)
    python3 tools/dev.py test [ARGS...]      every test (ARGS go to pytest: `test tests/test_i18n.py -x`),
                                             on every core (up to four) with pytest-xdist

The first run creates ``.venv/`` in the repository with the Python that runs this script
(3.11 or newer) and installs ``requirements.txt`` (play) or ``requirements-dev.txt`` (test)
into it; later runs reinstall only when a requirements file has changed. Nothing is installed
outside ``.venv/``, so this works with a system Python that refuses ``pip install``
(PEP 668, "externally-managed-environment": Debian 12, Ubuntu 24.04) as well as with a
user-installed one.

Debian and Ubuntu ship the part of ``venv`` that installs pip (``ensurepip``) separately, in
python3-venv. Without it the environment is made without pip and the system's own pip
(python3-pip) installs into it; with neither, a message says what to install.
Only the standard library is used here.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / "taash-requirements.sha256"
MIN_PYTHON = (3, 11)
REQUIREMENTS = {"play": "requirements.txt", "test": "requirements-dev.txt"}


class SetupError(Exception):
    """The environment cannot be made; the message says what to do."""


def venv_python(venv: Path = VENV) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def _quiet(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True)


def _works(python: Path) -> bool:
    """The environment's interpreter runs and is new enough (a venv outlives its Python)."""
    if not python.exists():
        return False
    probe = _quiet([str(python), "-c", "import sys; print(sys.version_info >= %r)" % (MIN_PYTHON,)])
    return probe.returncode == 0 and probe.stdout.strip() == "True"


def _has_pip(python: Path) -> bool:
    return _quiet([str(python), "-m", "pip", "--version"]).returncode == 0


def _system_pip_for(python: Path) -> bool:
    """Put pip into the environment with the system's pip (`pip --python`, pip >= 22.3)."""
    for host in (sys.executable, "/usr/bin/python3"):
        run = _quiet([host, "-m", "pip", "--python", str(python), "install", "--quiet", "pip"])
        if run.returncode == 0 and _has_pip(python):
            return True
    return False


def no_venv_message() -> str:
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    return (f"This Python ({sys.executable}) cannot make a virtual environment with pip in it:\n"
            f"its 'ensurepip' module is missing and no system pip could stand in.\n"
            f"On Debian or Ubuntu install it with:\n"
            f"    sudo apt install python3-venv      (or python{version}-venv)\n"
            f"then run this command again.")


def create_venv(venv: Path = VENV) -> Path:
    """Make ``venv`` with this interpreter and pip in it; return its python."""
    import shutil
    import venv as venv_module

    shutil.rmtree(venv, ignore_errors=True)
    print(f"[dev] making {venv.relative_to(ROOT) if venv.is_relative_to(ROOT) else venv} "
          f"with Python {sys.version.split()[0]} ({sys.executable})", flush=True)
    python = venv_python(venv)
    try:
        import ensurepip  # noqa: F401  (Debian: in python3-venv)
        venv_module.EnvBuilder(with_pip=True, symlinks=os.name != "nt").create(venv)
    except (ImportError, subprocess.CalledProcessError, OSError, SystemExit):
        shutil.rmtree(venv, ignore_errors=True)
        venv_module.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(venv)
        if not _system_pip_for(python):
            shutil.rmtree(venv, ignore_errors=True)
            raise SetupError(no_venv_message()) from None
    if not _has_pip(python):
        raise SetupError(no_venv_message())
    return python


def requirements_digest(names: list[str]) -> str:
    h = hashlib.sha256()
    for name in names:
        path = ROOT / name
        h.update(name.encode() + b"\0" + path.read_bytes())
        for line in path.read_text(encoding="utf-8").splitlines():   # -r includes
            if line.strip().startswith("-r "):
                h.update((ROOT / line.split(None, 1)[1].strip()).read_bytes())
    return h.hexdigest()


def ensure_env(kind: str) -> Path:
    """The environment's python, with ``kind``'s requirements installed (``play``/``test``)."""
    if sys.version_info < MIN_PYTHON:
        raise SetupError(f"Taash needs Python {'.'.join(map(str, MIN_PYTHON))} or newer; "
                         f"this is {sys.version.split()[0]} ({sys.executable}).")
    python = venv_python()
    if not _works(python) or not _has_pip(python):
        python = create_venv()
    names = [REQUIREMENTS[kind]]
    # the test requirements include the game's: once they are in, play needs nothing more
    done = STAMP.read_text().split() if STAMP.exists() else []
    want = requirements_digest(names)
    if want in done or (kind == "play" and requirements_digest([REQUIREMENTS["test"]]) in done):
        return python
    print(f"[dev] installing {names[0]} into .venv", flush=True)
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                              "--disable-pip-version-check", "-r", str(ROOT / names[0])])
    if install.returncode != 0:
        raise SetupError(f"pip could not install {names[0]} (see above).")
    STAMP.write_text("\n".join(done + [want]) + "\n")
    return python


def test_workers(args: list[str], cores: int | None = None) -> list[str]:
    """pytest-xdist options spreading the tests over the machine's cores (at most four: the
    one-folder build's tests, on one worker, take about four minutes alone), unless ``args`` choose
    for themselves (``-n``, ``--numprocesses``, ``-p no:xdist``) or there is one core. The
    tests that share the one-folder build go to one worker (``--dist loadgroup``), so it is
    built once."""
    if any(a.startswith(("-n", "--numprocesses", "--dist")) or a.endswith("no:xdist") for a in args):
        return []
    cores = min(4, cores or os.cpu_count() or 1)
    return ["-n", str(cores), "--dist", "loadgroup"] if cores > 1 else []


def main(argv: list[str]) -> int:
    kind = argv[0] if argv and argv[0] in REQUIREMENTS else "play"
    rest = argv[1:] if argv and argv[0] in REQUIREMENTS else argv
    try:
        python = ensure_env(kind)
    except SetupError as exc:
        print(f"[dev] {exc}", file=sys.stderr)
        return 1
    if kind == "play":
        cmd = [str(python), str(ROOT / "main.py"), *rest]
    else:
        cmd = [str(python), "-m", "pytest", *test_workers(rest), *rest]
    os.chdir(ROOT)
    if os.name == "nt":                     # no exec on Windows: wait for the child
        return subprocess.call(cmd)
    os.execv(cmd[0], cmd)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
