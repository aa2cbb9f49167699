"""Share links: a puzzle in the URL fragment, never sent to a server.

Envelope, version 1 (``web/js/link.js`` implements the same)::

    #<type>/<W>x<H>/<payload>[/m<meta>]

``payload`` is ``1`` (the version) followed by a mode character:

* ``.`` — the family's compact body as it is (used when the body is made only of
  URL-safe characters and is not longer than the compressed form);
* ``z`` — base64url (no padding) of the raw DEFLATE (RFC 1951) of the UTF-8 body.

``meta`` is base64url of a UTF-8 JSON object with any of ``title``, ``author``,
``source``, ``license`` (strings) and ``grade`` (1 to 5).  Each family documents its body grammar in its
``codec`` module; the envelope knows nothing of it.

A last part ``/c<check>`` (8 lowercase hex digits) is the CRC-32 of the UTF-8 text
``<type>/<W>x<H>/<body>``, followed by ``/`` and meta's JSON bytes when there is a meta
part: a character changed in a link would otherwise often give another puzzle, not an
error (raw DEFLATE has no check of its own).  It covers what the parts decode to, not
their characters, since chat apps percent-encode some.  Links made before it existed
have none and still open.

Links are hostile input: every length is bounded before work is done, inflation is
capped (no zip bombs), and every failure is a PuzzleError saying what is wrong.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from .base import PuzzleError, check_size, quote
from .format import META_KEYS, Puzzle, parse_puzzle
from .registry import TYPES, get_family

VERSION = "1"
#: characters a plain body may use: unreserved URL characters minus '/' (our separator)
_PLAIN = re.compile(r"^[A-Za-z0-9._~!$&'()*+,;=:@-]*$")
_SIZE = re.compile(r"^(\d{1,5})x(\d{1,5})$")
MAX_LINK = 2_000_000          # characters in a fragment
MAX_BODY = 8_000_000          # bytes of an inflated body
MAX_META = 8_000
#: what a link says whose title part does not read, with no check part after it, and
#: one whose check part does not match (web/js/link.js says the same)
CUT_IN_TITLE = "link: the link is cut short in its title part (was it copied whole?)"
DAMAGED = ("link: the link is damaged: its puzzle does not match its check (was it changed, "
           "or copied only in part?)")


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _b64decode(text: str, what: str) -> bytes:
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise PuzzleError(f"link: {what} has characters that are not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PuzzleError(f"link: {what} is not valid base64url") from None


def _deflate(data: bytes) -> bytes:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return comp.compress(data) + comp.flush()


def _inflate(data: bytes) -> bytes:
    dec = zlib.decompressobj(-15)
    try:
        out = dec.decompress(data, MAX_BODY)
    except zlib.error:
        raise PuzzleError("link: the puzzle data is corrupted (it does not decompress)") from None
    if dec.unconsumed_tail:
        raise PuzzleError("link: the puzzle data is too large once decompressed")
    if not dec.eof:
        raise PuzzleError("link: the puzzle data is cut short (was the link copied whole?)")
    if dec.unused_data:
        # (bytes after the end of the data: the browser's decompressor refuses them too)
        raise PuzzleError("link: the puzzle data is corrupted (it does not decompress)")
    return out


def _check(type_name: str, width: int, height: int, body: str, meta: bytes | None) -> str:
    """The check part's digits (see the module docstring)."""
    data = f"{type_name}/{width}x{height}/{body}".encode("utf-8") + (b"/" + meta if meta is not None else b"")
    return f"{zlib.crc32(data):08x}"


def encode_link(puzzle: Puzzle) -> str:
    """The fragment (without ``#``) for a puzzle."""
    body = puzzle.family.encode_compact(puzzle.model)
    packed = "z" + _b64encode(_deflate(body.encode("utf-8")))
    payload = "." + body if _PLAIN.match(body) and len(body) + 1 <= len(packed) else packed
    parts = [puzzle.type, f"{puzzle.width}x{puzzle.height}", VERSION + payload]
    meta = {k: v for k, v in puzzle.meta.items() if (k in META_KEYS or k == "grade") and v}
    meta_bytes = None
    if meta:
        meta_bytes = json.dumps(meta, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        extra = "m" + _b64encode(meta_bytes)
        if len(extra) > MAX_META:
            # (decode_link, and the app, refuse longer ones: never make a link they refuse)
            longest = max(meta, key=lambda k: len(str(meta[k])))
            raise PuzzleError(f"link: the {'/'.join(meta)} part would be {len(extra)} characters "
                              f"long, at most {MAX_META}: shorten the {longest}")
        parts.append(extra)
    parts.append("c" + _check(puzzle.type, puzzle.width, puzzle.height, body, meta_bytes))
    return "/".join(parts)


def fragment_of(text: str) -> str:
    """The fragment part of a URL, or the text itself (a leading '#' dropped)."""
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    return text


def looks_like_link(text: str) -> bool:
    frag = fragment_of(text)
    head = frag.split("/", 1)[0]
    return head in TYPES and "/" in frag


#: a part of a link that a newer version of the app may add (a letter other than ``m``
#: and ``c``, then base64url): skipped (an app cached at an older version refused the
#: check part when it came, until it updated)
NEWER_PART = re.compile(r"[a-bd-ln-z][A-Za-z0-9_-]*")


def decode_link(text: str) -> Puzzle:
    """Parse a share link (a URL, a fragment with or without '#')."""
    if not isinstance(text, str):
        raise PuzzleError("link: expected text")
    if len(text) > MAX_LINK:
        raise PuzzleError(f"link: {len(text)} characters is too long for a puzzle link")
    frag = fragment_of(text)
    parts = frag.split("/")
    if len(parts) < 3:
        raise PuzzleError("link: not a whole puzzle link (expected #<type>/<width>x<height>/<data>: was it cut "
                          "short when copied?)")
    type_name, size, payload, *rest = parts
    if type_name not in TYPES:
        raise PuzzleError(f"link: {quote(type_name[:40])} is not a puzzle type ({', '.join(TYPES)})")
    m = _SIZE.match(size)
    if not m:
        if re.fullmatch(r"\d+x\d+", size):
            raise PuzzleError(f"link: size {quote(size[:24])} is far too large for a puzzle")
        raise PuzzleError(f"link: size {quote(size[:20])} is not WIDTHxHEIGHT")
    width, height = int(m.group(1)), int(m.group(2))
    check_size(width, height, "link", get_family(type_name))
    if not payload.startswith(VERSION):
        if payload[:1].isascii() and payload[:1].isdigit():
            said = f"link: format version {quote(payload[:1])} is not supported (this app reads version {VERSION}; "
            raise PuzzleError(said + "a newer version made it: update pysolver)",
                              plain=said + "a newer version of the app made it: reload the page to update)")
        raise PuzzleError("link: the puzzle data is damaged (it should start with the format version "
                          f"{VERSION}: was the link changed or cut short?)")
    mode, data = payload[1:2], payload[2:]
    if mode == ".":
        from urllib.parse import unquote
        body = unquote(data)  # chat apps sometimes percent-encode characters such as ( )
    elif mode == "z":
        try:
            body = _inflate(_b64decode(data, "puzzle data")).decode("utf-8")
        except UnicodeDecodeError:
            raise PuzzleError("link: the puzzle data is not text") from None
    else:
        raise PuzzleError("link: unknown data mode (the link is corrupted)")
    meta: dict = {}
    meta_bytes = check = None
    # (the check part comes last: a title part that does not read, with no check after
    # it, is most likely a link cut short, as chat apps cut long ones)
    checked = any(extra.startswith("c") for extra in rest)
    for extra in rest:
        if extra.startswith("m") and meta_bytes is None:
            if len(extra) > MAX_META:
                raise PuzzleError("link: the title/author part is too long")
            try:
                meta_bytes = _b64decode(extra[1:], "title part")
                try:
                    meta = json.loads(meta_bytes.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError):
                    raise PuzzleError("link: the title/author part is corrupted") from None
            except PuzzleError:
                if checked:
                    raise
                raise PuzzleError(CUT_IN_TITLE) from None
            if not isinstance(meta, dict):
                raise PuzzleError("link: the title/author part is corrupted")
            # (a grade that is not one is dropped, as the page's decoder drops it)
            meta = {k: v for k, v in meta.items()
                    if k in META_KEYS or k == "grade" and type(v) is int and 1 <= v <= 5}
        elif extra.startswith("c") and check is None:
            check = extra[1:]
        elif extra and not NEWER_PART.fullmatch(extra):
            raise PuzzleError("link: unexpected extra part after the puzzle data")
        # (a part of another letter is a newer app's: skipped, so that a link made by a
        # newer version still opens here, its puzzle checked by the check part; the
        # parts this version reads are refused when they come twice)
    if check is not None and check != _check(type_name, width, height, body, meta_bytes):
        raise PuzzleError(DAMAGED)
    family = get_family(type_name)
    keys = family.decode_compact(body, width, height)
    data_dict = {"type": type_name, "width": width, "height": height, **keys, **meta}
    return parse_puzzle(data_dict)
