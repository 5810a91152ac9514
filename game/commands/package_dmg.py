"""``main.py package dmg``: the macOS disk image around ``Taash.app`` (macOS only).

``build.spec`` makes ``dist/Taash.app`` on macOS (PyInstaller's BUNDLE). This signs it ad hoc
(``codesign --sign -``: it runs on the Mac that built it and, after the user's "Open anyway",
on others) and puts it in ``OUT/Taash-<version>.dmg`` beside a link to /Applications, so a
player drags it across. Notarization needs a developer account: packaging/macos/README.md.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from game.commands.packaging import PackageError, app_version


def dmg_name(version: str) -> str:
    return f"Taash-{version}.dmg"


def _run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise PackageError(f"{' '.join(cmd[:2])} failed: {(done.stdout + done.stderr).strip()[-1500:]}")


def sign_command(app: Path, identity: str) -> list[str]:
    """Ad hoc (``-``) by default; a Developer ID identity signs for notarization (hardened
    runtime, secure timestamp): packaging/macos/README.md."""
    cmd = ["codesign", "--force", "--deep", "--sign", identity]
    if identity != "-":
        cmd += ["--options", "runtime", "--timestamp"]
    return cmd + [str(app)]


def build_dmg(app: Path, out_dir: Path, version: str | None = None, identity: str = "-") -> Path:
    if sys.platform != "darwin":
        raise PackageError("a .dmg is made on macOS only (hdiutil, codesign)")
    app, out_dir = Path(app).resolve(), Path(out_dir).resolve()
    if app.suffix != ".app" or not (app / "Contents" / "Info.plist").is_file():
        raise PackageError(f"{app} is not an app bundle (python3 -m PyInstaller build.spec makes dist/Taash.app)")
    version = version or app_version()
    _run(sign_command(app, identity))
    _run(["codesign", "--verify", "--deep", "--strict", str(app)])
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / dmg_name(version)
    with tempfile.TemporaryDirectory(prefix="taash-dmg-") as tmp:
        stage = Path(tmp) / "Taash"
        stage.mkdir()
        _run(["ditto", str(app), str(stage / app.name)])     # keeps the signature's attributes
        os.symlink("/Applications", stage / "Applications")
        _run(["hdiutil", "create", "-volname", "Taash", "-srcfolder", str(stage),
              "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)])
    _run(["hdiutil", "verify", str(out)])
    return out


def add_arguments(parser) -> None:
    parser.add_argument("--app", required=True, help="the app bundle (dist/Taash.app)")
    parser.add_argument("--out", required=True, help="folder for Taash-<version>.dmg")
    parser.add_argument("--version", help="default: game/__init__.py __version__")
    parser.add_argument("--sign", default="-", metavar="IDENTITY",
                        help="codesign identity (default -, ad hoc; a Developer ID to notarize)")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        out = build_dmg(Path(args.app), Path(args.out), args.version, args.sign)
    except PackageError as exc:
        print(f"package dmg: {exc}", file=sys.stderr)
        return 1
    print(out)
    return 0

