"""Reading a puzzle from anything a user can hand us: puzzle JSON, a share link, or a
file in a format some family imports (sniffed), from text, bytes, a path or stdin.

Kept apart from :mod:`.format` (puzzle JSON) and :mod:`.link` (share links), which it
uses both, so neither of those needs the other.
"""
from __future__ import annotations

import re
from typing import Any

from .base import SNIFF_MARK, PuzzleError, quote
from .format import MAX_TEXT, Puzzle, parse_json_text, parse_puzzle
from .link import decode_link, looks_like_link
from .registry import TYPES, get_family


def load_any(content: str | bytes, name: str = "") -> Puzzle:
    """A puzzle from file content: puzzle JSON, a share link, or any format a family
    imports (sniffed).  ``name`` is only used in messages.  A file holding several
    puzzles (a pack) is refused with a message saying how many and how to choose one:
    :func:`load_pack` reads them all."""
    try:
        puzzles = _load(content, name)
    except PartlyBadPack as exc:
        puzzles = exc.puzzles                   # (a pack all the same)
    if len(puzzles) > 1:
        what = name or "the input"
        raise PuzzleError(f"{what}: a pack of {len(puzzles)} puzzles, not one: choose one with "
                          f"{name or 'FILE'}#N (N from 1 to {len(puzzles)}) on the command line, or read them "
                          "all with load_pack")
    return puzzles[0]


def load_pack(content: str | bytes, name: str = "") -> list[Puzzle]:
    """Every puzzle of a file: one for an ordinary file, all of a pack (a tournament set,
    a webpbn ``<puzzleset>`` of several puzzles, a Numberlink collection, several
    picross-solver grids, a JSON array of puzzle objects).  A puzzle of a pack that has
    no title is titled after the file and its place, ``name #3`` (1-based, as ``FILE#3``
    chooses it on the command line).  A pack some of whose puzzles cannot be read
    raises :class:`PartlyBadPack`, which holds the others."""
    try:
        puzzles = _load(content, name)
    except PartlyBadPack as exc:
        _title_places(exc.puzzles, name)
        raise
    _title_places(puzzles, name)
    return puzzles


def _title_places(puzzles: list[Puzzle | None], name: str) -> None:
    if len(puzzles) > 1:
        label = _stem(name) or "pack"
        for n, p in enumerate(puzzles, 1):
            if p is not None and not p.meta.get("title"):
                p.meta["title"] = f"{label} #{n}"


class PartlyBadPack(PuzzleError):
    """A pack some (not all) of whose puzzles cannot be read.  Its message is the first
    bad one's, as for any file that cannot be read; callers that can use the rest find
    them in ``puzzles`` (every place of the pack, None where a puzzle is bad) and the
    messages in ``errors`` (place from 1 -> message): one typo in a set of a thousand
    leaves 999 to play, solve and bench."""

    def __init__(self, message: str, puzzles: list[Puzzle | None], errors: dict[int, str]):
        super().__init__(message)
        self.puzzles, self.errors = puzzles, errors

    def named(self, where: str) -> "PartlyBadPack":
        """The same, its message led by ``where`` (a file's name)."""
        return PartlyBadPack(f"{where}: {self}", self.puzzles, self.errors)

    def left_out(self) -> str:
        """The bad puzzles in a few words: "puzzle 6 of 1000 (rows[24]: ...)" for one,
        else their places."""
        places = sorted(self.errors)
        if len(places) == 1:
            return f"puzzle {places[0]} of {len(self.puzzles)} ({self.errors[places[0]]})"
        shown = ", ".join(map(str, places[:10])) + (", ..." if len(places) > 10 else "")
        return f"{len(places)} of {len(self.puzzles)} puzzles (places {shown}; the first: {self.errors[places[0]]})"


def load_any_pack(content: str | bytes, name: str = "", file: bool = False) -> dict:
    """For the app's worker: ``{"title": str, "puzzles": [puzzle JSON, ...]}``, every
    puzzle of a file as :func:`load_pack` reads it (one for an ordinary file; where some
    could not be read, the others with ``left_out``, what was left out in words, and
    ``places``, each puzzle's place in the file from 1); the title
    is the file's name without its folder and ending ("pack" without a name).  With
    ``file`` (``name`` is a file's, not a label such as "pasted text"), a lone puzzle
    without a title of its own takes the file's: several untitled files would otherwise
    all show as "Nonogram 22×7"."""
    left_out = places = None
    try:
        puzzles = load_pack(content, name)
    except PartlyBadPack as exc:
        puzzles, left_out = [p for p in exc.puzzles if p is not None], exc.left_out()
        places = [n for n, p in enumerate(exc.puzzles, 1) if p is not None]
    if file and len(puzzles) == 1 and not puzzles[0].meta.get("title") and _stem(name):
        puzzles[0].meta["title"] = _stem(name)
    out = {"title": _stem(name) or (puzzles[0].meta.get("title", "") if len(puzzles) == 1 else "") or "pack",
           "puzzles": [p.to_json() for p in puzzles]}
    if left_out is not None:
        # (the page numbers the set's puzzles by their places in the file, as FILE#N)
        out["left_out"], out["places"] = left_out, places
    return out


#: a JSON array opens with an object, an array or its end (INI-like formats open with a
#: section name such as ``[clues]``)
_JSON_ARRAY = re.compile(r"\[\s*[\[{\]]")


#: control characters that text files do not hold (tab, line feed, form feed and
#: carriage return aside): bytes with them are not read as text in an old encoding
_NOT_TEXT = re.compile(rb"[\x00-\x08\x0b\x0e-\x1f]")


def decode_text(data: bytes) -> str | None:
    """The text of a file's bytes, or None when they are not text.  UTF-8 (with or
    without its byte-order mark), UTF-16 with its mark (as Windows' Notepad saves
    "Unicode"), and else, when the bytes look like text, Windows' western code page, or
    its central European one where the western leaves a byte undefined, or Latin-1:
    programs of other times and places wrote
    their puzzle files in their own encodings, and only the titles and comments, never
    the clues, use letters outside ASCII, so a letter read wrongly there costs less
    than a file refused."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    if _NOT_TEXT.search(data):
        return None
    for page in ("cp1252", "cp1250"):       # (each leaves a few bytes undefined)
        try:
            return data.decode(page)
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1")


def _stem(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[0] if "." in base[1:] else base


#: how the picture files a browser reads begin: PNG, JPEG, GIF, WebP (RIFF), BMP
_PICTURE_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF", b"BM")


def _load(content: str | bytes, name: str) -> list[Puzzle]:
    if isinstance(content, (bytearray, memoryview)):
        content = bytes(content)
    if not isinstance(content, (str, bytes)):
        raise PuzzleError(f"cannot read a puzzle from {type(content).__name__}")
    if len(content) > MAX_TEXT:
        raise PuzzleError(f"{name or 'input'}: {len(content)} bytes is too large for a puzzle")
    failures: list[_Failure] = []
    if isinstance(content, bytes):
        binary = _import(content, failures)  # binary formats; text ones are tried below
        if binary is not None:
            return binary
        decoded = decode_text(content)
        if decoded is None and not failures and content.startswith(_PICTURE_MAGIC):
            # (a picture dropped on the library: what can be done with one, not only
            # that it is no puzzle, a review found)
            raise PuzzleError(f"{name or 'input'}: a picture, not a puzzle file (pysolver make <type> --from "
                              "picture.png makes a puzzle of it)",
                              plain="this is a picture, not a puzzle file: the makers on the library page turn a "
                                    "picture into a puzzle (Make … from a picture), and Enter a puzzle reads a "
                                    "screenshot of a Flow board (Open a Flow screenshot…)")
        if decoded is None:
            # a binary format that claimed the bytes (a .mat file) knows what is wrong
            raise _surest(failures) or PuzzleError(
                f"{name or 'input'}: not text and not a known binary format",
                plain="this is neither text nor a puzzle file of a known kind") from None
        content = decoded
    text = content.strip()
    if not text:
        raise PuzzleError(f"{name or 'input'}: empty")
    json_error = None
    if text[0] == "{" or text[0] == "[" and _JSON_ARRAY.match(text):
        try:
            data = parse_json_text(text)
        except PuzzleError as exc:
            json_error = exc  # (unless a format claims it: Olšák's free text may open with '{')
        else:
            # (a JSON array of puzzle objects is a pack; an empty one is no puzzle)
            if data == []:
                raise PuzzleError(f"{name or 'input'}: an empty list, a pack of no puzzles")
            return _puzzles(data) if isinstance(data, list) else [parse_puzzle(data)]
    if looks_like_link(text):
        return [decode_link(text)]
    # (readers get the lines as they are, but for blank ones first: the first column can
    # matter, as in Olšák's free text)
    body = re.sub(r"\A(?:[ \t]*\r?\n)+", "", content.rstrip())
    imported = _import(body, failures)
    if imported is not None:
        return imported
    surest = _surest(failures)
    if surest is not None:
        raise surest
    if json_error is not None:
        raise json_error
    raise _nothing_reads(body, name)


class _Failure:
    """A claimant that could not read the content: how sure it was, and why."""
    __slots__ = ("sure", "label", "error")

    def __init__(self, sure: int, label: str, error: PuzzleError):
        self.sure, self.label, self.error = sure, label, error


def _formats():
    """(family type, format name, sniff, load) of every importer, in registry order."""
    for family in (get_family(t) for t in TYPES):
        for fmt, (sniff, load) in family.importers.items():
            yield family.type, fmt, sniff, load


def _puzzles(loaded) -> list[Puzzle]:
    """A loader's answer (one puzzle dict, or a pack's list of them, where a puzzle the
    loader could not read may be its PuzzleError) as Puzzles; in a pack the message of a
    bad puzzle says which (:class:`PartlyBadPack` when others are good)."""
    if not isinstance(loaded, list):
        return [parse_puzzle(loaded)]
    if not loaded:
        raise PuzzleError("no puzzle in the file")
    out: list[Puzzle | None] = []
    errors: dict[int, str] = {}
    for n, data in enumerate(loaded, 1):
        try:
            if isinstance(data, PuzzleError):
                raise data          # (a puzzle of the pack its reader could not read)
            out.append(parse_puzzle(data))
        except PuzzleError as exc:
            out.append(None)
            errors[n] = str(exc)
    if errors:
        first = min(errors)
        message = f"puzzle {first} of {len(loaded)}: {errors[first]}"
        if len(errors) == len(loaded):
            raise PuzzleError(message)
        raise PartlyBadPack(message, out, errors)
    return out      # type: ignore[return-value]  (no None left)


def _import(content: str | bytes, failures: list[_Failure]) -> list[Puzzle] | None:
    """The puzzles from the family format that recognises and reads ``content``, or None
    with each claimant's error added to ``failures``.

    A sniffer answers how sure it is that ``content`` is its format, by the shape and
    not the validity, so that a broken file reaches the loader that can name its fault:
    0 (or False) not this format, else ``base.SNIFF_SHAPE`` (1, or True), ``SNIFF_MARK``
    or ``SNIFF_SIGNATURE`` (3).  Two formats may claim the same file (webpbn's and Hungry
    Cat's XML both have a ``<puzzle>`` root): the claimants are tried surest first
    (registry order among equals), and when none can read the file the surest one's
    message is the answer (:func:`_surest`).  Sniffers are written for text; one that
    trips over bytes simply does not recognise them.  A loader returns one puzzle dict,
    or a list of them for a file holding several (a pack)."""
    claims: list[tuple[int, str, Any]] = []
    for ftype, fmt, sniff, load in _formats():
        try:
            answer = sniff(content)
        except (TypeError, AttributeError, ValueError):
            continue
        sure = answer if isinstance(answer, int) else int(bool(answer))  # True is 1
        if sure > 0:
            claims.append((sure, f"{ftype} {fmt}", load))
    claims.sort(key=lambda claim: -claim[0])  # stable: equals stay in registry order
    for sure, label, load in claims:
        try:
            return _puzzles(load(content))
        except PartlyBadPack:
            raise           # (this format reads the file: some of its puzzles are bad)
        except PuzzleError as exc:
            failures.append(_Failure(sure, label, exc))
    return None


def _surest(failures: list[_Failure]) -> PuzzleError | None:
    """The error of the surest claimant (the first of equals), if any claimed, saying
    which format it is and which others claimed the file too."""
    if not failures:
        return None
    best = max(failures, key=lambda failure: failure.sure)
    # (a text format's sniffer sees a file twice, as bytes and as text: named once)
    others = list(dict.fromkeys(f.label for f in failures if f.label != best.label))
    also = f" (also tried as {', '.join(others)})" if others else ""
    return PuzzleError(f"{best.error} [read as {best.label}{also}]")


def _nothing_reads(text: str, name: str) -> PuzzleError:
    """No sniffer claimed the text: every reader is run on it all the same, and the one
    that got furthest (the highest line its message names, past the first) is the
    closest."""
    closest: tuple[int, str, str] | None = None
    tried: dict[str, list[str]] = {}
    for ftype, fmt, _, load in _formats():
        tried.setdefault(ftype, []).append(fmt)
        try:
            _puzzles(load(text))
            continue  # a reader that takes what no sniffer claims: not a claim, no clue
        except PuzzleError as exc:
            message = str(exc)
        except Exception:  # noqa: BLE001 - a reader tripping over foreign text says nothing
            continue
        m = re.search(r"\bline ([0-9]+)", message)
        line = int(m.group(1)) if m else 0
        if line > 1 and (closest is None or line > closest[0]):
            closest = (line, f"{ftype} {fmt}", message)
    said = f"; the closest, {closest[1]}, says: {closest[2]}" if closest is not None else ""
    listed = "; ".join(f"{ftype} {', '.join(fmts)}" for ftype, fmts in tried.items())
    # (the app lists the formats beside its Open button: it says so instead of the list)
    return PuzzleError(f"{name or 'input'}: not puzzle JSON, a share link or a known puzzle format{said} "
                       f"(tried: {listed})",
                       plain="this is not a puzzle this app can read (puzzle JSON, a share link, or one of the "
                             f"formats of other puzzle apps that Open a puzzle lists){said}")


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


def claim(text: str) -> int:
    """How sure the surest of the families' readers is that ``text`` is its format (0:
    none recognises it; see :func:`_import` for the levels)."""
    surest = 0
    for _, _, sniff, _ in _formats():
        try:
            surest = max(surest, int(sniff(text) or 0))
        except (TypeError, AttributeError, ValueError):
            continue
    return surest


def claimed_for_sure(text: str) -> bool:
    """Whether a family's reader recognises ``text`` by a mark of its format (not by
    its shape alone: a mistyped file name must still be "no such file")."""
    return claim(text) >= SNIFF_MARK


#: ``FILE#N``: the Nth puzzle of a pack (``-#N``: of one read from stdin)
_CHOICE = re.compile(r"(.+)#([^#]*)")


def split_choice(path: str) -> tuple[str, int | None]:
    """``pack.txt#12`` -> (``pack.txt``, 12): the 12th puzzle (1-based) of a pack, when
    ``pack.txt`` exists (or is ``-``, stdin) and no file is called ``pack.txt#12``; else
    (path, None).  A number that is not one (``pack.txt#x``, ``#0``) is refused."""
    from pathlib import Path
    m = _CHOICE.fullmatch(path)
    if not m or Path(path).exists() or not (m.group(1) == "-" or Path(m.group(1)).is_file()):
        return path, None
    number = m.group(2)
    if not re.fullmatch(r"[0-9]{1,9}", number) or int(number) == 0:
        where = "the pack on stdin" if m.group(1) == "-" else m.group(1)
        raise PuzzleError(f"{path}: {quote(number)} is not a puzzle's place in {where} "
                          "(a whole number from 1: FILE#1 is its first puzzle)")
    return m.group(1), int(number)


def load_path(path: str) -> Puzzle:
    """A puzzle from a file name, ``-`` (stdin), a share link given in its place, or
    ``FILE#N``: the Nth puzzle (from 1) of a file holding several (a pack)."""
    return load_place(path)[0]


def load_place(path: str) -> tuple[Puzzle, int | None, int | None]:
    """:func:`load_path`'s puzzle, with its place in the pack and the pack's size for
    ``FILE#N`` (None, None otherwise).  The other puzzles of the pack may be bad."""
    file, choice = split_choice(path)
    if choice is None:
        bad = ""
        try:
            puzzles = _path_puzzles(path)
        except PartlyBadPack as exc:
            # (a pack all the same: say how to choose, and which cannot be)
            puzzles, bad = exc.puzzles, f"; {exc.left_out()} cannot be read"
        if len(puzzles) > 1:
            raise PuzzleError(f"{path}: a pack of {len(puzzles)} puzzles: choose one with {path}#N (N from 1 to "
                              f"{len(puzzles)}){bad}")
        return puzzles[0], None, None
    errors: dict[int, str] = {}
    try:
        puzzles = _path_puzzles(file, pack=True)
    except PartlyBadPack as exc:
        puzzles, errors = exc.puzzles, exc.errors
    if not 1 <= choice <= len(puzzles):
        raise PuzzleError(f"{path}: {file} holds {len(puzzles)} puzzle{'s' if len(puzzles) > 1 else ''}; "
                          f"choose one from 1 to {len(puzzles)}")
    chosen = puzzles[choice - 1]
    if chosen is None:
        raise PuzzleError(f"{path}: puzzle {choice} of {len(puzzles)}: {errors[choice]}")
    return chosen, choice, len(puzzles)


def load_path_pack(path: str) -> list[Puzzle]:
    """Every puzzle of a file (:func:`load_pack`), or the one of a link or ``FILE#N``."""
    file, choice = split_choice(path)
    if choice is not None:
        return [load_path(path)]
    return _path_puzzles(path, pack=True)


def _path_puzzles(path: str, pack: bool = False) -> list[Puzzle]:
    from pathlib import Path

    read = load_pack if pack else _load
    if path == "-":
        return read(read_bounded("-"), "stdin")
    p = Path(path)
    if not p.exists():
        if looks_like_link(path):
            return [decode_link(path)]
        if "?" in path or "://" in path:
            # a URL of another site (puzz.link) given in place of a file: the
            # sniffing importers know those
            return read(path.encode(), "the URL")
        if claimed_for_sure(path):
            # a puzzle written out in place of a file: a Pattern game ID (10x5:2.1//3/...)
            return read(path, "the argument")
        raise PuzzleError(f"{path}: no such file")
    content = read_bounded(path)
    try:
        return read(content, path)
    except PartlyBadPack as exc:
        raise exc if str(exc).startswith(path) else exc.named(path) from None
    except PuzzleError as exc:
        msg = str(exc)
        raise PuzzleError(msg if msg.startswith(path) else f"{path}: {msg}") from None
