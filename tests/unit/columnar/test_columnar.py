"""The columnar kernel: exact interning of fields, its hash table and its sorting fallback."""

from __future__ import annotations

import numpy as np
import pytest

from treeeval.columnar import intern as intern_module
from treeeval.columnar.intern import MAX_ROUNDS, Interned, factor, hash_ids, intern
from treeeval.columnar.words import padded, word_view


def intern_texts(texts: list[bytes]) -> Interned | None:
    data = b"\t".join(texts)
    start = np.cumsum([0] + [len(t) + 1 for t in texts[:-1]])
    return intern(word_view(padded(data)), start, np.array([len(t) for t in texts]))


def test_hash_factorization() -> None:
    keys = np.random.default_rng(3).integers(0, 12, 500).astype(np.uint64)
    codes, code_keys = factor(keys)
    assert len(code_keys) == len(set(keys.tolist())) == len(set(codes.tolist()))
    assert np.array_equal(code_keys[codes], keys)


@pytest.mark.parametrize("round_", [0, MAX_ROUNDS - 1])
def test_hash_ids_and_their_sorting_fallback(round_: int) -> None:
    keys = np.random.default_rng(3).integers(0, 12, 500).astype(np.uint64)
    (first, second), id_keys = hash_ids([keys[:200], keys[200:]], 2, round_)
    assert np.array_equal(id_keys[np.concatenate([first, second])], keys)
    assert len(set(first.tolist()) | set(second.tolist())) == len(set(keys.tolist()))


def test_a_tiny_table_still_numbers_exactly() -> None:
    keys = np.arange(3000, dtype=np.uint64) % 1000
    codes, code_keys = factor(keys, bits=2)
    assert len(code_keys) == 1000 and np.array_equal(code_keys[codes], keys)


def test_fields_of_any_length() -> None:
    texts = [b"", b"a", b"abcdefgh", b"abcdefghi", b"x" * 40, b"a", b"x" * 40, b"x" * 41, b""]
    found = intern_texts(texts)
    assert found is not None
    assert [texts[i] for i in found.firsts[found.codes]] == texts
    assert len(found.firsts) == len(set(texts))


def test_a_short_field_never_shares_a_long_fields_code(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    short = int.from_bytes(b"abc", "little")
    monkeypatch.setattr(intern_module, "_polynomial",
                        lambda chunks: np.full(len(chunks.length), short, np.uint64))
    assert intern_texts([b"abc", b"abcdefghi"]) is None
    assert intern_texts([b"abcdefghi", b"abc"]) is None


def test_a_hash_collision_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(intern_module, "_polynomial",
                        lambda chunks: np.zeros(len(chunks.length), np.uint64))
    assert intern_texts([b"abcdefghi", b"abcdefghj"]) is None
    assert intern_texts([b"abcdefghi", b"abcdefghi"]) is not None


def test_the_package_imports_only_numpy_the_standard_library_and_errors() -> None:
    import ast
    import sys
    from pathlib import Path

    import treeeval.columnar

    allowed = {"numpy", "__future__", "treeeval.errors"} | set(sys.stdlib_module_names)
    for path in Path(treeeval.columnar.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:  # .words, ..errors
                assert node.level == 1 or node.module == "errors", (path, node.module)
            elif isinstance(node, ast.ImportFrom):
                name = node.module or ""
                assert name.split(".")[0] in allowed or name in allowed, (path, name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in allowed, (path, alias.name)
