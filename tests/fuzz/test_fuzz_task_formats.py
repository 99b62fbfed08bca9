"""Fuzzing ``treeeval task`` on CoNLL-X and bracketed treebanks: a task of one CoNLL-X
treebank (sentences and parses of :mod:`test_fuzz_dep`, mutated) and one bracketed treebank
(the damaged tree pairs of :mod:`test_fuzz_bracket`), sometimes with a mutated EVALB
parameter file.  A broken run only counts 0 (a warning; with ``--strict`` a located error);
a broken ``-p`` file is a located error: every case must end in tables, or in one located
``treeeval: error: FILE:LINE: ...`` naming one of the task's files.

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python -m pytest tests/fuzz/test_fuzz_task_formats.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

from fuzzing import fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_bracket import damaged_trees, prm_files
from test_fuzz_dep import conll, parsed_of, sentences
from test_fuzz_task import check_task

#: CI cases (the whole file stays under about 25 s on the shared machine)
CI_CASES = 60
OPTIONS = st.tuples(st.lists(st.sampled_from(["--strict", "--dep-prm=COLLINS.prm",
                                              "--metrics=LAS;fmeasure", "--table=averages"]),
                             max_size=3, unique=True),
                    st.sampled_from([[], ["--json"], ["--format=csv"]])).map(
    lambda drawn: drawn[0] + drawn[1])


@st.composite
def conllx_runs(draw: st.DrawFn) -> tuple[bytes, bytes, bytes]:
    """A CoNLL-X gold file (sometimes mutated) and two runs on it (mutated or not)."""
    gold = draw(sentences())
    text = conll(gold)
    if draw(st.integers(0, 4)) == 0:
        text = draw(mutated(st.just(text)))
    first = draw(mutated(st.just(conll(draw(parsed_of(gold))))))
    return text, first, conll(draw(parsed_of(gold)))


@fuzz_settings(CI_CASES)
@given(conllx_runs(), damaged_trees(), st.one_of(st.none(), prm_files()), OPTIONS)
def test_fuzz_task_formats(conllx: tuple[bytes, bytes, bytes], trees: tuple[bytes, bytes],
                           prm: bytes | None, options: list[str]) -> None:
    files = {"gold/da.conll": conllx[0], "systems/a/da.conll": conllx[1],
             "systems/b/da.conll": conllx[2], "gold/wsj.mrg": trees[0],
             "systems/a/wsj.mrg": trees[1]}
    args = list(options)
    if prm is not None:
        files["params.prm"] = prm
        args += ["-p", "params.prm"]
    check_task([*args, "gold", "systems"], files)
