"""The columnar kernel: exact interning of fields, its hash table and its sorting fallback."""

from __future__ import annotations

import numpy as np
import pytest

from treeeval.columnar import intern as intern_module
from treeeval.columnar.intern import MAX_ROUNDS, Interned, factor, hash_ids, intern
from treeeval.columnar.key_cache import KeyCache, intern_fields
from treeeval.columnar.words import padded, word_view
from treeeval.model.vocabulary import Vocabulary


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


def _key_cache_codes(cache: KeyCache, text: bytes) -> list[int] | None:
    """The ids of the space-separated fields of ``text`` through ``cache`` (one block)."""
    data = padded(text)
    fields = text.split(b" ")
    start = np.cumsum([0] + [len(f) + 1 for f in fields[:-1]]).astype(np.int64)
    end = start + np.array([len(f) for f in fields], dtype=np.int64)
    ids = intern_fields(data, word_view(data), start, end, cache)
    return None if ids is None else ids.tolist()


def test_the_key_cache_decodes_each_value_once_and_checks_every_hit() -> None:
    vocabulary = Vocabulary()
    cache = KeyCache(vocabulary, "iso8859-1")
    first = _key_cache_codes(cache, "café thé café".encode("latin-1"))
    assert first is not None and [vocabulary.strings[i] for i in first] == ["café", "thé", "café"]
    # a value of a later block is found by its key, its bytes compared; new ones added
    later = _key_cache_codes(cache, "thé extraordinaire café".encode("latin-1"))
    assert later is not None and later[0] == first[1] and later[2] == first[0]
    assert sorted(vocabulary.strings) == ["café", "extraordinaire", "thé"]
    # a key cached for other bytes (a forged collision) gives None and changes nothing
    forged = KeyCache(vocabulary, "iso8859-1")
    _key_cache_codes(forged, b"abcdefghij")
    forged.store[:] = np.frombuffer(b"abcdefghiX", np.uint8)
    keys = forged.keys.copy()
    assert _key_cache_codes(forged, b"abcdefghij") is None
    assert np.array_equal(forged.keys, keys) and len(vocabulary.strings) == 4
