"""Issue 8: ``main.py package deb`` makes a .deb that passes Debian's checks and runs.

Made once per module from the session's one-folder build (conftest ``one_folder_app``),
unpacked with dpkg-deb; the layout, the .desktop and AppStream validators, lintian, and the
unpacked app's --selftest. Each check skips with the reason when its tool is missing
(.ci/run installs them: dpkg-dev, lintian, desktop-file-utils, appstream, binutils).
"""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.commands import package_deb
from game.commands.deb_texts import APP_ID

ROOT = Path(__file__).resolve().parent.parent
MAX_DEB_BYTES = 25_000_000


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (.ci/run installs it with apt-get)")
    return path


@pytest.fixture(scope="module")
def deb(one_folder_app, tmp_path_factory) -> Path:
    need("dpkg-deb")
    need("objdump")
    out = tmp_path_factory.mktemp("deb")
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "package", "deb", "--out", str(out),
                          "--app", str(one_folder_app)], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    path = out / f"taash_{__version__}_amd64.deb"
    assert path.is_file() and str(path) in run.stdout
    return path


@pytest.fixture(scope="module")
def unpacked(deb, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    subprocess.run(["dpkg-deb", "-e", str(deb), str(root / "DEBIAN")], check=True)
    return root


def test_the_deb_is_small(deb):
    assert deb.stat().st_size <= MAX_DEB_BYTES, f"{deb.stat().st_size / 1e6:.1f} MB"


def test_layout(unpacked):
    lib = unpacked / "usr/lib/taash"
    app = lib / "Taash"
    assert app.is_file() and stat.S_IMODE(app.stat().st_mode) == 0o755
    launcher = unpacked / "usr/games/taash"
    assert stat.S_IMODE(launcher.stat().st_mode) == 0o755
    assert launcher.read_text().startswith("#!/bin/sh\n") and 'exec /usr/lib/taash/Taash "$@"' in launcher.read_text()
    for n in package_deb.ICON_SIZES:
        icon = unpacked / f"usr/share/icons/hicolor/{n}x{n}/apps/taash.png"
        assert icon.read_bytes() == (ROOT / f"assets/icons/hicolor/{n}x{n}/apps/taash.png").read_bytes()
    for rel in (f"usr/share/applications/{APP_ID}.desktop", f"usr/share/metainfo/{APP_ID}.metainfo.xml",
                "usr/share/doc/taash/copyright", "usr/share/doc/taash/changelog.gz",
                "usr/share/man/man6/taash.6.gz", "usr/share/lintian/overrides/taash",
                "usr/lib/taash/_internal/locales/bn.toml",
                "usr/lib/taash/_internal/assets/fonts/NotoSansBengali-Regular.ttf",
                "usr/lib/taash/_internal/assets/icons/hicolor/64x64/apps/taash.png"):
        assert (unpacked / rel).is_file(), rel
    # nothing executable but the program and the launcher; no world-writable file
    for path in unpacked.joinpath("usr").rglob("*"):
        if path.is_file() and not path.is_symlink():
            mode = stat.S_IMODE(path.stat().st_mode)
            assert mode == (0o755 if path in (app, launcher) else 0o644), (path, oct(mode))
    copyright_text = (unpacked / "usr/share/doc/taash/copyright").read_text()
    assert copyright_text.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
    assert "License: OFL-1.1" in copyright_text and "SIL OPEN FONT LICENSE Version 1.1" in copyright_text
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in copyright_text


def test_control(unpacked):
    control = (unpacked / "DEBIAN/control").read_text()
    fields = dict(line.split(": ", 1) for line in control.splitlines() if line and not line.startswith(" "))
    assert fields["Package"] == "taash" and fields["Version"] == __version__
    assert fields["Architecture"] == "amd64" and fields["Section"] == "games"
    assert fields["Depends"].startswith("libc6 (>= 2.")
    assert 10_000 < int(fields["Installed-Size"]) < 100_000          # KiB


def test_desktop_entry_speaks_every_language(unpacked):
    entry = (unpacked / f"usr/share/applications/{APP_ID}.desktop").read_text(encoding="utf-8")
    for key in ("Name", "Comment", "GenericName"):
        for lang in ("bn", "hi", "es", "pt"):
            assert f"\n{key}[{lang}]=" in entry, (key, lang)
    assert "Name[bn]=তাস\n" in entry and "Name[hi]=ताश\n" in entry
    assert "Exec=/usr/games/taash\n" in entry and "Icon=taash\n" in entry


def test_binaries_are_stripped_and_carry_no_build_paths(unpacked):
    readelf = need("readelf")
    lib = unpacked / "usr/lib/taash"
    elves = [p for p in lib.rglob("*") if p.is_file() and not p.is_symlink() and package_deb.is_elf(p)]
    assert len(elves) > 20
    out = subprocess.run([readelf, "-d", "-S", "-W", *map(str, elves)], capture_output=True, text=True).stdout
    assert "RUNPATH" not in out and "(RPATH)" not in out
    assert " .symtab " not in out and " .debug_" not in out


def test_desktop_file_validates(unpacked):
    tool = need("desktop-file-validate")
    run = subprocess.run([tool, str(unpacked / f"usr/share/applications/{APP_ID}.desktop")],
                         capture_output=True, text=True)
    assert run.returncode == 0 and not run.stdout.strip(), run.stdout + run.stderr


def test_metainfo_validates(unpacked):
    tool = need("appstreamcli")
    run = subprocess.run([tool, "validate", "--no-net", "--pedantic",
                          str(unpacked / f"usr/share/metainfo/{APP_ID}.metainfo.xml")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not [line for line in run.stdout.splitlines() if line[:2] in ("E:", "W:", "I:", "P:")], run.stdout


def test_lintian_is_clean(deb):
    tool = need("lintian")
    run = subprocess.run(["nice", tool, "--pedantic", "--info", str(deb)], capture_output=True, text=True, timeout=900)
    tags = [line for line in run.stdout.splitlines() if line[:2] in ("E:", "W:", "I:", "P:", "X:")]
    assert not tags, "\n".join(tags)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_unpacked_app_passes_its_selftest(unpacked, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TAASH_HOME=str(tmp_path))
    run = subprocess.run([str(unpacked / "usr/lib/taash/Taash"), "--selftest"], env=env,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "selftest: ok" in run.stdout
    version = subprocess.run([str(unpacked / "usr/lib/taash/Taash"), "--version"], env=env,
                             capture_output=True, text=True, timeout=120)
    assert version.stdout.strip() == f"Taash {__version__}"


def test_every_licence_named_in_copyright_has_its_paragraph():
    """DEP-5: a Files paragraph's License names one that a standalone paragraph spells out."""
    from game.commands.deb_texts import BUNDLED, copyright_file
    text = copyright_file(__version__)
    paragraphs = text.split("\n\n")
    named = {p.split("License: ", 1)[1].splitlines()[0] for p in paragraphs if p.startswith("Files: ")}
    standalone = {p.splitlines()[0][len("License: "):] for p in paragraphs if p.startswith("License: ")}
    assert named == standalone
    assert len(named) >= len({licence for _, _, licence in BUNDLED})
    assert all(len(p.splitlines()) >= 2 for p in paragraphs if p.startswith("License: "))
