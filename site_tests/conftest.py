"""The built book, served on 127.0.0.1 and opened in headless Chromium.

Run with ``make test-browser`` (``make test`` calls it after the strict build). The
browser is Debian's ``chromium`` package, driven by Playwright; set ``CHROMIUM`` to use
another Chromium binary. Nothing leaves the machine: every request to another host is
blocked and recorded, so the tests also prove that the book works offline.
"""

import functools
import http.server
import os
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
# BOOK_HTML tests a book built elsewhere; the screenshots go next to it.
HTML = Path(os.environ.get("BOOK_HTML", ROOT / "_build" / "html")).resolve()
SHOTS = HTML.parent / "screenshots"
DESKTOP = {"width": 1300, "height": 900}
PHONE = {"width": 390, "height": 844}


def html_pages() -> list[str]:
    """Every page of the built book, as paths relative to _build/html."""
    if not (HTML / "index.html").exists():
        return []
    skip = {"_static", "_sources", "_images", "_sphinx_design_static", "_panels_static"}
    skip.add("slides")  # the lecture decks: site_tests/test_slides.py
    return sorted(
        str(p.relative_to(HTML))
        for p in HTML.rglob("*.html")
        if not skip & set(p.relative_to(HTML).parts)
    )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # keep the test output readable
        pass


@pytest.fixture(scope="session")
def base_url():
    if not (HTML / "index.html").exists():
        pytest.fail("no built book in _build/html: run `make book` first")
    handler = functools.partial(_QuietHandler, directory=str(HTML))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if executable is None:
        pytest.fail(
            "Chromium not found: install Debian's package (apt-get install chromium), "
            "which `make test-browser` does, or set CHROMIUM=/path/to/chromium"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


@dataclass
class Visit:
    """What one page did while it loaded in the browser."""

    path: str
    status: int | None = None
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)


def open_page(browser, base_url, path, *, viewport=DESKTOP, color_scheme="light"):
    """Open ``path`` in a fresh context; return (context, page, visit)."""
    context = browser.new_context(viewport=viewport, color_scheme=color_scheme)
    page = context.new_page()
    visit = Visit(path)
    host = urlparse(base_url).netloc

    def route(route):
        url = route.request.url
        if urlparse(url).netloc in (host, "") or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            visit.external_requests.append(url)
            route.abort()

    page.route("**/*", route)
    page.on(
        "console",
        lambda msg: visit.console_errors.append(msg.text) if msg.type == "error" else None,
    )
    page.on("pageerror", lambda err: visit.page_errors.append(str(err)))
    page.on(
        "requestfailed",
        lambda req: (
            visit.failed_requests.append(req.url)
            if urlparse(req.url).netloc == host
            else None
        ),
    )
    if color_scheme == "dark":  # the theme reads its mode from localStorage
        page.add_init_script("localStorage.setItem('mode', 'dark')")
    response = page.goto(f"{base_url}/{path}", wait_until="load")
    visit.status = response.status if response else None
    if 'http-equiv="Refresh"' in (HTML / path.split("?")[0]).read_text(encoding="utf-8"):
        page.wait_for_url(lambda url: not url.endswith("/" + path), timeout=10_000)
        page.wait_for_load_state("load")
    wait_for_maths(page)
    return context, page, visit


def wait_for_maths(page):
    """Wait until MathJax, if the page loads it, has typeset everything."""
    page.evaluate(
        """async () => {
            if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
                await MathJax.startup.promise;
            }
        }"""
    )
