"""The text ``discodop eval`` prints, byte for byte: the per-sentence lines of ``--verbose``,
the breakdown tables and the two-column summary.

Scores are computed with :mod:`decimal` as discodop computes them (so that they round as
its do) and printed as percentages with two decimals; a division by zero prints ``0DIV!``
and an undefined score ``nan``.

>>> print(score(lambda: recall(1, 3)), score(lambda: Decimal(0) / 0), score(lambda: None))
 33.33  0DIV!   None
>>> print(score(lambda: f_measure(0, 0, 2)))
   nan
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from itertools import zip_longest
from typing import Any

from ..errors import TreeevalError
from .pairs import PairResult, Rule
from .totals import Breakdowns, DiscoTotals, LabelTally

HEADER = ("   Sentence                 Matched   Brackets            Corr POS",
          "  ID Length  Recall  Precis Bracket   gold   cand  Words  POS  Accur.")
_HALF = Decimal(0.5)


class DiscoCrash(TreeevalError):
    """Where discodop eval stops with a traceback, after what it printed (exit status 1)."""


def score(value: Callable[[], Any]) -> str:
    """A score as discodop prints one: six characters, a percentage."""
    try:
        result = value()
    except (ZeroDivisionError, InvalidOperation):
        return " 0DIV!"
    return "  None" if result is None else "%6.2f" % (100 * result)


def recall(matched: int, gold: int) -> Decimal:
    return Decimal("NaN") if not gold else Decimal(matched) / gold


def precision(matched: int, cand: int) -> Decimal:
    return Decimal("NaN") if not cand else Decimal(matched) / cand


def f_measure(matched: int, gold: int, cand: int) -> Decimal:
    """The harmonic mean of precision and recall (NaN when either is 0 or undefined)."""
    p, r = precision(matched, cand), recall(matched, gold)
    if p == 0 or r == 0:
        return Decimal("NaN")
    return Decimal(1) / (_HALF / p + (1 - _HALF) / r)


def accuracy(correct: int, total: int) -> Decimal:
    return Decimal(correct) / total


def header(keylen: int) -> list[str]:
    """The column heads of the per-sentence lines and the rule under them."""
    lines = [" " * (keylen - 4) + line for line in HEADER]
    lines.append(" " + "_" * (keylen - 5 + len(HEADER[-1])))
    return lines


def sentence_line(pair: PairResult, keylen: int, la: bool, ted: bool, dep: bool) -> str:
    """One sentence's line of ``--verbose``."""
    gold, cand = pair.gold_brackets, pair.cand_brackets
    matched = sum(min(n, cand[b]) for b, n in gold.items() if b in cand)
    ngold, ncand = sum(gold.values()), sum(cand.values())
    words = len(pair.gold_pos)
    correct = sum(1 for g, c in zip(pair.gold_pos, pair.cand_pos) if g == c)
    functions = ""
    if pair.cand_functions:
        fgold, fcand = pair.gold_functions, pair.cand_functions
        fmatched = sum(min(n, fcand[b]) for b, n in fgold.items() if b in fcand)
        functions = score(lambda: f_measure(fmatched, sum(fgold.values()),
                                            sum(fcand.values())))
    extra = functions
    extra += score(lambda: 100 * pair.leaf_ancestor) if la else ""
    extra += score(lambda: pair.tree_distance) if ted else ""
    extra += score(lambda: accuracy(
        sum(1 for g, c in zip(pair.gold_deps, pair.cand_deps) if g == c),
        len(pair.gold_deps))) if dep else ""
    return ("%*s  %5d  %s  %s   %5d  %5d  %5d  %5d  %4d  %s %s" % (
        keylen, pair.key, pair.length, score(lambda: recall(matched, ngold)),
        score(lambda: precision(matched, ncand)), matched, ngold, ncand, words, correct,
        score(lambda: accuracy(correct, words)), extra))


def _rule(rule: Rule) -> str:
    labels, components = rule
    spans = ",".join("".join(str(part) for part in component) for component in components)
    return f"{spans}\t{labels[0]} {' '.join(labels[1:])}"


def _common(counts: Counter, limit: int | None) -> list:
    """discodop's most_common: by count, ties in first-counted order."""
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    return ranked if limit is None else ranked[:limit]


def _most(limit: int | None) -> str:
    return f"{limit} most frequent" if limit else "all"


def breakdowns(tables: Breakdowns, totals: DiscoTotals, limit: int | None,
               out: list[str]) -> None:
    """The tables, appended to ``out`` line by line (so that what precedes a crash is kept)."""
    out.append("\n Rewrite rule mismatches (for given span)")
    out.append("   count   cand / gold rules")
    for (crule, grule), count in _common(tables.rule_errors, limit):
        out.append(" %7d  %s" % (count, _rule(crule)))
        out.append(" %7s  %s" % (" ", _rule(grule)))
    out.append("\n Rewrite rules (span not in gold trees)")
    out.append("   count   rule in candidate parses")
    for rule, count in _common(tables.cand_only_rules, limit):
        out.append(" %7d  %s" % (count, _rule(rule)))
    out.append("\n Rewrite rules (span missing from candidate parses)")
    out.append("   count   rule in gold standard set")
    for rule, count in _common(tables.gold_only_rules, limit):
        out.append(" %7d  %s" % (count, _rule(rule)))
    out.append("\n Attachment errors (correct labeled bracketing, wrong parent)")
    out.append("  label     cand     gold    count")
    out.append(" " + 33 * "_")
    for (label, cparent, gparent), count in _common(tables.attachments, limit):
        out.append("%s  %s  %s  %7d" % (label.rjust(7), cparent.rjust(7), gparent.rjust(7),
                                        count))
    out.append("\n Category Statistics (%s categories / errors)" % _most(limit))
    out.append("  label  % gold  recall    prec.     F1           cand gold       count")
    out.append(" " + 38 * "_" + 8 * " " + 24 * "_")
    distinct = totals.gold_brackets.gold_distinct
    _label_table(tables.categories, tables.category_errors, limit, out,
                 lambda counts: _share(100 * counts.gold, distinct))
    if totals.functions.cand:
        out.append("\n Function Tag Statistics (%s tags / errors)" % _most(limit))
        out.append("  func.  % gold  recall    prec.     F1           cand gold       count")
        out.append(" " + 38 * "_" + 8 * " " + 24 * "_")
        keys = tables.function_keys
        _label_table(tables.tags, tables.tag_errors, limit, out,
                     lambda counts: score(lambda: counts.gold / keys))
    try:
        all_correct = accuracy(totals.pos_correct, totals.pos_total) == 1
    except InvalidOperation:
        all_correct = True
    if not all_correct:
        _pos_table(tables, limit, out)
    out.append("")


def _share(hundreds: int, distinct: int) -> str:
    if not distinct:
        raise DiscoCrash("discodop eval divides by zero here (no gold brackets, but "
                         "candidate ones: see docs/differences.md)")
    return "%6.2f" % (hundreds / distinct)


def _label_table(table: dict[str, LabelTally], errors: Counter,
                 limit: int | None, out: list[str],
                 share: Callable[[LabelTally], str]) -> None:
    ranked = sorted(table, key=lambda label: table[label].keys, reverse=True)
    for label, error in zip_longest(ranked[:limit], _common(errors, limit)):
        line = ""
        if label is None:
            line += 39 * " "
        else:
            line += _label_row(label, table[label], share)
        if error is not None:
            (cand, gold), count = error
            line += "       %s %7d" % (" ".join((cand.rjust(8), gold.ljust(8))), count)
        out.append(line)


def _label_row(label: str, counts: LabelTally, share: Callable[[LabelTally], str]) -> str:
    return "%s  %s  %s  %s  %s" % (
        label.rjust(7), share(counts), score(lambda: recall(counts.matched, counts.gold)),
        score(lambda: precision(counts.matched, counts.cand)),
        score(lambda: f_measure(counts.matched, counts.gold, counts.cand)))


def _pos_table(tables: Breakdowns, limit: int | None, out: list[str]) -> None:
    out.append("\n POS Statistics (%s tags / errors)" % _most(limit)
               + "\n    tag  % gold  recall   prec.      F1           cand gold   count")
    out.append(" " + 38 * "_" + 12 * " " + 20 * "_")
    total = sum(tables.pos_gold.values())
    for tag, error in zip_longest(_common(tables.pos_gold, limit),
                                  _common(tables.pos_errors, limit)):
        line = ""
        if tag is None:
            line += "".rjust(40)
        else:
            name, gold = tag
            cand, matched = tables.pos_cand[name], tables.pos_matched[name]
            line += "%s  %6.2f  %6.2f  %6.2f  %6.2f" % (
                name.rjust(7), 100 * gold / total, 100 * recall(matched, gold),
                100 * precision(matched, cand), 100 * f_measure(matched, gold, cand))
        if error is not None:
            (cand_tag, gold_tag), count = error
            line += "       %s %7d" % (" ".join((cand_tag.rjust(8), gold_tag.ljust(8)))
                                       .rjust(12), count)
        out.append(line)


def summary(acc: DiscoTotals, upto: DiscoTotals, cutoff: int, la: bool, ted: bool,
            dep: bool) -> str:
    """The summary block: one column when no sentence is longer than the cutoff, else
    two (up to the cutoff, all)."""
    def both(value: Callable[[DiscoTotals], Callable[[], object]]) -> str:
        return f"{score(value(upto))}     {score(value(acc))}"

    rows: list[tuple[str, Callable[[DiscoTotals], Callable[[], object]]]] = [
        ("labeled recall:            ",
         lambda t: lambda: recall(t.gold_brackets.matched, t.gold_brackets.gold)),
        ("labeled precision:         ",
         lambda t: lambda: precision(t.gold_brackets.matched, t.gold_brackets.cand)),
        ("labeled f-measure:         ",
         lambda t: lambda: f_measure(t.gold_brackets.matched, t.gold_brackets.gold,
                                     t.gold_brackets.cand)),
        ("exact match:               ", lambda t: lambda: Decimal(t.exact) / t.sentences)]
    if la:
        rows.append(("leaf-ancestor:             ",
                     lambda t: lambda: (t.la_sum / t.la_count if t.la_count
                                        else Decimal("NaN"))))
    if ted:
        rows.append(("tree-dist (Dice micro avg) ",
                     lambda t: lambda: 1 - t.dice_noms / t.dice_denoms))
    tail: list[tuple[str, Callable[[DiscoTotals], Callable[[], object]]]] = []
    if acc.functions.cand:
        tail.append(("function tags:             ",
                     lambda t: lambda: f_measure(t.functions.matched, t.functions.gold,
                                                 t.functions.cand)))
    tail.append(("pos accuracy:              ",
                 lambda t: lambda: accuracy(t.pos_correct, t.pos_total)))
    disc = bool(acc.gold_disc or acc.cand_disc)
    if acc.longest <= cutoff:
        lines = [" Summary (ALL) ".center(35, "_"),
                 "number of sentences:       %6d" % acc.sentences,
                 "longest sentence:          %6d" % acc.longest]
        if disc:
            lines += ["gold brackets (disc.):     %6d (%d)" % (acc.gold_brackets.gold_distinct,
                                                            acc.gold_disc),
                      "cand. brackets (disc.):    %6d (%d)" % (acc.gold_brackets.cand_distinct,
                                                            acc.cand_disc)]
        else:
            lines += ["gold brackets:             %6d" % acc.gold_brackets.gold_distinct,
                      "cand. brackets:            %6d" % acc.gold_brackets.cand_distinct]
        lines += [name + score(value(acc)) for name, value in rows]
        if dep:
            lines.append("unlabeled dependencies:    "
                         + score(lambda: accuracy(acc.dep_correct, acc.dep_total)))
        lines += [name + score(value(acc)) for name, value in tail]
        return "\n".join(lines)
    lines = ["%s <= %d ______ ALL" % (" Summary ".center(27, "_"), cutoff),
             "number of sentences:       %6d     %6d" % (upto.sentences, acc.sentences),
             "longest sentence:          %6d     %6d" % (upto.longest, acc.longest),
             "gold brackets:             %6d     %6d" % (upto.gold_brackets.gold_distinct,
                                                        acc.gold_brackets.gold_distinct),
             "cand. brackets:            %6d     %6d" % (upto.gold_brackets.cand_distinct,
                                                        acc.gold_brackets.cand_distinct)]
    if disc:
        lines += ["disc. gold brackets:       %6d     %6d" % (upto.gold_disc, acc.gold_disc),
                  "disc. cand. brackets:      %6d     %6d" % (upto.cand_disc, acc.cand_disc)]
    lines += [name + both(value) for name, value in rows]
    if dep:
        lines.append("unlabeled dependencies:    %s  (%d / %d)" % (
            both(lambda t: lambda: accuracy(t.dep_correct, t.dep_total)), acc.dep_correct,
            acc.dep_total))
    lines += [name + both(value) for name, value in tail]
    return "\n".join(lines)


def joined(lines: Iterable[str]) -> str:
    return "".join(line + "\n" for line in lines)
