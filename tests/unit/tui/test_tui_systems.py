"""The browser with any number of systems, and with one file and no gold."""

from __future__ import annotations

import shutil

import numpy as np
from tui_fixtures import write_brackets, write_conll, write_conllu

from treeeval.commands.browse import parse_browse_args
from treeeval.tui.loading import load_corpus
from treeeval.tui.model import SentenceFilter


def _three(paths: list[str], suffix: str) -> list[str]:
    """gold, sys, sys2 and a third system: a copy of the first."""
    third = paths[0].replace("gold" + suffix, "sys3" + suffix)
    shutil.copy(paths[1], third)
    return paths + [third]


def test_three_bracket_systems(tmp_path):
    files = _three(write_brackets(tmp_path, two=True), ".mrg")
    corpus = load_corpus(parse_browse_args(files))
    titles = [column.title for column in corpus.columns]
    assert titles == ["ID", "Len"] + [f"{t}{s}" for s in "₁₂₃"
                                      for t in ("Stat", "F1", "Cross")] + [
        "ΔF1₂", "ΔF1₃"]
    np.testing.assert_array_equal(corpus.values["f13"], corpus.values["f11"])
    np.testing.assert_array_equal(corpus.values["delta3"], np.zeros(5) * corpus.values["f11"])
    np.testing.assert_array_equal(corpus.values["delta2"],
                                  corpus.values["f12"] - corpus.values["f11"])
    header = corpus.header()
    # each system named as every comparison names it (the short names of the files)
    assert header.files[1] == "systems: ₁ sys · ₂ sys2 · ₃ sys3"
    assert [line.split(":")[0] for line in header.scores] == ["sys", "sys2", "sys3"]
    detail = "\n".join(line.plain for line in corpus.detail(0, 120))
    assert all(f"· {name}:" in detail for name in ("sys", "sys2", "sys3"))
    # the label filter and the class filter look at every system
    assert SentenceFilter(label="PP").apply(corpus).tolist() == [0]
    # sentence 3: system 1 and 3 miss a one-word ADVP; sentence 2: system 2 a one-word NP
    assert SentenceFilter(error_class="single").apply(corpus).tolist() == [1, 2]
    assert SentenceFilter(error_class="np att").apply(corpus).tolist() == [0]
    assert [table.title for table in corpus.breakdown()][3::4] == [
        f"{name}: error classes (Kummerfeld et al. 2012)" for name in ("sys", "sys2", "sys3")]
    assert len(corpus.breakdown()) == 3 * 4


def test_three_dependency_systems(tmp_path):
    files = _three(write_conll(tmp_path, two=True), ".conll")
    corpus = load_corpus(parse_browse_args(files))
    titles = [column.title for column in corpus.columns]
    assert titles[-2:] == ["ΔLAS₂", "ΔLAS₃"] and "LAS₃" in titles
    np.testing.assert_array_equal(corpus.values["las3"], corpus.values["las1"])
    assert len(corpus.header().scores) == 3


def test_one_bracket_file_without_gold(tmp_path):
    gold = write_brackets(tmp_path)[0]
    corpus = load_corpus(parse_browse_args([gold]))
    assert corpus.kind == "single" and corpus.size == 5
    assert [column.key for column in corpus.columns] == ["id", "len"]
    assert corpus.values["len"].tolist() == [7, 3, 4, 2, 4]
    assert not corpus.wrong.any()
    assert corpus.text(1) == "John runs ."
    detail = [line.plain for line in corpus.detail(1, 100)]
    assert detail[:3] == ["Sentence 2 (line 2)", "TOP", "  S"]
    assert detail[-1].endswith("gold.mrg:2: (TOP (S (NP (NNP John)) (VP (VBZ runs)) (. .)))")
    assert SentenceFilter(search="john").apply(corpus).tolist() == [1]
    assert corpus.header().scores == ["5 sentences"]


def test_one_conll_file_without_gold(tmp_path):
    gold = write_conll(tmp_path)[0]
    corpus = load_corpus(parse_browse_args([gold]))
    assert corpus.size == 3 and corpus.values["len"].tolist() == [3, 4, 2]
    assert corpus.values["id"].tolist() == [1, 5, 10]
    assert corpus.text(2) == "Stop !"
    assert "gold.conll:10:" in corpus.detail(2, 100)[-2].plain


def test_two_conllu_systems(tmp_path):
    """Several CoNLL-U systems (once refused: 'one system at a time'): each scored as alone."""
    gold, system = write_conllu(tmp_path)
    alone = load_corpus(parse_browse_args([gold, system]))
    corpus = load_corpus(parse_browse_args([gold, system, gold]))
    assert [column.title for column in corpus.columns] == [
        "ID", "Len", "LAS₁", "UAS₁", "Err₁", "LAS₂", "UAS₂", "Err₂", "ΔLAS"]
    np.testing.assert_array_equal(corpus.values["las1"], alone.values["las"])
    np.testing.assert_array_equal(corpus.values["las2"][~np.isnan(corpus.values["las2"])], 100.0)
    np.testing.assert_array_equal(corpus.wrong, alone.wrong)
    assert [line.split(":")[0] for line in corpus.header().scores] == ["sys", "gold"]
    assert corpus.header().files[1:] == [f"₁ sys: {system}", f"₂ gold: {gold}"]
    detail = "\n".join(line.plain for line in corpus.detail(1, 100))
    assert "· sys:" in detail and "· gold:" in detail
    for label in ("advmod", "nsubj", "punct"):
        assert (SentenceFilter(label=label).apply(corpus).tolist()
                == SentenceFilter(label=label).apply(alone).tolist())
    assert len(corpus.breakdown()) == 2 * len(alone.breakdown())


def test_pilot_several_systems_and_one_file(tmp_path):
    """The app runs on three bracket systems, two CoNLL-U systems and one file alone: the
    next-error key, the breakdown and the help open and close."""
    import asyncio

    from treeeval.tui.app import BrowseApp
    from treeeval.tui.screens.breakdown import BreakdownScreen
    from treeeval.tui.widgets.detail import DetailPane

    brackets = _three(write_brackets(tmp_path, two=True), ".mrg")
    ud = write_conllu(tmp_path)

    async def scenario(args: list[str], wrong: bool) -> None:
        app = BrowseApp(load_corpus(parse_browse_args(args)))
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.press("n")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert ("Sentence 2" in app.query_one(DetailPane).plain()) == wrong
            if wrong:
                await pilot.press("b")
                await app.workers.wait_for_complete()
                await pilot.pause()
                assert isinstance(app.screen, BreakdownScreen)
                await pilot.press("escape")
            await pilot.press("question_mark")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(scenario(["-p", "COLLINS.prm", *brackets], True))
    asyncio.run(scenario([ud[0], ud[1], ud[0]], True))
    asyncio.run(scenario([brackets[0]], False))
