"""Nonogram files of other programs, one module per kind, read into puzzle JSON and
written from a model:

* :mod:`.webpbn` webpbn XML (read and written);
* :mod:`.non` Simpson's ``.non``, with the ``color`` and ``goal`` extensions of
  nonogram-db and pbnsolve, and Nonny's colour lines (read and written);
* :mod:`.olsak` Olšák's ``.g`` (read and written);
* :mod:`.plain` ``.mk`` and Jakub Wilk's ``.nin`` (read);
* :mod:`.puzzlink` puzz.link / pzv.jp ``p?nonogram/W/H/<clues>`` URLs (read and
  written, black-and-white);
* :mod:`.cluetext` pynogram's INI text, nonogrid's TOML, picross-solver's text and the
  tournament sets (read);
* :mod:`.tatham` Simon Tatham's Pattern: game IDs and save files (read), game IDs
  (written).

Every loader returns puzzle JSON (``type``, ``width``, ``height``, clues, optional
palette, meta and ``solution``), or a list of them for a file of several puzzles (a
pack), which the caller then validates with the family's ``parse``; format errors are
PuzzleError messages naming the line.  Written from the public descriptions (pbnsolve's
"Input Formats" notes, nonogram-db's FORMAT.md) and the files of ../shared/formats; the
family registers the tables below (:data:`IMPORTERS`, :data:`EXPORTERS`).
"""
from __future__ import annotations

from ...base import Exporter
from . import cluetext, tatham
from .non import export_non, load_non, sniff_non
from .olsak import export_g, load_g, sniff_g
from .plain import load_mk, load_nin, sniff_mk, sniff_nin
from .puzzlink import export_puzzlink, load_puzzlink, sniff_puzzlink
from .webpbn import export_xml, load_xml, sniff_xml

_META = ("title", "author", "license", "source")

#: formats written: name -> Exporter
EXPORTERS = {
    "non": Exporter("Simpson's .non (color lines for a palette, goal when there is a solution)",
                    lambda model, solution, meta: export_non(model, solution, meta), ext=".non",
                    writes_solution=True, keeps=_META + ("colours",)),
    "webpbn-xml": Exporter("webpbn XML (a puzzleset of one puzzle: colours, clues, the goal when the solution "
                           "is known)", lambda model, solution, meta: export_xml(model, solution, meta),
                           ext=".xml", writes_solution=True, keeps=_META + ("colours",)),
    "olsak-g": Exporter("Olšák's .g (grid, pbnsolve): the title, the colour table, the clues",
                        lambda model, solution, meta: export_g(model, meta), ext=".g", keeps=("title", "colours")),
    "puzzlink": Exporter("a puzz.link URL (black-and-white only)",
                         lambda model, solution, meta: export_puzzlink(model) + "\n",
                         accepts=lambda model: not model.multicolour),
    "pattern": Exporter("a game ID of Simon Tatham's Pattern (Game > Specific; black-and-white, a side of 2 or more)",
                        lambda model, solution, meta: tatham.export_pattern(model) + "\n",
                        # (Pattern wants a side of 2 or more)
                        accepts=lambda model: not model.multicolour and max(model.width, model.height) >= 2),
}

#: formats read: name -> (sniff, load); a loader returns a list for a file of several
#: puzzles (a pack).  Shapes are sniffed, marks decide (see load._import).
IMPORTERS = {
    "puzzlink": (sniff_puzzlink, load_puzzlink),
    "webpbn-xml": (sniff_xml, load_xml),
    "non": (sniff_non, load_non),
    "olsak-g": (sniff_g, load_g),
    "mk": (sniff_mk, load_mk),
    "nin": (sniff_nin, load_nin),
    "pynogram-ini": (cluetext.sniff_ini, cluetext.load_ini),
    "nonogrid-toml": (cluetext.sniff_toml, cluetext.load_toml),
    "picross-solver": (cluetext.sniff_picross, cluetext.load_picross),
    "tournament": (cluetext.sniff_tournament, cluetext.load_tournament),
    "pattern": (tatham.sniff_pattern, tatham.load_pattern),
}
