"""The page decodes share links without Python: its JavaScript decoders must read
exactly what pysolver writes, for every family (our fixtures, and the corpus when it
is there), and refuse what pysolver refuses."""
from pathlib import Path

import pytest

from helpers import open_app

import pysolver.api as api
from pysolver.load import load_any

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"


def puzzles():
    files = sorted((ROOT / "tests" / "fixtures").rglob("*.json")) + sorted((ROOT / "static" / "puzzles").glob("*.json"))
    if CORPUS.is_dir():
        for family in sorted(CORPUS.iterdir()):
            files += sorted(family.glob("*.json"))[:60]
    out = []
    for f in files:
        try:
            p = load_any(f.read_bytes(), f.name)
        except Exception:  # noqa: BLE001 - deliberately broken fixtures are not links
            continue
        out.append((f.name, p))
    # labels of published boards: punctuation, escaped in the link (~XX per UTF-8 byte)
    for i, (a, b) in enumerate([("^", "\\"), ("@", "~"), ("a.b", "x:y"), ("é", "日本"), ("#1", "%41")]):
        out.append((f"labels-{i}", api.as_puzzle({"type": "numberlink", "width": 3, "height": 2, "cover": "full",
                                                   "endpoints": [[0, 0, a], [0, 2, a], [1, 0, b], [1, 2, b]]})))
    return out


def test_javascript_decodes_every_link_as_python_does(context, server):
    page = open_app(context, server.url)
    cases = [(name, api.link(p), p.to_json(with_solution=False)) for name, p in puzzles()]
    assert len(cases) > 20
    got = page.evaluate("""async (cases) => {
        const m = await import('./js/link.js');
        const out = [];
        for (const [name, link] of cases) {
            try { out.push(await m.decodeLink(link)); } catch (e) { out.push({error: e.message}); }
        }
        return out;
    }""", [[n, link] for n, link, _ in cases])
    for (name, link, want), have in zip(cases, got):
        want = {k: v for k, v in want.items() if k != "expect"}
        assert have == want, f"{name}: {link[:80]}"


def test_a_newer_apps_part_is_skipped_by_both_decoders(context, server):
    """A part a newer version may add (another letter, then base64url) is skipped, so
    its links still open in an app cached at this version; the check still holds."""
    from pysolver.link import decode_link
    p = load_any((ROOT / "static" / "puzzles" / "nonogram-owl.json").read_bytes(), "owl.json")
    frag = api.link(p).split("#", 1)[-1]
    newer = frag + "/sAbC-_9"
    assert decode_link(newer).to_json() == decode_link(frag).to_json()
    page = open_app(context, server.url + "#" + newer)
    page.wait_for_function("app.state().puzzle !== null")
    assert page.evaluate("app.state().puzzle.title") == p.meta["title"]
    assert page.locator("#error-banner").is_hidden()


def _damaged(name):
    """A bundled puzzle's link with one character of its data changed where the data
    still reads as a puzzle: only its check catches it (pysolver says so)."""
    from pysolver.base import PuzzleError
    from pysolver.link import DAMAGED, decode_link
    frag = api.link(load_any((ROOT / "static" / "puzzles" / name).read_bytes(), name))
    for i in range(frag.index("/1z") + 3, frag.index("/", frag.index("/1z") + 1)):
        bad = frag[:i] + ("B" if frag[i] == "A" else "A") + frag[i + 1:]
        try:
            decode_link(bad)
        except PuzzleError as e:
            if str(e) == DAMAGED:
                return bad
    raise AssertionError(f"{name}: no change of one character that only the check catches")


#: links pysolver refuses, and the page must refuse too
REFUSED = [
    _damaged("linkapix-heart.json"),             # a character changed: the check says so
    _damaged("nonogram-owl.json"),
    "linkapix/5x5/1.000000a~" + "." * 26,        # beyond the last cell
    "nonogram/100000x100000/1.x",                # a size far too large
    "linkapix/2x1/1.000000a,ffffffb~BB~AC",      # colour not in the palette
    "numberlink/3x3/1.X.0:a.8:a",                # bad cover letter
    "numberlink/3x3/1.F.0:a.9:a",                # outside the grid
    "numberlink/2x1/1.F.0:~FF.1:~FF",            # a label's escapes that are not UTF-8
    "numberlink/2x1/1.F.0:~20.1:~20",            # a label of white space
    "nonogram/2x2/1.1,1,1_1,1",                  # three row clues for two rows
    "hungrycat/2x1/1.Rff0000~0b1;0b1~0b2",       # two row clues for one row
    "hungrycat/2x1/1.R00~0b2~0b1,0b1",           # bad palette entry
    "nonogram/2x2/1.1,1_1,1/c0/c0",              # a check part twice
    "nonogram/2x2/1.1,1_1,1/x!",                 # a part that is not a newer app's
]


def test_javascript_refuses_what_python_refuses(context, server):
    """Each link opened in turn in one page (the first as the page opens, the others by
    the address's hash, as a link pasted into the address bar is, the last banner
    dismissed first): the error banner says it is the link that is wrong."""
    from pysolver.base import PuzzleError
    from pysolver.link import decode_link
    for frag in REFUSED:
        with pytest.raises(PuzzleError):
            decode_link(frag)
    page = open_app(context, server.url + "#" + REFUSED[0])     # (the first as the page opens)
    for k, frag in enumerate(REFUSED):
        if k:
            page.click("#error-close")                 # the player dismisses the last one
            page.wait_for_selector("#error-banner", state="hidden")
            page.evaluate("(frag) => { location.hash = frag; }", frag)
        page.wait_for_selector("#error-banner:not([hidden])", timeout=30_000)
        said = page.locator("#error-text").text_content()
        assert "link" in said and "link: " not in said, frag     # ("…read: link: the link is…" said it twice)
        if frag.startswith("nonogram/100000x"):
            assert "far too large for a puzzle" in said, frag
        if frag.startswith(("linkapix/9x9/1z", "nonogram/21x20/1z")):
            assert "damaged: its puzzle does not match its check" in said, frag


def test_a_cut_short_or_changed_link_is_worded_as_python_words_it(context, server):
    """The page decodes a link before Python is ready: its message for a link cut short,
    one from a newer app, and a stray '%' is the one the command line gives."""
    from pysolver.base import PuzzleError
    from pysolver.link import decode_link
    owl = api.link(load_any((ROOT / "static" / "puzzles" / "nonogram-owl.json").read_bytes(), "owl.json"))
    start = owl.index("/1z") + 3
    links = [owl[:start + 80],                          # cut short (80 characters of its data)
             "nonogram/5x5/1zAAAA", "nonogram/5x5/", "nonogram/5x5/2.x", "nonogram/3x3/1.1%ZZ,1,1_1,1,1",
             owl[:owl.index("/m") + 9], owl[:owl.index("/m") + 10],     # cut short in its title part
             "nonogram/9999x9/1.x", "numberlink/300x300/1.F"]            # sizes too large
    want = []
    for frag in links:
        with pytest.raises(PuzzleError) as exc:
            decode_link(frag)
        want.append(exc.value.plain or str(exc.value))    # (the words the worker gives the page)
    page = open_app(context, server.url)
    got = page.evaluate("""async (links) => {
      const { decodeLink } = await import(new URL("js/link.js", location.href).href);
      const out = [];
      for (const frag of links) {
        try { await decodeLink("#" + frag); out.push(null); } catch (e) { out.push(e.message); }
      }
      return out;
    }""", links)
    # (the page quotes a value in double quotes, Python in single ones)
    assert [m and m.replace('"', "'") for m in got] == want
    assert "cut short" in want[0] and "newer version" in want[3] and "'1%ZZ'" in want[4]
    assert want[5] == want[6] == "link: the link is cut short in its title part (was it copied whole?)"
    assert want[7:] == ["link: size 9999x9 is too large (at most 1024 cells a side)",
                        "link: size 300x300 has more than 65536 cells (the most for a numberlink puzzle)"]
