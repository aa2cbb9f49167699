"""Command line: ``python -m pysolver`` or ``pysolver``.

Exit codes: 0 success (solved / valid), 1 a negative answer (unsolvable, timeout, gave
up, wrong solution), 2 bad input (the message on stderr), 3 an internal error.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import __version__, api, bench
from .base import NoAnswer, PuzzleError, SolveTimeout, quote
from .format import parse_json_text
from .load import PartlyBadPack, load_path, load_path_pack, load_place, read_bounded, split_choice

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_BUG = 0, 1, 2, 3


def _seconds(text: str) -> float:
    """A time limit: a positive number of seconds (not nan, which would mean none)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a positive number of seconds")
    return value


_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _printable(text: str) -> str:
    """Text from a puzzle file or link, safe to print to a terminal: control characters
    (escape sequences) and bidirectional overrides become U+FFFD (other format
    characters stay: emoji need the zero-width joiner)."""
    import unicodedata
    return "".join("\ufffd" if (unicodedata.category(ch) == "Cc" and ch not in "\n\t") or ch in _BIDI
                   else ch for ch in text)


def _cmd_solve(args) -> int:
    try:
        puzzle, choice, count = load_place(args.puzzle)
        res = api.solve(puzzle, method=args.method, timeout=args.timeout, unique=args.unique)
    except PuzzleError as exc:
        if args.json:
            # (a script reading stdout gets an answer too, in bench's words for a row)
            print(json.dumps({"status": "bad_input", "error": str(exc)}, separators=(",", ":")))
        raise
    if args.json:
        print(json.dumps(res, separators=(",", ":")))
    else:
        title = puzzle.meta.get("title")
        head = f"{puzzle.type} {puzzle.width}x{puzzle.height}" + (f" \u2014 {_printable(title)}" if title else "")
        if choice is not None:
            head = f"puzzle {choice} of {count} in {_printable(args.puzzle.rpartition('#')[0])}: {head}"
        print(head)
        if res["solution"] is not None:
            print(api.render(puzzle, res["solution"]))
        if res["status"] == "unsolvable" and not res.get("note"):
            # (why, as the app's editor says it: the lines whose clues cannot all hold)
            try:
                why = api.clash(puzzle, timeout=5)
            except (SolveTimeout, PuzzleError):
                why = None
            if why:
                res = dict(res, note=why["message"])
        words = {"solved": "solved", "unsolvable": "no solution", "timeout": "timed out",
                 "cancelled": "cancelled", "gave_up": "gave up", "error": "internal error"}
        line = f"{words[res['status']]} in {res['seconds']:.3f} s with method {res['method']}"
        if res["unique"] is True:
            line += "; the solution is unique"
        elif res["unique"] is False:
            line += "; NOT unique" + (": a second solution follows" if res.get("second_solution") else "")
        if res.get("note"):
            # (a method's note on an unsolvable puzzle opens with the words the line has)
            note = res["note"].removeprefix("no solution: ") if res["status"] == "unsolvable" else res["note"]
            line += f" ({note})"
        print(line)
        if res.get("second_solution") is not None:
            print(api.render(puzzle, res["second_solution"]))
    if res["status"] == "error":
        return EXIT_BUG
    return EXIT_OK if res["status"] == "solved" else EXIT_NO


def _cmd_check(args) -> int:
    puzzle = load_path(args.puzzle)
    try:
        text = read_bounded(args.solution).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"{args.solution}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = parse_json_text(text)
    except PuzzleError as exc:
        raise PuzzleError(f"{args.solution}: {exc}") from None
    # Accept a bare solution object, a puzzle file with a "solution", or solve --json output.
    if isinstance(data, dict) and isinstance(data.get("solution"), dict):
        data = data["solution"]
    if not isinstance(data, dict):
        raise PuzzleError(f"{args.solution}: expected a solution object")
    report = puzzle.family.check(puzzle.model, data)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print("correct: the solution solves the puzzle" if report.solved else "not solved: " + report.reason)
    return EXIT_OK if report.solved else EXIT_NO


def _cmd_link(args) -> int:
    base = args.base
    if "#" in base or any(ch.isspace() or ord(ch) < 32 for ch in base):
        # (the link is the page's address and the fragment: a second '#' or a space
        # would break it)
        raise PuzzleError(f"--base {quote(base)}: expected the app page's address without a '#' or spaces, "
                          "such as https://example.org/puzzles/")
    frag = api.link(load_path(args.puzzle))
    print(f"{args.base}#{frag}" if args.base else "#" + frag)
    return EXIT_OK


def _cmd_convert(args) -> int:
    """The puzzle as puzzle JSON, a share link, or a format its family writes; with
    ``--out-dir`` every puzzle of the file (a pack) into a file of its own."""
    unread: dict[int, str] = {}
    try:
        puzzles: list = load_path_pack(args.puzzle)
    except PartlyBadPack as exc:
        puzzles, unread = exc.puzzles, exc.errors       # (the others are written)
    if args.out_dir is None and len(puzzles) > 1:
        raise PuzzleError(f"{args.puzzle}: a pack of {len(puzzles)} puzzles: write them all with --out-dir DIR, "
                          f"or choose one with {args.puzzle}#N (N from 1 to {len(puzzles)})")
    written, failed, bad = [], 0, False
    for n, puzzle in enumerate(puzzles, 1):
        where = f"puzzle {n}: " if len(puzzles) > 1 else ""
        if puzzle is None:
            print(f"pysolver: {where}{_printable(unread[n])}", file=sys.stderr)
            failed, bad = failed + 1, True
            continue
        try:
            result = api.conversion(puzzle, args.to, args.timeout, lossy=args.lossy)
        except PuzzleError as exc:
            if len(puzzles) == 1:
                raise
            print(f"pysolver: {where}{_printable(str(exc))}", file=sys.stderr)  # (the others are written)
            failed += 1
            bad = bad or not isinstance(exc, NoAnswer)
            continue
        for change in result["changes"]:
            print(f"pysolver: {where}changed: {_printable(change)}", file=sys.stderr)
        if result["drops"]:
            print(f"pysolver: {where}{args.to} leaves out the {', '.join(result['drops'])}", file=sys.stderr)
        if args.out_dir is None:
            sys.stdout.write(result["text"])
        else:
            written.append(_write_out(args, puzzle, n, len(puzzles), result["text"]))
    for path in written:
        print(path)
    if failed:
        print(f"pysolver: {failed} of {len(puzzles)} puzzles not written", file=sys.stderr)
        return EXIT_BAD if bad else EXIT_NO
    return EXIT_OK


def _write_out(args, puzzle, n: int, total: int, text: str) -> str:
    """``DIR/<file>-<n>.<ext>`` (the number zero-padded, from 1) holding ``text``."""
    from .load import _stem
    out = Path(args.out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PuzzleError(f"--out-dir {args.out_dir}: cannot be made a folder ({exc.strerror or exc})") from None
    exporter = puzzle.family.exporters.get(args.to)
    ext = {"json": ".json", "link": ".link.txt"}.get(args.to) or (exporter.ext if exporter else ".txt")
    stem = _stem(split_choice(args.puzzle)[0]) if args.puzzle != "-" else "stdin"
    name = f"{stem}-{str(n).zfill(len(str(total)))}{ext}" if total > 1 else f"{stem}{ext}"
    path = out / name
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    return str(path)


def _formats_help() -> str:
    """Every family's written formats, for ``convert --help``."""
    from .registry import families
    lines = ["formats: json (puzzle JSON) and link (the share link) for every family, and:"]
    for family in families():
        for name, exporter in family.exporters.items():
            lines.append(f"  {family.type} {name}: {exporter.about}")
    return "\n".join(lines)


class _ConvertHelp(argparse.RawDescriptionHelpFormatter):
    """Lists the formats only when the help is shown: listing them imports every family,
    which every other command would pay for at start-up."""

    def add_text(self, text):
        super().add_text(_formats_help() if text == _FORMATS else text)


_FORMATS = "(the formats of every family)"


def _cmd_show(args) -> int:
    from .link import looks_like_link
    from .load import claimed_for_sure
    if Path(args.link).is_file() or not looks_like_link(args.link) and (
            "://" in args.link or claimed_for_sure(args.link)):
        # (a file, another site's URL or a game ID: what solve and convert read, shown the same way)
        data = load_path(args.link).to_json()
    else:
        data = api.show(args.link)
    print(json.dumps(data, indent=None if args.compact else 1, ensure_ascii=False))
    return EXIT_OK


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 256:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes from 1 to 256")
    return n


def _cmd_bench(args) -> int:
    files = bench.puzzle_files(args.folder)
    if not files:
        raise PuzzleError(f"{args.folder}: no puzzle files")
    items = ((str(p.relative_to(args.folder)) if p != Path(args.folder) else p.name, p.read_bytes())
             for p in files)
    methods = args.method or [None]
    if args.method:
        from .registry import families
        known = {m for fam in families() for m in fam.method_names}
        unknown = [m for m in args.method if m not in known]
        if unknown:
            raise PuzzleError(f"--method: {', '.join(map(repr, unknown))} is not a method of any family "
                              f"(methods: {', '.join(sorted(known))})")
    rows = bench.run(items, methods, args.timeout, args.unique, sys.stdout, args.json, args.table, jobs=args.jobs)
    bad = [r for r in rows if r["status"] in ("crash", "wrong", "error")]
    return EXIT_BUG if bad else EXIT_OK


def _cmd_families(args) -> int:
    """What each family can do: the same description the app reads."""
    from .registry import describe
    desc = describe()
    if args.json:
        print(json.dumps(desc, ensure_ascii=False, indent=1))
        return EXIT_OK
    for fam in desc["families"]:
        print(f"{fam['type']} ({fam['title']})")
        for m in fam["methods"]:
            print(f"  --method {m['name']}: {m['about']}")
        if fam["reads"]:
            print("  reads: " + ", ".join(r["name"] for r in fam["reads"]))
        if fam["writes"]:
            print("  writes: " + ", ".join(w["name"] for w in fam["writes"]))
        for mk in fam["makers"]:
            params = " ".join(f"{p['name']}=" + (f"{p['min']}..{p['max']}" if "min" in p else p["kind"])
                              for p in mk["params"])
            print(f"  make {mk['name']}: {mk['title']} ({params})")
    return EXIT_OK


def _read_bytes(path: str) -> bytes:
    """A file's bytes, up to the input size limit (PuzzleError naming the file)."""
    from .format import MAX_TEXT
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_TEXT + 1)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise PuzzleError(f"{path}: no such file") from None
        raise PuzzleError(f"{path}: {exc.strerror or exc}") from None
    if len(data) > MAX_TEXT:
        raise PuzzleError(f"{path}: larger than {MAX_TEXT // 1_000_000} MB")
    return data


def _cmd_make(args) -> int:
    """Make a puzzle and print its JSON: ``make TYPE --width W ... [--from picture.png]``
    (the family's random or picture maker, with the grade), ``make TYPE --daily DATE``,
    or ``make TYPE MAKER NAME=VALUE ...`` (any maker by name)."""
    flags = {"width": args.width, "height": args.height, "colours": args.colours, "grade": args.grade,
             "seed": args.seed, "pairs": args.pairs, "threshold": args.threshold}
    if args.maker is None:
        from . import make
        if args.daily:
            extra = [f"--{k}" for k, v in flags.items() if v is not None] + (["--from"] if args.picture else [])
            if extra:
                raise PuzzleError(f"{', '.join(extra)}: the puzzle of the day has the size, grade and number of "
                                  "its date (leave them out)")
            out = make.daily(args.type, args.daily, args.timeout)
        else:
            picture = _read_bytes(args.picture) if args.picture else None
            out = make.make(args.type, flags, picture, args.timeout)
        print(json.dumps(out["puzzle"], ensure_ascii=False, separators=(",", ":")))
        return EXIT_OK
    given = [f"--{k}" for k, v in flags.items() if v is not None] + (["--from"] if args.picture else []) + \
        (["--daily"] if args.daily else [])
    if given:
        raise PuzzleError(f"{', '.join(given)}: with a maker named, give its parameters as NAME=VALUE")
    from .registry import get_family
    fam = get_family(args.type)
    maker = fam.makers.get(args.maker)
    if maker is None:
        raise PuzzleError(f"{args.maker}: not a {fam.type} maker (makers: {', '.join(fam.makers) or 'none'})")
    values: dict = {"timeout": args.timeout or maker.timeout}
    for item in args.params:
        name, sep, value = item.partition("=")
        if not sep:
            raise PuzzleError(f"{item}: expected NAME=VALUE")
        # (a number of any length: the maker's own bounds then say what is too large)
        values[name] = int(value) if value.lstrip("-").isascii() and value.lstrip("-").isdigit() \
            and len(value) <= 40 else value
    kinds = {p.name: p.kind for p in maker.params}
    unknown = [n for n in values if n not in kinds and n not in ("timeout", "title")]
    if unknown:
        raise PuzzleError(f"{', '.join(unknown)}: not a parameter of {fam.type} {maker.name} "
                          f"({', '.join(kinds)})")
    if "image" in kinds.values():
        raise PuzzleError(f"{fam.type} {maker.name} makes puzzles from a picture: give it as a PNG file, "
                          f"'pysolver make {fam.type} --from PICTURE.png --width N'")
    if any(kind in ("palette", "grid") for kind in kinds.values()):
        raise PuzzleError(f"{fam.type} {maker.name} makes puzzles from a drawing: use the app's drawing maker, "
                          f"or the library (pysolver.{fam.type})")
    from .make import with_grade
    puzzle = maker.run(values)["puzzle"]
    if "solution" in puzzle:    # (made unique: graded, as the worker's make grades it)
        with_grade(puzzle, values["timeout"])
    print(json.dumps(puzzle, ensure_ascii=False, separators=(",", ":")))
    return EXIT_OK


#: what every command's puzzle argument may be
PUZZLE_ARG = "a puzzle file in any format it reads (FILE#N: the Nth of a pack), '-' (stdin) or a share link"


class _Parser(argparse.ArgumentParser):
    """argparse, but ``-#N`` (the Nth puzzle of a pack read from stdin) is an argument,
    not an unknown option."""

    def _parse_optional(self, arg_string):
        if arg_string.startswith("-#"):
            return None
        return super()._parse_optional(arg_string)


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="pysolver", description="Solve, check and share picture logic puzzles "
                                 "(`pysolver families` lists them and what each can do).")
    ap.add_argument("--version", action="version", version=f"pysolver {__version__}")
    sub = ap.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("solve", help="solve a puzzle file, '-' (stdin) or a share link; FILE#N is the Nth "
                       "puzzle of a file holding several (a pack)")
    s.add_argument("puzzle", help=PUZZLE_ARG)
    s.add_argument("--method", "-m", help="solving method (default: the family's fastest exact one)")
    s.add_argument("--timeout", "-t", type=_seconds, default=None,
                   help="give up after S seconds (default: no limit; Ctrl-C stops it)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--unique", "-u", action="store_true", help="also prove the solution unique")
    s.set_defaults(fn=_cmd_solve)

    c = sub.add_parser("check", help="check a solution file against a puzzle")
    c.add_argument("puzzle", help=PUZZLE_ARG)
    c.add_argument("solution", help="a JSON file: a solution object, a puzzle file that holds its solution, "
                   "or what 'solve --json' printed")
    c.add_argument("--json", action="store_true", help="print the report as one JSON object")
    c.set_defaults(fn=_cmd_check)

    lk = sub.add_parser("link", help="print the share link fragment of a puzzle")
    lk.add_argument("puzzle", help=PUZZLE_ARG)
    lk.add_argument("--base", default="", help="page URL to put before the fragment")
    lk.set_defaults(fn=_cmd_link)

    sh = sub.add_parser("show", help="print the puzzle JSON of a share link (or of a puzzle file)")
    sh.add_argument("link", help="a share link or its fragment (#type/WxH/...); also a puzz.link URL or a "
                    "Pattern game ID")
    sh.add_argument("--compact", action="store_true", help="on one line, without indentation")
    sh.set_defaults(fn=_cmd_show)

    cv = sub.add_parser("convert", help="write a puzzle as puzzle JSON, a share link or another format",
                        epilog=_FORMATS, formatter_class=_ConvertHelp)
    cv.add_argument("puzzle", help="a puzzle file in any format it reads, '-' (stdin) or a share link")
    cv.add_argument("--to", required=True, metavar="FORMAT", help="json, link, or a family's format (below)")
    cv.add_argument("--timeout", "-t", type=_seconds, default=60.0,
                    help="when the format needs the solution and the file has none: solve for at most S "
                    "seconds (default: 60)")
    cv.add_argument("--out-dir", metavar="DIR", help="write every puzzle of the file (a pack: a tournament set, "
                    "a puzzleset, a collection) into DIR, one file each, named FILE-N.EXT")
    cv.add_argument("--lossy", action="store_true", help="write even when the format changes the puzzle "
                    "(its cover rule, colours or labels); what changed is said on stderr")
    cv.set_defaults(fn=_cmd_convert)

    fm = sub.add_parser("families", help="list the puzzle families: methods, formats, makers")
    fm.add_argument("--json", action="store_true", help="the description the app reads")
    fm.set_defaults(fn=_cmd_families)

    mk = sub.add_parser("make", help="make a puzzle with a family's maker, e.g. 'make numberlink random "
                        "width=8 height=8 seed=3'")
    mk.add_argument("type", help="nonogram, numberlink, linkapix or hungrycat")
    mk.add_argument("maker", nargs="?", help="a maker by name (see 'families'); without it the family's "
                    "random maker, or its picture maker with --from")
    mk.add_argument("params", nargs="*", metavar="NAME=VALUE",
                    help="with a MAKER named, its parameters ('pysolver families' lists each maker's)")
    mk.add_argument("--width", type=int, help="cells across (with --from: the picture is scaled to it)")
    mk.add_argument("--height", type=int, help="cells down")
    mk.add_argument("--colours", "--colors", type=int, help="colours besides the background (nonogram: 1 is "
                    "black and white)")
    mk.add_argument("--grade", help="1..5 or easy, medium, hard, tough, fiendish (0: as it comes, for the "
                                    "makers that list it in 'pysolver families')")
    mk.add_argument("--seed", type=int, help="the same seed makes the same puzzle")
    mk.add_argument("--pairs", type=int, help="Numberlink: how many pairs (exactly)")
    mk.add_argument("--from", dest="picture", metavar="PICTURE.png", help="make it from a PNG picture")
    mk.add_argument("--threshold", type=int, help="with --from, a nonogram in black and white: the cells darker "
                    "than this per cent of white are filled (0, or left out: found from the picture)")
    mk.add_argument("--daily", metavar="YYYY-MM-DD", help="the family's puzzle of that day")
    mk.add_argument("--timeout", "-t", type=_seconds, default=None,
                    help="give up after S seconds (default: the maker's own limit, as in the app)")
    mk.set_defaults(fn=_cmd_make)

    b = sub.add_parser("bench", help="solve every puzzle in a folder and report times")
    b.add_argument("folder", help="a folder of puzzle files (searched below too), or one file")
    b.add_argument("--method", "-m", action="append", help="method (repeat to compare several)")
    b.add_argument("--timeout", "-t", type=_seconds, default=30.0, help="give up on a puzzle after S seconds "
                   "(default 30)")
    b.add_argument("--unique", "-u", action="store_true", help="also prove uniqueness")
    b.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")
    b.add_argument("--jobs", "-j", type=_jobs, default=1,
                   help="solve in N processes (rows stay in file order; give each job a core of its own)")
    b.add_argument("--table", action="store_true",
                   help="then a summary table per family (Link-a-Pix: Table I of Guan et al.)")
    b.set_defaults(fn=_cmd_bench)
    return ap


def _utf8_output() -> None:
    """Files written to standard output (convert, make, show) in UTF-8, as the formats
    and JSON mean them, whatever the console's encoding (a Windows console's code page
    wrote other bytes into a redirected file, and a title it cannot hold was an internal
    error); a terminal that cannot show a character shows a stand-in."""
    for stream in (sys.stdout, sys.stderr):
        if not hasattr(stream, "reconfigure"):
            continue
        try:
            if stream is sys.stdout and not stream.isatty():
                if (stream.encoding or "").replace("-", "").lower() != "utf8":
                    stream.reconfigure(encoding="utf-8")
            else:
                stream.reconfigure(errors="replace")
        except (ValueError, OSError):
            pass                                    # (a stream that cannot change: left as it is)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _utf8_output()
    try:
        return args.fn(args)
    except PuzzleError as exc:
        print(f"pysolver: {_printable(str(exc))}", file=sys.stderr)
        return EXIT_NO if isinstance(exc, NoAnswer) else EXIT_BAD
    except SolveTimeout as exc:
        # (a maker or a step that ran out of --timeout: a negative answer, not a bug)
        limit = getattr(args, "timeout", None)
        after = f" after {limit:g} s" if limit else ""
        print(f"pysolver: gave up{after}: {_printable(str(exc))}", file=sys.stderr)
        return EXIT_NO
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # noqa: BLE001 - a bug: say so, with the exit code for it
        import traceback
        where = traceback.extract_tb(exc.__traceback__)[-1]
        print(f"pysolver: internal error: {type(exc).__name__}: {_printable(str(exc))} "
              f"(at {Path(where.filename).name}:{where.lineno}; please report it with the input)",
              file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
