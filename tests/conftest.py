"""Test-wide setup: every test runs headless and deterministic."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tools/_headless.py: SDL without a screen or sound, and the project on the import path (the
# render scripts in tools/ share it, so a test that loads one of them by path finds it too)
if str(ROOT / "tools") not in sys.path:
    sys.path.append(str(ROOT / "tools"))
import _headless  # noqa: E402,F401

# the first-start language must not depend on the machine running the tests
os.environ.setdefault("TAASH_SYSTEM_LANGUAGE", "en")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_locale_problems_from_other_tests():
    """A test that damages a locale file leaves the i18n module a problem to tell;
    the next test's app must not inherit that notice."""
    from game import i18n
    i18n.take_load_problems()
    yield
    i18n.take_load_problems()


@pytest.fixture
def app(tmp_path):
    """The game's app, headless, with its settings in this test's own folder: cards move
    at once and no sound plays. The language is English again afterwards."""
    from game import i18n
    from game.app import App
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    yield app
    i18n.set_language("en")


@pytest.fixture(scope="session")
def one_folder_app(tmp_path_factory):
    """The one-folder PyInstaller build (build.spec), made once per test session and shared
    by the tests of the build and of the packages made from it."""
    pytest.importorskip("PyInstaller")
    from game.commands.app_build import BuildError, build_app
    base = tmp_path_factory.mktemp("pyinstaller")
    try:
        app = build_app(base / "dist", base / "build")
    except BuildError as exc:
        pytest.fail(str(exc))
    import shutil
    shutil.rmtree(base / "build", ignore_errors=True)
    return app


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``--dist loadgroup``, as tools/dev.py runs it) the tests of the
    one-folder build share one worker, so the build is made once, not once per worker."""
    for item in items:
        if "one_folder_app" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("one_folder_app"))
