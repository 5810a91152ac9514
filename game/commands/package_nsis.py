"""``main.py package nsis``: the Windows installer around a one-folder build.

The script is ``packaging/windows/taash.nsi``; this module lists the build's files for it
(one list to install them, one to remove exactly those and nothing else on uninstall), reads
the version from ``game.__version__`` and runs NSIS's ``makensis`` (on Windows, or Debian's
``nsis`` package on Linux). The installer is ``OUT/Taash-<version>-setup.exe``.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from game.commands.packaging import PackageError, app_version

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "windows" / "taash.nsi"
DEFAULT_ICON = ROOT / "assets" / "icons" / "taash.ico"
UNINSTALLER = "Uninstall Taash.exe"      # the same name as UNINST_EXE in taash.nsi
BACKSLASH = "\\"                        # Windows paths inside the installer
PROGRAMS = ("Taash.exe", "Taash")        # the Windows build's program; the Linux one as a stand-in
# the installer's languages: the game's locale, and the name of NSIS's language file
LANGUAGES = {"en": "ENGLISH", "es": "SPANISH", "hi": "HINDI", "bn": "BANGLA", "pt": "PORTUGUESEBR"}
# strings the installer takes from the game: its name (Start menu, components) and its tagline
# (the shortcuts' comment)
APP_STRINGS = {"APP_TITLE": ("app", "title"), "APP_TAGLINE": ("menu_extra", "tagline")}


def installer_name(version: str) -> str:
    return f"Taash-{version}-setup.exe"


def four_part_version(version: str) -> str:
    """``1.2.3`` (or ``1.2.3rc1``) as the four numbers a Windows version resource takes."""
    numbers = [int(m.group()) if (m := re.match(r"\d+", part)) else 0
               for part in version.split(".")[:4]]
    return ".".join(str(min(n, 65535)) for n in numbers + [0] * (4 - len(numbers)))


def find_makensis() -> str | None:
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return str(Path(base) / "NSIS" / "makensis.exe")
    return None


def app_program(app_dir: Path) -> str:
    for name in PROGRAMS:
        if (app_dir / name).is_file():
            return name
    raise PackageError(f"{app_dir} holds no {' or '.join(PROGRAMS)}: is it the one-folder build?")


def nsis_name(name: str) -> str:
    """A file or folder name inside an NSIS string (``$`` is NSIS's only escape character)."""
    if any(bad in name for bad in ('"', "\n", BACKSLASH)):
        raise PackageError(f"a file name NSIS cannot quote: {name!r}")
    return name.replace("$", "$$")


def source_path(path: Path) -> str:
    """A build file's path for ``File``: read by makensis as it is (no ``$`` escapes there),
    so names it would take as a wildcard or a define are refused."""
    text = str(path)
    if any(bad in text for bad in ('"', "\n", "*", "?", "${")):
        raise PackageError(f"a file name NSIS cannot take: {text!r}")
    return f'"{text}"'


def app_strings(locales: Path = ROOT / "locales") -> str:
    """``LangString`` lines with the game's own name and tagline in each installer language."""
    lines = []
    for key, (table, field) in APP_STRINGS.items():
        for lang, nsis in LANGUAGES.items():
            with open(locales / f"{lang}.toml", "rb") as fh:
                text = tomllib.load(fh)[table][field]
            text = " ".join(text.split()).replace("$", "$$").replace('"', '$\\"')
            lines.append(f'LangString {key} ${{LANG_{nsis}}} "{text}"')
    return "\n".join(lines) + "\n"


def file_lists(app_dir: Path) -> tuple[str, str, int]:
    """The install list (``SetOutPath`` and ``File`` folder by folder), the uninstall list
    (``Delete`` each of those files, then ``RMDir`` each folder, deepest first, so a folder
    goes only if it is empty) and the build's size in KiB."""
    install, delete, folders, size = [], [], [], 0
    for here, dirs, files in os.walk(app_dir):
        dirs.sort()
        rel = Path(here).relative_to(app_dir)
        inst = "$INSTDIR" + "".join(BACKSLASH + nsis_name(part) for part in rel.parts)
        if rel.parts:
            folders.append(inst)
        install.append(f'SetOutPath "{inst}"')
        for name in sorted(files):
            if not rel.parts and name == UNINSTALLER:
                raise PackageError(f"the build holds a file named like the uninstaller: {name}")
            path = Path(here) / name
            size += path.stat().st_size
            install.append(f"File {source_path(path)}")
            delete.append(f'Delete "{inst}{BACKSLASH}{nsis_name(name)}"')
    folders.sort(key=lambda f: f.count("\\"), reverse=True)
    delete.extend(f'RMDir "{folder}"' for folder in folders)
    return "\n".join(install) + "\n", "\n".join(delete) + "\n", (size + 1023) // 1024


def build_installer(app_dir: Path, out_dir: Path, version: str | None = None,
                    icon: Path | None = None, makensis: str | None = None) -> tuple[Path, str]:
    """Make ``out_dir/Taash-<version>-setup.exe``; return it and what makensis printed."""
    app_dir, out_dir = Path(app_dir).resolve(), Path(out_dir).resolve()
    if not app_dir.is_dir():
        raise PackageError(f"no one-folder build at {app_dir} (python3 -m PyInstaller build.spec)")
    program = app_program(app_dir)
    version = version or app_version()
    icon = Path(icon or DEFAULT_ICON).resolve()
    if not icon.is_file():
        raise PackageError(f"no icon at {icon}")
    makensis = makensis or find_makensis()
    if not makensis:
        raise PackageError("makensis not found: install NSIS (Debian: apt-get install nsis; "
                           "Windows: choco install nsis)")
    install, uninstall, size_kb = file_lists(app_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / installer_name(version)
    with tempfile.TemporaryDirectory(prefix="taash-nsis-") as tmp:
        files_nsh, unfiles_nsh = Path(tmp) / "files.nsh", Path(tmp) / "unfiles.nsh"
        app_nsh = Path(tmp) / "app.nsh"
        files_nsh.write_text(install, encoding="utf-8-sig")
        unfiles_nsh.write_text(uninstall, encoding="utf-8-sig")
        app_nsh.write_text(app_strings(), encoding="utf-8-sig")
        defines = {"VERSION": version, "VI_VERSION": four_part_version(version),
                   "APP_EXE": program, "ICON": str(icon), "OUT_FILE": str(out),
                   "FILES_NSH": str(files_nsh), "UNFILES_NSH": str(unfiles_nsh),
                   "APP_NSH": str(app_nsh),
                   "SIZE_KB": str(size_kb)}
        cmd = [makensis, "-V2", "-INPUTCHARSET", "UTF8"]
        cmd += [f"-D{key}={value}" for key, value in defines.items()]
        cmd.append(str(SCRIPT))
        run = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", errors="replace")
    printed = (run.stdout + run.stderr).strip()
    if run.returncode != 0 or not out.is_file():
        raise PackageError(f"makensis failed ({run.returncode}): {printed[-2000:]}")
    return out, printed


def add_arguments(parser) -> None:
    parser.add_argument("--app", required=True, help="the one-folder build (dist/Taash)")
    parser.add_argument("--out", required=True, help="folder for Taash-<version>-setup.exe")
    parser.add_argument("--version", help="default: game/__init__.py __version__")
    parser.add_argument("--icon", help="default: assets/icons/taash.ico")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        out, printed = build_installer(Path(args.app), Path(args.out), args.version, args.icon)
    except PackageError as exc:
        print(f"package nsis: {exc}", file=sys.stderr)
        return 1
    if printed:
        print(printed, file=sys.stderr)
    print(out)
    return 0
