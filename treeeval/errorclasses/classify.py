"""Naming a repair: the rules of Kummerfeld et al.'s English classifier, in its order.

The rules look at labels only.  Some compare a label with ``in`` on the label *text*, as the
classifier does, so ``NP`` is found in ``WHNP`` and ``ADVP`` in ``WHADVP``; others look for a
label in a list of labels.  A repair no rule names is ``UNSET`` plus its kind
(``UNSET move``, ``UNSET add``, ``UNSET remove``).

>>> from .search import Step
>>> classify(Step("move", 2, movers=("PP",)))
'PP Attachment'
>>> classify(Step("remove", 1, label="NP", subtrees=("NN",), over_word=True))
'Single Word Phrase'
>>> classify(Step("add", 1, label="NP", subtrees=("JJ", "NN"), parent="WHNP"))
'NP Internal Structure'
"""

from __future__ import annotations

from .search import Step

#: the classifier's phrase labels (its list has WHAVP, not WHADVP)
PHRASE_LABELS = frozenset(["S", "SBAR", "SBARQ", "SINV", "SQ", "ADJP", "ADVP", "CONJP", "FRAG",
                           "INTJ", "LST", "NAC", "NP", "NX", "PP", "PRN", "PRT", "QP", "RRC",
                           "UCP", "VP", "WHADJP", "WHAVP", "WHNP", "WHPP", "X"])

#: every class name, in the order the rules can produce them
CLASSES = ("Co-ordination", "PP Attachment", "NP Attachment", "VP Attachment",
           "Clause Attachment", "Modifier Attachment", "NP Internal Structure",
           "Single Word Phrase", "Different label", "XoverX Unary", "Unary",
           "UNSET move", "UNSET add", "UNSET remove")

COORDINATION = "CC"
CLAUSES = ("S", "SINV", "SBAR")


def classify(step: Step) -> str:
    """The class of one repair."""
    if step.kind == "move":
        return _move(step)
    name = _fixed(step)
    return name if name is not None else f"UNSET {step.kind}"


def _move(step: Step) -> str:
    edges = (step.start_left[-1:], step.start_right[:1], step.end_left[-1:],
             step.end_right[:1], step.movers[-1:], step.movers[:1])
    if any(COORDINATION in edge for edge in edges):
        return "Co-ordination"
    for labels, name in ((("PP",), "PP Attachment"), (("NP",), "NP Attachment"),
                         (("VP",), "VP Attachment"), (CLAUSES, "Clause Attachment"),
                         (("RB", "ADVP", "ADJP"), "Modifier Attachment")):
        if any(label in step.movers for label in labels):
            return name
    old, new = step.source[2], step.target[2]
    if ("NP" in old or "QP" in old) and ("NP" in new or "QP" in new):
        return "NP Internal Structure"
    return "UNSET move"


def _fixed(step: Step) -> str | None:
    """Relabel, add and remove (the order of the rules matters)."""
    if step.over_word:
        return "Single Word Phrase"
    if step.kind == "relabel":
        return "Different label"
    unary = _unary(step)
    if unary is not None:
        return unary
    subtrees, rest = step.subtrees, step.subtrees[1:]
    if "UCP" in step.label or step.right_siblings[:1] == (COORDINATION,):
        return "Co-ordination"
    if "PP" in rest:
        return "PP Attachment"
    if any(label in rest for label in CLAUSES):
        return "Clause Attachment"
    if "NP" in step.parent and not any(label in PHRASE_LABELS for label in subtrees):
        return "NP Internal Structure"
    if "ADVP" in step.label or "ADJP" in step.label or "ADVP" in rest or "ADJP" in rest:
        return "Modifier Attachment"
    if all(label == step.label for label in subtrees):
        return "NP Internal Structure" if step.label == "NP" else "Co-ordination"
    return None


def _unary(step: Step) -> str | None:
    if step.kind == "add" and len(step.subtrees) == 1:
        return "XoverX Unary" if step.subtrees[0] == step.label else "Unary"
    if step.kind == "remove":
        if step.family == 1:
            return "XoverX Unary" if step.parent == step.label else "Unary"
        if len(step.subtrees) == 1:
            return "Unary"
    return None
