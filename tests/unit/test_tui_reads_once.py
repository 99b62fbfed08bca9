"""The browser reads each input file once: the scorer's bracket columns come from the run's
own scan, and every reader works on the bytes read (counted by patching ``open``)."""

from __future__ import annotations

import builtins
import io
import os
from collections import Counter
from dataclasses import fields

import pytest
from tui_fixtures import GOLD_TREES, SYSTEM_TREES

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.run import EvalbRun
from treeeval.bracket.spans import BracketColumns, bracket_spans


def columns_of(spans):
    """Every column of both sides, and the rows, as lists (labels spelled out)."""
    out = {"labels": spans.labels, "fallback": spans.fallback.tolist()}
    for role in ("gold", "test"):
        side = getattr(spans, role)
        for column in fields(BracketColumns):
            values = getattr(side, column.name)
            if column.name in ("label", "label_class"):
                values = [spans.labels[code] for code in values]
            out[f"{role}.{column.name}"] = list(values) if not hasattr(values, "tolist") \
                else values.tolist()
    out["rows"] = spans.counts.rows()
    return out


#: the fixtures' trees, then lines the fast path hands back to EVALB's engine: a 31-byte
#: label, an unclosed bracket (Error) and a surplus ')' (memory below EVALB's stack)
GOLD = GOLD_TREES + ["(S (NP (NN a)) (L%s (NN b) (NN c)))" % ("X" * 30),
                     "(S (A a) (B b))", "(S (A a) (B b))", "(S (C c))"]
TEST = SYSTEM_TREES + ["(S (NP (NN a) (NN b)) (NN c))", "(S (A a) (B b)",
                       "(S (A a))) (B b))", "(S (C c))"]


@pytest.mark.parametrize("max_error", [1000, 1])
@pytest.mark.parametrize("block_bytes", [1 << 20, 64])
def test_the_run_keeps_the_brackets_of_its_scan(monkeypatch, max_error, block_bytes):
    """``EvalbRun(keep_brackets=True)`` gives the columns ``bracket_spans`` finds on the
    lines the run scored, whatever its blocks, and stops with the run (MAX_ERROR)."""
    monkeypatch.setattr("treeeval.columnar.blocks.BLOCK_BYTES", block_bytes)
    gold = "".join(line + "\n" for line in GOLD).encode()
    test = "".join(line + "\n" for line in TEST).encode()
    params = EvalbParams(delete_label=[b"TOP"], max_error=max_error)
    run = EvalbRun(params, io.BytesIO(), io.BytesIO(), keep_sentences=True, keep_brackets=True)
    result = run.run_streams(io.BytesIO(gold), io.BytesIO(test))
    size = len(result.sentences)
    assert result.killed == (max_error == 1) and (size < len(GOLD)) == result.killed
    head = b"".join(line + b"\n" for line in gold.split(b"\n")[:size])
    expected = bracket_spans(head, b"".join(line + b"\n" for line in test.split(b"\n")[:size]),
                             params)
    assert result.brackets is not None and result.brackets.size == size
    assert columns_of(result.brackets) == columns_of(expected)
    assert result.brackets.counts.rows() == result.sentences.rows()
    assert result.brackets.fallback.tolist()[5:8] == [True] * min(3, size - 5)


def test_the_run_keeps_no_brackets_unless_asked():
    run = EvalbRun(EvalbParams(), io.BytesIO(), io.BytesIO(), keep_sentences=True)
    result = run.run_streams(io.BytesIO(b"(S (A a))\n"), io.BytesIO(b"(S (A a))\n"))
    assert result.brackets is None and len(result.sentences) == 1
