"""``treeeval ud``'s run: one pair (the CoNLL 2018 or 2017 scorer's report), several
treebanks (each pair's report, then the macro-average; with ``--format``, a table of the
treebanks and their macro-average instead), or one gold file and several systems (each
system's report, then their comparison table through the driver, with :class:`UDSystems`,
the UD scorer's adapter).

Every metric of the table is the F1 score the scorer's report prints (percent); a test
pairs the gold sentences: each system's per-sentence counts (correct, gold, system) are
resampled and the F1 of each resample is that of the summed counts.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..bundled import bundled_dir
from ..errors import TreeevalError, UsageError
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.inputs import plain_name, shown, shown_text
from ..policy.notices import Notices
from ..tables.model import ComparisonTable, Metric, Number
from ..tables.settings import ComparisonSettings
from ..tables.systems import check as check_table
from ..tables.systems import comparison_fields, comparison_table
from ..ud.callin import render_callin
from ..ud.compare import check_stat, sentence_scores
from ..ud.pairs import CallinTables, PairScores, score_pair, unpaired
from ..ud.report import macro_average, percent, render, render_macro, score_json
from ..ud.settings import UDSettings, enhanced_json, signature_items
from ..ud.words import NO_WORD, UNALIGNED_HEAD
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..figures.model import FigureData
    from ..html.model import SystemSentences
    from ..stats import SentenceScores

#: how to read a UD sentence of the report
READING = (f"Words are the gold sentence's, HEADs numbered as in it (0: the root); "
           f"{NO_WORD}: no system word is aligned with the gold word; {UNALIGNED_HEAD}: the "
           "system head is a word aligned with no gold word. DEPRELs are universal (the "
           "scorer drops subtypes).")


class UDSystems(Systems):
    """Several systems' CoNLL-U files scored against one gold file: the UD scorer's
    adapter (the pairs' scores in :attr:`results`, in order)."""

    command = "ud"
    reading = READING

    def __init__(self, settings: UDSettings, results: Sequence[PairScores] = ()) -> None:
        super().__init__(settings.pairs[0][0], [system for _, system in settings.pairs],
                         [path for path in (settings.weights, settings.callin_weights,
                                            settings.callin_classes) if path])
        self.inputs = [path for pair in settings.pairs for path in pair]
        self.settings = settings
        self.results = list(results)

    def offered(self) -> Sequence[str]:
        return self.settings.metrics

    def column(self, metric: str) -> Metric:
        return Metric(metric)

    def value(self, system: int, metric: str) -> Number | None:
        return self.results[system].scores[metric].f1

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return sentence_scores(self.results[system].per_sentence[metric])

    def sentences(self) -> int:
        return len(next(iter(self.results[0].per_sentence.values()), ()))

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        check_stat(stat)
        return tuple(metrics)

    def figures(self) -> Mapping[str, FigureData]:
        from ..figures.ud_data import label_counts, ud_figures
        from ..ud.words import gold_words

        wholes = [result.whole() for result in self.results]
        return ud_figures(
            dict(zip(self.labels, (result.per_sentence for result in self.results))),
            {name: label_counts(whole, gold_words(whole).las)
             for name, whole in zip(self.labels, wholes)})

    def worst(self, system: int, name: str) -> SystemSentences:
        """A system's worst sentences by LAS F1 (per gold sentence, as the scorer counts it;
        among equal scores the longest first)."""
        from ..html import ArcRow, Arcs, Sentence, SystemSentences, worst_sentences
        from ..stats.rates import percent as rate
        from ..ud.words import gold_words

        result = self.results[system]
        words = gold_words(result.whole())
        rows = result.per_sentence["LAS"]
        scores = rate(2 * rows[:, 0], rows[:, 1] + rows[:, 2])
        lines = result.whole().gold.sentence_line
        sentences = []
        for index in worst_sentences(scores, sizes=rows[:, 1]).tolist():
            where = words.sentence_rows(index)
            arcs = Arcs([ArcRow(*map(str, row)) for row in zip(
                words.ident[where], words.form[where], words.gold_head[where],
                words.gold_deprel[where], words.system_head[where],
                words.system_deprel[where])])
            sentences.append(Sentence(index + 1, float(scores[index]), arcs,
                                      f"gold line {int(lines[index])}"))
        return SystemSentences(name, "LAS F1", sentences)

    def more_worst(self, system: int, name: str) -> Sequence[SystemSentences]:
        """With ELAS scored, a system's worst sentences by ELAS F1 (per gold sentence, as
        the scorer counts it; among equal scores the most gold edges first), their enhanced
        edges gold beside system (:mod:`treeeval.ud.enhanced_rows`)."""
        from ..html import EdgeCell, GraphRow, Graphs, Sentence, SystemSentences, worst_sentences
        from ..stats.rates import percent as rate
        from ..ud.enhanced_rows import READING, EdgeText, EnhancedRows, EnhancedWord

        result = self.results[system].whole()
        if result.enhanced is None:
            return ()
        rows = result.per_sentence["ELAS"]
        scores = rate(2 * rows[:, 0], rows[:, 1] + rows[:, 2])
        graphs = EnhancedRows(result)
        lines = result.gold.sentence_line

        def cells(edges: Sequence[EdgeText]) -> tuple[EdgeCell, ...]:
            return tuple(EdgeCell(str(edge), edge.right) for edge in edges)

        def row(word: EnhancedWord) -> GraphRow:
            return GraphRow(str(word.ident), word.form, cells(word.gold),
                            None if word.system is None else cells(word.system))

        sentences = []
        for index in worst_sentences(scores, sizes=rows[:, 1]).tolist():
            shown = graphs.sentence(index)
            sentences.append(Sentence(index + 1, float(scores[index]), Graphs(
                [row(word) for word in shown.words], [row(word) for word in shown.extra]),
                f"gold line {int(lines[index])}"))
        return (SystemSentences(name, "ELAS F1", sentences, aspect="enhanced graphs",
                                reading=READING),)


def check(settings: UDSettings, comparison: ComparisonSettings) -> None:
    """Refuse, before anything is scored, what cannot go together."""
    if comparison.given and not settings.systems:
        raise UsageError(f"{comparison.given[0]} needs several systems: GOLD SYS1 SYS2 [...]")
    if settings.several and not comparison.format and (comparison.metrics is not None
                                                       or comparison.title is not None):
        raise UsageError(f"{'--metrics' if comparison.metrics is not None else '--title'} "
                         "chooses what the treebanks' table shows: give --format")
    if comparison.format and (settings.json or settings.callin):
        raise UsageError(f"--format cannot go with {'--json' if settings.json else '--callin'}")
    comparison.check(several=settings.systems, json=settings.json)
    if comparison.drawing and settings.several:
        raise UsageError(f"{'--plot' if comparison.plot else '--html'} needs GOLD SYS1 [SYS2 ...] "
                         "(not pairs or folders)")
    systems = UDSystems(settings)
    if comparison.drawing:
        from ..figures.ud_data import FIGURES

        driver.check_targets(comparison, systems.inputs, FIGURES)
    if settings.systems or comparison.format:
        check_table(systems, comparison)



def run(settings: UDSettings, comparison: ComparisonSettings, files: Sequence[str],
        out: BinaryIO, err: BinaryIO, notices: Notices) -> int:
    """``treeeval ud``: the exit status (1 when a treebank of several failed).  ``files``
    are the file arguments as given (for the notice of a system file no gold file pairs)."""
    check(settings, comparison)
    for path, folder in unpaired(files):
        notices.add(f"no gold file {Path(path).name} in {folder}: not scored", path=path)
    weights = _weights(settings.weights, notices) if settings.weights else None
    callin = (CallinTables.load(settings.callin_classes, settings.callin_weights)
              if settings.callin else None)

    def scored(gold: str, system: str) -> PairScores:
        pair = score_pair(gold, system, conll17=settings.conll17,
                          multiple_roots_okay=settings.multiple_roots_okay, weights=weights,
                          callin=callin, enhanced=settings.enhanced,
                          per_sentence=comparison.stat is not None,
                          words=comparison.drawing, read_ahead=settings.read_ahead)
        _notice_empty(pair, gold, system, notices)
        return pair

    if settings.systems or (comparison.format and not settings.several):
        systems = UDSystems(settings, [scored(*pair) for pair in settings.pairs])
        table = _compare(systems, comparison, out, notices)
        driver.figures_and_report(systems, comparison, notices,
                                  lambda: ud_signature(settings, comparison), table)
        return 0
    if not settings.several:
        result = scored(*settings.pairs[0])
        if settings.json:
            document = _json_document(settings, comparison, [_pair_json(*settings.pairs[0],
                                                                        result)])
            out.write(json.dumps(document, indent=2).encode() + b"\n")
        else:
            out.write(_report(result, settings).encode())
            if settings.signature:
                out.write(signature.line(ud_signature(settings, comparison)))
        driver.figures_and_report(UDSystems(settings, [result]), comparison, notices,
                                  lambda: ud_signature(settings, comparison))
        return 0
    return _treebanks(settings, comparison, scored, out, err)


def _treebanks(settings: UDSettings, comparison: ComparisonSettings,
               scored: Callable[[str, str], PairScores], out: BinaryIO, err: BinaryIO) -> int:
    """Several treebanks: each pair's report (a failed one counted 0), then the
    macro-average; with ``--format`` the table of both alone (:func:`treebank_table`)."""
    results: list[PairScores | None] = []
    documents: list[dict[str, object]] = []
    errors: list[str] = []
    for gold, system in settings.pairs:
        result: PairScores | None = None
        try:
            result = scored(gold, system)
        except TreeevalError as exc:
            err.write(f"treeeval: error: {shown_text(str(exc))}\n".encode("utf-8", "replace"))
            documents.append({"gold": gold, "system": system, "status": "error",
                              "error": str(exc)})
        else:
            documents.append(_pair_json(gold, system, result))
        results.append(result)
        errors.append("" if result is not None else shown_text(str(documents[-1]["error"])))
        if comparison.format:
            continue
        if not settings.json:
            out.write(f"=== {_name(gold)}: {shown(gold)} {shown(system)}\n".encode())
            out.write(b"failed (counted as 0)\n" if result is None
                      else _report(result, settings).encode())
    failed = sum(r is None for r in results)
    if comparison.format:
        table = treebank_table(settings, comparison, results, errors)
        driver.write_table(table, comparison, out)
        return 1 if failed else 0
    average = macro_average([r.scores if r else None for r in results], settings.averaged)
    if settings.json:
        document = _json_document(settings, comparison, documents)
        document["macro_average"] = {name: percent(f1) for name, f1 in average.items()}
        document["failed"] = failed
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        out.write(render_macro(average, settings.mode, len(results), failed,
                               settings.rules).encode())
        if settings.signature:
            out.write(signature.line(ud_signature(settings, comparison)))
    return 1 if failed else 0


def treebank_table(settings: UDSettings, comparison: ComparisonSettings,
                   results: Sequence[PairScores | None], errors: Sequence[str] = ()
                   ) -> ComparisonTable:
    """The table of several treebanks (``GOLD:SYSTEM`` pairs or two folders, with
    ``--format``): a row per treebank (named by its gold file, as
    :func:`~treeeval.tables.comparison.system_names` names files) with the F1 of each metric
    (those of ``--metrics``, else those the macro-average shows), then the macro-average
    row, a failed treebank counting 0 (``results``: None, ``errors``: why).  Nothing is bold:
    the rows are treebanks, which do not compete.  Titled by ``--title``, else by the
    systems' folder when they share one.

    >>> from treeeval.tables import render as render_table
    >>> from treeeval.ud.metrics import Score
    >>> settings = UDSettings((("gold/en.conllu", "run/en.conllu"),
    ...                        ("gold/fi.conllu", "run/fi.conllu")), several=True)
    >>> scores = {name: Score(3, 4, 4) for name in settings.metrics}
    >>> table = treebank_table(settings, ComparisonSettings(format="text"),
    ...                        [PairScores(scores), None], ["", "gold/fi.conllu: no file"])
    >>> print(render_table(table, "text"), end="")
    run
    treebank         LAS   MLAS   BLEX
    en             75.00  75.00  75.00
    fi                 —      —      —
    macro-average  37.50  37.50  37.50
    <BLANKLINE>
    fi: failed (gold/fi.conllu: no file), counted as 0 in the macro-average.
    macro-average: the mean F1 over the 2 treebanks, a failed one counted as 0.
    """
    from ..tables.comparison import system_names
    from ..tables.model import SystemRow

    golds = [gold for gold, _ in settings.pairs]
    names = system_names(golds)
    chosen = comparison.chosen(settings.metrics, settings.averaged)
    rows = [SystemRow(name, tuple(None if result is None else result.scores[metric].f1
                                  for metric in chosen))
            for name, result in zip(names, results)]
    average = macro_average([None if result is None else result.scores for result in results],
                            chosen)
    rows.append(SystemRow("macro-average", tuple(100 * average[metric] for metric in chosen)))
    why = list(errors) or [""] * len(names)
    notes = [f"{name}: failed ({reason or 'no score'}), counted as 0 in the macro-average."
             for name, result, reason in zip(names, results, why) if result is None]
    notes.append(f"macro-average: the mean F1 over the {len(names)} treebanks, a failed one "
                 "counted as 0.")
    folders = {os.path.dirname(os.path.normpath(plain_name(system)))
               for _, system in settings.pairs}
    title = os.path.basename(folders.pop()) if len(folders) == 1 else ""
    return ComparisonTable(comparison.titled(title), "ud",
                           tuple(Metric(metric, comparable=False) for metric in chosen),
                           tuple(rows), notes=tuple(notes),
                           signature=ud_signature(settings, comparison)
                           if comparison.table_signature else "", row_label="treebank")


def _compare(systems: UDSystems, comparison: ComparisonSettings, out: BinaryIO,
             notices: Notices) -> ComparisonTable | None:
    """GOLD SYS1 SYS2 ...: each system's report (as the pairs' layout heads them), then the
    comparison table as text; with ``--format`` the table alone; with ``--json`` one pair per
    system.  The comparison table made, if one was."""
    settings = systems.settings
    if settings.json:
        pairs = [_pair_json(*pair, result) for pair, result in zip(settings.pairs,
                                                                   systems.results)]
        out.write(json.dumps(_json_document(settings, comparison, pairs), indent=2).encode()
                  + b"\n")
        return None
    table = comparison_table(systems, comparison, notices,
                             ud_signature(settings, comparison))
    if not comparison.format:
        for header, result in zip(driver.system_headers(systems), systems.results):
            out.write(header + _report(result, settings).encode())
    driver.write_table(table, comparison, out)
    return table


def _weights(path: str, notices: Notices) -> dict[str, float]:
    """The ``-w`` weights, each weight that is not a finite number (the 2017 scorer takes
    it, and WeightedLAS may print nan) noticed at its line."""
    from ..ud.api import read_weights

    table = read_weights(path)
    for line, doubt in table.doubts:
        notices.add(doubt, path=path, line=line)
    return table.weights


def _notice_empty(scored: PairScores, gold: str, system: str, notices: Notices) -> None:
    """A notice for a file without a token (empty, or comments only: the scorers then
    score every metric 0 and succeed).

    >>> from treeeval.ud.metrics import Score
    >>> notices = Notices()
    >>> _notice_empty(PairScores({"Tokens": Score(0, 0, 0)}), "g.conllu", "s.conllu", notices)
    >>> for notice in notices.items:
    ...     print(notice.text())
    g.conllu: the gold file holds no word: every score of the pair is 0
    s.conllu: the system file holds no word: every score of the pair is 0
    """
    tokens = scored.scores["Tokens"]
    for role, path, count in (("gold", gold, tokens.gold), ("system", system, tokens.system)):
        if count == 0:
            notices.add(f"the {role} file holds no word: every score of the pair is 0",
                        path=path)


def ud_signature(settings: UDSettings, comparison: ComparisonSettings) -> str:
    """The run's signature: the scorer's rules, whether several roots are scored, the
    conll17 ``-w`` weights file and, with ``--callin``, the relation classes file (the
    bundled table by default) and the WLAS weights file (``entropy``: those of the gold
    file itself).  ``-v`` and ``-c`` show more numbers but change none; with a comparison
    table, its metrics and test (the driver's fields).

    >>> ud_signature(UDSettings((("g", "s"),), conll17=True), ComparisonSettings())
    'cmd:ud|rules:conll17|mroots:no|callin:no|version:0.1.0'
    >>> ud_signature(UDSettings((("g", "a"), ("g", "b"))), ComparisonSettings("ar", metrics="LAS"))
    'cmd:ud|rules:conll18|mroots:no|callin:no|metrics:LAS|stat:ar|resamples:10000|seed:1|\
baseline:a|version:0.1.0'
    """
    classes = weights = None
    if settings.callin:
        classes = Path(settings.callin_classes or str(
            bundled_dir("treeeval.ud") / "relation_classes.tsv"))
        weights = Path(settings.callin_weights) if settings.callin_weights else "entropy"
    compared = settings.systems or comparison.format is not None
    return signature.build("ud", [
        *signature_items(settings.conll17, settings.multiple_roots_okay,
                         Path(settings.weights) if settings.weights else None,
                         settings.enhanced),
        ("callin", settings.callin), ("classes", classes), ("wlas", weights),
        *(comparison_fields(UDSystems(settings), comparison) if compared else [])])


def _name(path: str) -> str:
    return os.path.splitext(os.path.basename(plain_name(path)))[0]


def _json_document(settings: UDSettings, comparison: ComparisonSettings,
                   pairs: list[dict[str, object]]) -> dict[str, object]:
    enhanced = settings.enhanced
    extra: dict[str, object] = {} if enhanced is None else {
        "enhanced": enhanced_json(enhanced)}
    return envelope("ud", ud_signature(settings, comparison), rules=settings.rules, **extra,
                    multiple_roots_okay=settings.multiple_roots_okay, pairs=pairs)


def _pair_json(gold: str, system: str, result: PairScores) -> dict[str, object]:
    document: dict[str, object] = {
        "gold": gold, "system": system, "status": "ok",
        "metrics": {name: score_json(value) for name, value in result.scores.items()}}
    if result.callin is not None:
        document["callin"] = result.callin.to_json()
    return document


def _report(result: PairScores, settings: UDSettings) -> str:
    """The scorer's text for one pair, then Callin's table after a blank line."""
    text = render({name: result.scores[name] for name in settings.metrics}, settings.mode,
                  settings.rules)
    if result.callin is not None:
        text += "\n" + render_callin(result.callin) + "\n"
    return text
