"""Fuzzing ``treeeval bracket GOLD SYS1 SYS2 ...``: a gold file and two or three test files
(bracketed independently, one sometimes damaged as test_fuzz_bracket.py damages a pair), the
comparison options drawn (``--stat``, ``--metrics``, ``--baseline``, ``--format``,
``--per-label``, ``--json``).  Each run must end in the reports and the table or in one
located error; a successful ``--format json`` or ``csv``, or ``--json``, loads.

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python -m pytest tests/fuzz/test_fuzz_bracket_compare.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import csv
import io
import json

from fuzzing import check_run, edit_tree, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_bracket import _TREE_EDITS, WORDS, trees

#: CI cases (the file stays under about 10 s on the shared machine)
CI_CASES = 40

OPTIONS = st.lists(st.sampled_from([
    ["--stat", "bootstrap", "--resamples", "30"], ["--stat", "ar", "--resamples", "30"],
    ["--stat", "mcnemar", "--metrics", "complete_match;complete_match_40"],
    ["--metrics", "fmeasure;fmeasure_40"], ["--metrics", "recall,tagging_accuracy"],
    ["--baseline", "s2"], ["--format", "json"], ["--format", "csv"], ["--format", "latex"],
    ["--per-label"], ["--json"], ["-d"], ["-c", "3"], ["-e", "1"], ["--seed", "7"],
    ["--signature"], ["--strict"]]), max_size=4)


@st.composite
def systems(draw: st.DrawFn) -> dict[str, bytes]:
    """A gold file and two or three systems over its words, one perhaps damaged."""
    sentences = draw(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
                              min_size=1, max_size=6))

    def bracketed() -> bytes:
        return b"".join(draw(trees(words)) + b"\n" for words in sentences)

    files = {"gold.txt": bracketed()}
    for number in range(1, draw(st.integers(2, 3)) + 1):
        files[f"s{number}.txt"] = bracketed()
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(files)))
        files[name] = draw(mutated(st.just(edit_tree(files[name], draw(_TREE_EDITS)))))
    return files


@fuzz_settings(CI_CASES)
@given(systems(), OPTIONS)
def test_fuzz_bracket_systems(files: dict[str, bytes], options: list[list[str]]) -> None:
    args = [item for option in options for item in option]
    ran = check_run(["bracket", "-p", "COLLINS.prm", *args, *files], files, usage_ok=True)
    if ran.status != 0:
        return
    text = ran.stdout.decode("latin-1")
    if "--format" in args:
        fmt = args[len(args) - 1 - args[::-1].index("--format") + 1]  # the last one counts
        if fmt == "json":
            assert json.loads(text)["kind"] == "comparison_table"
        elif fmt == "csv":
            assert len(list(csv.DictReader(io.StringIO(text, newline="")))) > 0
    elif "--json" in args:
        assert len(json.loads(text)["systems"]) == len(files) - 1
