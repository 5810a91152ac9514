"""The Windows installer: ``main.py package nsis`` builds it with makensis around the Linux
one-folder build (a stand-in payload: the Windows build can only be made on Windows), and where
wine is present a silent install and uninstall leave the expected shortcuts and registry
entries and, afterwards, nothing but the player's saves."""
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands import package_nsis

ROOT = Path(__file__).resolve().parent.parent
UNINST_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Taash"
NICE = ["nice", "-n", "10"] if shutil.which("nice") else []


def stand_in_icon(path: Path) -> Path:
    """A one-colour 32x32 icon, for a tree where assets/icons/taash.ico is not there yet."""
    size = 32
    pixels = bytes([0x30, 0x80, 0x20, 0xFF]) * size * size          # BGRA, bottom-up
    mask = bytes(size * 4)                                          # AND mask: all opaque
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, len(pixels) + len(mask),
                         0, 0, 0, 0)
    image = header + pixels + mask
    path.write_bytes(struct.pack("<HHH", 0, 1, 1)
                     + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16)
                     + image)
    return path


def app_version() -> str:
    import game
    return getattr(game, "__version__", None) or "0.0.1"


@pytest.fixture(scope="module")
def payload(request):
    """The Linux one-folder build, conftest's session fixture ``one_folder_app`` (made once,
    shared with test_build and the .deb's tests; it comes with the branch ``deb``)."""
    try:
        return request.getfixturevalue("one_folder_app")
    except pytest.FixtureLookupError:
        pytest.skip("no session build fixture one_folder_app in conftest.py (branch deb)")


@pytest.fixture(scope="module")
def installer(payload, tmp_path_factory):
    if not package_nsis.find_makensis():
        pytest.skip("makensis not installed (Debian: apt-get install nsis)")
    work = tmp_path_factory.mktemp("nsis")
    cmd = [sys.executable, str(ROOT / "main.py"), "package", "nsis", "--app", str(payload),
           "--out", str(work / "out")]          # the release workflow's command
    if not package_nsis.DEFAULT_ICON.is_file():      # assets/icons/taash.ico comes with branch deb
        cmd += ["--icon", str(stand_in_icon(work / "stand-in.ico"))]
    import game
    if not getattr(game, "__version__", None):
        cmd += ["--version", app_version()]
    done = subprocess.run(NICE + cmd, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return Path(done.stdout.strip().splitlines()[-1]), done.stderr


def test_makensis_builds_a_windows_program(installer):
    exe, printed = installer
    assert exe.name == f"Taash-{app_version()}-setup.exe"
    data = exe.read_bytes()
    assert data[:2] == b"MZ"
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[pe:pe + 4] == b"PE\0\0"
    assert "warning" not in printed.lower(), printed


def test_file_lists_remove_exactly_what_they_install(tmp_path):
    app = tmp_path / "Taash"
    (app / "_internal" / "assets" / "fonts").mkdir(parents=True)
    (app / "_internal" / "empty").mkdir()
    (app / "Taash.exe").write_bytes(b"MZ" + bytes(3000))
    (app / "_internal" / "assets" / "fonts" / "a$b.ttf").write_bytes(b"f")
    install, uninstall, size_kb = package_nsis.file_lists(app)
    assert f'File "{app / "Taash.exe"}"' in install
    assert 'SetOutPath "$INSTDIR\\_internal\\assets\\fonts"' in install
    deletes = [line for line in uninstall.splitlines() if line.startswith("Delete")]
    assert deletes == ['Delete "$INSTDIR\\Taash.exe"',
                       'Delete "$INSTDIR\\_internal\\assets\\fonts\\a$$b.ttf"']
    rmdirs = [line for line in uninstall.splitlines() if line.startswith("RMDir")]
    assert rmdirs[0] == 'RMDir "$INSTDIR\\_internal\\assets\\fonts"'    # deepest first
    assert rmdirs[-1] == 'RMDir "$INSTDIR\\_internal"'
    assert not any("/r" in line for line in rmdirs)                     # never recursive
    assert size_kb == 3


def test_version_resource_takes_four_numbers():
    assert package_nsis.four_part_version("1.0.0") == "1.0.0.0"
    assert package_nsis.four_part_version("2.1.3rc1") == "2.1.3.0"
    assert package_nsis.four_part_version("7") == "7.0.0.0"


# ---- a silent install and uninstall under wine ---------------------------------------------

def find_wine() -> str | None:
    for name in ("wine", "wine64"):
        if shutil.which(name):
            return shutil.which(name)
    return "/usr/lib/wine/wine64" if os.access("/usr/lib/wine/wine64", os.X_OK) else None


def wine_env(prefix: Path, home: Path) -> dict:
    return dict(os.environ, WINEPREFIX=str(prefix), HOME=str(home), WINEDEBUG="-all",
                WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d", DISPLAY="")


def tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
            for p in folder.rglob("*")}


def without_temp(files: dict) -> dict:
    return {path: data for path, data in files.items()
            if Path(path).parts[:1] != ("Temp",)
            and Path(path).parts[:3] != ("AppData", "Local", "Temp")}


def test_silent_install_and_uninstall_under_wine(installer, tmp_path):
    wine = find_wine()
    if not wine:
        pytest.skip("wine not installed (Debian: apt-get install wine wine32:i386)")
    exe, _ = installer
    prefix, home = tmp_path / "prefix", tmp_path / "home"
    home.mkdir()
    env = wine_env(prefix, home)

    def run(*args, timeout=300):
        return subprocess.run(NICE + [wine, *args], env=env, capture_output=True, text=True,
                              timeout=timeout)

    run("wineboot", "--init", timeout=600)
    subprocess.run(["wineserver", "-w"], env=env, timeout=300, check=False)
    windows = prefix / "drive_c" / "windows"
    system32 = windows / ("syswow64" if (windows / "syswow64").exists() else "system32")
    if not (system32 / "kernel32.dll").is_file():
        pytest.skip("this wine runs no 32-bit programs (the NSIS installer is one): install wine32")
    users = [u for u in (prefix / "drive_c" / "users").iterdir() if u.name != "Public"]
    user = users[0]
    # the desktop is a link into $HOME in a new prefix: make it a folder of the prefix's own
    desktop = user / "Desktop"
    if desktop.is_symlink():
        desktop.unlink()
        desktop.mkdir()

    # the player's saves, where SDL's pref path puts them on Windows (%APPDATA%\Taash\Taash)
    saves = user / "AppData" / "Roaming" / "Taash" / "Taash"
    (saves / "saves").mkdir(parents=True)
    (saves / "settings.toml").write_text('language = "bn"\n', encoding="utf-8")
    (saves / "autosave.toml").write_text("# a match in progress\n", encoding="utf-8")
    (saves / "saves" / "evening.toml").write_text("# a named save\n", encoding="utf-8")
    before = tree(user)

    done = run(str(exe), "/S")
    subprocess.run(["wineserver", "-w"], env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    install_dir = user / "AppData" / "Local" / "Programs" / "Taash"
    program = package_nsis.app_program(install_dir)
    assert (install_dir / "Uninstall Taash.exe").is_file()
    start_menu = user / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs"
    assert (start_menu / "Taash.lnk").is_file()
    assert (desktop / "Taash.lnk").is_file()
    key = run("reg", "query", UNINST_KEY).stdout
    values = {parts[0]: parts[-1] for parts in (line.split(None, 2) for line in key.splitlines())
              if len(parts) == 3 and parts[1].startswith("REG_")}
    assert values["DisplayName"] == "Taash"
    assert values["DisplayVersion"] == app_version()
    assert values["Publisher"]
    assert values["DisplayIcon"].endswith(program + ",0")
    assert values["InstallLocation"].endswith(r"\AppData\Local\Programs\Taash")
    assert values["UninstallString"].endswith(r'\Uninstall Taash.exe"')
    assert values["QuietUninstallString"].endswith(r'\Uninstall Taash.exe" /S')
    assert int(values["EstimatedSize"], 16) > 1000
    assert int(values["NoModify"], 16) == int(values["NoRepair"], 16) == 1

    done = run(str(install_dir / "Uninstall Taash.exe"), "/S")
    subprocess.run(["wineserver", "-w"], env=env, timeout=300, check=False)   # it re-runs from Temp
    assert done.returncode == 0, done.stderr[-2000:]
    assert not install_dir.exists()
    assert run("reg", "query", UNINST_KEY).returncode != 0
    # the saves as they were, and nothing else: but temporary files, and the per-user Programs
    # folder, Windows' own, which every per-user app shares (the installer made it here)
    after = without_temp(tree(user))
    after.pop(str(Path("AppData", "Local", "Programs")), None)
    assert after == without_temp(before)


# ---- the installer's languages ---------------------------------------------------------------

WINDOWS = ROOT / "packaging" / "windows"
SCRIPTS = {"BANGLA": "\u0980-\u09ff", "HINDI": "\u0900-\u097f"}


def lang_strings() -> dict:
    import re
    found: dict = {}
    for name, lang, text in re.findall(r'^LangString (\w+) \$\{LANG_(\w+)\}\s+"(.*)"$',
                                       (WINDOWS / "strings.nsh").read_text(encoding="utf-8-sig"),
                                       re.M):
        found.setdefault(name, {})[lang] = text
    return found


def test_installer_strings_speak_the_games_languages():
    import re
    strings = lang_strings()
    assert set(strings) == {"SEC_GAME_DESC", "SEC_DESKTOP_NAME", "SEC_DESKTOP_DESC", "UN_KEEPS_SAVES"}
    for name, texts in strings.items():
        assert set(texts) == set(package_nsis.LANGUAGES.values()), name
        assert not re.search(r"[0-9]", "".join(texts.values())), name
        for lang, letters in SCRIPTS.items():
            assert re.search(f"[{letters}]", texts[lang]), (name, lang)
        assert len(set(texts.values())) == len(texts), name       # each language its own words


def test_the_games_name_and_tagline_come_from_its_locales(tmp_path):
    lines = package_nsis.app_strings().splitlines()
    assert 'LangString APP_TITLE ${LANG_BANGLA} "তাস"' in lines
    assert 'LangString APP_TITLE ${LANG_HINDI} "ताश"' in lines
    assert len(lines) == len(package_nsis.APP_STRINGS) * len(package_nsis.LANGUAGES)
    for lang in package_nsis.LANGUAGES:                   # NSIS's escapes for $ and "
        (tmp_path / f"{lang}.toml").write_text(
            '[app]\ntitle = "A \\"b\\" $c"\n[menu_extra]\ntagline = "t"\n', encoding="utf-8")
    assert package_nsis.app_strings(tmp_path).splitlines()[0] == \
        'LangString APP_TITLE ${LANG_ENGLISH} "A $\\"b$\\" $$c"'


def nlf_entries(path: Path) -> dict:
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return {line[3:]: lines[i + 1] for i, line in enumerate(lines) if line.startswith("# ^")}


def test_bangla_language_file_has_every_nsis_string_in_bangla():
    import re
    bangla = nlf_entries(WINDOWS / "lang" / "Bangla.nlf")
    english = Path("/usr/share/nsis/Contrib/Language files/English.nlf")
    if english.is_file():                              # the same strings, in NSIS's own order
        assert list(bangla) == list(nlf_entries(english))
    symbols = {"Branding", "ExecShell", "UnDirSubText", "Byte", "Kilo", "Mega", "Giga"}
    for name, text in bangla.items():
        if name not in symbols:
            assert re.search("[\u0980-\u09ff]", text), name
    mui = (WINDOWS / "lang" / "Bangla.nsh").read_text(encoding="utf-8-sig")
    for name, text in re.findall(r'\$\{LangFileString\} (\w+) "(.*)"', mui):
        assert re.search("[\u0980-\u09ff]", text), name
