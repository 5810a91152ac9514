"""A real headless browser for the phone tests: Debian's chromium driven by selenium
(chromium-driver). :func:`browser_missing` says why a test must skip."""
from __future__ import annotations

import shutil
import tempfile

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver",)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--hide-scrollbars", "--mute-audio")


def _first(paths) -> str | None:
    for p in paths:
        if shutil.which(p):
            return p
    return None


def browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if _first(CHROMIUM) is None or _first(DRIVER) is None:
        return "Debian's chromium and chromium-driver are not installed"
    return None


class Phone:
    """One headless Chromium sized like a phone (CSS pixels), with a fresh profile."""

    def __init__(self, width: int = 360, height: int = 740, lang: str = "en") -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        self.profile = tempfile.mkdtemp(prefix="taash-chromium-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = _first(CHROMIUM)
        for flag in FLAGS:
            opts.add_argument(flag)
        opts.add_argument(f"--user-data-dir={self.profile}")
        opts.add_argument(f"--window-size={width},{height}")
        opts.add_argument(f"--lang={lang}")
        opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
        self.driver = webdriver.Chrome(service=Service(_first(DRIVER)), options=opts)
        self.driver.set_page_load_timeout(20)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})

    def resize(self, width: int, height: int) -> None:
        """Turn the phone (or change it): the page lays itself out again."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        self.js("window.dispatchEvent(new Event('resize'))")

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def screenshot(self, path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
