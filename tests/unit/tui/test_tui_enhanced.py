"""CoNLL-U browsed with --udeval or --iwpt20: ELAS and EULAS per sentence, the enhanced view
of a sentence (each gold word's edges beside its system word's, those without a match
marked), the key that toggles it, and the options shared with treeeval ud."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
from tui_fixtures import write_brackets, write_conllu, write_enhanced

from treeeval.commands.browse import parse_browse_args
from treeeval.errors import UsageError
from treeeval.tui.app import BrowseApp
from treeeval.tui.corpus import enhanced_view
from treeeval.tui.loading import load_corpus
from treeeval.tui.screens.help import HelpScreen
from treeeval.tui.widgets.detail import DetailPane
from treeeval.tui.widgets.sentence_list import SentenceList
from treeeval.ud.enhanced import EnhancedRules


@pytest.fixture
def files(tmp_path):
    return write_enhanced(tmp_path, two=True)


def load(*args: str):
    return load_corpus(parse_browse_args(list(args)))


def rows(lines) -> list[list[str]]:
    return [line.plain.split() for line in lines]


def test_the_options_are_those_of_treeeval_ud(files):
    settings = parse_browse_args(["--iwpt20", "--enhancements", "16", *files[:2]])
    assert settings.enhanced == EnhancedRules("iwpt20", enhancements="16")
    assert parse_browse_args(files[:2]).enhanced is None
    with pytest.raises(UsageError, match="--enhancements needs --udeval or --iwpt20"):
        parse_browse_args(["--enhancements", "1", *files[:2]])
    with pytest.raises(UsageError, match="--no-enhanced is not an option of --iwpt20"):
        parse_browse_args(["--iwpt20", "--no-enhanced", *files[:2]])


def test_enhanced_rules_need_a_conllu_system(tmp_path, files):
    with pytest.raises(UsageError, match="--udeval scores a CoNLL-U system against gold: "
                                         "the gold file is bracketed trees"):
        load("--udeval", *write_brackets(tmp_path))
    with pytest.raises(UsageError, match="give GOLD SYS"):
        load("--iwpt20", files[0])


def test_rows_are_the_per_sentence_elas_and_eulas(files):
    corpus = load("--udeval", *files[:2])
    titles = [column.title for column in corpus.columns]
    assert titles == ["ID", "Len", "Sys", "UAS", "LAS", "ELAS", "EULAS", "Err", "HdErr",
                      "LbErr", "Unal", "EErr"]
    elas = corpus.result.per_sentence["ELAS"]
    assert elas[:, :3].tolist() == [[3, 5, 4], [1, 3, 3], [3, 3, 3]]
    assert corpus.values["elas"].tolist() == (200.0 * elas[:, 0]
                                              / (elas[:, 1] + elas[:, 2])).tolist()
    assert np.round(corpus.values["eulas"], 2).tolist() == [66.67, 33.33, 100.0]
    assert corpus.values["edge_errors"].tolist() == [3, 4, 0]
    # sentence 1 is right under LAS, wrong in its enhanced graph
    assert corpus.values["errors"].tolist() == [0, 3, 0]
    assert corpus.wrong.tolist() == [True, True, False]
    assert corpus.header().parameters[0].startswith("scored as treeeval ud (udeval)")
    assert "ELAS" in corpus.header().scores[0].split()


def test_the_marks_add_up_to_the_scorers_counts(files):
    corpus = load("--udeval", *files[:2])
    elas = corpus.result.per_sentence["ELAS"]
    for index in range(corpus.size):
        sentence = corpus.enhanced.sentence(index)
        gold = [edge for word in sentence.words for edge in word.gold]
        system = [edge for word in sentence.words + sentence.extra for edge in word.system or ()]
        assert (len(gold), len(system)) == (elas[index, 1], elas[index, 2])
        # no duplicate edges here: every matched edge is one correct pair
        assert len(gold) - sentence.missed == len(system) - sentence.wrong == elas[index, 0]


def test_enhanced_view_of_a_sentence(files):
    corpus = load("--udeval", *files[:2])
    first = corpus.enhanced_detail(0, 100)
    assert first[0].plain == ("Sentence 1 · ELAS 66.67 EULAS 66.67 (F1) · 5 gold / "
                              "4 system edges · 2 missed · 1 wrong")
    shown = rows(first)
    assert ["1", "They", "2:nsubj", "-4:nsubj:xsubj", "✗", "2:nsubj"] in shown
    assert ["2", "like", "0:root", "✓", "0:root"] in shown
    assert ["3", "to", "-4:mark", "✗", "+2:mark"] in shown
    missed = next(line for line in first if "-4:mark" in line.plain)
    start = missed.plain.index("-4:mark")
    assert any(span.start == start and span.style == "red" for span in missed.spans)
    second = rows(corpus.enhanced_detail(1, 100))
    # New and York have no system word; rocks has an edge from NewYork, aligned with none
    assert ["1", "New", "-2:compound", "-", "–"] in second
    assert ["3", "rocks", "0:root", "✗", "0:root", "+?1:dep"] in second
    at = second.index(["system", "words", "aligned", "with", "no", "gold", "word"])
    assert second[at + 1] == ["1", "NewYork", "+", "+3:nsubj"]
    assert any(line[:4] == ["-", "gold", "edge", "missed"] for line in second)  # the legend
    # the raw lines follow, DEPS included
    assert any("0:root|1:dep" in " ".join(line) for line in second)


def test_enhancement_1_shows_the_no_head_edge(files):
    corpus = load("--iwpt20", "--enhancements", "1", *files[:2])
    assert "iwpt20_xud_eval.py, enhancements 1 off" in corpus.header().parameters[0]
    third = rows(corpus.enhanced_part(2, ""))
    # the path edge of the root word became its basic edge, whose head is none: never matched
    assert ["1", "Stop", "0:root", "-∅:root", "✗", "0:root", "+∅:root"] in third
    assert corpus.values["edge_errors"].tolist() == [3, 4, 2]


def test_no_enhanced_view_without_elas(tmp_path, files):
    assert enhanced_view(load("--udeval", "--no-enhanced", *files[:2])) is None
    assert enhanced_view(load(*write_conllu(tmp_path))) is None
    assert enhanced_view(load("--udeval", *files[:2])) is not None


def test_several_systems(files):
    corpus = load("--udeval", *files)
    titles = [column.title for column in corpus.columns]
    assert titles == ["ID", "Len", "LAS₁", "UAS₁", "Err₁", "ELAS₁", "EULAS₁", "LAS₂", "UAS₂",
                      "Err₂", "ELAS₂", "EULAS₂", "ΔLAS"]
    assert corpus.values["elas2"][0] == 100.0 and corpus.values["elas1"][0] < 100.0
    assert "ELAS F1 66.67" in corpus.header().scores[0]
    lines = [line.plain for line in corpus.enhanced_detail(0, 100)]
    assert lines[0].startswith("Sentence 1 · deps-sys: ELAS 66.67")
    second = next(line for line in lines if line.startswith("Sentence 1 · deps-sys2:"))
    assert "0 missed · 0 wrong" in second
    assert enhanced_view(corpus) is corpus


def test_the_key_toggles_the_enhanced_view(files):
    async def scenario():
        app = BrowseApp(load("--udeval", *files[:2]))
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            detail = app.query_one(DetailPane)
            sentences = app.query_one(SentenceList)
            assert "ELAS" in sentences.header_text() and "EErr" in sentences.header_text()
            assert "Sentence 1 · UAS 100.00 LAS 100.00 ELAS 66.67 EULAS 66.67" in detail.plain()
            assert "d: enhanced graphs" in str(app.screen.query_one("#status").render())
            await pilot.press("d")
            assert detail.enhanced
            assert "-4:nsubj:xsubj ✗ 2:nsubj" in detail.plain()
            assert "enhanced graphs (d: alignment)" in str(app.screen.query_one("#status").render())
            await pilot.press("n")  # the view stays on as the cursor moves
            assert sentences.current == 1
            assert "+?1:dep" in detail.plain()
            await pilot.press("d")
            assert not detail.enhanced and "NewYork" in detail.plain()
            assert "+?1:dep" not in detail.plain()
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#help-text").render())
            assert "enhanced graphs or alignment (CoNLL-U, --udeval/--iwpt20)" in text
            assert "system edge wrong" in text and "EErr" in text

    asyncio.run(scenario())


def test_the_key_says_why_without_enhanced_graphs(tmp_path):
    async def scenario():
        app = BrowseApp(load(*write_conllu(tmp_path)))
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            before = app.query_one(DetailPane).plain()
            await pilot.press("d")
            await pilot.pause()
            assert not app.query_one(DetailPane).enhanced
            assert app.query_one(DetailPane).plain() == before
            assert any("the enhanced view is for CoNLL-U files" in str(note.message)
                       for note in app._notifications)

    asyncio.run(scenario())
