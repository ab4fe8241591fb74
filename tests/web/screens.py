"""Screenshots of the site's pages for people to look at (CI keeps them as
artifacts) and the check that a page fits a phone: at 390 px nothing is wider than
the screen, except tables inside ``.table-wrap``, which scroll in their own box."""

from __future__ import annotations

import re
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP = 1280
PHONE = 390
TALLEST = 6000  # a very long page is cut here (the top is what a reader sees first)


def _full_height(browser, width: int) -> None:
    browser.set_window_size(width, 900)
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(width, min(max(int(height) + 140, 600), TALLEST))


def overflow(browser) -> int:
    """How many pixels the page is wider than the window (0 when it fits)."""
    return browser.execute_script(
        "return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)"
    )


def shoot(browser, name: str) -> None:
    """Save the page now open at 1280 px and at 390 px wide as
    ``artifacts/screenshots/<name>-1280.png`` and ``-390.png``, and fail if it
    overflows a 390 px screen. Leaves the window at desktop size."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
    for width in (DESKTOP, PHONE):
        _full_height(browser, width)
        if width == PHONE:
            extra = overflow(browser)
            assert extra <= 1, f"{name} is {extra}px wider than a {PHONE}px screen"
        browser.save_screenshot(str(SCREENSHOTS / f"{slug}-{width}.png"))
    browser.set_window_size(DESKTOP, 900)
