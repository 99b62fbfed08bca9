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
from typing import TYPE_CHECKING, BinaryIO

from ..arguments import (
    INCOMPLETE_CHECK,
    add_comparison,
    add_signature,
    add_strict,
    examples,
    needs,
    run_command,
)
from ..disco.labels import FUNCTIONS, MORPHOLOGY
from ..errors import UsageError
from ..formats.disc_formats import DISC_FORMATS
from ..policy.inputs import input_file

if TYPE_CHECKING:
    from ..compare.disco import DiscoCommand

DESCRIPTION = """\
Labelled precision, recall and F1 over brackets that are a label and a set of words (so a
discontinuous constituent is a set with gaps), exact match, POS accuracy and function-tag
F1, with discodop eval's breakdown tables and its two-column summary (sentences up to
CUTOFF_LEN words, all sentences), printed byte for byte as discodop eval prints them.
PARAM is an EVALB-style parameter file with discodop's keys (DELETE_WORD, DISC_ONLY, ...);
the bundled proper.prm is found by name.

Several systems: give the parameter file with --param (--param none for discodop's
defaults); every file after GOLD is then a system: each system's report, headed by a line
naming it, then their comparison table (--stat tests each against the baseline).  Without
--param, a third file is discodop's PARAM, as in discodop eval."""




def add_arguments(parser: argparse.ArgumentParser) -> None:
    """discodop eval's options, as it spells them."""
    parser.usage = ("%(prog)s GOLD PARSES [PARAM] [--cutofflen=N] [--verbose] [--debug] "
                    "[--disconly]\n       [--fmt=F | --goldfmt=F --parsesfmt=F] "
                    "[--goldenc=E] [--parsesenc=E]\n       [--functions=X] "
                    "[--morphology=X] [--la] [--ted] [--headrules=FILE]\n"
                    "       [--json] [--signature] [--strict]\n"
                    "       treeeval disco --param PARAM [options] [--stat {bootstrap,ar,mcnemar}"
                    " [--seed N] [--resamples N]]\n"
                    "       [--baseline SYS] [--metrics LIST] [--format F] [--title TEXT] "
                    "[--plot FILE]\n       GOLD SYS1 SYS2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval disco gold.export parses.export proper.prm",
        "treeeval disco gold.dbr parses.dbr proper.prm --fmt=discbracket --disconly",
        "treeeval disco --param proper.prm --stat ar --format markdown gold.export a.export "
        "b.export")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD PARSES [PARAM]",
                        help="the gold trees, the parses and optionally a parameter file; "
                             "with --param, the gold trees and one parses file per system")
    valued = [
        parser.add_argument("--cutofflen", metavar="N", type=int,
                            help="the first column of the summary: sentences of at most N "
                                 "words (default: the parameter file's CUTOFF_LEN, 40)"),
        parser.add_argument("--fmt", choices=DISC_FORMATS,
                            help="the format of both files (default: export)"),
        parser.add_argument("--goldfmt", choices=DISC_FORMATS, default="export",
                            help="the format of GOLD"),
        parser.add_argument("--parsesfmt", choices=DISC_FORMATS, default="export",
                            help="the format of PARSES"),
        parser.add_argument("--goldenc", metavar="E", default="utf8",
                            help="the encoding of GOLD (default: utf8)"),
        parser.add_argument("--parsesenc", metavar="E", default="utf8",
                            help="the encoding of PARSES (default: utf8)"),
        parser.add_argument("--functions", choices=FUNCTIONS, default="remove",
                            help="function tags: cut from labels (remove, the default), left "
                                 "as they are, or from the export edge labels added to "
                                 "labels, replacing them, or as a node above each node"),
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
    own = parser.add_argument_group("treeeval's options")
    own.add_argument("--param", metavar="PARAM", type=input_file,
                     help="the parameter file (bundled proper.prm found by name; none: "
                          "discodop's defaults); with it, every file after GOLD is a system")
    own.add_argument("--json", action="store_true",
                     help="write each system's summary as JSON (schema treeeval/1) instead "
                          "of the report")
    add_comparison(parser, metrics_example="F1;Disc F1;EX",
                   stat_help="test each system against the baseline on every metric: paired "
                             "bootstrap (95%% CIs) or approximate randomization over gold "
                             "sentences; mcnemar applies to EX (exact_match) only",
                   plot="bracket F1 by sentence length and by label", title=True)
    add_signature(own)
    add_strict(own, INCOMPLETE_CHECK)


def disco_command(args: argparse.Namespace) -> DiscoCommand:
    """The command line's settings: without ``--param``, GOLD PARSES [PARAM] as discodop
    reads them; with it, GOLD and one parses file per system.

    >>> from treeeval.arguments import parse_command
    >>> command = disco_command(parse_command("disco", ["--param", "none", "g", "a", "b"]))
    >>> command.systems, command.base.param, command.base.parses
    (('a', 'b'), None, 'a')
    >>> disco_command(parse_command("disco", ["g", "a", "b", "c"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: expected GOLD PARSES [PARAM], got 4 file arguments: to compare \
several systems, give the parameter file with --param (--param none for none)
    """
    from ..compare.disco import DiscoCommand
    from ..disco.run import DiscoSettings
    from ..formats.prm import find_prm

    files = list(args.files)
    if args.param is not None:
        if len(files) < 2:
            raise UsageError(f"expected GOLD SYS1 [SYS2 ...] with --param, got {len(files)} "
                             "file argument(s)")
        param = None if args.param == "none" else str(find_prm(args.param))
        systems = files[1:]
    elif 2 <= len(files) <= 3:
        param = str(find_prm(files[2])) if len(files) == 3 else None
        systems = files[1:2]
    else:
        raise UsageError(f"expected GOLD PARSES [PARAM], got {len(files)} file arguments"
                         + (": to compare several systems, give the parameter file with "
                            "--param (--param none for none)" if len(files) > 3 else ""))
    settings = DiscoSettings(
        files[0], systems[0], param, args.cutofflen, args.verbose, args.debug,
        args.disconly, args.fmt, args.goldfmt, args.parsesfmt, args.goldenc, args.parsesenc,
        args.functions, args.morphology, args.la, args.ted, args.headrules)
    return DiscoCommand(settings, tuple(systems), args.json, args.signature)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval disco``: the exit status."""
    from ..arguments import comparison_settings
    from ..compare import disco

    return disco.run(disco_command(args), comparison_settings(args), out, err, args.notices)


def run_disco_command(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval disco ARGV...`` in process: the exit status."""
    return run_command("disco", argv, out, err)
