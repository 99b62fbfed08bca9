"""Snapshots of the browser's screens, styles included, through Textual's public API only.

Each test drives the app with ``App.run_test()`` and its ``Pilot`` on a fixed 120 x 40
terminal (keys, then ``workers.wait_for_complete()``, ``wait_for_scheduled_animations()``
and ``pause()``: no sleeps, no timing), takes the screen with ``App.export_screenshot()``
(the public export: an SVG document, every cell with its colours) and compares a text form
of that SVG with a file in tests/unit/tui/snapshots/.  The screens: the main screen (brackets,
one and three systems; CoNLL-X, two systems), the help (``?``), the breakdown (``b``), the
label question (``L``, an answer typed; the Input's cursor blink is switched off through its
public ``cursor_blink``, so that the cursor is always drawn) and the CoNLL-U word alignment
(a system tokenised otherwise than the gold).

What is stored and compared: the text form, not the SVG.  The SVG is 100 kB a screen,
hard to read in a diff, and part of it is rich's template (fonts, window chrome, title,
the ``terminal-NNN`` prefix of its class and clip-path ids, which is a hash of the content,
and class numbers given in order of first use), which changes with rich's version and not
with the browser.  The text form (``screenshot_text``) keeps what the SVG says about each
of the 120 x 40 cells and nothing of its layout:

* ``[text]``: the characters, one line a screen row (trailing blanks cut);
* ``[foreground]``: a key per cell for its text style as the SVG's CSS class gives it
  (``fill`` colour, bold, italic, underline, strike), a blank where the cell shows no
  character (a space without underline or strike: its colour cannot be seen; rich's
  export draws no text at all for a run of spaces only, underlined or not);
* ``[background]``: a key per cell for its background (the SVG's ``rect`` fill; ``none``
  where the export draws none);
* ``[keys]``: what each key means, e.g. ``foreground b: #e0e0e0 bold``, ``background A:
  #1e1e1e``.

The grids line up with the text, so a reviewer sees which cells are green or highlighted,
and a change of colour, weight or background shows in the diff as a changed key.  Keys are
given in order of first use (row by row), colours as the SVG's hex; the SVG's ids and
class numbers never reach the file, so the file depends on the screen alone.  The cell geometry is read from
the SVG itself (its terminal clip rectangle and the app's size).  rich's
``Console.export_text(styles=True)`` was not used: it needs the screen as a renderable,
which only the app's private compositor gives (the old snapshots read it).
``test_text_form_keeps_every_style`` checks the conversion on an SVG of known styles.

A snapshot is never written by a normal run: a missing or different one fails, and the
SVG and text form of the screen found are left in the test's tmp_path (named in the
message; open the SVG in a browser to see it).  After a deliberate change of a screen,
rewrite them with ``TREEEVAL_UPDATE_SNAPSHOTS=1 python3 -m pytest
tests/unit/tui/test_tui_snapshots.py``, read the diff (``git diff tests/unit/tui/snapshots``) and
commit it.  The tests set the theme (``textual-dark``, whatever ``TEXTUAL_THEME`` says) and
unset ``NO_COLOR``; ``TEXTUAL_FILTERS`` and ``TEXTUAL_DIM_FACTOR``, read when Textual is
imported, change the colours drawn, so the tests refuse to run with them set.
(pytest-textual-snapshot was tried: it installs,
but pins pytest below 9, which the project's other tests use; it stores the SVG.)
"""

from __future__ import annotations

import asyncio
import io
import math
import os
import re
import shutil
import string
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.widgets import Input
from tui_fixtures import write_brackets, write_conll, write_conllu, write_enhanced

from treeeval.commands.browse import parse_browse_args
from treeeval.tui.app import BrowseApp
from treeeval.tui.loading import load_corpus

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (120, 40)
THEME = "textual-dark"
#: the SVG export's title (also part of rich's id hash; fixed so the SVG is too)
TITLE = "treeeval browse"
SVG = "{http://www.w3.org/2000/svg}"
#: the keys of the foreground and background grids (different, so as not to be mixed up)
KEYS = {"foreground": string.ascii_lowercase + string.ascii_uppercase + string.digits,
        "background": string.ascii_uppercase + string.ascii_lowercase + string.digits}
CSS_RULE = re.compile(r"^\s*\.([\w-]+)\s*\{([^}]*)\}", re.MULTILINE)


# -- the SVG's cells ----------------------------------------------------------------------------
def css_style(declarations: str) -> tuple[str, ...]:
    """A CSS class of rich's SVG as (colour, attributes...): ``fill: #e0e0e0;font-weight:
    bold`` -> ``("#e0e0e0", "bold")``; a declaration not known is kept as written."""
    colour, attributes = "", []
    names = {("font-weight", "bold"): "bold", ("font-style", "italic"): "italic",
             ("text-decoration", "underline"): "underline",
             ("text-decoration", "line-through"): "strike"}
    for declaration in declarations.split(";"):
        name, _, value = (part.strip() for part in declaration.partition(":"))
        if not name:
            continue
        if name == "fill":
            colour = value
        else:
            attributes.append(names.get((name, value), f"{name}: {value}"))
    return (colour, *attributes)


def svg_cells(svg: str, width: int, height: int) -> list[list[tuple[str, tuple, str]]]:
    """Every cell of an ``App.export_screenshot()`` SVG as (character, text style,
    background); ``""`` as character for the second cell of a wide one."""
    root = ElementTree.fromstring(svg)
    css = "".join(node.text or "" for node in root.iter(f"{SVG}style"))
    classes = {name: css_style(body) for name, body in CSS_RULE.findall(css)}
    clip = next(node for node in root.iter(f"{SVG}clipPath")
                if node.get("id", "").endswith("-clip-terminal"))
    box = clip.find(f"{SVG}rect")
    assert box is not None
    # rich draws the terminal clip width * cell width - 1 wide, rows * line height - 1 high
    cell_width = (float(box.get("width", "0")) + 1) / width
    line_height = (float(box.get("height", "0")) + 1) / height
    terminal = next(node for node in root.iter(f"{SVG}g")
                    if node.get("clip-path", "").endswith("-clip-terminal)"))

    def place(node: ElementTree.Element) -> tuple[int, int]:
        return (math.floor(float(node.get("y", "0")) / line_height),
                round(float(node.get("x", "0")) / cell_width))

    cells: list[list[tuple[str, tuple, str]]] = [[(" ", (), "none")] * width
                                                 for _ in range(height)]
    for rect in terminal.findall(f"{SVG}rect"):
        row, column = place(rect)
        for x in range(column, column + round(float(rect.get("width", "0")) / cell_width)):
            cells[row][x] = (" ", (), rect.get("fill", "none"))
    matrix = terminal.find(f"{SVG}g")
    assert matrix is not None
    for text in matrix.findall(f"{SVG}text"):
        row, column = place(text)
        style = classes[text.get("class", "")]
        # rich writes each line's end as a text "\n" after the last cell: not a cell
        for char in (text.text or "").replace("\xa0", " ").replace("\n", ""):
            cells[row][column] = (char, style, cells[row][column][2])
            for extra in range(1, cell_len(char)):
                cells[row][column + extra] = ("", style, cells[row][column + extra][2])
            column += max(cell_len(char), 1)
    return cells


def screenshot_text(svg: str, width: int, height: int) -> str:
    """The text form of a screenshot: ``[text]``, ``[foreground]``, ``[background]`` grids
    of the cells and the ``[keys]`` of the two last (see the module's docstring)."""
    cells = svg_cells(svg, width, height)
    keys: dict[str, dict[str, str]] = {"foreground": {}, "background": {}}

    def key(kind: str, value: str) -> str:
        table = keys[kind]
        if value not in table:
            assert len(table) < len(KEYS[kind]), f"more than {len(KEYS[kind])} {kind} styles"
            table[value] = KEYS[kind][len(table)]
        return table[value]

    def foreground(char: str, style: tuple) -> str:
        # "": the second cell of a wide character, keyed too so that the grids line up
        visible = char != " " or "underline" in style or "strike" in style
        return key("foreground", " ".join(style)) if visible and style else " "

    text = ["".join(char for char, _, _ in row).rstrip() for row in cells]
    fg = ["".join(foreground(char, style) for char, style, _ in row).rstrip() for row in cells]
    bg = ["".join(key("background", back) for _, _, back in row) for row in cells]
    legend = [f"{kind} {k}: {value}" for kind, table in keys.items()
              for value, k in table.items()]
    return "\n".join([f"{width} x {height} cells, from App.export_screenshot()", "[text]",
                      *text, "[foreground]", *fg, "[background]", *bg, "[keys]", *legend])


# -- running a screen -------------------------------------------------------------------------
async def settle(pilot) -> None:
    """Let workers finish, animations end and messages be handled (no sleeps)."""
    await pilot.app.workers.wait_for_complete()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def screenshot(args: list[str], keys: Sequence[str]) -> str:
    """The SVG of the screen after ``keys``, on a fresh app over ``args``."""
    async def scenario() -> str:
        app = BrowseApp(load_corpus(parse_browse_args(args)))
        async with app.run_test(size=SIZE) as pilot:
            app.theme = THEME
            await settle(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            # a question's cursor blinks on a timer: stop it, shown (Input's public switch)
            for field in app.screen.query(Input):
                field.cursor_blink = False
            await settle(pilot)
            assert app.size == SIZE
            return app.export_screenshot(title=TITLE)

    return asyncio.run(scenario())


def check_snapshot(name: str, svg: str, found_folder: Path) -> str:
    """Compare the text form of ``svg`` with snapshots/NAME.txt; return the text form."""
    text = screenshot_text(svg, *SIZE) + "\n"
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("TREEEVAL_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8") if path.exists() else None
    if text != expected:
        (found_folder / f"{name}.svg").write_text(svg, encoding="utf-8")
        (found_folder / f"{name}.txt").write_text(text, encoding="utf-8")
    assert expected is not None, (f"no snapshot {path}: write it with "
                                  f"TREEEVAL_UPDATE_SNAPSHOTS=1 (screen found: {found_folder})")
    assert text == expected, f"{name} differs; the screen found is in {found_folder}"
    return text


def section(text: str, name: str) -> list[str]:
    """The lines of one section of a text form (``text``, ``foreground``...)."""
    lines = text.splitlines()
    start = lines.index(f"[{name}]") + 1
    ends = [lines.index(f"[{after}]") for after in ("foreground", "background", "keys")
            if lines.index(f"[{after}]") >= start]
    return lines[start:min(ends, default=len(lines))]


def shown(text: str) -> str:
    """The characters on screen, row after row."""
    return "\n".join(section(text, "text"))


def style_at(text: str, kind: str, row: int, column: int) -> str:
    """The foreground or background of a cell, as the ``[keys]`` give it ("" for blank)."""
    key = section(text, kind)[row].ljust(column + 1)[column]
    legend = dict(line.split(": ", 1) for line in section(text, "keys"))
    return legend.get(f"{kind} {key}", "")


def find(text: str, part: str) -> tuple[int, int]:
    """(row, column) where ``part`` is first shown."""
    return next((row, line.index(part)) for row, line in enumerate(section(text, "text"))
                if part in line)


@pytest.fixture
def files(tmp_path, monkeypatch):
    """The fixture files in the current folder, named without a folder (the header shows
    the names as given); returns the folder where a screen that differs is left."""
    for name in ("TEXTUAL_FILTERS", "TEXTUAL_DIM_FACTOR"):
        assert name not in os.environ, f"{name} changes the colours Textual draws: unset it"
    monkeypatch.delenv("NO_COLOR", raising=False)
    write_brackets(tmp_path, two=True)
    write_conll(tmp_path, two=True)
    write_conllu(tmp_path)
    write_enhanced(tmp_path)
    shutil.copy(tmp_path / "sys.mrg", tmp_path / "sys3.mrg")
    monkeypatch.chdir(tmp_path)
    found = tmp_path / "found"
    found.mkdir()
    return found


BRACKETS = ["-p", "COLLINS.prm", "gold.mrg", "sys.mrg"]


# -- the text form ---------------------------------------------------------------------------------
def test_text_form_keeps_every_style():
    """Colours, bold, italic, underline (on a space too), strike, backgrounds and a wide
    character, from rich's SVG export (the one ``App.export_screenshot`` makes)."""
    console = Console(width=7, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(Text.assemble(("ab", "bold #ff0000 on #0000ff"), ("字", "italic #111111"),
                                (" d", "underline #00ff00"), ("c", "strike #222222")))
    console.print(Text("x ", style="#333333 on #444444"))
    assert screenshot_text(console.export_svg(title="t"), 7, 2) == "\n".join([
        "7 x 2 cells, from App.export_screenshot()",
        "[text]", "ab字 dc", "x",
        "[foreground]", "aabbccd", "e",
        "[background]", "AABBBBB", "CCBBBBB",
        "[keys]",
        "foreground a: #ff0000 bold", "foreground b: #111111 italic",
        "foreground c: #00ff00 underline", "foreground d: #222222 strike",
        "foreground e: #333333",
        "background A: #0000ff", "background B: none", "background C: #444444"])


# -- the screens --------------------------------------------------------------------------------
def test_brackets_one_system_next_wrong_sentence(files):
    """COLLINS.prm; ``n``: the cursor on sentence 3 (an ADVP missed, highlighted) and its
    repair."""
    text = check_snapshot("brackets_one_system", screenshot(BRACKETS, ("n",)), files)
    assert "Single Word Phrase: add ADVP over word 4" in shown(text)
    cursor, other = find(text, "▶✗  3")[0], find(text, " ✓  2")[0]
    assert style_at(text, "background", cursor, 5) != style_at(text, "background", other, 5)


def test_brackets_three_systems(files):
    """Three systems: columns ₁₂₃ and ΔF1₂, ΔF1₃; the detail pane of sentence 1."""
    text = check_snapshot("brackets_three_systems", screenshot(
        ["-p", "COLLINS.prm", "gold.mrg", "sys.mrg", "sys2.mrg", "sys3.mrg"], ()), files)
    assert "ΔF1₂" in shown(text) and "ΔF1₃" in shown(text)


def test_dependencies_two_systems_wrong_only(files):
    """Two CoNLL-X systems, ``w`` (wrong only): LAS₁, LAS₂ and ΔLAS."""
    text = check_snapshot("dependencies_two_systems", screenshot(
        ["gold.conll", "sys.conll", "sys2.conll"], ("w",)), files)
    assert "ΔLAS" in shown(text) and "filter: wrong only" in shown(text)


def test_help_screen(files):
    """``?`` over the bracket browser: the keys, then the columns, in a box over the
    dimmed browser."""
    text = check_snapshot("help_brackets", screenshot(BRACKETS, ("question_mark",)), files)
    rows = shown(text)
    assert "Keys" in rows and "Columns of the sentence list" in rows
    for keys, meaning in (("n, N/p", "next or previous wrong sentence"),
                          ("?, f1", "this help"), ("q", "quit")):
        assert re.search(rf"{re.escape(keys)}\s+{meaning}", rows), keys


def test_breakdown_screen(files):
    """``b``: the per-label table of the bracket system (P, R, F1, bars) with its first
    label row highlighted, then the confusions."""
    text = check_snapshot("breakdown_brackets", screenshot(BRACKETS, ("b",)), files)
    rows = shown(text)
    assert "Breakdown · Enter on a row shows its sentences" in rows
    assert "brackets by label" in rows and "█" in rows and "same span, other label" in rows
    first, second, third = (find(text, f"▊ {label} ")[0] for label in ("NP", "S", "VP"))
    assert (style_at(text, "background", first, 3)
            != style_at(text, "background", second, 3)
            == style_at(text, "background", third, 3))


def test_label_prompt(files):
    """``L`` and ``ADVP`` typed: the question, the answer with its cursor (a block after
    ADVP) and the hint, over the dimmed browser."""
    text = check_snapshot("prompt_label", screenshot(BRACKETS, ("L", *"ADVP")), files)
    rows = shown(text)
    assert "Show sentences where this label is wrong:" in rows
    assert "ADVP" in rows and "e.g. NP, VP, nsubj; empty: any" in rows
    row, column = find(text, "▊  ADVP")
    assert (style_at(text, "background", row, column + 7)
            != style_at(text, "background", row, column + 6))


def test_conllu_alignment(files):
    """CoNLL-U, ``down``: sentence 2, where the system has one token NewYork for the gold
    New York (``-``, ``+``, ``-``, each its own colour) and a sentence break before ``!``."""
    text = check_snapshot("conllu_alignment", screenshot(
        ["gold.conllu", "sys.conllu"], ("down",)), files)
    rows = shown(text)
    assert "AligndAcc" in rows and "Sentence 2 · " in rows
    assert "NewYork" in rows and "system sentence break" in rows
    screen = section(text, "text")
    row = find(text, "3 rocks")[0]
    column = screen[row].index("✓")
    marks = []
    for word, mark in (("1 New ", "-"), ("1 NewYork", "+"), ("3 rocks", "✓")):
        row = find(text, word)[0]
        assert screen[row][column] == mark, word
        marks.append(style_at(text, "foreground", row, column))
    assert len(set(marks)) == 3 and "" not in marks


def test_conllu_enhanced_graphs(files):
    """CoNLL-U with ``--udeval``, ``down`` then ``d``: the enhanced graphs of sentence 2 in
    place of its alignment (the gold edges of New and York missed, ``-`` in red; the edge of
    rocks from NewYork and NewYork's own wrong, ``+`` in magenta, which this theme draws as
    it draws red, as it does the brackets' ``-`` and ``+``) and ELAS, EULAS and EErr in the
    list."""
    text = check_snapshot("conllu_enhanced", screenshot(
        ["--udeval", "deps-gold.conllu", "deps-sys.conllu"], ("down", "d")), files)
    rows = shown(text)
    assert "ELAS" in rows and "EErr" in rows and "enhanced graphs (d: alignment)" in rows
    assert "Sentence 2 · ELAS 33.33 EULAS 33.33 (F1)" in rows
    missed = find(text, "-2:compound")
    wrong = find(text, "+?1:dep")
    right = find(text, "0:root +?1:dep")
    plain = style_at(text, "foreground", *right)
    for at in (missed, wrong):
        assert style_at(text, "foreground", *at) not in (plain, "")
