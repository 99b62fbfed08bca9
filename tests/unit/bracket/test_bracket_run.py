"""EvalbRun: what must carry over from one block of lines to the next."""

from __future__ import annotations

import io

import pytest

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.run import EvalbRun
from treeeval.columnar import blocks as lineblocks

GOLD = b"(S (NN a) (NN b))\n(S (NP (NN a)) (NN b))\n"
# line 1 writes bracket number 1 below EVALB's stack; line 2's surplus ')' reads it back
TEST = b"(S (NN a))) (X (NN b))\n(S (NP (NN a)) (NN b)))\n"
LINE_2 = b"   2    2    1   50.00  50.00     1      2    2      0      2     2   100.00"


@pytest.mark.parametrize("block_bytes", [1, 1 << 21], ids=["a block per line", "one block"])
@pytest.mark.parametrize("use_fast", [True, False], ids=["fast", "reference"])
def test_memory_below_the_stack_carries_over_to_the_next_block(
        block_bytes: int, use_fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lineblocks, "BLOCK_BYTES", block_bytes)
    out = io.BytesIO()
    EvalbRun(EvalbParams(), out, io.BytesIO(), use_fast=use_fast).run_streams(
        io.BytesIO(GOLD), io.BytesIO(TEST))
    assert out.getvalue().splitlines()[4] == LINE_2
