"""treeeval.tables: the comparison-table model and its five renderers, on inline tables.

The fixture is a paper's table: three parsers (the first the baseline) by four metrics, one
of them a count where lower is better, bootstrap tests against the baseline corrected by
Holm–Bonferroni, names with LaTeX's and Markdown's special characters and unicode.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import jsonschema
import numpy as np
import pytest
from profiles import examples
from table_checks import (
    assert_csv_round_trips,
    assert_json_round_trips,
    assert_latex_compiles,
    assert_markdown_is_the_table,
    csv_cells,
    markdown_tables,
    validate_json,
)

from treeeval.errors import UsageError
from treeeval.policy.envelope import schema_path
from treeeval.stats import SentenceScores, compare
from treeeval.stats.correction import holm
from treeeval.stats.significance import METHODS
from treeeval.tables import (
    FORMATS,
    ComparisonTable,
    Metric,
    Significance,
    SystemRow,
    corrected,
    render,
    render_html,
)
from treeeval.tables.comparison import untested_reason
from treeeval.tables.model import COMMANDS

SIGNATURE = "cmd:dep|metric:LAS;UAS;LA|version:0.1.0"
METRICS = (Metric("LAS"), Metric("UAS"), Metric("LA"),
           Metric("errors", unit="count", higher_is_better=False))
BASE, TURBO, MULLER = "MaltParser", "Turbo_2 & co.", "Müller 50% #1 $"


def bootstrap(p: float, interval: tuple[float, float]) -> Significance:
    return Significance("bootstrap", p, interval, resamples=10_000, seed=1)


def paper_rows() -> tuple[SystemRow, ...]:
    return (
        SystemRow(BASE, (84.12, 88.5, 87.3, 412), baseline=True),
        SystemRow(TURBO, (85.37, 88.49, 87.31, 390),
                  (bootstrap(0.0012, (0.71, 1.8)), bootstrap(0.91, (-0.4, 0.38)),
                   bootstrap(0.45, (-0.2, 0.22)), bootstrap(0.03, (-40, -4)))),
        SystemRow(MULLER, (84.9, 89.02, 86.95, 405),
                  (bootstrap(0.04, (0.02, 1.5)), bootstrap(0.02, (0.1, 0.9)),
                   bootstrap(0.2, (-0.9, 0.2)), None)),
    )


def paper_table(**changes: object) -> ComparisonTable:
    """The fixture, corrected; ``changes`` replace fields of the table before the correction."""
    fields: dict[str, object] = {"title": "English dev (CoNLL-X)", "command": "dep",
                                 "metrics": METRICS, "rows": paper_rows(),
                                 "notes": ("Punctuation excluded.",), "signature": SIGNATURE}
    fields.update(changes)
    return corrected(ComparisonTable(**fields))  # type: ignore[arg-type]


# --- the model ------------------------------------------------------------------------------

def test_holm_correction_per_metric() -> None:
    table = paper_table()
    assert table.correction == "holm"
    turbo, muller = table.rows[1], table.rows[2]
    assert [turbo.cell(0).p_adjusted, muller.cell(0).p_adjusted] == pytest.approx(
        list(holm([0.0012, 0.04])))
    assert [turbo.cell(1).p_adjusted, muller.cell(1).p_adjusted] == pytest.approx([0.91, 0.04])
    # errors has a family of one test: its p-value stays as it is
    assert turbo.cell(3).p_adjusted == 0.03
    assert [turbo.cell(c).significant(0.05) for c in range(4)] == [True, False, False, True]
    assert [muller.cell(c).significant(0.05) for c in range(3)] == [True, True, False]


def test_two_systems_are_not_corrected() -> None:
    table = paper_table(rows=paper_rows()[:2])
    assert table.correction is None
    assert all(cell is None or cell.p_adjusted is None for _, _, cell in table.tests())
    assert "correction" not in render(table, "text")


def test_best_is_the_maximum_or_for_a_count_where_lower_is_better_the_minimum() -> None:
    table = paper_table()
    assert [table.best(column) for column in range(4)] == [(1,), (2,), (1,), (1,)]


def test_ties_at_the_shown_precision_are_all_best() -> None:
    rows = (SystemRow("a", (80.001,)), SystemRow("b", (79.996,)), SystemRow("c", (79.9,)))
    table = ComparisonTable("t", "dep", (Metric("LAS"),), rows)
    assert table.best(0) == (0, 1)
    assert render(table, "latex").count(r"\textbf{80.00}") == 2


def test_one_system_has_no_best() -> None:
    table = ComparisonTable("t", "ud", METRICS, (SystemRow("only", (1.0, 2.0, 3.0, 4)),))
    assert table.best(0) == ()
    for fmt in FORMATS:
        assert "bold" not in render(table, fmt) and r"\textbf" not in render(table, fmt)


# --- headers and what compares --------------------------------------------------------------

def test_every_format_shows_the_header_and_the_data_keep_the_key() -> None:
    metrics = (Metric("fmeasure", header="F1"), Metric("fmeasure_40", header="F1 (≤40)"),
               Metric("errors", "count", False, header="Err."))
    table = ComparisonTable("t", "bracket", metrics, (SystemRow("a", (90.0, 91.0, 3)),
                                                      SystemRow("b", (89.0, 92.0, 4))))
    assert render(table, "text").splitlines()[1].split() == [
        "system", "F1", "F1", "(≤40)", "Err."]
    assert "| System | F1 | F1 (≤40) | Err. ↓ |" in render(table, "markdown")
    assert r"System & F1 & F1 ($\leq$40) & Err. $\downarrow$ \\" in render(table, "latex")
    assert "<th scope=\"col\">F1 (≤40)</th>" in render_html(table)
    assert "(the lowest for Err.)" in render(table, "markdown")
    cells = csv_cells(render(table, "csv"))
    assert cells["a", "fmeasure_40"]["header"] == "F1 (≤40)"
    document = validate_json(table)
    assert document["metrics"][1] == {"name": "fmeasure_40", "header": "F1 (≤40)",
                                      "unit": "percent", "higher_is_better": True,
                                      "has_best": True}
    assert document["systems"][0]["cells"][1]["metric"] == "fmeasure_40"


def test_a_column_that_does_not_compare_has_no_best_in_any_format() -> None:
    metrics = (Metric("rank", "count", False, comparable=False), Metric("LAS"),
               Metric("rho", unit="number"))
    rows = (SystemRow("a", (1, 90.0, 0.5)), SystemRow("b", (2, 80.0, 0.7)))
    table = ComparisonTable("t", "task", metrics, rows)
    assert [table.best(column) for column in range(3)] == [(), (0,), ()]
    markdown = render(table, "markdown")
    assert "| System | rank | LAS | rho |" in markdown  # no arrow: a rank is no score
    assert "| a | 1 | **90.00** | 0.50 |" in markdown
    assert "Best score of each column in bold (none for rank)." in markdown
    assert r"\textbf{1}" not in render(table, "latex")
    assert [cell["best"] for cell in validate_json(table)["systems"][0]["cells"]] == [
        False, True, False]
    treebanks = ComparisonTable("t", "ud", (Metric("LAS", comparable=False),), (
        SystemRow("en", (90.0,)), SystemRow("fi", (80.0,))), row_label="treebank")
    assert treebanks.best(0) == () and "bold" not in render(treebanks, "markdown")
    assert render(treebanks, "csv").startswith("treebank,baseline,metric,")
    assert render(treebanks, "text").splitlines()[1].startswith("treebank ")
    assert "<th scope=\"col\">Treebank</th>" in render_html(treebanks)


def test_the_best_of_each_row_when_the_columns_are_systems() -> None:
    metrics = (Metric("gold", "count", comparable=False), Metric("a"),
               Metric("b", header="b (incomplete)", comparable=False), Metric("c"))
    rows = (SystemRow("NP", (40, 80.0, 95.0, 85.0)), SystemRow("VP", (30, 70.0, None, 70.004)),
            SystemRow("PP", (9, None, 50.0, 60.0)))
    table = ComparisonTable("t", "bracket", metrics, rows, row_label="label", best_in="row")
    assert [table.best(column) for column in range(4)] == [(), (1,), (), (0, 1)]
    markdown = render(table, "markdown")
    assert "| NP | 40 | 80.00 | 95.00 | **85.00** |" in markdown  # b is never the best
    assert "| PP | 9 | — | 50.00 | 60.00 |" in markdown  # one value: no best
    assert "Best score of each row in bold." in markdown
    assert_csv_round_trips(table)
    assert_json_round_trips(table)


def test_from_a_stats_result() -> None:
    system = SentenceScores.ratio([9, 8, 10, 7], [10] * 4)
    baseline = SentenceScores.ratio([8, 8, 9, 6], [10] * 4)
    result = compare(system, baseline, "bootstrap", resamples=200, seed=5)
    cell = Significance.from_result(result)
    assert (cell.test, cell.p_value, cell.difference_interval, cell.resamples, cell.seed) == (
        "bootstrap", result.p_value, result.difference_interval, 200, 5)


@pytest.mark.parametrize("build, message", [
    (lambda: ComparisonTable("t", "dep", METRICS, (SystemRow("a", (1.0,)),)),
     "one value per metric"),
    (lambda: ComparisonTable("t", "dep", (Metric("a"), Metric("a")), ()), "repeat"),
    (lambda: ComparisonTable("t", "dep", (Metric("a"),), (SystemRow("a", (1.0,), baseline=True),
                                                          SystemRow("b", (1.0,), baseline=True))),
     "more than one baseline"),
    (lambda: ComparisonTable("t", "dep", (Metric("a"),),
                             (SystemRow("a", (1.0,), (Significance("ar", 0.5),)),)),
     "against a baseline"),
    (lambda: ComparisonTable("t", "dep", (Metric("a"),), (SystemRow("a", (float("nan"),)),)),
     "finite"),
    (lambda: Significance("t-test", 0.5), "not one of"),
    (lambda: Significance("ar", 1.5), r"not in \[0, 1\]"),
    (lambda: Metric("a", unit="ratio"), "unit"),
    (lambda: ComparisonTable("t", "parse", (), ()), "command 'parse'"),
    (lambda: ComparisonTable("t", "dep", (), (), alpha=5), "alpha"),
    (lambda: ComparisonTable("t", "dep", (Metric("a", header="F1"), Metric("F1")), ()),
     "repeat"),
    (lambda: ComparisonTable("t", "dep", (), (), best_in="cell"), "best_in"),
    (lambda: ComparisonTable("t", "dep", (Metric("a"), Metric("n", "count", False)), (),
                             best_in="row"), "unit or direction"),
])
def test_malformed_tables_are_refused(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()  # type: ignore[operator]


def test_numpy_numbers_and_lists_become_plain_data() -> None:
    result = compare(SentenceScores.ratio([9, 8, 7], [10] * 3),
                     SentenceScores.ratio([8, 8, 6], [10] * 3), "bootstrap", resamples=50)
    rows = [SystemRow("a", [np.float64(80.0), np.int64(7)], baseline=True),
            SystemRow("b", [np.float64(81.0), np.int64(5)],
                      [Significance.from_result(result), None])]
    table = ComparisonTable("t", "dep", [Metric("LAS"), Metric("n", "count")], rows)
    assert type(table.rows) is tuple and type(table.rows[1].significance) is tuple
    assert [type(value) for value in table.rows[0].values] == [float, int]
    assert type(table.rows[1].cell(0).difference_interval[0]) is float
    assert_json_round_trips(table)


def test_an_unknown_format_is_a_usage_error_listing_the_five() -> None:
    with pytest.raises(UsageError) as caught:
        render(paper_table(), "html")
    assert caught.value.exit_status == 2
    assert str(caught.value) == ("unknown table format 'html' "
                                 "(choose from text, markdown, latex, csv, json)")


# --- text -----------------------------------------------------------------------------------

TEXT = """\
English dev (CoNLL-X)
system                   LAS     UAS      LA   errors
MaltParser (baseline)  84.12   88.50   87.30      412
Turbo_2 & co.          85.37*  88.49   87.31      390*
Müller 50% #1 $        84.90*  89.02*  86.95      405

* p < 0.05 against the baseline MaltParser (paired bootstrap, 10000 resamples, seed 1; \
Holm–Bonferroni correction over each metric's tests)
Turbo_2 & co.    LAS     diff +1.25  [+0.71, +1.80]  p = 0.0012  adjusted p = 0.0024
Turbo_2 & co.    UAS     diff -0.01  [-0.40, +0.38]  p = 0.9100  adjusted p = 0.9100
Turbo_2 & co.    LA      diff +0.01  [-0.20, +0.22]  p = 0.4500  adjusted p = 0.4500
Turbo_2 & co.    errors    diff -22       [-40, -4]  p = 0.0300  adjusted p = 0.0300
Müller 50% #1 $  LAS     diff +0.78  [+0.02, +1.50]  p = 0.0400  adjusted p = 0.0400
Müller 50% #1 $  UAS     diff +0.52  [+0.10, +0.90]  p = 0.0200  adjusted p = 0.0400
Müller 50% #1 $  LA      diff -0.35  [-0.90, +0.20]  p = 0.2000  adjusted p = 0.4000

Punctuation excluded.

signature: cmd:dep|metric:LAS;UAS;LA|version:0.1.0
"""


def test_text() -> None:
    assert render(paper_table(), "text") == TEXT


def test_text_without_a_baseline_has_no_marker_and_no_tests() -> None:
    rows = tuple(SystemRow(row.name, row.values) for row in paper_table().rows)
    text = render(paper_table(rows=rows, notes=(), signature=""), "text")
    assert text.splitlines()[1:] == [
        "system             LAS    UAS     LA  errors",
        "MaltParser       84.12  88.50  87.30     412",
        "Turbo_2 & co.    85.37  88.49  87.31     390",
        "Müller 50% #1 $  84.90  89.02  86.95     405"]


# --- Markdown -------------------------------------------------------------------------------

def test_markdown_renders_as_a_table() -> None:
    text = render(paper_table(), "markdown")
    tables, html = markdown_tables(text)
    assert len(tables) == 1 and html.count("<tr>") == 4
    assert [len(row) for row in tables[0]] == [5] * 4
    assert tables[0] == [
        ["System", "LAS", "UAS", "LA", "errors ↓"],
        ["MaltParser (baseline)", "84.12", "88.50", "87.30", "412"],
        ["Turbo_2 & co.", "85.37†", "88.49", "87.31", "390†"],
        ["Müller 50% #1 $", "84.90†", "89.02†", "86.95", "405"]]
    assert "<strong>85.37</strong>†" in html and "<strong>390</strong>†" in html
    assert html.count("<strong>") == 1 + 4  # the title and the best of each column
    assert "† p &lt; 0.05 against the baseline MaltParser (paired bootstrap" in html
    assert "Holm–Bonferroni correction" in html
    assert "<code>cmd:dep|metric:LAS;UAS;LA|version:0.1.0</code>" in html


# --- LaTeX ----------------------------------------------------------------------------------

def test_latex_structure() -> None:
    text = render(paper_table(), "latex")
    lines = text.splitlines()
    assert lines[0] == f"% signature: {SIGNATURE}"
    rules = [line for line in lines if line in (r"\toprule", r"\midrule", r"\bottomrule")]
    assert rules == [r"\toprule", r"\midrule", r"\bottomrule"]
    assert r"\begin{tabular}{lrrrr}" in lines
    body = lines[lines.index(r"\midrule") + 1:lines.index(r"\bottomrule")]
    assert body == [
        r"MaltParser (baseline) & 84.12 & 88.50 & 87.30 & 412 \\",
        r"Turbo\_2 \& co. & \textbf{85.37}\rlap{$^{\dagger}$} & 88.49 & \textbf{87.31} & "
        r"\textbf{390}\rlap{$^{\dagger}$} \\",
        r"Müller 50\% \#1 \$ & 84.90\rlap{$^{\dagger}$} & \textbf{89.02}\rlap{$^{\dagger}$} & "
        r"86.95 & 405 \\"]
    assert r"System & LAS & UAS & LA & errors $\downarrow$ \\" in lines
    assert (r"$^{\dagger}$\,p \textless{} 0.05 against the baseline MaltParser (paired bootstrap,"
            in text)
    assert r"\caption{English dev (CoNLL-X)}" in lines


def latex_hazards() -> ComparisonTable:
    """Names that would break LaTeX unescaped: specials, and [ or * right after ``\\``."""
    names = ("[ours]", "*star", "R&D_parser 100% #2 $x$ ~^{}\\ naïve --")
    rows = tuple(SystemRow(name, (90.0 + index,)) for index, name in enumerate(names))
    return ComparisonTable("", "ud", (Metric("LAS_F1 [%]"),), rows, notes=("a & b_c",))


def test_latex_escapes_what_follows_a_row_end() -> None:
    body = render(latex_hazards(), "latex").splitlines()
    assert r"{[}ours{]} & 90.00 \\" in body and r"{}*star & 91.00 \\" in body


@pytest.mark.parametrize("table", [paper_table(), latex_hazards()], ids=["paper", "hazards"])
def test_latex_compiles(table: ComparisonTable, tmp_path: Path) -> None:
    assert_latex_compiles(table, tmp_path)


# --- CSV and JSON ---------------------------------------------------------------------------

def test_csv_loads_back_to_the_same_numbers() -> None:
    table = paper_table()
    text = render(table, "csv")
    assert text.split("\r\n")[0] == ("system,baseline,metric,header,unit,higher_is_better,"
                                    "value,best,test,p_value,p_adjusted,significant,ci_low,"
                                    "ci_high,confidence,resamples,seed,incomplete,untested")
    assert text.split("\r\n")[5] == ("Turbo_2 & co.,false,LAS,LAS,percent,true,85.37,true,"
                                    "bootstrap,0.0012,0.0024,true,0.71,1.8,0.95,10000,1,,")
    assert_csv_round_trips(table)


def test_json_validates_and_loads_back_to_the_same_numbers() -> None:
    table = paper_table()
    assert_json_round_trips(table)
    document = validate_json(table)
    assert (document["command"], document["kind"], document["baseline"], document["correction"],
            document["correction_name"]) == ("dep", "comparison_table", BASE, "holm",
                                             "Holm–Bonferroni")
    assert document["signature"] == SIGNATURE and document["notes"] == ["Punctuation excluded."]


def test_the_table_schema_is_a_valid_schema_naming_the_model_s_choices() -> None:
    schema = json.loads(schema_path("table").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert tuple(schema["properties"]["command"]["enum"]) == COMMANDS


# --- names, baselines and sizes -------------------------------------------------------------

SPECIAL = "R&D_parser 100% #2 $x$ ~^{}\\ 日本語 naïve"


def test_special_names_in_every_format() -> None:
    rows = (SystemRow(SPECIAL, (90.0,), baseline=True),
            SystemRow("b|c", (91.0,), (Significance("ar", 0.001, resamples=99, seed=3),)))
    table = ComparisonTable(SPECIAL, "ud", (Metric("LAS_F1 (%)"),), rows)
    tables, html = markdown_tables(render(table, "markdown"))
    assert [row[0] for row in tables[0]] == ["System", f"{SPECIAL} (baseline)", "b|c"]
    assert tables[0][0][1] == "LAS_F1 (%)" and tables[0][2][1] == "91.00†"
    latex = render(table, "latex")
    escaped = (r"R\&D\_parser 100\% \#2 \$x\$ \textasciitilde{}\textasciicircum{}\{\}"
               r"\textbackslash{} 日本語 naïve")
    assert f"{escaped} (baseline) & 90.00 \\\\" in latex.splitlines()
    assert r"\caption{" + escaped + "}" in latex
    assert r"System & LAS\_F1 (\%) \\" in latex
    assert list(csv_cells(render(table, "csv"))) == [(SPECIAL, "LAS_F1 (%)"), ("b|c", "LAS_F1 (%)")]
    assert json.loads(render(table, "json"))["systems"][0]["name"] == SPECIAL
    assert render(table, "text").splitlines()[0] == SPECIAL


def test_a_name_with_a_line_break_stays_on_one_line() -> None:
    table = ComparisonTable("a\nb", "dep", (Metric("LAS"),), (SystemRow("x\r\ny", (1.0,)),))
    assert render(table, "text").splitlines()[:3] == ["a b", "system   LAS", "x y     1.00"]
    assert markdown_tables(render(table, "markdown"))[0][0][1][0] == "x y"
    assert json.loads(render(table, "json"))["systems"][0]["name"] == "x\r\ny"


def test_no_baseline_no_marker_and_no_legend() -> None:
    rows = tuple(SystemRow(row.name, row.values) for row in paper_table().rows)
    table = paper_table(rows=rows)
    assert table.baseline is None and not table.tested and table.correction is None
    for fmt in ("text", "markdown", "latex"):
        text = render(table, fmt)
        assert "against the baseline" not in text and "†" not in text and "dagger" not in text
    assert json.loads(render(table, "json"))["baseline"] is None
    assert_csv_round_trips(table)


def test_one_system_in_every_format() -> None:
    table = ComparisonTable("t", "bracket", (Metric("F1"), Metric("EX")),
                            (SystemRow("berkeley", (90.21, None)),))
    # a missing (undefined) value: — on screen in every format (LaTeX's em dash: ---)
    tables, _ = markdown_tables(render(table, "markdown"))
    assert tables == [[["System", "F1", "EX"], ["berkeley", "90.21", "—"]]]
    assert "berkeley & 90.21 & --- \\\\" in render(table, "latex").splitlines()
    assert render(table, "text").splitlines()[1:] == ["system       F1  EX",
                                                      "berkeley  90.21   —"]
    assert_csv_round_trips(table)
    assert_json_round_trips(table)


def test_the_correction_is_named_in_every_format_with_more_than_two_systems() -> None:
    table = paper_table()
    for fmt in ("text", "markdown", "latex", "json"):
        assert "Holm–Bonferroni" in render(table, fmt)


# --- any table ------------------------------------------------------------------------------

def _interval() -> st.SearchStrategy[tuple[float, float] | None]:
    bound = st.floats(-100, 100)
    return st.none() | st.tuples(bound, bound).map(lambda pair: tuple(sorted(pair)))


def _significance() -> st.SearchStrategy[Significance | None]:
    return st.none() | st.builds(
        Significance, st.sampled_from(sorted(METHODS)), st.floats(0, 1), _interval(),
        st.just(0.95), st.none() | st.integers(1, 10**6), st.none() | st.integers(0, 2**32))


#: printable ASCII: what any TeX engine sets, LaTeX's special characters included
ASCII = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=12)


@st.composite
def tables(draw: st.DrawFn, text: st.SearchStrategy[str]) -> ComparisonTable:
    """Any table: 0 to 4 metrics, 0 to 5 systems with names drawn from ``text``, values or
    none, a baseline or none, tests or none, corrected or not."""
    metrics = tuple(draw(st.lists(
        st.builds(Metric, text, st.sampled_from(["percent", "count"]), st.booleans(),
                  st.just("") | text, st.booleans()), max_size=4,
        unique_by=(lambda metric: metric.name, lambda metric: metric.shown))))
    names = draw(st.lists(text, max_size=5, unique=True))
    baseline = draw(st.none() | st.integers(0, max(len(names) - 1, 0))) if names else None
    missing = [draw(st.sampled_from(["", "", "", "12 of 40 sentences"])) for _ in names]
    base_missing = "" if baseline is None else missing[baseline]
    rows = []
    for index, name in enumerate(names):
        values = tuple(draw(st.none() | (st.integers(0, 10**6) if metric.unit == "count"
                                         else st.floats(0, 100))) for metric in metrics)
        tested = baseline is not None and index != baseline
        untested = untested_reason(missing[index], names[baseline], base_missing) \
            if tested and baseline is not None and draw(st.booleans()) else ""
        tests = tuple(draw(_significance()) for _ in metrics) \
            if tested and not (untested or missing[index] or base_missing) else ()
        rows.append(SystemRow(name, values, tests, baseline=index == baseline,
                              incomplete=missing[index], untested=untested))
    table = ComparisonTable(draw(text), draw(st.sampled_from(
        COMMANDS)), metrics, tuple(rows),
        tuple(draw(st.lists(text, max_size=2))),
        draw(st.text(max_size=30)), alpha=draw(st.sampled_from([0.05, 0.01])),
        decimals=draw(st.integers(0, 4)))
    return corrected(table) if draw(st.booleans()) else table


@hypothesis.settings(max_examples=examples(150), deadline=None)
@hypothesis.given(tables(st.text(max_size=12)))
def test_any_table_renders_in_every_format_and_round_trips(table: ComparisonTable) -> None:
    for fmt in FORMATS:
        assert isinstance(render(table, fmt), str)
    assert_csv_round_trips(table)
    assert_json_round_trips(table)
    assert_markdown_is_the_table(table)
    latex = render(table, "latex").splitlines()
    body = latex[latex.index(r"\midrule") + 1:latex.index(r"\bottomrule")]
    assert [len(re.findall(r"(?<!\\)&", line)) for line in body] == [len(table.metrics)] * len(
        table.rows)


@hypothesis.settings(max_examples=examples(12), deadline=None)
@hypothesis.given(tables(ASCII))
def test_any_ascii_table_compiles(table: ComparisonTable) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert_latex_compiles(table, Path(folder))


# --- incomplete systems ---------------------------------------------------------------------

STOPPED = "stopped by MAX_ERROR at sentence 882 of 2,416"


def _scores(hits: list[int]) -> SentenceScores:
    return SentenceScores.ratio(hits, [10] * len(hits))


def incomplete_table(baseline: int = 0) -> ComparisonTable:
    """Three systems, the last incomplete with the best LAS, tested against ``baseline``."""
    from treeeval.tables.comparison import StatPlan, build_table

    per_sentence = [[_scores([8, 9, 7, 9])], [_scores([9, 9, 8, 9])], [_scores([10, 10, 0, 0])]]
    return build_table("dev", "dep", ["base", "ours", "cut"], (Metric("LAS"),),
                       [(82.5,), (87.5,), (100.0,)], per_sentence=per_sentence,
                       testing=StatPlan("ar", 99, baseline=baseline),
                       incomplete=["", "", STOPPED])


def test_an_incomplete_system_is_never_best_and_never_tested() -> None:
    table = incomplete_table()
    cut = table.rows[2]
    assert table.best(0) == (1,) and cut.significance == () and cut.incomplete == STOPPED
    assert cut.untested == f"it is incomplete ({STOPPED})"
    assert table.rows[1].cell(0) is not None  # the complete system is tested


def test_nothing_is_tested_against_an_incomplete_baseline() -> None:
    table = incomplete_table(baseline=2)
    assert not table.tested
    assert [row.untested for row in table.rows[:2]] == [
        f"the baseline cut is incomplete ({STOPPED})"] * 2


def test_a_test_of_an_incomplete_row_is_refused() -> None:
    with pytest.raises(ValueError, match="an incomplete system is never tested"):
        ComparisonTable("t", "dep", (Metric("LAS"),), (
            SystemRow("a", (1.0,), baseline=True),
            SystemRow("b", (2.0,), (bootstrap(0.01, (0.1, 0.2)),), incomplete=STOPPED)))


@pytest.mark.parametrize("baseline", [0, 2])
def test_every_format_marks_an_incomplete_system_and_says_why(baseline: int) -> None:
    table = incomplete_table(baseline)
    for fmt in ("text", "markdown", "latex"):
        flat = " ".join(render(table, fmt).replace("\\", "").split())  # escapes
        assert "cut (incomplete)" in flat.replace("(baseline) (incomplete)", "(incomplete)")
        assert STOPPED in flat and "never the best of a column" in flat
        assert ("not tested" if baseline == 0 else "no system is tested against it") in flat
        assert "**100.00**" not in flat and "textbf{100.00}" not in flat
    text = render(table, "text")
    if baseline == 0:
        assert f"cut  no test: it is incomplete ({STOPPED})" in text
    else:
        assert f"ours  no test: the baseline cut is incomplete ({STOPPED})" in text
    document = validate_json(table)
    assert document["systems"][2]["incomplete"] == STOPPED
    assert document["systems"][2]["cells"][0]["best"] is False
    cells = csv_cells(render(table, "csv"))
    assert cells["cut", "LAS"]["incomplete"] == STOPPED and cells["cut", "LAS"]["best"] == "false"
    from treeeval.tables.html import render_html

    html = render_html(table)
    assert 'class="incomplete"' in html or 'class="baseline incomplete"' in html
    assert "no test: " in html and STOPPED in html
