"""End-to-end fixtures: the built site (dist/), served by build.py's own server, in a
real Chromium driven by Playwright.  The real Pyodide, NumPy and SciPy run in the page.

`python build.py test` builds dist/ and installs Chromium first; run alone, these
tests build dist/ if it is missing and skip only when no Chromium can be found.

Plain helpers the tests share (opening the app, a puzzle, pointer input on the board,
a PNG written by hand) are in helpers.py, and the board's pixels in board_pixels.py."""
import os

import pytest

from helpers import Server, build, keep_python_start, read_kept_python_start

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


@pytest.fixture(scope="session")
def server(site, browser):
    srv = Server()
    browser.keep_python_start_at(srv)
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


class CspBypassingBrowser:
    """The browser, whose contexts bypass the page's Content-Security-Policy unless told
    otherwise: Playwright's wait_for_function evaluates its predicate from a string in
    the page, which the CSP rightly forbids.  test_audits.py checks the page under its
    CSP with bypass_csp=False.

    Their service workers are blocked, unless a test asks for them with
    service_workers="allow": the precache of the whole site (38 MB) in every test's new
    context is work the test does not look at (20 tests of two files: 89 s with it, 76 s
    without), and what it does is tested on its own (test_shell.py: offline use, a new
    version; test_audits.py: the CSP).

    Its contexts also find Python's start kept for the session server's origin, as on a
    return visit (the worker keeps it on a first visit): each test then restores Python
    instead of starting it, 3.5 s of the 5 a test took to be ready.  A test of the first
    visit asks for a context with kept_python_start=False; one on another server (the
    offline tests) finds nothing kept there anyway."""

    def __init__(self, browser):
        self._browser = browser
        self._kept = None  # (server, read_kept_python_start's answer)

    def keep_python_start_at(self, server):
        ctx = self.new_context(kept_python_start=False)
        ctx.set_default_timeout(BOOT_TIMEOUT_MS)
        try:
            self._kept = (server, read_kept_python_start(ctx, server.url))
        finally:
            ctx.close()

    def new_context(self, kept_python_start=True, **options):
        options.setdefault("bypass_csp", True)
        options.setdefault("service_workers", "block")
        ctx = self._browser.new_context(**options)
        if kept_python_start and self._kept:
            keep_python_start(ctx, *self._kept)
        return ctx

    def __getattr__(self, name):
        return getattr(self._browser, name)


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
        yield CspBypassingBrowser(b)
        b.close()
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def shared_context(browser, server):
    ctx = browser.new_context(viewport={"width": 1000, "height": 760})
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    yield ctx
    ctx.close()


#: what a test's pages kept at the server's origin, forgotten after it: what the app
#: keeps (localStorage, the packs' IndexedDB, Cache Storage) but Python's kept start
FORGET_STORAGE = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const db of await indexedDB.databases())
    await new Promise((done, failed) => {
      const req = indexedDB.deleteDatabase(db.name);
      req.onsuccess = req.onblocked = done;
      req.onerror = () => failed(req.error);
    });
  for (const name of await caches.keys())
    if (!name.startsWith("pyodide-snapshot-")) await caches.delete(name);
}"""


@pytest.fixture
def context(shared_context, server):
    """A browser context at 1000x760 whose storage is empty but for Python's kept start,
    as a test's own context was.  One context serves every test of the process: Python's
    kept start is put in once, and the site's files (Pyodide's 10 MB among them) come
    from its HTTP cache: a page's boot then costs 3.4 s of CPU, against 3.9 plus 1.6
    for a new context's setup (two CPUs were busy throughout the browser tests, so that
    is their time; Pyodide's WebAssembly is compiled again on every page either way).  After the test its pages are closed, its routes
    and permissions dropped and its storage forgotten; a test that needs other options,
    a first visit or service workers asks context_as for a context of its own."""
    yield shared_context
    for page in list(shared_context.pages):
        page.close()
    shared_context.unroute_all(behavior="ignoreErrors")
    shared_context.clear_permissions()
    page = shared_context.new_page()
    try:
        page.goto(server.url + "version.json")
        page.evaluate(FORGET_STORAGE)
    finally:
        page.close()


@pytest.fixture
def context_as(browser):
    """context_as(**options): a context of the test's own, closed after it, such as
    one whose service worker runs (service_workers="allow") or one of a first visit
    (kept_python_start=False)."""
    made = []

    def new_context(**options):
        options.setdefault("viewport", {"width": 1000, "height": 760})
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(BOOT_TIMEOUT_MS)
        made.append(ctx)
        return ctx
    yield new_context
    for ctx in made:
        ctx.close()
