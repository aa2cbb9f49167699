"""Reading a puzzle from anything a user can hand us: puzzle JSON, a share link, or a
file in a format some family imports (sniffed), from text, bytes, a path or stdin.

Kept apart from :mod:`.format` (puzzle JSON) and :mod:`.link` (share links), which it
uses both, so neither of those needs the other.
"""
from __future__ import annotations

from typing import Any

from .base import PuzzleError
from .format import MAX_TEXT, Puzzle, parse_json_text, parse_puzzle
from .link import decode_link, looks_like_link
from .registry import TYPES, get_family


def load_any(content: str | bytes, name: str = "") -> Puzzle:
    """A puzzle from file content: puzzle JSON, a share link, or any format a family
    imports (sniffed).  ``name`` is only used in messages."""
    if isinstance(content, (bytearray, memoryview)):
        content = bytes(content)
    if not isinstance(content, (str, bytes)):
        raise PuzzleError(f"cannot read a puzzle from {type(content).__name__}")
    if len(content) > MAX_TEXT:
        raise PuzzleError(f"{name or 'input'}: {len(content)} bytes is too large for a puzzle")
    failures: list[tuple[int, PuzzleError]] = []
    if isinstance(content, bytes):
        binary = _import(content, failures)  # binary formats; text ones are tried below
        if binary is not None:
            return binary
        try:
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            # a binary format that claimed the bytes (a .mat file) knows what is wrong
            raise _surest(failures) or PuzzleError(
                f"{name or 'input'}: not UTF-8 text and not a known binary format") from None
    text = content.strip()
    if not text:
        raise PuzzleError(f"{name or 'input'}: empty")
    if text[0] in "{[":
        return parse_puzzle(parse_json_text(text))
    if looks_like_link(text):
        return decode_link(text)
    imported = _import(text, failures)
    if imported is not None:
        return imported
    raise _surest(failures) or PuzzleError(
        f"{name or 'input'}: not puzzle JSON, a share link or a known puzzle format")


def _import(content: str | bytes, failures: list[tuple[int, PuzzleError]]) -> Puzzle | None:
    """The puzzle from the family format that recognises and reads ``content``, or None
    with each claimant's error added to ``failures``.

    A sniffer answers how sure it is that ``content`` is its format, by the shape and
    not the validity, so that a broken file reaches the loader that can name its fault:
    0 (or False) not this format, else ``base.SNIFF_SHAPE`` (1, or True), ``SNIFF_MARK``
    or ``SNIFF_SIGNATURE`` (3).  Two formats may claim the same file (webpbn's and Hungry
    Cat's XML both have a ``<puzzle>`` root): the claimants are tried surest first
    (registry order among equals), and when none can read the file the surest one's
    message is the answer (:func:`_surest`).  Sniffers are written for text; one that
    trips over bytes simply does not recognise them."""
    claims: list[tuple[int, Any]] = []
    for family in (get_family(t) for t in TYPES):
        for sniff, load in family.importers.values():
            try:
                answer = sniff(content)
            except (TypeError, AttributeError, ValueError):
                continue
            sure = answer if isinstance(answer, int) else int(bool(answer))  # True is 1
            if sure > 0:
                claims.append((sure, load))
    claims.sort(key=lambda claim: -claim[0])  # stable: equals stay in registry order
    for sure, load in claims:
        try:
            return parse_puzzle(load(content))
        except PuzzleError as exc:
            failures.append((sure, exc))
    return None


def _surest(failures: list[tuple[int, PuzzleError]]) -> PuzzleError | None:
    """The error of the surest claimant (the first of equals), if any claimed."""
    return max(failures, key=lambda failure: failure[0])[1] if failures else None


def read_bounded(path: str, what: str | None = None) -> bytes:
    """The bytes of a file or of ``-`` (stdin), refused once they pass ``MAX_TEXT``:
    read a chunk at a time, so ``/dev/zero`` or an endless pipe costs a few megabytes and
    a clear message, not all the memory there is."""
    import sys
    from pathlib import Path

    what = what or ("stdin" if path == "-" else path)
    if path != "-":
        p = Path(path)
        if p.is_dir():
            raise PuzzleError(f"{what}: is a folder, expected a puzzle file")
        if not p.exists():
            raise PuzzleError(f"{what}: no such file")
    stream = sys.stdin.buffer if path == "-" else open(path, "rb")
    try:
        chunks, size = [], 0
        while True:
            chunk = stream.read(1 << 20)
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > MAX_TEXT:
                raise PuzzleError(f"{what}: more than {MAX_TEXT // 1_000_000} MB, larger than any puzzle file")
            chunks.append(chunk)
    except OSError as exc:
        raise PuzzleError(f"{what}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    finally:
        if path != "-":
            stream.close()


def load_path(path: str) -> Puzzle:
    """A puzzle from a file name, ``-`` (stdin) or a share link given in its place."""
    from pathlib import Path

    if path == "-":
        return load_any(read_bounded("-"), "stdin")
    p = Path(path)
    if not p.exists():
        if looks_like_link(path):
            return decode_link(path)
        if "?" in path or "://" in path:
            # a URL of another site (puzz.link) given in place of a file: the
            # sniffing importers know those
            return load_any(path.encode(), "the URL")
        raise PuzzleError(f"{path}: no such file")
    content = read_bounded(path)
    try:
        return load_any(content, path)
    except PuzzleError as exc:
        msg = str(exc)
        raise PuzzleError(msg if msg.startswith(path) else f"{path}: {msg}") from None
