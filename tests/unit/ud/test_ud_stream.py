"""Scoring in pieces gives exactly the scores of scoring the whole files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.errors import TreeevalError
from treeeval.fallback import Fallback
from treeeval.policy import processes
from treeeval.ud import remote_pieces
from treeeval.ud.api import evaluate_ud
from treeeval.ud.readers import reading
from treeeval.ud.readers.layout import ReadOptions
from treeeval.ud.stream import score_pieces


def row(index: object, form: str, head: object, deprel: str) -> str:
    return "\t".join(map(str, (index, form, "_", "X", "_", "_", head, deprel, "_", "_")))


@st.composite
def conllu(draw: st.DrawFn, forms: list[str]) -> str:
    """The words ``forms`` cut into sentences and tokens at random, with random trees."""
    text, at = "", 0
    while at < len(forms):
        size = draw(st.integers(1, min(5, len(forms) - at)))
        words = forms[at:at + size]
        at += size
        order = draw(st.permutations(range(size)))
        heads = [0] * size
        for k in range(1, size):
            heads[order[k]] = order[draw(st.integers(0, k - 1))] + 1
        lines, index = [], 0
        while index < size:
            pair = index + 1 < size and draw(st.integers(0, 4)) == 0
            if pair:
                lines.append(row(f"{index + 1}-{index + 2}", words[index] + words[index + 1],
                                 "_", "_"))
            for word in range(index, index + (2 if pair else 1)):
                lines.append(row(word + 1, words[word], heads[word],
                                 draw(st.sampled_from(["root", "nsubj", "det", "obj"]))))
            index += 2 if pair else 1
        text += "\n".join(lines) + "\n\n"
    return text


@settings(max_examples=examples(80), deadline=None)
@given(st.data())
def test_pieces_add_up_to_the_whole(tmp_path_factory: pytest.TempPathFactory,
                                    data: st.DataObject) -> None:
    forms = data.draw(st.lists(st.sampled_from(["a", "b", "Ab", "c"]), min_size=1, max_size=25))
    folder = tmp_path_factory.mktemp("pair")
    gold, system = folder / "gold.conllu", folder / "system.conllu"
    gold.write_text(data.draw(conllu(forms)), encoding="utf-8")
    system.write_text(data.draw(conllu(forms)), encoding="utf-8")
    # with read_ahead, the files are read by processes of their own (even these small ones)
    ahead = data.draw(st.booleans())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading, "BLOCK_BYTES", data.draw(st.integers(20, 200)))
        patch.setattr(processes, "PARALLEL_THRESHOLD", -1)
        patch.setattr(processes.os, "cpu_count", lambda: 2)
        try:
            whole = evaluate_ud(str(gold), str(system))
        except TreeevalError:
            with pytest.raises(Fallback):
                score_pieces(str(gold), str(system), read_ahead=ahead)
            return
        pieces = score_pieces(str(gold), str(system), read_ahead=ahead)
    assert pieces is not None and pieces.scores == whole.scores
    for name, rows in whole.per_sentence.items():
        assert np.array_equal(pieces.per_sentence[name], rows), name


def test_different_texts_are_left_to_the_whole_reader(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    gold.write_text(row(1, "a", 0, "root") + "\n\n" + row(1, "b", 0, "root") + "\n\n")
    system.write_text(row(1, "a", 0, "root") + "\n\n" + row(1, "c", 0, "root") + "\n\n")
    with pytest.raises(Fallback):
        score_pieces(str(gold), str(system))
    system.write_text(row(1, "a", 0, "root") + "\n\n")
    with pytest.raises(Fallback):
        score_pieces(str(gold), str(system))


def test_real_pair_in_small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    shared = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "ud"
    gold = shared / "conll2018" / "gold" / "he_htb.conllu"
    system = shared / "conll2018" / "systems" / "UDPipe-Future" / "he_htb.conllu"
    if not gold.exists():
        pytest.skip(f"shared reference data not found at {gold}")
    whole = evaluate_ud(str(gold), str(system))
    monkeypatch.setattr(reading, "BLOCK_BYTES", 30000)
    pieces = score_pieces(str(gold), str(system))
    assert pieces is not None and pieces.scores == whole.scores
    assert np.array_equal(pieces.per_sentence["MLAS"], whole.per_sentence["MLAS"])


def test_a_word_left_behind_before_a_cut_is_aligned_after_it(tmp_path: Path) -> None:
    """The gold ``xc`` is one word, the system's ``x`` and ``c`` two: the walk passes the
    gold word and leaves the system's ``c`` behind, then takes it into the multiword span
    ``cd`` (``c`` + ``d``) that starts the next sentence and aligns it with the gold ``c``
    there.  The pair is not cut before a multiword token, so pieces give the same numbers."""
    gold, system = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    gold.write_text(row(1, "xc", 0, "root") + "\n\n" + row("1-2", "cd", "_", "_") + "\n"
                    + row(1, "c", 0, "root") + "\n" + row(2, "d", 1, "obj") + "\n\n")
    system.write_text(row(1, "x", 0, "root") + "\n" + row(2, "c", 1, "obj") + "\n\n"
                      + row(1, "cd", 0, "root") + "\n\n")
    whole = evaluate_ud(str(gold), str(system))
    assert whole.scores["Words"].correct == 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading, "BLOCK_BYTES", 10)
        pieces = score_pieces(str(gold), str(system))
    assert pieces.scores == whole.scores
    for name, rows in whole.per_sentence.items():
        assert np.array_equal(pieces.per_sentence[name], rows), name


def test_a_reading_process_that_fails_leaves_the_pair_to_the_whole_reader(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_text(row(1, "a", 0, "root") + "\n\n")
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", -1)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)
    assert score_pieces(str(gold), str(gold), read_ahead=True).scores["LAS"].correct == 1

    def fails(path: str, options: ReadOptions) -> Iterator[object]:
        raise OSError("could not")
        yield

    monkeypatch.setattr(remote_pieces, "_read", fails)
    with pytest.raises(Fallback, match="gold.conllu: could not"):
        score_pieces(str(gold), str(gold), read_ahead=True)

    def dies(path: str, options: ReadOptions) -> Iterator[object]:
        raise SystemExit(3)
        yield

    monkeypatch.setattr(remote_pieces, "_read", dies)
    with pytest.raises(Fallback, match="stopped"):
        score_pieces(str(gold), str(gold), read_ahead=True)
