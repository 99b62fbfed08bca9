"""Checks of a rendered ComparisonTable, shared by the unit tests (tests/unit/tables/test_tables.py)
and the tables of real data (tests/parity/test_tables_data.py): the Markdown renders as a
table (markdown-it, CommonMark with tables), the LaTeX compiles (when a TeX engine is on
PATH), the CSV and the JSON load back to the table's numbers, the JSON fits its schema."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest
from markdown_it import MarkdownIt

import treeeval
from treeeval.policy.envelope import schema_path
from treeeval.tables import ComparisonTable, render
from treeeval.tables.cells import one_line, row_name


class _Cells(HTMLParser):
    """The text of every <table>'s cells, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def markdown_tables(text: str) -> tuple[list[list[list[str]]], str]:
    """The tables of a Markdown text as rendered by markdown-it (CommonMark + tables), and
    the HTML."""
    html = MarkdownIt("commonmark").enable("table").render(text)
    parser = _Cells()
    parser.feed(html)
    return parser.tables, html


def _latex_engine() -> list[str] | None:
    for engine in ("pdflatex", "lualatex"):
        if shutil.which(engine):
            return [engine, "-interaction=nonstopmode", "-halt-on-error"]
    return ["tectonic"] if shutil.which("tectonic") else None


def assert_latex_compiles(table: ComparisonTable, folder: Path) -> None:
    """The table in a minimal document compiles to a PDF (skipped without a TeX engine)."""
    engine = _latex_engine()
    if engine is None:
        pytest.skip("no TeX engine (pdflatex, lualatex or tectonic) on PATH")
    document = (r"\documentclass{article}\usepackage[T1]{fontenc}\usepackage{booktabs}"
                "\n\\begin{document}\n" + render(table, "latex") + "\\end{document}\n")
    (folder / "table.tex").write_text(document, encoding="utf-8")
    run = subprocess.run([*engine, "table.tex"], cwd=folder, capture_output=True, text=True,
                         timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout[-3000:]
    assert (folder / "table.pdf").stat().st_size > 0


def assert_markdown_is_the_table(table: ComparisonTable) -> list[list[str]]:
    """The Markdown renders as one table: a header and a row per system, a column per metric
    after the names; returns its cells."""
    found, _ = markdown_tables(render(table, "markdown"))
    assert len(found) == 1 and len(found[0]) == 1 + len(table.rows)
    assert all(len(row) == 1 + len(table.metrics) for row in found[0])
    assert [" ".join(row[0].split()) for row in found[0][1:]] == [
        " ".join(row_name(row).split()) for row in table.rows]
    for row in table.incomplete:  # each says why, after the table
        assert one_line(row.incomplete).strip() in " ".join(render(table, "markdown").split())
    return found[0]


def check_every_format(table: ComparisonTable, folder: Path) -> None:
    """Every check of this module, the LaTeX compiled in ``folder``."""
    assert_markdown_is_the_table(table)
    assert_csv_round_trips(table)
    assert_json_round_trips(table)
    assert isinstance(render(table, "text"), str)
    assert_latex_compiles(table, folder)


def csv_cells(text: str) -> dict[tuple[str, str], dict[str, str]]:
    """The CSV's records by row (its first column: system, treebank, label) and metric."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    rows = list(reader)
    first = (reader.fieldnames or ["system"])[0]
    return {(row[first], row["metric"]): row for row in rows}


def _number(field: str) -> float | None:
    return None if field == "" else float(field)


def assert_csv_round_trips(table: ComparisonTable) -> None:
    text = render(table, "csv")
    assert next(csv.reader(io.StringIO(text, newline="")))[0] == table.row_label
    cells = csv_cells(text)
    assert len(cells) == len(table.rows) * len(table.metrics)
    for index, row in enumerate(table.rows):
        for column, metric in enumerate(table.metrics):
            record = cells[row.name, metric.name]
            assert record["header"] == metric.shown
            assert _number(record["value"]) == row.values[column]
            assert record["baseline"] == ("true" if row.baseline else "false")
            assert (record["incomplete"], record["untested"]) == (row.incomplete, row.untested)
            assert record["best"] == ("true" if index in table.best(column) else "false")
            test = row.cell(column)
            if test is None:
                assert record["p_value"] == record["test"] == ""
                continue
            assert record["test"] == test.test
            assert _number(record["p_value"]) == test.p_value
            assert _number(record["p_adjusted"]) == test.p_adjusted
            bounds = test.difference_interval or (None, None)
            assert (_number(record["ci_low"]), _number(record["ci_high"])) == bounds
            assert _number(record["seed"]) == test.seed
            assert _number(record["resamples"]) == test.resamples


def validate_json(table: ComparisonTable) -> dict[str, object]:
    document = json.loads(render(table, "json"))
    schema = json.loads(schema_path("table").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert list(document)[:4] == ["schema", "version", "command", "signature"]
    assert document["version"] == treeeval.__version__
    return document


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*map(_keys, value.values()))
    if isinstance(value, list):
        return set().union(*map(_keys, value))
    return set()


def assert_json_round_trips(table: ComparisonTable) -> None:
    document = validate_json(table)
    assert all(re.fullmatch("[a-z][a-z0-9_]*", key) for key in _keys(document))
    assert [(metric["name"], metric["header"], metric["has_best"])
            for metric in document["metrics"]] == [(m.name, m.shown, m.has_best)
                                                   for m in table.metrics]
    assert document["row_label"] == table.row_label
    assert len(document["systems"]) == len(table.rows)
    for row, system in zip(table.rows, document["systems"]):
        assert (system["name"], system["baseline"]) == (row.name, row.baseline)
        assert (system["incomplete"] or "", system["untested"] or "") == (row.incomplete,
                                                                          row.untested)
        assert [cell["value"] for cell in system["cells"]] == list(row.values)
        assert [cell["metric"] for cell in system["cells"]] == [m.name for m in table.metrics]
        for column, cell in enumerate(system["cells"]):
            test = row.cell(column)
            if test is None:
                assert cell["significance"] is None
                continue
            found = cell["significance"]
            assert (found["test"], found["p_value"], found["p_adjusted"], found["seed"]) == (
                test.test, test.p_value, test.p_adjusted, test.seed)
            bounds = found["difference_interval"]
            assert (None if bounds is None else tuple(bounds)) == test.difference_interval
