"""Fuzzing ``treeeval task --judgments``: a Plank-style package (``annotated.csv``,
``gold.conll``, ``parser1.conll``, ``parser2.conll``) drawn valid, then one file mutated.
Every case must end in the table, or in one located ``treeeval: error: FILE:LINE: ...``
naming one of the package's files (:func:`fuzzing.check_run`).

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python -m pytest tests/fuzz/test_fuzz_judgments.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

from fuzzing import check_run, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

#: CI cases (the file stays well under 25 s on the shared machine)
CI_CASES = 200
FILES = ("annotated.csv", "gold.conll", "parser1.conll", "parser2.conll")
LABELS = ("root", "nsubj", "det", "nmod:poss", "punct", "Sb", "dobj")


@st.composite
def trees(draw: st.DrawFn, lengths: list[int]) -> bytes:
    """A CoNLL-X file with sentences of ``lengths`` words (random heads and labels; PHEAD
    ``_`` or ``-``, CRLF or LF line ends)."""
    phead = draw(st.sampled_from(["_", "-"]))
    end = draw(st.sampled_from(["\n", "\r\n"]))
    lines = []
    for length in lengths:
        for index in range(1, length + 1):
            head = draw(st.integers(0, length))
            label = draw(st.sampled_from(LABELS))
            lines.append(f"{index}\tw{index}\t_\tNOUN\tNN\t_\t{head}\t{label}\t{phead}\t{phead}")
        lines.append("")
    return (end.join(lines) + end).encode()


@st.composite
def package(draw: st.DrawFn) -> dict[str, bytes]:
    """The four files of one language, one of them (maybe) mutated."""
    lengths = draw(st.lists(st.integers(1, 5), min_size=1, max_size=4))
    annotators = draw(st.integers(1, 4))
    cells = st.sampled_from(["blue", "red", ""])
    rows = [",".join(draw(st.lists(cells, min_size=annotators, max_size=annotators)))
            for _ in lengths]
    files = {"annotated.csv": ("\n".join(rows) + "\n").encode(),
             **{name: draw(trees(lengths)) for name in FILES[1:]}}
    victim = draw(st.sampled_from(FILES))
    files[victim] = draw(mutated(st.just(files[victim])))
    return files


@fuzz_settings(CI_CASES)
@given(package(), st.sampled_from([[], ["--format=json"], ["--metrics=LAS;CRec"]]))
def test_fuzz_judgments(files: dict[str, bytes], options: list[str]) -> None:
    check_run(["task", *options, "--judgments", "annotated.csv"], files)
