"""The running totals of ``treeeval disco``: what each sentence pair adds, kept as counts
(never the brackets themselves), so that memory stays flat however long the files.

discodop keeps every sentence's brackets keyed by the sentence; every number it prints is a
sum over sentences, so the sums are kept instead.  ``DiscoTotals`` holds the summary's numbers
(one for all sentences, one for those up to the cutoff); ``Breakdowns`` the tables of
``--verbose`` and of the default report (categories, functions, tags, rules, attachments).

>>> from decimal import Decimal
>>> totals = DiscoTotals(disc_only=False)
>>> totals.sentences, totals.gold_brackets.gold, totals.la_sum
(0, 0, Decimal('0'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .pairs import Bracket, PairResult, Rule, fanout


def shared_count(gold: Counter[Any], cand: Counter[Any]) -> int:
    """What two multisets share (each item as often as both have it).

    >>> shared_count(Counter("aab"), Counter("abbc"))
    2
    """
    return sum(min(count, cand[item]) for item, count in gold.items() if item in cand)


def discontinuous(brackets: Counter[Bracket]) -> Counter[Bracket]:
    """The discontinuous brackets of a multiset (fan-out above 1).

    >>> sorted(discontinuous(Counter({("VP", 0b101): 2, ("S", 0b111): 1})).items())
    [(('VP', 5), 2)]
    """
    return Counter({bracket: count for bracket, count in brackets.items()
                    if fanout(bracket[1]) > 1})


def counted(pair: PairResult, disc_only: bool) -> bool:
    """Whether a sentence counts for exact match (under --disconly, one with a bracket)."""
    return not disc_only or bool(pair.cand_brackets) or bool(pair.gold_brackets)


@dataclass
class Matched:
    """Two multisets compared: gold and candidate sizes, what they share, and the number
    of distinct items (discodop's ``len()`` of a multiset keyed by sentence)."""

    gold: int = 0
    cand: int = 0
    matched: int = 0
    gold_distinct: int = 0
    cand_distinct: int = 0

    def add(self, gold: Counter[Any], cand: Counter[Any]) -> int:
        """Add one sentence's multisets; returns what they share."""
        shared = shared_count(gold, cand)
        self.gold += sum(gold.values())
        self.cand += sum(cand.values())
        self.matched += shared
        self.gold_distinct += len(gold)
        self.cand_distinct += len(cand)
        return shared


@dataclass
class DiscoTotals:
    """The summary's numbers for a set of sentences."""

    disc_only: bool
    sentences: int = 0
    longest: int = 0
    exact: int = 0
    gold_brackets: Matched = field(default_factory=Matched)
    gold_disc: int = 0
    cand_disc: int = 0
    disc_matched: int = 0
    functions: Matched = field(default_factory=Matched)
    pos_total: int = 0
    pos_correct: int = 0
    la_sum: Decimal = Decimal(0)
    la_count: int = 0
    dice_noms: Decimal = Decimal(0)
    dice_denoms: Decimal = Decimal(0)
    dep_total: int = 0
    dep_correct: int = 0

    def add(self, pair: PairResult) -> None:
        if counted(pair, self.disc_only):
            self.sentences += 1
            if pair.cand_brackets == pair.gold_brackets:
                self.exact += 1
        self.longest = max(self.longest, pair.length)
        self.gold_brackets.add(pair.gold_brackets, pair.cand_brackets)
        gold_disc, cand_disc = (discontinuous(pair.gold_brackets),
                                discontinuous(pair.cand_brackets))
        self.gold_disc += sum(gold_disc.values())
        self.cand_disc += sum(cand_disc.values())
        self.disc_matched += shared_count(gold_disc, cand_disc)
        self.functions.add(pair.gold_functions, pair.cand_functions)
        self.pos_total += len(pair.gold_pos)
        self.pos_correct += sum(1 for g, c in zip(pair.gold_pos, pair.cand_pos) if g == c)
        self.la_sum += pair.leaf_ancestor
        self.la_count += 1
        self.dice_noms += pair.tree_distance
        self.dice_denoms += pair.distance_denominator
        self.dep_total += len(pair.gold_deps)
        self.dep_correct += sum(1 for g, c in zip(pair.gold_deps, pair.cand_deps) if g == c)


@dataclass
class LabelTally:
    """One label's (or function tag's) brackets: ``keys`` is the number of distinct gold
    brackets, which orders the tables."""

    gold: int = 0
    cand: int = 0
    matched: int = 0
    keys: int = 0


@dataclass
class Breakdowns:
    """The tables' numbers over all sentences."""

    categories: dict[str, LabelTally] = field(default_factory=dict)
    category_errors: Counter[tuple[str, str]] = field(default_factory=Counter)
    tags: dict[str, LabelTally] = field(default_factory=dict)
    tag_errors: Counter[tuple[str, str]] = field(default_factory=Counter)
    function_keys: int = 0
    pos_gold: Counter[str] = field(default_factory=Counter)
    pos_cand: Counter[str] = field(default_factory=Counter)
    pos_matched: Counter[str] = field(default_factory=Counter)
    pos_errors: Counter[tuple[str, str]] = field(default_factory=Counter)
    attachments: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    rule_errors: Counter[tuple[Rule, Rule]] = field(default_factory=Counter)
    cand_only_rules: Counter[Rule] = field(default_factory=Counter)
    gold_only_rules: Counter[Rule] = field(default_factory=Counter)

    def add(self, pair: PairResult) -> None:
        self._labels(self.categories, self.category_errors, pair.gold_brackets,
                     pair.cand_brackets, lambda item: item[0], lambda item: item[1])
        self._labels(self.tags, self.tag_errors, pair.gold_functions, pair.cand_functions,
                     lambda item: item[1], lambda item: item[0])
        self.function_keys += len(pair.gold_functions)
        self._pos(pair.gold_pos, pair.cand_pos)
        self._attachments(pair)
        self._rules(pair.gold_rules, pair.cand_rules)

    @staticmethod
    def _labels(table: dict[str, LabelTally], errors: Counter[tuple[str, str]],
                gold: Counter[Any], cand: Counter[Any], label: Callable[[Any], str],
                span: Callable[[Any], Any]) -> None:
        for item, count in gold.items():
            counts = table.setdefault(label(item), LabelTally())
            counts.gold += count
            counts.keys += 1
            if item in cand:
                counts.matched += min(count, cand[item])
        for item, count in cand.items():
            table.setdefault(label(item), LabelTally()).cand += count
        missed = {span(item): label(item) for item, count in gold.items()
                  if count > cand.get(item, 0)}
        for item, count in cand.items():
            if count > gold.get(item, 0) and span(item) in missed:
                errors[(label(item), missed[span(item)])] += 1

    def _pos(self, gold: list[str], cand: list[str]) -> None:
        self.pos_gold.update(gold)
        self.pos_cand.update(cand)
        for g, c in zip(gold, cand):
            if g == c:
                self.pos_matched[g] += 1
            else:
                self.pos_errors[(c, g)] += 1

    def _attachments(self, pair: PairResult) -> None:
        gold, cand = set(pair.gold_parented), set(pair.cand_parented)
        missed = {bracket: parent for bracket, parent in pair.gold_parented
                  if (bracket, parent) not in cand}
        for bracket, parent in pair.cand_parented:
            if (bracket, parent) not in gold and bracket in missed:
                self.attachments[(bracket[0], parent, missed[bracket])] += 1

    def _rules(self, gold: Counter[tuple[int, Rule]], cand: Counter[tuple[int, Rule]]) -> None:
        gold_extra = [key for key, count in gold.items() if count > cand.get(key, 0)]
        cand_extra = [key for key, count in cand.items() if count > gold.get(key, 0)]
        missed = {bits: rule for bits, rule in gold_extra}
        gold_spans = {bits for bits, _ in gold}
        cand_spans = {bits for bits, _ in cand}
        for bits, rule in cand_extra:
            if bits & (bits - 1) and bits in missed:
                self.rule_errors[(rule, missed[bits])] += 1
        for bits, rule in cand_extra:
            if bits & (bits - 1) and bits not in gold_spans:
                self.cand_only_rules[rule] += 1
        for bits, rule in gold_extra:
            if bits & (bits - 1) and bits not in cand_spans:
                self.gold_only_rules[rule] += 1

