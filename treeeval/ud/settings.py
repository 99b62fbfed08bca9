"""What a ``treeeval ud`` run does, as one frozen settings object: the pairs of files, the
scorer's rules and report, and treeeval's additions (Callin's metrics, JSON, signature).
Built from a command line (``treeeval.commands.ud``) or from Python.

>>> settings = UDSettings((("g.conllu", "a.conllu"), ("g.conllu", "b.conllu")), mode="verbose")
>>> settings.systems, settings.metrics
(True, ('Tokens', 'Sentences', 'Words', 'UPOS', 'XPOS', 'UFeats', 'AllTags', 'Lemmas', 'UAS', \
'LAS', 'CLAS', 'MLAS', 'BLEX'))
>>> UDSettings((("g", "s"),), weights="w.tsv")
Traceback (most recent call last):
...
treeeval.errors.UsageError: -w/--weights needs --conll17 (WeightedLAS is a conll17 metric)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..policy import signature
from .enhanced import ENHANCED_METRICS, EnhancedRules
from .metrics import CONLL17_METRICS, CONLL18_METRICS
from .report import default_lines

#: the reports of the scorers
MODES = ("default", "verbose", "counts")


@dataclass(frozen=True)
class UDSettings:
    """One ud run: its ``(gold, system)`` ``pairs``; ``several``: they are treebanks (pairs
    or folders, macro-averaged), else one gold file and its systems; the report ``mode``
    (``default``, ``verbose`` (``-v``), ``counts`` (``-c``)); ``conll17`` the 2017 rules
    (with ``weights``, a DEPREL weights file, WeightedLAS); ``multiple_roots_okay``;
    ``json``; ``callin`` with its ``callin_weights`` and ``callin_classes`` files (None: the
    defaults); ``signature``; ``enhanced``: the rules of udeval or iwpt20_xud_eval.py
    (DEPS read, ELAS and EULAS scored) in place of conll18's; ``read_ahead``: a large pair's
    files read by processes of their own while the pair is scored (:mod:`.remote_pieces`;
    the command line's choice, off for settings built from Python, which may run in a
    process that must not fork)."""

    pairs: tuple[tuple[str, str], ...]
    mode: str = "default"
    conll17: bool = False
    weights: str | None = None
    multiple_roots_okay: bool = False
    json: bool = False
    callin: bool = False
    callin_weights: str | None = None
    callin_classes: str | None = None
    several: bool = False
    signature: bool = False
    enhanced: EnhancedRules | None = None
    read_ahead: bool = False

    def __post_init__(self) -> None:
        if self.enhanced is not None and self.conll17:
            raise UsageError(f"--conll17 cannot go with --{self.enhanced.scorer}")
        if self.rules == "iwpt20" and self.multiple_roots_okay:
            raise UsageError("--multiple-roots-okay is not an option of --iwpt20 "
                             "(iwpt20_xud_eval.py refuses several roots)")
        object.__setattr__(self, "pairs", tuple((gold, system) for gold, system in self.pairs))
        if self.callin_weights is not None or self.callin_classes is not None:
            object.__setattr__(self, "callin", True)
        if self.weights is not None and not self.conll17:
            raise UsageError("-w/--weights needs --conll17 (WeightedLAS is a conll17 metric)")
        if self.weights is not None and self.mode == "default":  # WeightedLAS is in -v's table
            object.__setattr__(self, "mode", "verbose")
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r} is not one of {MODES}")
        if not self.pairs:
            raise UsageError("expected GOLD and SYSTEM files (see treeeval ud -h)")

    @property
    def systems(self) -> bool:
        """Whether several systems are compared on one gold file."""
        return len(self.pairs) > 1 and not self.several

    @property
    def rules(self) -> str:
        """Whose rules and report: conll18, conll17, udeval or iwpt20."""
        return rules_name(self.conll17, self.enhanced)

    @property
    def metrics(self) -> tuple[str, ...]:
        """Every metric of the report, in its order (:func:`rule_metrics`).

        >>> UDSettings((("g", "s"),), enhanced=EnhancedRules("iwpt20")).metrics[8:12]
        ('UAS', 'LAS', 'ELAS', 'EULAS')
        """
        return rule_metrics(self.conll17, self.enhanced, self.weights is not None)

    @property
    def averaged(self) -> tuple[str, ...]:
        """The metrics a multi-pair run averages: those of the default report (conll17: LAS
        alone, it has no MLAS and BLEX), or with ``-v``/``-c`` every metric.

        >>> UDSettings((("g", "s"),), conll17=True).averaged, UDSettings((("g", "s"),)).averaged
        (('LAS',), ('LAS', 'MLAS', 'BLEX'))
        """
        if self.mode != "default":
            return self.metrics
        return tuple(name for name, _ in default_lines(self.rules, self.metrics))


def rules_name(conll17: bool, enhanced: EnhancedRules | None = None) -> str:
    """Whose rules: conll18, conll17, or the enhanced scorer's (udeval, iwpt20).

    >>> rules_name(False), rules_name(False, EnhancedRules("iwpt20"))
    ('conll18', 'iwpt20')
    """
    if enhanced is not None:
        return enhanced.scorer
    return "conll17" if conll17 else "conll18"


def rule_metrics(conll17: bool, enhanced: EnhancedRules | None = None,
                 weighted: bool = False) -> tuple[str, ...]:
    """Every metric the rules score, in their report's order: conll17's (with WeightedLAS
    when ``weighted``), conll18's, and with ``enhanced`` (scored) ELAS and EULAS, which
    udeval puts last and iwpt20_xud_eval.py after LAS; the one home of this order for
    ``treeeval ud`` and ``treeeval task``.

    >>> rule_metrics(False, EnhancedRules())[-3:], rule_metrics(True, weighted=True)[-1]
    (('BLEX', 'ELAS', 'EULAS'), 'WeightedLAS')
    """
    if conll17:
        return CONLL17_METRICS + (("WeightedLAS",) if weighted else ())
    if enhanced is None or not enhanced.scored:
        return CONLL18_METRICS
    if enhanced.scorer == "iwpt20":
        las = CONLL18_METRICS.index("LAS") + 1
        return CONLL18_METRICS[:las] + ENHANCED_METRICS + CONLL18_METRICS[las:]
    return CONLL18_METRICS + ENHANCED_METRICS


def enhanced_json(enhanced: EnhancedRules) -> dict[str, object]:
    """The enhanced rules in a JSON document (``treeeval ud --json``, ``treeeval task
    --json``): whether ELAS/EULAS are scored, the enhancements switched off, the empty
    nodes.

    >>> enhanced_json(EnhancedRules("iwpt20", enhancements="61"))
    {'scored': True, 'switched_off': ['1', '6'], 'empty_nodes': 'refused'}
    """
    return {"scored": enhanced.scored, "switched_off": sorted(enhanced.switched_off),
            "empty_nodes": "refused" if enhanced.refuses_empty_nodes else "skipped"}


def signature_items(conll17: bool, multiple_roots_okay: bool,
                    weights: signature.Value = None,
                    enhanced: EnhancedRules | None = None) -> list[tuple[str, signature.Value]]:
    """The signature's fields of the scorer's rules: conll17, conll18, udeval or iwpt20,
    whether several roots are scored, the conll17 WeightedLAS ``weights`` (a file's Path,
    or a digest of a table given in memory; None: no WeightedLAS) and, with the enhanced
    rules, whether ELAS/EULAS are scored, the enhancements switched off and whether empty
    nodes are refused; the one home of these fields for ``treeeval ud``,
    ``treeeval.metrics.UD`` and ``treeeval task``.

    >>> signature_items(True, False)
    [('rules', 'conll17'), ('mroots', False), ('weights', None)]
    >>> signature_items(False, False, enhanced=EnhancedRules(enhancements="61"))[3:]
    [('enhanced', True), ('off', '16'), ('emptynodes', 'skipped')]
    """
    items: list[tuple[str, signature.Value]] = [
        ("rules", rules_name(conll17, enhanced)), ("mroots", multiple_roots_okay),
        ("weights", weights)]
    if enhanced is None:
        return items
    return items + [("enhanced", enhanced.scored),
                    ("off", "".join(sorted(enhanced.switched_off))),
                    ("emptynodes", "refused" if enhanced.refuses_empty_nodes else "skipped")]
