"""MaltEval's whole output for an :class:`~.engine.Evaluation`, as sections of text.

For each parsed file in turn: its tables with their header blocks and the confusion blocks
of ``--confusion-matrix 1``; then the McNemar block of ``--stat 1`` or treeeval's
comparison (``--stat METHOD``); then the summary of cross-validation folds.  Each section
is (the parsed file it belongs to, "" for the McNemar block or comparison, or
"macro-average" for the summary of the folds; its text), so ``--output DIR`` can write a
file per parsed file.  The MaltEval evaluations print their warnings before the file's
output; only the first header block repeats the command line.
"""

from __future__ import annotations

import math

import numpy as np

from ..policy.inputs import shown
from .combinations import parameter_values
from .compare import render_comparison
from .confusion import ConfusionTable, format_confusion
from .engine import Evaluation, FileEvaluation, McNemar
from .malteval_report import RULE, hash_order, parameter_lines, render_header
from .settings import DepSettings
from .tables import Table, format_table

#: McNemar's z from which a difference is significant at p < 0.01 and p < 0.05
SIGNIFICANCE = (("p<0.01?", 2.58), ("p<0.05?", 1.96))
#: the output of a run: (parsed file the text belongs to, "" for the McNemar block or
#: "macro-average" for the average of cross-validation folds, text)
Sections = list[tuple[str, str]]


def render_malteval(evaluation: Evaluation) -> Sections:
    """MaltEval's output of ``evaluation``, as sections."""
    settings = evaluation.settings
    sections: Sections = []
    for fold in evaluation.folds:
        for file in fold.files:
            sections += _file_sections(settings, evaluation, file, first=not sections)
        if fold.mcnemar is not None:
            sections.append(("", _mcnemar(settings, fold.mcnemar)))
        if fold.comparison is not None:
            sections.append(("", render_comparison(fold.comparison)))
    for summary in evaluation.summaries:
        text = _summary_header(settings.header_info, ", ".join(evaluation.gold_files),
                               ", ".join(evaluation.parsed_files))
        sections.append(("macro-average", text + _show(settings, summary)))
    return sections


def _file_sections(settings: DepSettings, evaluation: Evaluation, file: FileEvaluation,
                   first: bool) -> Sections:
    """One parsed file's sections: the merged table, or each evaluation's header and table,
    each followed by its confusion blocks."""
    sections: Sections = []

    def header(shown: dict[str, str]) -> str:
        if not settings.header_info:
            return ""
        text = render_header(settings.arguments, file.gold, [file.parsed],
                             {name: [value] for name, value in shown.items()})
        return text[text.index(RULE):] if sections or not first else text

    if file.merged is not None:
        sections.append((file.parsed, header(_single(settings, evaluation))
                         + _show(settings, file.merged)))
    for index, (combination, table) in enumerate(zip(file.combinations, file.tables)):
        if file.merged is not None and not file.confusions:
            continue
        text = header(combination.values)
        if file.merged is None:
            text += _show(settings, table)
        if file.confusions:
            text += _confusion(settings, file.confusions[index])
        sections.append((file.parsed, text))
    # MaltEval prints its evaluations' warnings before the file's output
    sections[0] = (file.parsed, "".join(table.warning for table in file.tables) + sections[0][1])
    return sections


def _single(settings: DepSettings, evaluation: Evaluation) -> dict[str, str]:
    """A merged table's header: the parameters with one value, GroupBy without its format."""
    values = parameter_values(settings)
    return {name: (value.partition(":")[0] if name == "GroupBy" else value)
            for name, value in evaluation.combinations[0].values.items()
            if len(values[name]) == 1}


def _show(settings: DepSettings, table: Table) -> str:
    """A table with the run's pattern, tab, row-header and header-info."""
    return format_table(table, settings.pattern, tab=settings.tab,
                        row_header=settings.row_header, header_info=settings.header_info)


def _summary_header(header_info: bool, gold: str, parsed: str) -> str:
    """The header block of a cross-validation summary (it never repeats the arguments)."""
    if not header_info:
        return ""
    return "\n".join([RULE, f"Gold:   {shown(gold)}", f"Parsed: {shown(parsed)}", RULE, "Mean:",
                      "", RULE,
                      "", ""])


def _confusion(settings: DepSettings, confusion: ConfusionTable) -> str:
    """The confusion blocks of one evaluation, with the run's pattern, tab, row-header,
    header-info and details (every row unless details is off)."""
    return format_confusion(confusion, pattern=settings.pattern, tab=settings.tab,
                            row_header=settings.row_header, header=settings.header_info,
                            details=settings.details is not False)


def _mcnemar(settings: DepSettings, mcnemar: McNemar) -> str:
    """MaltEval's ``--stat 1`` block: a z table and two significance tables for each
    evaluation and attribute, in the ``HashMap`` order of their keys (the evaluation's
    parameter lines and the attribute)."""
    names = [f"<{i}>" for i in range(1, len(mcnemar.parsed) + 1)]
    rows = [f"{name} ({shown(path)})" for name, path in zip(names, mcnemar.parsed)]
    text = ""
    if settings.header_info:
        text = "\n".join([RULE, f"Gold:   {shown(mcnemar.gold)}",
                          "Parsed: " + ", ".join(map(shown, mcnemar.parsed)),
                          RULE, "McNemar's statistical significance test", "", RULE, "", ""])

    def show(title: str, values: list[list[float]], count: bool) -> str:
        grid = np.array(values, dtype=float).reshape(len(values), len(names))
        table = Table(title, names, rows * (len(values) // len(rows)), list(grid.T),
                      [count] * len(names), [(math.nan, 0)] * len(names), False,
                      settings.details if settings.details is not None else True)
        return _show(settings, table)

    blocks = {"".join(line + "\n" for line in parameter_lines(block.values))
              + f"\nAttribute: {block.attribute}\n": block.z for block in mcnemar.blocks}
    for key in hash_order(list(blocks)):
        z = blocks[key]
        text += key + show("McNemar: z-value", z, False)
        for title, bound in SIGNIFICANCE:
            text += show(f"McNemar: {title}", [[float(v >= bound) if v == v else v for v in row]
                                               for row in z], True)
        text += RULE + "\n\n"
    return text
