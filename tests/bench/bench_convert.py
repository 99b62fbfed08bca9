"""Words per second converting the NLTK WSJ sample (94,084 words) to dependencies.

Run from the repository: ``python tests/bench/bench_convert.py [--heads collins] [--repeat 5]``.
It needs ../shared (data/heads/sample/wsj_0001-0099.mrg and wsj_0100-0199.mrg, the two
halves of NLTK's treebank sample).  It prints the best of ``--repeat`` runs of: reading
the trees, converting them (the target: at least 100,000 words/s with collins), and the
whole of ``treeeval convert`` in process (read, convert, write CoNLL-X to memory).

Example (one core of a shared VM)::

    3914 trees, 94084 words, table collins
    read trees:           0.28 s   336,159 words/s
    convert:              0.24 s   398,071 words/s
    read+convert+write:   0.47 s   200,174 words/s
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from timing import best_time

from treeeval.conversion import Converter
from treeeval.formats.brackets import read_trees
from treeeval.formats.conll import write_conll

SAMPLE = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "heads" / "sample"
FILES = ["wsj_0001-0099.mrg", "wsj_0100-0199.mrg"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heads", default="collins")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    paths = [SAMPLE / name for name in FILES]
    if not all(path.exists() for path in paths):
        print(f"needs ../shared: {SAMPLE} not found", file=sys.stderr)
        return 1
    trees = [tree for path in paths for tree in read_trees(path)]
    converter = Converter(options.heads)
    words = sum(len(s) for s in converter.sentences(trees))
    print(f"{len(trees)} trees, {words} words, table {options.heads}")

    def read() -> None:
        for path in paths:
            for _ in read_trees(path):
                pass

    def convert() -> None:
        for _ in converter.sentences(trees):
            pass

    def whole() -> None:
        for path in paths:
            write_conll(converter.sentences(read_trees(path)), io.BytesIO())

    for name, run in [("read trees", read), ("convert", convert), ("read+convert+write", whole)]:
        seconds = best_time(run, options.repeat)
        print(f"{name + ':':<20} {seconds:5.2f} s {words / seconds:>9,.0f} words/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
