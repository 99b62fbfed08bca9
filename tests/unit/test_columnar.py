"""The columnar kernel: exact interning of fields, its hash table and its sorting fallback."""

from __future__ import annotations

import numpy as np
import pytest

from treeeval.columnar import intern as intern_module
from treeeval.columnar.intern import MAX_ROUNDS, factor, intern
from treeeval.columnar.words import Chunks, padded, word_view


def fields(texts: list[bytes]) -> Chunks:
    data = b"\t".join(texts)
    start = np.cumsum([0] + [len(t) + 1 for t in texts[:-1]])
    return Chunks(word_view(padded(data)), start, np.array([len(t) for t in texts]))


@pytest.mark.parametrize("round_", [0, MAX_ROUNDS])
def test_hash_factorization_and_its_sorting_fallback(round_: int) -> None:
    keys = np.random.default_rng(3).integers(0, 12, 500).astype(np.uint64)
    codes, firsts = factor(keys, round_=round_)
    assert len(firsts) == len(set(keys.tolist())) == len(set(codes.tolist()))
    assert np.array_equal(keys[firsts][codes], keys)


def test_a_tiny_table_still_numbers_exactly() -> None:
    keys = np.arange(3000, dtype=np.uint64) % 1000
    codes, firsts = factor(keys, bits=2)
    assert len(firsts) == 1000 and np.array_equal(keys[firsts][codes], keys)


def test_fields_of_any_length() -> None:
    texts = [b"", b"a", b"abcdefgh", b"abcdefghi", b"x" * 40, b"a", b"x" * 40, b"x" * 41, b""]
    found = intern(fields(texts))
    assert found is not None
    assert [texts[i] for i in found.firsts[found.codes]] == texts
    assert len(found.firsts) == len(set(texts))


def test_a_hash_collision_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(intern_module, "_polynomial",
                        lambda chunks: np.zeros(len(chunks.length), np.uint64))
    assert intern(fields([b"abcdefghi", b"abcdefghj"])) is None
    assert intern(fields([b"abcdefghi", b"abcdefghi"])) is not None
