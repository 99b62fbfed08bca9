"""``treeeval browse``: its command line, the format sniffing and the loading of the data.

Textual is imported only when the browser starts, so parsing and loading can be used (and
tested) without a terminal.

>>> options = parse_browse_args(["-p", "COLLINS.prm", "gold.mrg", "sys.mrg"])
>>> options.gold, options.systems, options.prm_names
('gold.mrg', ['sys.mrg'], ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from ..arguments import examples, parse_command
from ..bracket.params import EvalbParams
from ..errors import InputError, UsageError
from ..policy.inputs import input_file
from ..policy.sniffing import sniff
from .corpus import BrowseCorpus
from .lines import LineIndex

DESCRIPTION = """\
Browse parse errors sentence by sentence in the terminal.  The format is sniffed from
GOLD: bracketed trees are scored as `treeeval bracket` scores them (EVALB), CoNLL-X,
MaltTab (.tab) and MaltXML (.xml) files as `treeeval dep` does (MaltEval), CoNLL-U
files as `treeeval ud` does (the CoNLL 2018 scorer); with --heads bracketed
trees are converted to dependencies and browsed as such.  With SYS2, SYS3... every
system is compared to GOLD, one set of columns each (marked ₁ ₂ ₃...).  With one FILE
and no system, its sentences and trees are shown without scores, as MaltEval's viewer
shows a file."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """EVALB's ``-p``/``-e``/``-c`` (left to right), ``--heads``, ``--exclude-punct``."""
    from ..commands.bracket import InOrder

    parser.usage = ("%(prog)s [-p PRM]... [-e N] [-c N] [--heads NAME|FILE] [--exclude-punct]\n"
                    "                       GOLD [SYS [SYS2 ...]]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval browse -p COLLINS.prm wsj22.gld berkeley.tst",
        "treeeval browse gold.conll parser1.conll parser2.conll parser3.conll",
        "treeeval browse wsj22.gld") + (
        "\nKeys: ? or F1 in the browser lists them all; q quits.\n")
    parser.set_defaults(evalb=[])
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD SYS",
                        help="the gold file and any number "
                        "of systems (none: browse one file without scores)")
    parser.add_argument("-p", action=InOrder, type=input_file, metavar="PRM",
                        help="EVALB parameter file (brackets), applied left to right as in "
                             "treeeval bracket; a bundled one is found by name")
    parser.add_argument("-e", action=InOrder, metavar="N", help="EVALB's MAX_ERROR")
    parser.add_argument("-c", action=InOrder, metavar="N",
                        help="EVALB's CUTOFF_LEN (second summary block)")
    parser.add_argument("--heads", metavar="NAME", type=input_file,
                        help="browse bracket files as dependencies, converted with this head "
                             "table")
    parser.add_argument("--exclude-punct", action="store_true",
                        help="leave out tokens whose FORM is all Unicode punctuation "
                             "(dependencies; MaltEval's ExcludeUnicodePunc 1)")


#: the formats by the names ``sniff_format`` gives them, for messages
NAMES = {"bracket": "bracketed trees", "conllx": "CoNLL-X", "conllu": "CoNLL-U",
         "malttab": "MaltTab", "maltxml": "MaltXML"}


@dataclass
class BrowseOptions:
    """The parsed command line of ``treeeval browse``."""

    gold: str
    systems: list[str]
    params: EvalbParams = field(default_factory=EvalbParams)
    prm_names: list[str] = field(default_factory=list)
    heads: str | None = None
    exclude_punct: bool = False


def browse_options(args: argparse.Namespace) -> BrowseOptions:
    """The options of a parsed command line: EVALB's applied in order, GOLD and any number
    of systems (none: one file browsed without gold)."""
    from ..bracket.settings import evalb_params

    params, _, names = evalb_params(args.evalb)
    if not args.files:
        raise UsageError("expected GOLD [SYS [SYS2 ...]], got no file")
    return BrowseOptions(args.files[0], args.files[1:], params, names, args.heads,
                         args.exclude_punct)


def parse_browse_args(argv: Sequence[str]) -> BrowseOptions | None:
    """Parse the arguments; None means help was printed."""
    args = parse_command("browse", argv)
    return None if args is None else browse_options(args)


def sniff_format(path: str) -> str:
    """``bracket``, ``conllx``, ``conllu``, ``malttab`` or ``maltxml``: the decision table of
    every command (``treeeval.policy.sniffing``); an empty file, or one whose first word line
    is neither a bracketed tree nor a CoNLL word line, is an InputError.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "gold")
    >>> _ = open(path, "w").write("# sent_id = 1\\n1\\ta\\t_\\tX\\tX\\t_\\t0\\troot\\t_\\t_\\n")
    >>> sniff_format(path), sniff_format("gold.tab"), sniff_format("wsj_23.mrg")
    ('conllu', 'malttab', 'bracket')
    """
    return sniff(path, "browse")


def load_corpus(options: BrowseOptions) -> BrowseCorpus:
    """Score the files as the matching ``treeeval`` command does; returns the corpus.

    Each file is read once (``lines.LineIndex``): the format is sniffed from the bytes
    read, and every reader, scorer and the detail pane work on them."""
    gold = LineIndex(options.gold)
    kind = sniff(gold.path, "browse", gold.data)
    if not options.systems:
        from .single_data import load_single

        return load_single(gold)
    if kind == "conllu":
        _check_conllu_options(options)
    elif kind != "bracket" and options.heads is not None:
        raise UsageError(f"--heads converts bracketed trees; the gold file is {NAMES[kind]} "
                         "already")
    systems = [LineIndex(path) for path in options.systems]
    if kind == "conllu":
        return _load_conllu(gold, systems)
    if kind == "bracket" and options.heads is None:
        from .bracket_data import load_brackets

        return load_brackets(gold, systems, options.params, options.prm_names)
    from .dep_data import load_dependencies

    return load_dependencies(gold, systems, options.exclude_punct, options.heads)


def _check_conllu_options(options: BrowseOptions) -> None:
    """CoNLL-U files are scored as ``treeeval ud`` scores them: no dependency options."""
    if options.heads is not None or options.exclude_punct:
        option = "--heads" if options.heads is not None else "--exclude-punct"
        raise UsageError(f"{option} does not apply to CoNLL-U files (scored as treeeval ud, "
                         "punctuation included)")


def _load_conllu(gold: LineIndex, systems: list[LineIndex]) -> BrowseCorpus:
    """CoNLL-U files, each system scored against gold as ``treeeval ud`` scores it."""
    if len(systems) > 1:
        from .ud_systems import load_ud_systems

        return load_ud_systems(gold, systems)
    from .ud_data import load_ud

    return load_ud(gold, systems[0])


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval browse``: load and score, then run the browser until it quits."""
    options = browse_options(args)
    for path in [options.gold] + options.systems:
        if not os.path.exists(path):
            raise InputError("no such file", path=path)
    corpus = load_corpus(options)
    try:
        from .app import BrowseApp
    except ModuleNotFoundError as exc:
        if exc.name != "textual":
            raise
        raise UsageError("treeeval browse needs Textual (pip install textual)") from None

    terminal = sys.__stderr__
    if terminal is None or not terminal.isatty():
        # Textual draws on stderr: redirected, the screen would stay blank
        raise UsageError("treeeval browse draws on stderr, which is not a terminal here "
                         "(2> redirects it); run it without redirecting stderr")
    BrowseApp(corpus).run()
    return 0
