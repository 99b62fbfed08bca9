"""``treeeval wde``: the word dependency entropy of each relation in some treebanks
(Callin 2016), and its average as WLAS weights."""

from __future__ import annotations

import argparse
from typing import BinaryIO

from ..arguments import add_strict, examples, needs
from ..policy.inputs import input_file

DESCRIPTION = """\
Word dependency entropy (Callin 2016) of every universal relation in each CoNLL-U or
CoNLL-X treebank, and its average over the treebanks (0.5 where a relation is missing)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``treeeval wde TREEBANK... [-o FILE] [--classes FILE] [--strict]``."""
    parser.usage = "%(prog)s TREEBANK... [-o WEIGHTS.tsv] [--classes FILE] [--strict]"
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval wde gold/en_ewt.conllu gold/fi_tdt.conllu",
                             "treeeval wde gold/*.conllu -o weights.tsv",
                             "treeeval wde en.conllu --classes classes.tsv")
    parser.add_argument("files", nargs="*", type=input_file, metavar="TREEBANK",
                        help="CoNLL-U or CoNLL-X files")
    output = parser.add_argument("-o", "--output", metavar="FILE",
                                 help="write the averaged WDE as a weights file "
                                      "(relation<TAB>weight), for the WLAS of treeeval ud "
                                      "--callin")
    classes = parser.add_argument("--classes", metavar="FILE", type=input_file,
                                  help="relation classes (relation<TAB>function|content|other) "
                                       "for the class column; default: the table of the paper")
    for action in (output, classes):
        needs(action, "a file name")
    add_strict(parser, "a treebank with no word")


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval wde``: the exit status."""
    from ..ud.wde import write_wde

    write_wde(args.files, args.classes, args.output, out, args.notices)
    return 0
