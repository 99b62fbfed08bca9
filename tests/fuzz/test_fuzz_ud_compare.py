"""Fuzzing ``treeeval ud GOLD SYS1 SYS2 ...``: a gold file and two or three systems (one of
them sometimes mutated, as test_fuzz_ud.py mutates a pair), the comparison options drawn
(``--stat``, ``--metrics``, ``--baseline``, ``--format``).  Each run must end in the reports
and the table or in one located error; a successful ``--format json`` or ``csv`` loads.

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python -m pytest tests/fuzz/test_fuzz_ud_compare.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import csv
import io
import json

from fuzzing import check_run, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_ud import render, structured, system_of, treebank_rows

#: CI cases (the file stays under about 10 s on the shared machine)
CI_CASES = 40

OPTIONS = st.lists(st.sampled_from([
    ["--stat", "bootstrap", "--resamples", "30"], ["--stat", "ar", "--resamples", "30"],
    ["--metrics", "LAS;MLAS"], ["--metrics", "Tokens,Sentences,BLEX"], ["--baseline", "s2"],
    ["--format", "json"], ["--format", "csv"], ["--format", "latex"], ["-v"], ["--conll17"],
    ["--seed", "7"], ["--signature"], ["--strict"]]), max_size=4)


@st.composite
def systems(draw: st.DrawFn) -> dict[str, bytes]:
    """A gold file and two or three systems made from it, one perhaps mutated."""
    gold = draw(treebank_rows())
    files = {"gold.conllu": render(gold)}
    for number in range(1, draw(st.integers(2, 3)) + 1):
        files[f"s{number}.conllu"] = render(draw(system_of(gold)))
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(files)))
        files[name] = draw(mutated(st.just(draw(structured(files[name])))))
    return files


@fuzz_settings(CI_CASES)
@given(systems(), OPTIONS)
def test_fuzz_ud_systems(files: dict[str, bytes], options: list[list[str]]) -> None:
    args = [item for option in options for item in option]
    if "--conll17" in args and "--metrics" in args:  # MLAS and BLEX are not conll17 metrics
        args.remove("--conll17")
    ran = check_run(["ud", *args, *files], files)
    if ran.status == 0 and "--format" in args:
        fmt = args[len(args) - 1 - args[::-1].index("--format") + 1]  # the last one counts
        text = ran.stdout.decode("utf-8")
        if fmt == "json":
            assert json.loads(text)["kind"] == "comparison_table"
        elif fmt == "csv":
            assert len(list(csv.DictReader(io.StringIO(text, newline="")))) > 0
