"""The report as one self-contained HTML page: the style inline, the figures as inline SVG,
no script and no address outside the page, every text escaped, the same bytes for the same
report, and the file written whole or not at all.

>>> from treeeval.tables import ComparisonTable, Metric, SystemRow
>>> from treeeval.html import ArcRow, Arcs, Report, Sentence, SystemSentences
>>> table = ComparisonTable("en_ewt", "ud", (Metric("LAS"),), (SystemRow("a<b>", (80.0,)),))
>>> rows = (ArcRow("1", "Dogs", "2", "nsubj", "2", "obj"),)
>>> worst = SystemSentences("a<b>", "LAS", (Sentence(3, 0.0, Arcs(rows), "line 9"),))
>>> html = page(Report("UD & more", "ud", "cmd:ud", (table,), (), (worst,)))
>>> html.startswith("<!DOCTYPE html>"), "a&lt;b&gt;" in html, "<b>" in html, "http" in html
(True, True, False, False)
>>> '<td class="wrong">obj</td>' in html
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from html import escape

from ..figures.drawing import svg_text
from ..figures.model import FigureData
from ..policy.outputs import output_file
from ..stats import rates
from ..tables.html import render_html
from ..version import __version__
from .model import Arcs, EdgeCell, GraphRow, Graphs, Report, Sentence, SystemSentences, Trees
from .trees import parse_tree, tree_html

STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1a1a1a;
       max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; margin-top: 2.2rem; }
h3 { font-size: 1.05rem; margin-top: 1.6rem; }
nav ul { padding-left: 1.2rem; margin: .3rem 0; }
code, pre, .arcs td, .arcs th { font-family: ui-monospace, "DejaVu Sans Mono", monospace;
       font-size: .86rem; }
.signature code { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .6rem 0; }
table.comparison caption { text-align: left; font-weight: 600; padding-bottom: .3rem; }
:is(.comparison, .numbers) :is(th, td) { padding: .25rem .7rem; border-bottom: 1px solid #ddd; }
:is(.comparison, .numbers) td { text-align: right; font-variant-numeric: tabular-nums; }
:is(.comparison, .numbers) th[scope=row] { text-align: left; font-weight: normal; }
:is(.comparison, .numbers) thead th { border-bottom: 2px solid #444; text-align: right; }
:is(.comparison, .numbers) thead th:first-child { text-align: left; }
tr.baseline { background: #f3f3f3; }
.legend, .note, figcaption, .where { color: #444; font-size: .9rem; }
figure { margin: 1.5rem 0 .5rem; }
figure svg { max-width: 100%; height: auto; }
details { border: 1px solid #ddd; border-radius: 4px; margin: .4rem 0; padding: .3rem .6rem; }
summary { cursor: pointer; }
.score { font-weight: 600; font-variant-numeric: tabular-nums; }
.arcs th, .arcs td { padding: .1rem .6rem; text-align: left; border-bottom: 1px solid #eee; }
.arcs thead th { border-bottom: 1px solid #999; }
.arcs .system { border-left: 2px solid #999; }
:is(td, span).wrong { background: #ffd9d4; color: #8a1000; font-weight: 700; }
:is(td, span).wrong::after { content: " \\2717"; }
.arcs .extra th { font-weight: 600; text-align: left; padding-top: .4rem; }
.trees { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.side { font-weight: 600; margin: .3rem 0 0; }
.trees pre { margin: .2rem 0; padding: .5rem; background: #fafafa; overflow-x: auto; }
mark { background: #ffd9d4; color: #8a1000; font-weight: 700; }
"""


def page(report: Report) -> str:
    """The whole page of ``report``, as text."""
    parts = [f"<h1>{_text(report.title)}</h1>",
             f'<p class="where">treeeval {_text(__version__)} · {_text(report.command)}</p>',
             _contents(report)]
    if report.signature:
        parts.append(f'<p class="signature">Signature: <code>{_text(report.signature)}</code></p>')
    parts += [f'<p class="note">{_text(note)}</p>' for note in report.notes]
    if report.tables:
        parts += ['<h2 id="tables">Scores</h2>', *map(render_html, report.tables)]
    if report.figures:
        parts += ['<h2 id="figures">Figures</h2>',
                  *(_figure(data, index) for index, data in enumerate(report.figures))]
    for index, system in enumerate(report.worst):
        parts.append(_worst(system, index, report.reading))
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_text(report.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def write_html(report: Report, path: str | os.PathLike[str],
               inputs: Iterable[str | os.PathLike[str] | None] = ()) -> None:
    """Write the page of ``report`` to ``path``, whole or not at all, never over one of the
    run's ``inputs`` (:func:`treeeval.policy.outputs.output_file`)."""
    text = page(report)
    with output_file(path, inputs) as stream:
        stream.write(text)


def _text(value: object) -> str:
    return escape(str(value))


def _contents(report: Report) -> str:
    """The page's table of contents (links inside the page only)."""
    links = ([("tables", "Scores")] if report.tables else []) + (
        [("figures", "Figures")] if report.figures else []) + [
        (f"worst-{index}", system.title) for index, system in enumerate(report.worst)]
    items = "".join(f'<li><a href="#{anchor}">{_text(name)}</a></li>' for anchor, name in links)
    return f"<nav><ul>{items}</ul></nav>" if items else ""


#: an SVG's ``id`` and the references to one, to give each figure's its own prefix
_IDS = re.compile(r'(\bid="|href="#|url\(#)([^")]+)')
#: what an SVG file needs and a page does not: the namespaces (HTML knows them) and the
#: metadata (an RDF block of addresses)
_FILE_ONLY = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"|\s*<metadata>.*?</metadata>', re.DOTALL)


def _figure(data: FigureData, index: int) -> str:
    """A figure as inline SVG (its XML prolog, namespaces and metadata dropped, its ids made
    unique in the page) with its notes as the caption."""
    svg = svg_text(data)
    svg = _FILE_ONLY.sub("", svg[svg.index("<svg"):])
    svg = _IDS.sub(lambda found: f"{found.group(1)}f{index}-{found.group(2)}", svg)
    caption = f"<figcaption>{_text(data.notes)}</figcaption>" if data.notes else ""
    return (f'<figure>\n<div role="img" aria-label="{_text(data.title)}">{svg}</div>'
            f"{caption}</figure>\n{_numbers(data)}")


def _numbers(data: FigureData) -> str:
    """A figure's numbers as a table under it, folded: a row per panel and category, a
    column per system (its value, — where nothing was counted: undefined)."""
    systems = data.panels[0].series if data.panels else ()
    head = "".join(f'<th scope="col">{_text(series.system)}</th>' for series in systems)
    rows = "\n".join(
        f'<tr><th scope="row">{_text(" ".join(filter(None, (panel.title, category))))}</th>'
        + "".join(f"<td>{rates.shown(series.values[index])}</td>" for series in panel.series)
        + "</tr>" for panel in data.panels for index, category in enumerate(data.categories))
    return (f'<details class="numbers"><summary>Numbers ({_text(data.y_label)})</summary>\n'
            f'<table class="numbers"><thead><tr><th scope="col">'
            f"{_text(data.x_label)}</th>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>"
            "</table></details>\n")




def _worst(system: SystemSentences, index: int, reading: str) -> str:
    """A system's worst sentences, each in a ``<details>`` whose summary is its score.

    >>> sentence = Sentence(2, 3.0, Trees("(S (A a))", "(S (B a))"))
    >>> text = _worst(SystemSentences("a", "errors", (sentence,), counts=True), 0, "")
    >>> "the most errors, most first" in text, "errors 3</span>" in text
    (True, True)
    """
    worst = "most" if system.counts else "lowest"
    head = (f'<h2 id="worst-{index}">{_text(system.title)}</h2>\n'
            f'<p class="legend">The {len(system.sentences)} '
            f'sentence{"" if len(system.sentences) == 1 else "s"} with the {worst} '
            f"{_text(system.metric)}, {worst} first; what the system got wrong is marked; a "
            f"sentence without a defined {_text(system.metric)} (nothing to score) is not "
            "ranked. "
            f"{_text(system.reading or reading)}</p>")
    return head + "\n" + "\n".join(_sentence(sentence, system.metric, system.counts)
                                   for sentence in system.sentences)


def _sentence(sentence: Sentence, metric: str, counts: bool = False) -> str:
    where = f' <span class="where">({_text(sentence.where)})</span>' if sentence.where else ""
    words = sentence.analysis.words
    shown = words if len(words) <= 90 else words[:88] + " …"
    summary = (f'<summary>Sentence {sentence.number}{where}: <span class="score">'
               f'{_text(metric)} {sentence.score:.{0 if counts else 2}f}</span> — '
               f"{_text(shown)}</summary>")
    analysis = sentence.analysis
    body = (_arcs(analysis) if isinstance(analysis, Arcs)
            else _graphs(analysis) if isinstance(analysis, Graphs) else _trees(analysis))
    return f"<details>{summary}\n{body}</details>"


def _arcs(arcs: Arcs) -> str:
    rows = "\n".join(
        f"<tr><td>{_text(row.ident)}</td><td>{_text(row.form)}</td>"
        f"<td>{_text(row.gold_head)}</td><td>{_text(row.gold_deprel)}</td>"
        + _cell(row.system_head, "system", row.head_right)
        + _cell(row.system_deprel, "", row.deprel_right) + "</tr>" for row in arcs.rows)
    return ('<table class="arcs"><thead><tr><th>ID</th><th>FORM</th><th>gold HEAD</th>'
            '<th>gold DEPREL</th><th class="system">system HEAD</th><th>system DEPREL</th>'
            f"</tr></thead>\n<tbody>\n{rows}\n</tbody></table>")


def _graphs(graphs: Graphs) -> str:
    """The enhanced edges of the gold words, gold beside system, then those of the system
    words aligned with no gold word; each edge without a match is marked.

    >>> row = GraphRow("1", "Rain", (EdgeCell("2:nsubj", False),), None)
    >>> print(_graphs(Graphs([row])))  # doctest: +ELLIPSIS
    <table class="arcs graphs">...
    <tr><td>1</td><td>Rain</td><td><span class="wrong" title="missed: no system edge \
matches">2:nsubj</span></td><td class="system">–</td></tr>
    </tbody></table>
    """
    head = ('<table class="arcs graphs"><thead><tr><th>ID</th><th>FORM</th><th>gold DEPS</th>'
            '<th class="system">system DEPS</th></tr></thead>\n<tbody>\n')
    rows = "\n".join(_graph_row(row) for row in graphs.rows)
    extra = ("\n</tbody>\n<tbody class=\"extra\"><tr><th colspan=\"4\">System words aligned "
             "with no gold word (numbered in their system sentence)</th></tr>\n"
             + "\n".join(_graph_row(row) for row in graphs.extra)) if graphs.extra else ""
    return f"{head}{rows}{extra}\n</tbody></table>"


#: the title of an edge without a match, by side
_UNMATCHED = {"gold": "missed: no system edge matches", "system": "wrong: no gold edge matches"}


def _graph_row(row: GraphRow) -> str:
    return (f"<tr><td>{_text(row.ident)}</td><td>{_text(row.form)}</td>"
            f"<td>{_edges(row.gold, 'gold')}</td>"
            f'<td class="system">{_edges(row.system, "system")}</td></tr>')


def _edges(edges: tuple[EdgeCell, ...] | None, side: str) -> str:
    """A side's edges, each without a match in a ``span`` of class ``wrong`` (None: no
    word, ``–``)."""
    if edges is None:
        return "–"
    return " ".join(_text(edge.text) if edge.right
                    else f'<span class="wrong" title="{_UNMATCHED[side]}">{_text(edge.text)}</span>'
                    for edge in edges)


def _cell(value: str, kind: str, right: bool) -> str:
    """A system cell, of class ``wrong`` when it differs from the gold one."""
    classes = " ".join(name for name in (kind, "" if right else "wrong") if name)
    return f'<td class="{classes}">{_text(value)}</td>' if classes else f"<td>{_text(value)}</td>"


def _trees(trees: Trees) -> str:
    gold, system = parse_tree(trees.gold), parse_tree(trees.system)
    if gold is None or system is None:
        shown = _text(trees.gold), _text(trees.system)
    else:
        shown = tree_html(gold, system), tree_html(system, gold)
    return ('<div class="trees">' + "".join(
        f'<div><p class="side">{side}</p><pre>{text}</pre></div>'
        for side, text in zip(("gold", "system"), shown)) + "</div>")
