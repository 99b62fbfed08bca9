"""Fuzzing compressed inputs (treeeval.policy.inputs): a valid gzip, bzip2 or xz file, then
the generic byte and line mutations of :mod:`fuzzing` on its compressed bytes (a truncated
stream, a bad CRC, a damaged header or magic number, bytes after the end).  Every command
must end in success or in one located error line naming the file (fuzzing.check_run).

Long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python3 -m pytest tests/fuzz/test_fuzz_inputs.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import bz2
import gzip
import lzma

from fuzzing import check_run, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

#: CI cases per test (the whole file stays under about 25 s on the shared machine)
CI_CASES = 60

TREES = (b"(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))"
         b" (. .)))\n(TOP (S (NP (PRP It)) (VP (VBD ran))))\n") * 3
CONLLU = (b"# sent_id = 1\n# text = The cat sat.\n1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n"
          b"2\tcat\tcat\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n3\tsat\tsit\tVERB\tVBD\t_\t0\troot\t_\t_\n"
          b"4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n\n") * 3
COMPRESS = [lambda data: gzip.compress(data, mtime=0), bz2.compress, lzma.compress]


def packed(text: bytes) -> st.SearchStrategy[bytes]:
    """``text`` compressed by gzip, bzip2 or xz, then mutated."""
    return mutated(st.sampled_from(COMPRESS).map(lambda compress: compress(text)))


@given(test=packed(TREES))
@fuzz_settings(CI_CASES)
def test_bracket(test: bytes) -> None:
    check_run(["bracket", "gold.mrg", "test.mrg.z"], {"gold.mrg": TREES, "test.mrg.z": test})


@given(trees=packed(TREES))
@fuzz_settings(CI_CASES)
def test_convert_conllu(trees: bytes) -> None:
    check_run(["convert", "--format", "conllu", "in.mrg.z"], {"in.mrg.z": trees})


@given(gold=packed(CONLLU))
@fuzz_settings(CI_CASES)
def test_dep(gold: bytes) -> None:
    check_run(["dep", "gold.conllu.z", "system.conllu"],
              {"gold.conllu.z": gold, "system.conllu": CONLLU})


@given(system=packed(CONLLU))
@fuzz_settings(CI_CASES)
def test_ud(system: bytes) -> None:
    check_run(["ud", "gold.conllu", "system.conllu.z"],
              {"gold.conllu": CONLLU, "system.conllu.z": system})
