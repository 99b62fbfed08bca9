"""The browser driven by Textual's Pilot, headless: keys, selection, sort, filters, screens."""

from __future__ import annotations

import asyncio

import pytest
from tui_fixtures import write_brackets, write_conll

from treeeval.commands.browse import parse_browse_args
from treeeval.tui.app import BrowseApp
from treeeval.tui.loading import load_corpus
from treeeval.tui.screens.breakdown import BreakdownScreen
from treeeval.tui.screens.browser import BrowserScreen
from treeeval.tui.screens.help import KEY_HELP, HelpScreen
from treeeval.tui.widgets.detail import DetailPane
from treeeval.tui.widgets.sentence_list import SentenceList

SIZE = (120, 40)


def bracket_app(tmp_path, two: bool = False) -> BrowseApp:
    return BrowseApp(load_corpus(parse_browse_args(["-p", "COLLINS.prm",
                                                    *write_brackets(tmp_path, two)])))


def dep_app(tmp_path, two: bool = False) -> BrowseApp:
    return BrowseApp(load_corpus(parse_browse_args(write_conll(tmp_path, two))))


async def settle(pilot) -> None:
    """Let workers finish and messages be handled."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def run(coroutine) -> None:
    asyncio.run(coroutine)


def test_start_header_selection_and_detail(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            header = str(app.query_one("#header").render())
            assert "F1" in header and "COLLINS.prm" in header
            sentences = app.query_one(SentenceList)
            assert sentences.current == 0 and app.focused is sentences
            assert "Sentence 1 (line 1)" in app.query_one(DetailPane).plain()
            await pilot.press("down")
            await settle(pilot)
            assert sentences.current == 1
            assert "Sentence 2 (line 2)" in app.query_one(DetailPane).plain()
            await pilot.press("j", "j", "k")
            assert sentences.current == 2
            await pilot.press("end")
            assert sentences.current == 4
            await pilot.press("home")
            assert sentences.current == 0

    run(scenario())


def test_sort_keys_and_header_click(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            sentences = app.query_one(SentenceList)
            await pilot.press("s")  # ID ascending
            assert sentences.sort_key == "id" and not sentences.descending
            await pilot.press("s")  # Len, ascending
            assert sentences.sort_key == "len"
            assert sentences.view.tolist() == [3, 1, 2, 4, 0]
            await pilot.press("r")
            assert sentences.view.tolist() == [0, 2, 4, 1, 3]
            # the cursor stays on its sentence (sentence 1) through sorts
            assert sentences.current == 0
            for _ in range(4):  # Stat, Recal, Prec, F1 (descending)
                await pilot.press("s")
            assert sentences.sort_key == "f1" and sentences.descending
            assert sentences.view.tolist() == [1, 2, 0, 3, 4]
            assert "F1↓" in sentences.header_text()
            # clicking a column title sorts by it (offsets count the border)
            x = sentences.header_text().index("Cross") + 1
            await pilot.click(SentenceList, offset=(x, 1))
            assert sentences.sort_key == "cross"
            # clicking a row selects it
            await pilot.click(SentenceList, offset=(5, 3))
            assert sentences.cursor == 1

    run(scenario())


def test_filters_search_and_clear(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            sentences = app.query_one(SentenceList)
            await pilot.press("w")
            await settle(pilot)
            assert sentences.view.tolist() == [0, 2, 3, 4]
            assert "wrong only" in str(app.query_one("#status").render())
            await pilot.press("t")  # status Error
            await settle(pilot)
            assert sentences.view.tolist() == [3]
            await pilot.press("t", "t", "t")  # Skip, scored, all
            await settle(pilot)
            assert sentences.view.tolist() == [0, 2, 3, 4]
            await pilot.press("slash")
            await pilot.press(*"quiet", "escape")  # q in a question is a letter, not quit
            await settle(pilot)
            assert app.is_running and app.browser.filter.search == ""
            await pilot.press("slash")
            await pilot.press(*"cat|dog", "enter")
            await settle(pilot)
            assert sentences.view.tolist() == [0, 2]
            await pilot.press("l")
            await pilot.press(*"5-", "enter")
            await settle(pilot)
            assert sentences.view.tolist() == [0]
            await pilot.press("c")
            await settle(pilot)
            assert sentences.view.tolist() == [0, 1, 2, 3, 4]
            await pilot.press("L")
            await pilot.press(*"ADVP", "enter")
            await settle(pilot)
            assert sentences.view.tolist() == [2]
            assert sentences.current == 2
            assert "label ADVP wrong" in str(app.query_one("#status").render())
            await pilot.press("c", "e")
            await pilot.press(*"np att", "enter")
            await settle(pilot)
            assert sentences.view.tolist() == [0]
            assert "class np att" in str(app.query_one("#status").render())

    run(scenario())


def test_empty_result_and_bad_length(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("slash", *"nowhere", "enter")
            await settle(pilot)
            assert app.query_one(SentenceList).view.tolist() == []
            assert "filter leaves none" in str(app.query_one("#detail-text").render())
            await pilot.press("c", "l", *"x-y", "enter")
            await settle(pilot)
            assert app.query_one(SentenceList).view.tolist() == [0, 1, 2, 3, 4]

    run(scenario())


def test_next_and_previous_error_and_goto(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            sentences = app.query_one(SentenceList)
            await pilot.press("n")
            assert sentences.current == 2  # sentence 2 is right, skipped
            await pilot.press("n", "n")
            assert sentences.current == 4
            await pilot.press("n")  # none below: stays
            assert sentences.current == 4
            await pilot.press("N", "N")
            assert sentences.current == 2
            await pilot.press("g", "2", "enter")
            await settle(pilot)
            assert sentences.current == 1
            # going to a sentence the filter hides clears the filter
            await pilot.press("w")
            await settle(pilot)
            await pilot.press("colon", "2", "enter")
            await settle(pilot)
            assert sentences.current == 1 and len(sentences.view) == 5
            assert app.browser.filter.describe() == ""

    run(scenario())


def test_breakdown_selection_filters_the_list(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("b")
            await settle(pilot)
            assert isinstance(app.screen, BreakdownScreen)
            options = app.screen.query_one("#breakdown")
            target_ids = [o.id for o in options.options if o.id]
            # the first selectable row is the most frequent gold label
            first = app.screen.targets[target_ids[0]]
            await pilot.press("enter")
            await settle(pilot)
            assert not isinstance(app.screen, BreakdownScreen)
            assert app.browser.filter == first
            assert app.query_one(SentenceList).view.tolist() == first.apply(app.corpus).tolist()
            # escape goes back without filtering
            await pilot.press("c", "b")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert app.browser.filter.describe() == ""

    run(scenario())


def test_help_lists_every_key_and_quit(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#help-text").render())
            assert "Recal" in text and "100 * matched / gold brackets" in text
            assert "len<=N F1" in text and "tokens with the right head and label" in text
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)
            await pilot.press("f1")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0

    run(scenario())


def test_every_binding_is_in_the_help():
    documented = " ".join(keys for keys, _ in KEY_HELP)
    names = {"question_mark": "?", "slash": "/", "colon": ":"}
    for binding in BrowseApp.BINDINGS + BrowserScreen.BINDINGS + SentenceList.BINDINGS:
        for key in binding.key.split(","):
            assert names.get(key, key) in documented, key


def test_two_systems_sorted_by_difference(tmp_path):
    async def scenario():
        app = bracket_app(tmp_path, two=True)
        async with app.run_test(size=SIZE) as pilot:
            sentences = app.query_one(SentenceList)
            while sentences.sort_key != "delta":
                await pilot.press("s")
            assert sentences.descending
            # Error and Skip for system 1: no difference, listed last
            assert sentences.view.tolist()[-2:] == [3, 4]
            # mark, ID, Len, Stat₁, then F1₁, R₁, P₁ undefined
            assert sentences.row_text(3).split()[4:7] == ["—", "—", "—"]
            assert sentences.cursor == 0
            await pilot.press("r")  # reversed: the cursor is on the new first row
            await settle(pilot)
            assert not sentences.descending and sentences.cursor == 0
            await pilot.press("home")
            await settle(pilot)
            detail = app.query_one(DetailPane).plain()
            # each system named as every comparison names it: its file's short name
            assert "· sys:" in detail and "· sys2:" in detail

    run(scenario())


def test_dependencies_browse(tmp_path):
    async def scenario():
        app = dep_app(tmp_path, two=True)
        async with app.run_test(size=SIZE) as pilot:
            sentences = app.query_one(SentenceList)
            assert "LAS 77.78" in str(app.query_one("#header").render())
            await pilot.press("n")
            assert sentences.current == 1
            detail = app.query_one(DetailPane).plain()
            assert "✗   3 advmod" in detail and "gold arcs left" in detail
            await pilot.press("w")
            await settle(pilot)
            assert sentences.view.tolist() == [0, 1, 2]  # system 2 errs in sentence 3
            await pilot.press("c", "L", *"discourse", "enter")
            await settle(pilot)
            assert sentences.view.tolist() == [2]
            await pilot.press("c", "b")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, BreakdownScreen)
            confusion = next(key for key, target in screen.targets.items()
                             if target.confusion == ("nsubj", "obj"))
            options = screen.query_one("#breakdown")
            options.highlighted = options.get_option_index(confusion)
            await pilot.press("enter")
            await settle(pilot)
            assert sentences.view.tolist() == [0]
            await pilot.press("q")
        assert app.return_code == 0

    run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_small_and_large_terminals(tmp_path, size):
    async def scenario():
        app = dep_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await pilot.press("pagedown", "pageup", "down")
            await settle(pilot)
            assert app.query_one(SentenceList).current == 1

    run(scenario())
