"""Fuzzing ``treeeval task --callin``: the task of :mod:`test_fuzz_task` (runs drawn by the
CoNLL-U strategy of :mod:`test_fuzz_ud`, mutated), with Callin's statistics asked for.  A
broken run is left out of the statistics (a warning); every case must end in the tables or
the JSON document, or in one located error naming one of the task's files.

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=1000 python -m pytest tests/fuzz/test_fuzz_task_callin.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_task import check_task
from test_fuzz_ud import conllu_pair

#: CI cases (the file stays under about 25 s on the shared machine)
CI_CASES = 60
OPTIONS = st.sampled_from([[], ["--json"], ["--format=csv"], ["--metrics=LAS;WLAS;CPrec"],
                           ["--conll17", "--metrics=LAS;FFreq"], ["--strict"]])


@fuzz_settings(CI_CASES)
@given(conllu_pair(), conllu_pair(), OPTIONS)
def test_fuzz_task_callin(first: tuple[bytes, bytes], second: tuple[bytes, bytes],
                          options: list[str]) -> None:
    files = {"gold/en_ewt.conllu": first[0], "systems/a/en_ewt.conllu": first[1],
             "gold/fi_tdt.conllu": second[0], "systems/b/fi_tdt.conllu": second[1],
             "systems/b/en_ewt.conllu": first[0]}
    check_task(["--callin", "--jobs=1", *options, "gold", "systems"], files)
