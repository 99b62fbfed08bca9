"""Snapshots of the browser's main screen: the whole 120 x 40 screen as text, compared with
files stored in tests/unit/snapshots/ (generated once, read and committed).

A snapshot is never written by a normal run: a missing or different one fails.  After a
deliberate change of the screen, rewrite them with ``TREEEVAL_UPDATE_SNAPSHOTS=1 python -m
pytest tests/unit/test_tui_snapshots.py``, read the diff (``git diff tests/unit/snapshots``)
and commit it.  (pytest-textual-snapshot was tried: it installs, but pins pytest below 9,
which the project's other tests use; its SVG files are also hard to review in a diff.)
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from tui_fixtures import write_brackets, write_conll

from treeeval.commands.browse import parse_browse_args
from treeeval.tui.app import BrowseApp
from treeeval.tui.loading import load_corpus

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (120, 40)


def screen_text(app: BrowseApp) -> str:
    """The screen as plain text, as ``App.export_screenshot`` composes it (no styles)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines())


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("TREEEVAL_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: write it with TREEEVAL_UPDATE_SNAPSHOTS=1"
    assert text + "\n" == path.read_text(encoding="utf-8")


def snapshot(args: list[str], keys: tuple[str, ...]) -> str:
    async def scenario() -> str:
        app = BrowseApp(load_corpus(parse_browse_args(args)))
        async with app.run_test(size=SIZE) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await app.workers.wait_for_complete()
                await pilot.pause()
            return screen_text(app)

    return asyncio.run(scenario())


@pytest.fixture
def files(tmp_path, monkeypatch):
    """The fixture files in the current folder, named without a folder (the header shows
    the names as given)."""
    write_brackets(tmp_path, two=True)
    write_conll(tmp_path, two=True)
    shutil.copy(tmp_path / "sys.mrg", tmp_path / "sys3.mrg")
    monkeypatch.chdir(tmp_path)


def test_brackets_one_system_next_wrong_sentence(files):
    """COLLINS.prm; ``n``: the cursor on sentence 3 (an ADVP missed) and its repair."""
    check_snapshot("brackets_one_system", snapshot(
        ["-p", "COLLINS.prm", "gold.mrg", "sys.mrg"], ("n",)))


def test_brackets_three_systems(files):
    """Three systems: columns ₁₂₃ and ΔF1₂, ΔF1₃; the detail pane of sentence 1."""
    check_snapshot("brackets_three_systems", snapshot(
        ["-p", "COLLINS.prm", "gold.mrg", "sys.mrg", "sys2.mrg", "sys3.mrg"], ()))


def test_dependencies_two_systems_wrong_only(files):
    """Two CoNLL-X systems, ``w`` (wrong only): LAS₁, LAS₂ and ΔLAS."""
    check_snapshot("dependencies_two_systems", snapshot(
        ["gold.conll", "sys.conll", "sys2.conll"], ("w",)))
