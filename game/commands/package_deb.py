"""``main.py package deb --out DIR``: the Linux package ``DIR/taash_<version>_amd64.deb``.

Made from the one-folder PyInstaller build (:mod:`game.commands.app_build`; built first when
``dist/Taash`` is missing or stale, or taken from ``--app DIR``) with ``dpkg-deb`` alone, no
debhelper. Layout::

    /usr/lib/taash/                      the one-folder app (it bundles Python and its libraries)
    /usr/games/taash                     the launcher (a two-line shell script)
    /usr/share/applications/<APP_ID>.desktop        menu entry, named in bn, hi, es, pt
    /usr/share/icons/hicolor/<N>x<N>/apps/taash.png  assets/icons (tools/make_icons.py)
    /usr/share/metainfo/<APP_ID>.metainfo.xml       AppStream: software centres
    /usr/share/man/man6/taash.6.gz
    /usr/share/doc/taash/copyright, changelog.Debian.gz
    /usr/share/lintian/overrides/taash   each override with the reason it is there

The texts of the menu entry and the metainfo come from the locale files (``[package]``).
"""
from __future__ import annotations

import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from game.commands import app_build, deb_texts

ROOT = app_build.ROOT
PACKAGE = "taash"
ARCH = "amd64"
APP_ID = deb_texts.APP_ID
LIB_DIR = Path("usr/lib") / PACKAGE
LAUNCHER = Path("usr/games") / PACKAGE
DOC_DIR = Path("usr/share/doc") / PACKAGE
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
LANGS = ("bn", "hi", "es", "pt")          # translations besides English
#: files of the build that are not needed once installed (their licence is in copyright)
DROP_FROM_APP = ("_internal/assets/fonts/OFL.txt", "_internal/assets/fonts/README.md",
                 "_internal/assets/icons/taash.ico", "_internal/assets/icons/taash.icns",
                 *(f"_internal/assets/icons/hicolor/{n}x{n}" for n in ICON_SIZES if n != 64))


class PackageError(Exception):
    """The package cannot be made: the message says why."""


@dataclass
class Texts:
    """The installed app's name, generic name, comment, description per language."""
    by_lang: dict[str, dict[str, str]]

    @classmethod
    def load(cls) -> "Texts":
        by_lang = {}
        for lang in ("en",) + LANGS:
            with open(ROOT / "locales" / f"{lang}.toml", "rb") as f:
                data = tomllib.load(f)
            by_lang[lang] = {"name": data["app"]["title"], **data["package"],
                             "games": dict(data["games"])}
        return cls(by_lang)

    def get(self, lang: str, key: str) -> str:
        return self.by_lang[lang][key]


def deb_name(version: str) -> str:
    return f"{PACKAGE}_{version}_{ARCH}.deb"


def source_date() -> int:
    """SOURCE_DATE_EPOCH, else the last commit's time, else now (file times, changelog)."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                             capture_output=True, text=True, timeout=20)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return int(out.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return int(time.time())


# --------------------------------------------------------------------------- the files


def install_app(app_dir: Path, root: Path) -> Path:
    """Copy the one-folder build to /usr/lib/taash with Debian's permissions."""
    dest = root / LIB_DIR
    shutil.copytree(app_dir, dest, symlinks=True)
    for rel in DROP_FROM_APP:              # the window uses the 64 px icon only
        target = dest / rel
        if target.is_dir():
            shutil.rmtree(target)
        else:
            target.unlink(missing_ok=True)
    for path in dest.rglob("*"):
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path == dest / app_build.APP_NAME else 0o644)
    strip_libraries(dest)
    return dest


def is_elf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def strip_libraries(folder: Path) -> None:
    """Strip the shared libraries as dh_strip does. Not the program: PyInstaller appends its
    archive to it (build.spec strips it before that)."""
    strip = shutil.which("strip")
    if strip is None:
        raise PackageError("strip not found (apt-get install binutils)")
    libs = [str(p) for p in folder.rglob("*") if p.is_file() and not p.is_symlink()
            and p.name != app_build.APP_NAME and is_elf(p)]
    if libs:
        subprocess.run([strip, "--remove-section=.comment", "--remove-section=.note",
                        "--strip-unneeded", *libs], check=True)
    for path in [*libs, str(folder / app_build.APP_NAME)]:
        drop_runpath(Path(path))


DT_NULL, DT_RPATH, DT_RUNPATH = 0, 15, 29


def drop_runpath(path: Path) -> bool:
    """Remove DT_RPATH/DT_RUNPATH from a 64-bit little-endian ELF file, as ``chrpath -d``
    does: the later entries of the dynamic array move up, DT_NULL fills the end. The build
    machine's paths (a pyenv prefix, /usr/local/lib) mean nothing on the player's; the
    bundled libraries are found by the app's own loader. True if something was removed."""
    import struct
    with open(path, "r+b") as f:
        head = f.read(64)
        if head[:4] != b"\x7fELF" or head[4] != 2 or head[5] != 1:
            return False
        phoff, = struct.unpack_from("<Q", head, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
        for i in range(phnum):
            f.seek(phoff + i * phentsize)
            ptype, _, offset, _, _, filesz = struct.unpack("<IIQQQQ", f.read(40))
            if ptype != 2:                      # PT_DYNAMIC
                continue
            f.seek(offset)
            raw = f.read(filesz)
            entries = [raw[j:j + 16] for j in range(0, len(raw) - 15, 16)]
            kept = [e for e in entries if struct.unpack_from("<q", e)[0] not in (DT_RPATH, DT_RUNPATH)]
            if len(kept) == len(entries):
                return False
            kept += [struct.pack("<qQ", DT_NULL, 0)] * (len(entries) - len(kept))
            f.seek(offset)
            f.write(b"".join(kept))
            return True
    return False


def install_launcher(root: Path) -> None:
    path = root / LAUNCHER
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'#!/bin/sh\nexec /{LIB_DIR}/{app_build.APP_NAME} "$@"\n')
    path.chmod(0o755)


def write(root: Path, rel: Path | str, data: str | bytes, mode: int = 0o644) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    path.chmod(mode)
    return path


def gzip_bytes(data: bytes, mtime: int) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=mtime, filename="") as f:
        f.write(data)
    return buf.getvalue()


def install_icons(root: Path) -> None:
    for n in ICON_SIZES:
        src = ROOT / "assets" / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "taash.png"
        write(root, f"usr/share/icons/hicolor/{n}x{n}/apps/{PACKAGE}.png", src.read_bytes())


def desktop_entry(texts: Texts) -> str:
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4"]

    def localized(field: str, key: str) -> None:
        lines.append(f"{field}={texts.get('en', key)}")
        lines.extend(f"{field}[{lang}]={texts.get(lang, key)}" for lang in LANGS)

    localized("Name", "name")
    localized("GenericName", "generic_name")
    localized("Comment", "comment")
    games = [texts.get("en", "generic_name")] + list(texts.get("en", "games").values())
    lines.append("Keywords=" + ";".join(games) + ";")
    for lang in LANGS:
        words = [texts.get(lang, "generic_name")] + list(texts.get(lang, "games").values())
        lines.append(f"Keywords[{lang}]=" + ";".join(words) + ";")
    lines += [f"Exec=/{LAUNCHER}", f"Icon={PACKAGE}", "Terminal=false",
              "Categories=Game;CardGame;", f"StartupWMClass={app_build.APP_NAME}", ""]
    return "\n".join(lines)


def metainfo(texts: Texts, version: str, date: str) -> str:
    lang_attr = "{http://www.w3.org/XML/1998/namespace}lang"
    c = ET.Element("component", type="desktop-application")

    def sub(parent, tag, text=None, **attrs):
        el = ET.SubElement(parent, tag, attrs)
        if text is not None:
            el.text = text
        return el

    def localized(parent, tag, key):
        sub(parent, tag, texts.get("en", key))
        for lang in LANGS:
            sub(parent, tag, texts.get(lang, key), **{lang_attr: lang})

    sub(c, "id", APP_ID)
    sub(c, "metadata_license", "CC0-1.0")
    sub(c, "project_license", deb_texts.PROJECT_LICENSE_SPDX)
    localized(c, "name", "name")
    localized(c, "summary", "comment")
    desc = sub(c, "description")
    localized(desc, "p", "description")
    sub(c, "launchable", f"{APP_ID}.desktop", type="desktop-id")
    sub(c, "url", deb_texts.HOMEPAGE, type="homepage")
    sub(c, "developer_name", deb_texts.DEVELOPER)
    shots = sub(c, "screenshots")
    for i, (file, caption_key) in enumerate(deb_texts.SCREENSHOTS):
        shot = sub(shots, "screenshot", **({"type": "default"} if i == 0 else {}))
        lang, key = caption_key
        sub(shot, "caption", texts.get("en", key) if lang == "generic" else texts.get(lang, "games")[key])
        sub(shot, "image", deb_texts.screenshot_url(file), type="source")
    sub(c, "content_rating", type="oars-1.1")
    provides = sub(c, "provides")
    sub(provides, "binary", PACKAGE)
    languages = sub(c, "languages")
    for lang in ("en",) + LANGS:
        sub(languages, "lang", lang)
    supports = sub(c, "supports")
    sub(supports, "control", "pointing")
    sub(supports, "control", "keyboard")
    releases = sub(c, "releases")
    sub(releases, "release", version=version, date=date)
    ET.indent(c, "  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(c, encoding="unicode") + "\n"


def man_page(texts: Texts, version: str, date: str) -> str:
    return "\n".join([
        f'.TH TAASH 6 "{date}" "Taash {version}" "Games"',
        ".SH NAME", f"taash \\- {texts.get('en', 'comment')}",
        ".SH SYNOPSIS", ".B taash", "[\\fB\\-\\-selftest\\fR] [\\fICOMMAND\\fR ...]",
        ".SH DESCRIPTION", texts.get("en", "description"),
        ".PP", "Without arguments the game window opens. "
        "\\fBtaash \\-\\-help\\fR lists the commands (replay, arena, bench, screenshot, fuzz).",
        ".SH OPTIONS", ".TP", ".B \\-\\-selftest",
        "Open every scene headless and play a bot-only deal of each game; exit 0 if all is well.",
        ".TP", ".B \\-\\-version", "Print the version and exit.",
        ".SH FILES", "Settings and saved matches live in ~/.local/share/Taash/Taash/ "
        "(\\fBTAASH_HOME\\fR overrides it).",
        ".SH ENVIRONMENT", ".TP", ".B LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
        "On the first start the game speaks the first of Bangla, Hindi, Spanish, Portuguese "
        "or English these name (else English).", ""])


def changelog(version: str, when: int) -> str:
    stamp = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(when))
    return (f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
            f"  * Taash {version}, packaged from the one-folder build.\n\n"
            f" -- {deb_texts.MAINTAINER}  {stamp}\n")


def install_metadata(root: Path, texts: Texts, version: str, when: int) -> None:
    """Copyright, changelog, man page, menu entry, AppStream metainfo, lintian overrides."""
    date = time.strftime("%Y-%m-%d", time.gmtime(when))
    write(root, DOC_DIR / "copyright", deb_texts.copyright_file(version))
    # a native package (no Debian revision): changelog.gz, not changelog.Debian.gz
    write(root, DOC_DIR / "changelog.gz", gzip_bytes(changelog(version, when).encode(), when))
    write(root, "usr/share/man/man6/taash.6.gz", gzip_bytes(man_page(texts, version, date).encode(), when))
    write(root, f"usr/share/applications/{APP_ID}.desktop", desktop_entry(texts))
    write(root, f"usr/share/metainfo/{APP_ID}.metainfo.xml", metainfo(texts, version, date))
    write(root, f"usr/share/lintian/overrides/{PACKAGE}", deb_texts.LINTIAN_OVERRIDES)


# --------------------------------------------------------------------------- control


def glibc_needed(folder: Path) -> str:
    """The newest GLIBC_x.y symbol version any ELF file under ``folder`` asks for."""
    objdump = shutil.which("objdump")
    if objdump is None:
        raise PackageError("objdump not found (apt-get install binutils)")
    files = [str(p) for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p)]
    out = subprocess.run([objdump, "-T", *files], capture_output=True, text=True).stdout
    versions = {tuple(int(x) for x in m.split(".")) for m in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out)}
    if not versions:
        raise PackageError("no GLIBC symbol versions found: is this a Linux build?")
    return ".".join(map(str, max(versions)))


def installed_size_kib(root: Path) -> int:
    total = 0
    for p in root.rglob("*"):
        if p.is_symlink() or p.is_file():
            total += (p.lstat().st_size + 1023) // 1024
        elif p.is_dir():
            total += 1
    return total


def control_file(version: str, glibc: str, size_kib: int, texts: Texts) -> str:
    desc = texts.get("en", "description")
    wrapped, line = [], ""
    for word in desc.split():
        if len(line) + len(word) + 1 > 78:
            wrapped.append(" " + line)
            line = word
        else:
            line = f"{line} {word}".strip()
    wrapped.append(" " + line)
    return "\n".join([
        f"Package: {PACKAGE}",
        f"Version: {version}",
        f"Architecture: {ARCH}",
        f"Maintainer: {deb_texts.MAINTAINER}",
        f"Installed-Size: {size_kib}",
        # the build bundles Python, SDL and their libraries; SDL opens X11 itself
        f"Depends: libc6 (>= {glibc}), libx11-6, libxext6",
        "Recommends: libasound2 | libasound2t64 | libpulse0, libxcursor1, libxi6, libxrandr2",
        "Section: games",
        "Priority: optional",
        f"Homepage: {deb_texts.HOMEPAGE}",
        f"Description: {texts.get('en', 'comment')}",
        *wrapped, ""])


def build_deb(app_dir: Path, out_dir: Path, version: str | None = None) -> Path:
    """Write ``out_dir/taash_<version>_amd64.deb`` from the one-folder build ``app_dir``."""
    from game import __version__
    version = version or __version__
    dpkg_deb = shutil.which("dpkg-deb")
    if dpkg_deb is None:
        raise PackageError("dpkg-deb not found (apt-get install dpkg)")
    texts = Texts.load()
    when = source_date()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="taash-deb-") as tmp:
        root = Path(tmp) / "root"
        root.mkdir(mode=0o755)
        lib = install_app(Path(app_dir), root)
        install_launcher(root)
        install_icons(root)
        install_metadata(root, texts, version, when)
        control = control_file(version, glibc_needed(lib), installed_size_kib(root), texts)
        write(root, "DEBIAN/control", control)
        for path in [root, *root.rglob("*")]:
            if path.is_dir():
                path.chmod(0o755)
            if not path.is_symlink():
                os.utime(path, (when, when))
        target = out_dir / deb_name(version)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(when))
        run = subprocess.run([dpkg_deb, "--root-owner-group", "-Zxz", "--build",
                              str(root), str(target)], capture_output=True, text=True, env=env)
        if run.returncode != 0:
            raise PackageError("dpkg-deb failed: " + run.stderr.strip())
    return target


# --------------------------------------------------------------------------- the command


def add_arguments(parser) -> None:
    parser.add_argument("--out", required=True, type=Path, help="folder to write the .deb into")
    parser.add_argument("--app", type=Path,
                        help="the one-folder build to package (default: dist/Taash, built if stale)")
    parser.add_argument("--version", help="the package version (default: game.__version__)")
    parser.set_defaults(func=run)


def run(args) -> int:
    try:
        app = app_build.ensure_app(args.app)
        deb = build_deb(app, args.out, args.version)
    except (app_build.BuildError, PackageError, OSError, subprocess.CalledProcessError) as exc:
        print(f"package deb: {exc}", file=sys.stderr)
        return 1
    print(f"{deb} ({deb.stat().st_size / 1e6:.1f} MB)")
    return 0


