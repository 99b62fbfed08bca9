"""``treeeval disco GOLD PARSES [PARAM]``: discontinuous constituency trees (Negra, Tiger,
Lassy/Alpino) scored as ``discodop eval`` scores them, its options spelt as it spells them.

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "gold.dbr").write_text("(S (NP 0=Der 2=Mann) (VVFIN 1=kam))\\n")
>>> out = io.BytesIO()
>>> run_disco_command([str(folder / "gold.dbr")] * 2 + ["--fmt=discbracket"], out,
...                   io.BytesIO())
0
>>> print(out.getvalue().decode().splitlines()[-3])
labeled f-measure:         100.00
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import examples, needs, run_command
from ..errors import UsageError
from ..policy.inputs import input_file

DESCRIPTION = """\
Labelled precision, recall and F1 over brackets that are a label and a set of words (so a
discontinuous constituent is a set with gaps), exact match, POS accuracy and function-tag
F1, with discodop eval's breakdown tables and its two-column summary (sentences up to
CUTOFF_LEN words, all sentences), printed byte for byte as discodop eval prints them.
PARAM is an EVALB-style parameter file with discodop's keys (DELETE_WORD, DISC_ONLY, ...);
the bundled proper.prm is found by name."""

FORMATS = ("export", "bracket", "discbracket", "tiger", "alpino")
FUNCTIONS = ("remove", "leave", "add", "replace")
MORPHOLOGY = ("no", "add", "replace", "between")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """discodop eval's options, as it spells them."""
    parser.usage = ("%(prog)s GOLD PARSES [PARAM] [--cutofflen=N] [--verbose] [--debug] "
                    "[--disconly]\n       [--fmt=F | --goldfmt=F --parsesfmt=F] "
                    "[--goldenc=E] [--parsesenc=E]\n       [--functions=X] "
                    "[--morphology=X] [--la] [--ted] [--headrules=FILE]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval disco gold.export parses.export proper.prm",
        "treeeval disco gold.dbr parses.dbr proper.prm --fmt=discbracket --disconly",
        "treeeval disco gold.mrg parses.mrg COLLINS.prm --fmt=bracket --verbose")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD PARSES [PARAM]",
                        help="the gold trees, the parses and optionally a parameter file")
    valued = [
        parser.add_argument("--cutofflen", metavar="N", type=int,
                            help="the first column of the summary: sentences of at most N "
                                 "words (default: the parameter file's CUTOFF_LEN, 40)"),
        parser.add_argument("--fmt", choices=FORMATS,
                            help="the format of both files (default: export)"),
        parser.add_argument("--goldfmt", choices=FORMATS, default="export",
                            help="the format of GOLD"),
        parser.add_argument("--parsesfmt", choices=FORMATS, default="export",
                            help="the format of PARSES"),
        parser.add_argument("--goldenc", metavar="E", default="utf8",
                            help="the encoding of GOLD (default: utf8)"),
        parser.add_argument("--parsesenc", metavar="E", default="utf8",
                            help="the encoding of PARSES (default: utf8)"),
        parser.add_argument("--functions", choices=FUNCTIONS, default="remove",
                            help="function tags: cut from labels (remove, the default), left "
                                 "as they are, or from the export edge labels added to "
                                 "labels or replacing them"),
        parser.add_argument("--morphology", choices=MORPHOLOGY, default="no",
                            help="the export morphology column: added to tags, replacing "
                                 "them, or as a node between tag and word"),
        parser.add_argument("--headrules", metavar="FILE", type=input_file,
                            help="unlabelled dependency accuracy through these head rules"),
    ]
    for action in valued:
        needs(action, "a value")
    parser.add_argument("--verbose", action="store_true",
                        help="one line per sentence and every row of the tables")
    parser.add_argument("--debug", action="store_true",
                        help="each sentence's trees and brackets in detail")
    parser.add_argument("--disconly", action="store_true",
                        help="score discontinuous brackets only")
    parser.add_argument("--la", action="store_true", help="leaf-ancestor score")
    parser.add_argument("--ted", action="store_true",
                        help="tree-edit distance, Dice-normalised")


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval disco``: the exit status."""
    from ..disco.run import DiscoSettings, run_disco
    from ..formats.prm import find_prm

    if not 2 <= len(args.files) <= 3:
        raise UsageError(f"expected GOLD PARSES [PARAM], got {len(args.files)} file "
                         "argument(s)")
    param = str(find_prm(args.files[2])) if len(args.files) == 3 else None
    settings = DiscoSettings(
        args.files[0], args.files[1], param, args.cutofflen, args.verbose, args.debug,
        args.disconly, args.fmt, args.goldfmt, args.parsesfmt, args.goldenc, args.parsesenc,
        args.functions, args.morphology, args.la, args.ted, args.headrules)
    return run_disco(settings, out)


def run_disco_command(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval disco ARGV...`` in process: the exit status."""
    return run_command("disco", argv, out, err)
