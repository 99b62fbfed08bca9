"""Start-up and response times of ``treeeval browse`` (not a pytest test).

    python tests/bench/bench_browse.py [--copies 24] [--dep-copies 200] [--ud-copies 20]
                                       [--brackets-only]

Times, headless (Textual's ``run_test``), on WSJ 22 (1,700 sentences), on WSJ 22 repeated
``--copies`` times (24 copies: 40,800 sentences), on the English CoNLL-X pair of Plank
et al. (200 sentences) repeated ``--dep-copies`` times (40,000 sentences), and on the
CoNLL 2018 English EWT test set with the HIT-SCIR output (CoNLL-U, 2,077 sentences), once
and repeated ``--ud-copies`` times (20 copies: 41,540 sentences):

* start-up: scoring and loading the corpus, then the app up to its first screen;
* the keys a user presses on a large corpus: next error, sort, wrong-only, a search;
* the first label filter;
* for brackets, also the data layer alone on WSJ 22 x ``--copies``: the first ``L NP``
  filter and the breakdown (each on a freshly loaded corpus).

The issue asks for start-up under 3 s on WSJ 22 and under 10 s on 40,000 sentences.

The label filter and the breakdown of bracket files used to run EVALB's per-sentence engine
on every sentence (in a worker); they now read the vectorised bracket columns of
``treeeval.bracket.spans``.  On WSJ 22 x 24 (40,800 sentences, 2 shared cores), the first
``L NP`` filter went from 21.6 s to 1.8 s and the breakdown from 29.3 s to 1.8 s (0.005 s
after a label filter: both share the columns).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
WSJ22 = SHARED / "evalb" / "wsj22"
PLANK = SHARED / "conllx" / "plank_conll2015" / "datapackage" / "en"
UD = SHARED / "ud" / "conll2018"


def repeat(source: Path, target: Path, copies: int, separator: bytes = b"") -> str:
    data = source.read_bytes()
    if separator and not data.endswith(separator):
        data += separator
    target.write_bytes(data * copies)
    return str(target)


async def drive(app, keys: list[str]) -> dict[str, float]:
    """Start the app headless and time its first screen and each key."""
    from treeeval.tui.widgets.sentence_list import SentenceList

    timings: dict[str, float] = {}
    start = time.perf_counter()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        timings["first screen"] = time.perf_counter() - start
        for key in keys:
            began = time.perf_counter()
            await pilot.press(*key.split(" "))
            await app.workers.wait_for_complete()
            await pilot.pause()
            timings[f"key {key!r}"] = time.perf_counter() - began
        timings["rows shown at the end"] = len(app.query_one(SentenceList).view)
        await pilot.press("q")
    return timings


def measure(name: str, arguments: list[str], keys: list[str]) -> None:
    from treeeval.commands.browse import parse_browse_args
    from treeeval.tui.app import BrowseApp
    from treeeval.tui.loading import load_corpus

    began = time.perf_counter()
    corpus = load_corpus(parse_browse_args(arguments))
    loading = time.perf_counter() - began
    timings = asyncio.run(drive(BrowseApp(corpus), keys))
    print(f"\n{name}: {corpus.size} sentences")
    print(f"  scoring and loading      {loading:7.2f} s")
    print(f"  start-up (to 1st screen) {loading + timings.pop('first screen'):7.2f} s")
    for label, value in timings.items():
        unit = "" if label.startswith("rows") else " s"
        print(f"  {label:<24} {value:7.2f}{unit}" if unit else f"  {label:<24} {int(value):7d}")


def measure_bracket_data(name: str, arguments: list[str]) -> None:
    """The first ``L NP`` filter and the breakdown, each on a freshly loaded corpus."""
    from treeeval.commands.browse import parse_browse_args
    from treeeval.tui.loading import load_corpus
    from treeeval.tui.model import SentenceFilter

    print(f"\n{name}: bracket data layer")
    for label, action in (("first 'L NP' filter", lambda c: SentenceFilter(label="NP").apply(c)),
                          ("breakdown", lambda c: c.breakdown())):
        corpus = load_corpus(parse_browse_args(arguments))
        began = time.perf_counter()
        action(corpus)
        print(f"  {label:<24} {time.perf_counter() - began:7.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=24)
    parser.add_argument("--dep-copies", type=int, default=200)
    parser.add_argument("--ud-copies", type=int, default=20)
    parser.add_argument("--brackets-only", action="store_true",
                        help="only the bracket data layer on WSJ 22 x COPIES")
    options = parser.parse_args(argv)
    if not WSJ22.exists() or not PLANK.exists() or not UD.exists():
        print(f"shared data not found under {SHARED}", file=sys.stderr)
        return 1
    keys = ["n", "s s s s s s", "w", "slash b i l l i o n enter", "c"]
    gold, test = WSJ22 / "wsj22.auto.clean.gld", WSJ22 / "wsj22.berkeley_MLE.top.tst"
    with tempfile.TemporaryDirectory() as folder:
        measure_bracket_data(f"WSJ 22 x {options.copies}, COLLINS.prm, -e 1000000",
                             ["-p", "COLLINS.prm", "-e", "1000000",
                              repeat(gold, Path(folder) / "gold", options.copies),
                              repeat(test, Path(folder) / "test", options.copies)])
    if options.brackets_only:
        return 0
    measure("WSJ 22, COLLINS.prm", ["-p", "COLLINS.prm", str(gold), str(test)],
            keys + ["L N P enter"])
    with tempfile.TemporaryDirectory() as folder:
        big_gold = repeat(gold, Path(folder) / "gold", options.copies)
        big_test = repeat(test, Path(folder) / "test", options.copies)
        measure(f"WSJ 22 x {options.copies}, COLLINS.prm, -e 1000000",
                ["-p", "COLLINS.prm", "-e", "1000000", big_gold, big_test],
                keys + ["L N P enter"])
        dep_gold = repeat(PLANK / "gold.conll", Path(folder) / "gold.conll", options.dep_copies,
                          b"\n\n")
        dep_sys = repeat(PLANK / "parser1.conll", Path(folder) / "sys.conll",
                         options.dep_copies, b"\n\n")
        measure(f"Plank en x {options.dep_copies} (CoNLL-X)", [dep_gold, dep_sys],
                keys + ["L n s u b j enter"])
        ud_gold = UD / "gold" / "en_ewt.conllu"
        ud_sys = UD / "systems" / "HIT-SCIR-18" / "en_ewt.conllu"
        measure("en_ewt, HIT-SCIR (CoNLL-U)", [str(ud_gold), str(ud_sys)],
                keys + ["L n s u b j enter"])
        measure(f"en_ewt x {options.ud_copies}, HIT-SCIR (CoNLL-U)",
                [repeat(ud_gold, Path(folder) / "gold.conllu", options.ud_copies),
                 repeat(ud_sys, Path(folder) / "sys.conllu", options.ud_copies)],
                keys + ["L n s u b j enter"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
