"""build.spec as PyInstaller reads it on each system, with PyInstaller's classes recorded
instead of run: on macOS it adds Taash.app (BUNDLE) with the icon, the bundle id, Info.plist
and the name in each language; on Linux nothing of that."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Built:
    """What a recorded class returns: any attribute (a.pure, a.datas, ...) is an empty list."""

    def __getattr__(self, name):
        return []


class Recorder:
    def __init__(self, kind, calls):
        self.kind, self.calls = kind, calls

    def __call__(self, *args, **kwargs):
        self.calls.setdefault(self.kind, []).append(kwargs)
        return Built()


def read_spec(monkeypatch, tmp_path, platform: str) -> dict:
    monkeypatch.setattr(sys, "platform", platform)
    calls: dict = {}
    namespace = {name: Recorder(name, calls) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(ROOT), workpath=str(tmp_path), __file__=str(ROOT / "build.spec"))
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"), namespace)
    return calls


def test_linux_build_has_no_bundle(monkeypatch, tmp_path):
    calls = read_spec(monkeypatch, tmp_path, "linux")
    assert "BUNDLE" not in calls
    assert calls["EXE"][0]["icon"] is None
    assert not any("lproj" in dest for _src, dest in calls["Analysis"][0]["datas"])


def test_macos_build_makes_a_localized_app(monkeypatch, tmp_path):
    calls = read_spec(monkeypatch, tmp_path, "darwin")
    bundle = calls["BUNDLE"][0]
    assert bundle["name"] == "Taash.app"
    assert bundle["bundle_identifier"] == "io.github.taash.Taash"
    plist = bundle["info_plist"]
    assert set(plist["CFBundleLocalizations"]) == {"bn", "hi", "es", "en", "pt"}
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSMinimumSystemVersion"] and plist["CFBundleDisplayName"] == "Taash"
    import game
    assert bundle["version"] == getattr(game, "__version__", None)
    if (ROOT / "assets" / "icons" / "taash.icns").is_file():
        assert bundle["icon"].endswith("taash.icns")
    strings = {dest: Path(src).read_text(encoding="utf-8")
               for src, dest in calls["Analysis"][0]["datas"] if dest.endswith(".lproj")}
    assert set(strings) == {f"{lang}.lproj" for lang in plist["CFBundleLocalizations"]}
    assert 'CFBundleDisplayName = "তাস";' in strings["bn.lproj"]
    assert 'CFBundleName = "ताश";' in strings["hi.lproj"]


@pytest.mark.parametrize("platform, icon", [("win32", "taash.ico"), ("darwin", "taash.icns")])
def test_program_carries_the_icon(monkeypatch, tmp_path, platform, icon):
    calls = read_spec(monkeypatch, tmp_path, platform)
    if not (ROOT / "assets" / "icons" / icon).is_file():
        assert calls["EXE"][0]["icon"] is None      # an icon not there yet is left out, not an error
    else:
        assert calls["EXE"][0]["icon"].endswith(icon)
