"""``treeeval ud --udeval --html``: after each system's worst sentences by LAS, its worst by
ELAS F1 with the enhanced edges, gold beside system, those without a match marked; read back
with an HTML parser on small files written here."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from cli_runner import run_treeeval

from treeeval.html import EdgeCell, GraphRow, Graphs, Report, Sentence, SystemSentences, page


def conllu(*sentences: list[tuple[str, int, str, str]]) -> str:
    return "".join("".join(f"{i}\t{form}\t{form}\tX\t_\t_\t{head}\t{deprel}\t{deps}\t_\n"
                           for i, (form, head, deprel, deps) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


CONTROL = [("They", 2, "nsubj", "2:nsubj|4:nsubj:xsubj"), ("like", 0, "root", "0:root"),
           ("to", 4, "mark", "4:mark"), ("swim", 2, "xcomp", "2:xcomp")]
CITY = [("New", 2, "compound", "2:compound"), ("York", 3, "nsubj", "3:nsubj"),
        ("rocks", 0, "root", "0:root")]
STOP = [("Stop", 0, "root", "0:root"), ("now", 1, "advmod", "1:advmod")]
GOLD = conllu(CONTROL, CITY, STOP)
#: 1: the controlled subject missed, "to" on the wrong head; 2: NewYork one word for New York
#: (aligned with nothing), with an edge to "rocks" of its own; 3: right
SYSTEM = conllu([("They", 2, "nsubj", "2:nsubj"), *CONTROL[1:2], ("to", 4, "mark", "2:mark"),
                 CONTROL[3]],
                [("NewYork", 2, "nsubj", "2:nsubj"), ("rocks", 0, "root", "0:root|1:dep")],
                STOP)


class _Graphs(HTMLParser):
    """The sections of a page (their ``h2``) and, in each, the rows of its enhanced tables:
    per row its cells, each a list of (edge, title) for the edges (title: the mark of one
    without a match, None for one with)."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[tuple[str, list[list[list[tuple[str, str | None]]]]]] = []
        self.heading = self.graphs = False
        self.title: str | None = None
        self.row: list[list[tuple[str, str | None]]] | None = None
        self.cell: list[tuple[str, str | None]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "h2":
            self.heading = True
            self.sections.append(("", []))
        elif tag == "table":
            self.graphs = "graphs" in (attributes.get("class") or "").split()
        elif self.graphs and tag == "tr":
            self.row = []
        elif self.graphs and tag == "td" and self.row is not None:
            self.cell = []
            self.row.append(self.cell)
        elif tag == "span" and attributes.get("class") == "wrong":
            self.title = attributes.get("title")

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2":
            self.heading = False
        elif tag == "tr" and self.row:
            self.sections[-1][1].append(self.row)
            self.row = None
        elif tag == "td":
            self.cell = None
        elif tag == "span":
            self.title = None
        elif tag == "table":
            self.graphs = False

    def handle_data(self, data: str) -> None:
        if self.heading:
            self.sections[-1] = (self.sections[-1][0] + data, self.sections[-1][1])
        elif self.cell is not None:
            if self.title is not None:
                self.cell.append((data, self.title))
            else:
                self.cell += [(edge, None) for edge in data.split()]


def sections(text: str) -> dict[str, list[list[list[tuple[str, str | None]]]]]:
    parser = _Graphs()
    parser.feed(text)
    return dict(parser.sections)


MISSED, WRONG = "missed: no system edge matches", "wrong: no gold edge matches"


def test_worst_sentences_by_elas_with_their_edges_marked(tmp_path: Path) -> None:
    (tmp_path / "g.conllu").write_text(GOLD)
    (tmp_path / "a.conllu").write_text(SYSTEM)
    (tmp_path / "b.conllu").write_text(GOLD)
    files = ["g.conllu", "a.conllu", "b.conllu"]
    run = run_treeeval(["ud", "--udeval", "--html", "r.html", *files], tmp_path)
    alone = run_treeeval(["ud", "--udeval", *files], tmp_path)
    assert run.status == 0, run.stderr
    assert run.stdout == alone.stdout
    text = (tmp_path / "r.html").read_text()
    found = sections(text)
    assert list(found)[2:] == ["Worst sentences: a", "Worst sentences: a, enhanced graphs",
                               "Worst sentences: b", "Worst sentences: b, enhanced graphs"]
    assert found["Worst sentences: a"] == []  # the LAS section: arcs, no enhanced edges
    # a's worst by ELAS: sentence 2 (F1 33.33), then 1 (66.67), then 3 (100)
    summaries = [line.split("</span>: ")[1].split("</span>")[0]
                 for line in text.split("\n") if line.startswith("<details><summary>")]
    assert summaries[3:6] == ['<span class="score">ELAS F1 33.33',
                              '<span class="score">ELAS F1 66.67',
                              '<span class="score">ELAS F1 100.00']
    rows = found["Worst sentences: a, enhanced graphs"]
    assert rows[:4] == [
        [[("1", None)], [("New", None)], [("2:compound", MISSED)], [("–", None)]],
        [[("2", None)], [("York", None)], [("3:nsubj", MISSED)], [("–", None)]],
        [[("3", None)], [("rocks", None)], [("0:root", None)],
         [("0:root", None), ("?1:dep", WRONG)]],
        [[("1", None)], [("NewYork", None)], [], [("3:nsubj", WRONG)]]]
    assert rows[4:8] == [
        [[("1", None)], [("They", None)], [("2:nsubj", None), ("4:nsubj:xsubj", MISSED)],
         [("2:nsubj", None)]],
        [[("2", None)], [("like", None)], [("0:root", None)], [("0:root", None)]],
        [[("3", None)], [("to", None)], [("4:mark", MISSED)], [("2:mark", WRONG)]],
        [[("4", None)], [("swim", None)], [("2:xcomp", None)], [("2:xcomp", None)]]]
    assert "System words aligned with no gold word" in text
    # the gold itself: every edge matched, nothing marked
    same = found["Worst sentences: b, enhanced graphs"]
    assert len(same) == 9 and all(title is None for row in same for cell in row
                                  for _, title in cell)


def test_no_enhanced_section_without_elas(tmp_path: Path) -> None:
    (tmp_path / "g.conllu").write_text(GOLD)
    (tmp_path / "a.conllu").write_text(SYSTEM)
    for options in (["--udeval", "--no-enhanced"], []):
        run = run_treeeval(["ud", *options, "--html", "r.html", "g.conllu", "a.conllu"],
                           tmp_path)
        assert run.status == 0, run.stderr
        assert list(sections((tmp_path / "r.html").read_text()))[2:] == ["Worst sentences: a"]


def test_graphs_in_memory_are_escaped_and_marked() -> None:
    row = GraphRow("1", "<b>", (EdgeCell("2:nsubj", True), EdgeCell("0:a&b", False)),
                   (EdgeCell("2:nsubj", True),))
    extra = GraphRow("2", "x", (), (EdgeCell("?3:dep", False),))
    worst = SystemSentences("s", "ELAS F1", (Sentence(4, 50.0, Graphs([row], [extra])),),
                            aspect="enhanced graphs", reading="how to read")
    text = page(Report("t", "ud", worst=(worst,)))
    assert "&lt;b&gt;" in text and "<b>" not in text and "how to read" in text
    found = sections(text)
    assert found == {"Worst sentences: s, enhanced graphs": [
        [[("1", None)], [("<b>", None)],
         [("2:nsubj", None), ("0:a&b", MISSED)], [("2:nsubj", None)]],
        [[("2", None)], [("x", None)], [], [("?3:dep", WRONG)]]]}
