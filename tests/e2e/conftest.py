"""End-to-end fixtures: the built site (dist/), served by build.py's own server, in a
real Chromium driven by Playwright.  The real Pyodide, NumPy and SciPy run in the page.

`python build.py test` builds dist/ and installs Chromium first; run alone, these
tests build dist/ if it is missing and skip only when no Chromium can be found."""
import json
import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

BOOT_TIMEOUT_MS = 180_000


def cannot_run(why: str):
    """A browser test that cannot run: skipped when run by hand without a browser, but
    a failure under `python build.py test` (and so in CI), which sets
    PYSOLVER_E2E_REQUIRED: a suite must not be green without its browser tests."""
    if os.environ.get("PYSOLVER_E2E_REQUIRED"):
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


@pytest.fixture(scope="session")
def site():
    if not (build.DIST / "index.html").is_file():
        build.build(quiet=True)
    return build.DIST


class Server:
    """build.py's server in a thread, stoppable (the offline test stops it)."""

    def __init__(self, directory=None):
        self.httpd = build.make_server(0, directory=directory or build.DIST)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(site):
    srv = Server()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(site):
    srv = Server()
    yield srv
    try:
        srv.stop()
    except OSError:
        pass


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        cannot_run("playwright is not installed (python build.py test installs it)")
    exe = build.find_chromium()
    pw = sync_playwright().start()
    try:
        kwargs = {"args": build.CHROMIUM_FLAGS}
        if exe:
            kwargs["executable_path"] = exe
        try:
            b = pw.chromium.launch(**kwargs)
        except Exception as exc:  # noqa: BLE001
            cannot_run(f"no Chromium to run the browser tests: {exc}")
        yield b
        b.close()
    finally:
        pw.stop()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1000, "height": 760})
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    yield ctx
    ctx.close()


def open_app(context, url, errors=None):
    page = context.new_page()
    errs = [] if errors is None else errors
    page.on("pageerror", lambda e: errs.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.app !== undefined")
    return page


def unsolved(path):
    """A puzzle file's JSON without its solution, as a player receives a puzzle."""
    data = json.loads(Path(path).read_text())
    data.pop("solution", None)
    return data


def open_puzzle(context, server, data):
    """The app with ``data`` (puzzle JSON) opened from its share link."""
    import pysolver.api as api
    page = open_app(context, server.url + "#" + api.link(data))
    page.wait_for_function("app.state().puzzle !== null")
    return page


def wait_ready(page):
    page.evaluate("app.ready")
    return page
