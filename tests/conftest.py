"""Test-wide setup: every test runs headless and deterministic."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the first-start language must not depend on the machine running the tests
os.environ.setdefault("TAASH_SYSTEM_LANGUAGE", "en")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_locale_problems_from_other_tests():
    """A test that damages a locale file leaves the i18n module a problem to tell;
    the next test's app must not inherit that notice."""
    from game import i18n
    i18n.take_load_problems()
    yield
    i18n.take_load_problems()
