"""The HTML report: its model, the page (self-contained, escaped, deterministic, written
whole), the HTML table, the bracketed trees' marks, the UD figures' numbers and
``treeeval ud --html / --plot`` on small files written here."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.errors import InputError
from treeeval.figures.model import FigureData, Panel, Series
from treeeval.figures.ud_data import DeprelCounts, deprel_f1, f1_by_sentence_length
from treeeval.html import ArcRow, Arcs, Report, Sentence, SystemSentences, Trees, page, worst_sentences, write_html
from treeeval.html.trees import parse_tree, tree_html, unmatched
from treeeval.tables import ComparisonTable, Metric, Significance, SystemRow, render_html
from treeeval.ud.api import evaluate_ud
from treeeval.ud.words import gold_words

NASTY = 'a<b>&"c"\'d'


def figure() -> FigureData:
    series = (Series("sys<1>", np.array([80.0, np.nan]), np.array([3, 0]), 80.0),
              Series("two", np.array([70.0, 90.0]), np.array([3, 1]), 75.0))
    return FigureData("F1 & more", "lines", "length", "F1 (%)", ("1-10", "11+"),
                      (Panel("LAS", series),), "notes <here>")


def report() -> Report:
    rows = (SystemRow(NASTY, (80.0, 70.0), baseline=True),
            SystemRow("two", (82.5, 69.0), (Significance("ar", 0.01, resamples=99, seed=1),
                                            Significance("ar", 0.5, resamples=99, seed=1))))
    table = ComparisonTable("en <dev>", "ud", (Metric("LAS"), Metric("MLAS")), rows,
                            notes=("a note & more",), signature="cmd:ud|x:<y>")
    arcs = Arcs([ArcRow("1", NASTY, "2", "nsubj", "2", "obj"),
                 ArcRow("2", "</td>", "0", "root", "1", "root")])
    trees = Trees("(S (NP (DT <a>) (NN b)) (VP (VB c)))", "(S (X (DT <a>) (NN b)) (VB c))")
    worst = (SystemSentences(NASTY, "LAS F1", (Sentence(3, 0.0, arcs, "line 9"),)),
             SystemSentences("two", "F1", (Sentence(1, 50.0, trees),)))
    return Report(f"report {NASTY}", "ud", "cmd:ud|<sig>", (table,), (figure(),), worst,
                  notes=(NASTY,), reading="how <to> read")


class _Collector(HTMLParser):
    """Every start tag with its attributes, and the text, of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(text: str) -> _Collector:
    collector = _Collector()
    collector.feed(text)
    collector.close()
    return collector


def test_the_page_is_self_contained() -> None:
    text = page(report())
    tags = parsed(text).tags
    names = {tag for tag, _ in tags}
    assert not names & {"script", "link", "img", "iframe", "object", "embed", "base"}
    for tag, attributes in tags:
        assert "src" not in attributes, tag
        for name in ("href", "xlink:href"):
            assert (attributes.get(name) or "#").startswith("#"), (tag, attributes)
    assert "http" not in text and "url(" not in text.replace("url(#", "")
    assert "@import" not in text and "@font-face" not in text
    assert text.count("<svg") == 1 and "<?xml" not in text and "<!DOCTYPE svg" not in text


def test_every_text_is_escaped() -> None:
    text = page(report())
    collector = parsed(text)
    shown = "".join(collector.text)
    assert NASTY in shown and "</td>" in shown and "how <to> read" in shown
    assert "<b>" not in text and "<sig>" not in text and "<here>" not in text
    assert "<to>" not in text and "<dev>" not in text and "<a>" not in text
    assert "&lt;b&gt;&amp;&quot;c&quot;&#x27;d" in text


def test_the_page_shows_the_table_and_both_analyses() -> None:
    text = page(report())
    assert '<table class="comparison">' in text and "<strong>82.50</strong>†" in text
    assert '<td class="system wrong">2</td>' not in text   # the head is right
    assert '<td class="system">2</td><td class="wrong">obj</td>' in text
    assert '<td class="system wrong">1</td><td>root</td>' in text
    assert text.count("<mark") == 3   # NP and VP of the gold tree, X of the system's
    assert "Sentence 3" in text and "line 9" in text and "LAS F1 0.00" in text


def test_ids_of_the_inline_figures_are_unique() -> None:
    text = page(Report("t", "ud", figures=(figure(), figure())))
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids)) and ids
    referenced = set(re.findall(r'(?:href="#|url\(#)([^")]+)', text))
    assert referenced <= set(ids)


def test_the_same_report_gives_the_same_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    write_html(report(), first)
    write_html(report(), second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes().decode("utf-8") == page(report())


def test_the_page_is_never_written_over_an_input(tmp_path: Path) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_text("kept\n")
    with pytest.raises(InputError, match="is an input of this run"):
        write_html(report(), gold, [gold])
    assert gold.read_text() == "kept\n" and sorted(p.name for p in tmp_path.iterdir()) == [
        "gold.conllu"]


def test_an_empty_report_is_a_page() -> None:
    text = page(Report("nothing", "dep"))
    assert text.startswith("<!DOCTYPE html>") and text.endswith("</html>\n")
    assert "<nav>" not in text and "<table" not in text


def test_html_table_marks_best_and_significant_and_keeps_the_order() -> None:
    fragment = render_html(report().tables[0])
    rows = re.findall(r'<tr[^>]*><th scope="row">(.*?)</th>', fragment)
    assert rows == ["a&lt;b&gt;&amp;&quot;c&quot;&#x27;d (baseline)", "two"]
    assert '<td title="diff +2.50, p = 0.0100"><strong>82.50</strong>†</td>' in fragment
    assert '<td title="diff -1.00, p = 0.5000">69.00</td>' in fragment
    assert "<strong>70.00</strong>" in fragment and "a note &amp; more" in fragment


def test_trees_mark_each_missing_bracket_once() -> None:
    gold = parse_tree("(S (NP (NP (DT a)) (NP (NN b))) (VP (VB c)))")
    system = parse_tree("(S (NP (DT a)) (NP (NN b)) (VP (VB c)))")
    assert gold is not None and system is not None
    assert len(unmatched(gold, system)) == 1 and not unmatched(system, gold)
    assert tree_html(system, gold).count("<mark") == 0
    assert parse_tree("(NP-SBJ (DT a))") is not None
    same = parse_tree("(S (NP-SBJ (DT a) (NN b)) (VP (VB c)))")
    plain = parse_tree("(S (NP (DT a) (NN b)) (VP (VB c)))")
    assert same is not None and plain is not None and not unmatched(same, plain)


def test_unbalanced_trees_are_shown_unmarked() -> None:
    text = page(Report("t", "bracket", worst=(SystemSentences("s", "F1", (
        Sentence(1, 0.0, Trees("(S (NP a)", "(S <b>))")),)),)))
    assert "(S (NP a)" in text and "(S &lt;b&gt;))" in text and "<mark" not in text


def test_worst_sentences_lowest_first_largest_among_ties() -> None:
    scores = np.array([50.0, 0.0, np.nan, 0.0, 100.0, 20.0])
    assert worst_sentences(scores, 3).tolist() == [1, 3, 5]
    assert worst_sentences(scores, 3, sizes=np.array([1, 2, 0, 7, 1, 1])).tolist() == [3, 1, 5]
    assert worst_sentences(scores).tolist() == [1, 3, 5, 0, 4]
    # an undefined score is left out of the ranking, and the page says so
    text = page(Report("t", "bracket", worst=(SystemSentences("s", "F1", (
        Sentence(1, 0.0, Trees("(S (A a))", "(S (B a))")),)),)))
    assert "a sentence without a defined F1 (nothing to score) is not ranked" in text


def test_f1_by_sentence_length_pools_the_counts_of_each_bin() -> None:
    rows = {"Words": np.array([[5, 5, 5, 5], [15, 15, 14, 14], [8, 8, 8, 8]]),
            "LAS": np.array([[5, 5, 5, 5], [7, 15, 14, 14], [2, 8, 8, 8]]),
            "MLAS": np.array([[1, 2, 2, 2], [3, 6, 5, 5], [0, 0, 0, 0]])}
    data = f1_by_sentence_length({"a": rows}, ("LAS", "MLAS", "BLEX"))
    assert [panel.title for panel in data.panels] == ["LAS", "MLAS"]
    las, mlas = (panel.series[0] for panel in data.panels)
    assert las.values[:2].tolist() == pytest.approx([100 * 14 / 26, 100 * 14 / 29])
    assert las.support.tolist() == [13, 15, 0, 0, 0]
    assert las.overall == pytest.approx(100 * 28 / 55)
    assert mlas.values[0] == pytest.approx(50.0) and np.isnan(mlas.values[2])


def test_deprel_f1_most_frequent_labels_first() -> None:
    words = DeprelCounts(np.array(["obj", "nsubj", "nsubj", "root", "det"], dtype=object),
                        np.array(["nsubj", "nsubj", "root", "det", "det"], dtype=object),
                        np.array(["nsubj", "root"], dtype=object))
    data = deprel_f1({"s": words}, top=3)
    assert data.categories == ("nsubj", "det", "obj")
    assert data.panels[0].series[0].values.tolist() == pytest.approx([50.0, 0.0, 0.0])
    assert data.panels[0].series[0].overall == pytest.approx(40.0)


def conllu(rows: list[str]) -> str:
    return "".join(row.replace(" ", "\t") + "\n" for row in rows) + "\n"


GOLD = (conllu(["1 Dogs dog NOUN _ _ 2 nsubj _ _", "2 bark bark VERB _ _ 0 root _ _"])
        + conllu(["1 I I PRON _ _ 2 nsubj _ _", "2 saw see VERB _ _ 0 root _ _",
                  "3 it it PRON _ _ 2 obj _ _"])
        + conllu(["1 Go go VERB _ _ 0 root _ _", "2 home home ADV _ _ 1 advmod _ _"]))
#: the second and third sentences joined into one, "home" split into "ho me", a label changed
JOINED = (conllu(["1 Dogs dog NOUN _ _ 2 nsubj _ _", "2 bark bark VERB _ _ 0 root _ _"])
          + conllu(["1 I I PRON _ _ 2 nsubj _ _", "2 saw see VERB _ _ 0 root _ _",
                    "3 it it PRON _ _ 2 iobj _ _", "4 Go go VERB _ _ 2 parataxis _ _",
                    "5 ho ho ADV _ _ 4 advmod _ _", "6 me me X _ _ 5 goeswith _ _"]))


def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    gold, joined, same = (tmp_path / name for name in ("gold.conllu", "joined.conllu",
                                                         "same.conllu"))
    gold.write_text(GOLD)
    joined.write_text(JOINED)
    same.write_text(GOLD)
    return gold, joined, same


def test_gold_words_agree_with_the_scorers_las(tmp_path: Path) -> None:
    gold, joined, _ = files(tmp_path)
    result = evaluate_ud(str(gold), str(joined))
    words = gold_words(result)
    assert int(words.las.sum()) == result.scores["LAS"].correct == 4
    assert words.system_head.tolist() == ["2", "0", "2", "0", "2", "2 in sentence 2", "–"]
    assert words.system_deprel.tolist() == ["nsubj", "root", "nsubj", "root", "iobj",
                                            "parataxis", "–"]
    assert words.gold_head.tolist() == ["2", "0", "2", "0", "2", "0", "1"]


def test_ud_html_and_plot(tmp_path: Path) -> None:
    gold, joined, same = files(tmp_path)
    run = run_treeeval(["ud", "--html", "out/r.html", "gold.conllu", "joined.conllu"], tmp_path)
    assert (run.status, run.stdout) == (1, b"")  # the folder out/ is not there: said first
    assert run.stderr == b"treeeval: error: out/r.html: cannot write: No such folder\n"
    (tmp_path / "out").mkdir()
    run = run_treeeval(["ud", "--html", "out/r.html", "--plot", "out/f.svg", "gold.conllu",
                        "joined.conllu", "same.conllu"], tmp_path)
    assert run.status == 0 and run.stderr == b""
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "f.deprel_f1.svg", "f.f1_by_length.svg", "r.html"]
    text = (tmp_path / "out" / "r.html").read_text()
    assert text.count("<svg") == 2 and text.count('<table class="comparison">') == 1
    assert "Worst sentences: joined" in text and "Worst sentences: same" in text
    assert "2 in sentence 2" in text and "cmd:ud|rules:conll18" in text
    alone = run_treeeval(["ud", "gold.conllu", "joined.conllu", "same.conllu"], tmp_path)
    assert run.stdout == alone.stdout   # the report changes nothing printed


def test_ud_html_with_one_system_keeps_the_scorers_output(tmp_path: Path) -> None:
    files(tmp_path)
    run = run_treeeval(["ud", "--html", "r.html", "gold.conllu", "joined.conllu"], tmp_path)
    alone = run_treeeval(["ud", "gold.conllu", "joined.conllu"], tmp_path)
    assert run.status == 0 and run.stdout == alone.stdout
    text = (tmp_path / "r.html").read_text()
    assert text.count("<details>") == 3 and "<strong>" not in text.split("<tbody>")[1][:200]


@pytest.mark.parametrize("args, status, message", [
    (["--plot", "f.gif", "gold.conllu", "same.conllu"], 2, "cannot write a figure as .gif"),
    (["--html", "r.html", "gold.conllu:same.conllu", "gold.conllu:joined.conllu"], 2,
     "--html needs GOLD SYS1 [SYS2 ...]"),
    (["--html", "same.conllu", "gold.conllu", "same.conllu"], 1,
     "same.conllu: is an input of this run"),
])
def test_ud_html_and_plot_misuse(tmp_path: Path, args: list[str], status: int,
                                 message: str) -> None:
    files(tmp_path)
    run = run_treeeval(["ud", *args], tmp_path)
    assert run.status == status and message in run.stderr.decode()
    assert run.stdout == b"" and (tmp_path / "same.conllu").read_text() == GOLD


def test_ud_html_of_empty_files_is_a_page_with_the_warnings(tmp_path: Path) -> None:
    (tmp_path / "empty.conllu").write_text("")
    (tmp_path / "comments.conllu").write_text("# nothing\n")
    run = run_treeeval(["ud", "--html", "r.html", "--plot", "f.png", "empty.conllu",
                        "empty.conllu", "comments.conllu"], tmp_path)
    assert run.status == 0 and b"holds no word" in run.stderr
    text = (tmp_path / "r.html").read_text()
    assert "warning: empty.conllu: the gold file holds no word" in text
    assert "<details>" not in text and text.count("<svg") == 2
    assert (tmp_path / "f.deprel_f1.png").exists() and (tmp_path / "f.f1_by_length.png").exists()


def test_each_figure_has_its_numbers_under_it() -> None:
    text = page(Report("t", "ud", figures=(figure(),)))
    numbers = text[text.index('<details class="numbers">'):]
    assert "<summary>Numbers (F1 (%))</summary>" in numbers
    assert '<th scope="col">sys&lt;1&gt;</th><th scope="col">two</th>' in numbers
    # undefined (nothing counted): — on screen, as everywhere (stats.rates)
    assert ('<tr><th scope="row">LAS 11+</th><td>—</td><td>90.00</td></tr>') in numbers


def test_figures_in_memory_are_the_files_bytes(tmp_path: Path) -> None:
    from treeeval.figures import draw, figure_bytes

    for suffix in (".png", ".svg"):
        draw(figure(), tmp_path / f"f{suffix}")
        assert figure_bytes(figure(), suffix) == (tmp_path / f"f{suffix}").read_bytes()


def test_a_word_after_a_phrase_has_a_line_of_its_own() -> None:
    # a tree whose phrase is followed by a bare word (a system's odd output) is drawn, not
    # a traceback: the word stands on its own line, one deeper
    tree = parse_tree("(S (NP (D a)) b)")
    assert tree is not None
    assert tree_html(tree, tree) == "(S\n  (NP (D a))\n  b)"
