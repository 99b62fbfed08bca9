"""The sentence-list columns of bracket files: EVALB's per-sentence rows, the rates
computed from them (:mod:`treeeval.bracket.sentence_rates`, the one definition), and the
parameters line of the header.
"""

from __future__ import annotations

from ..bracket.params import EvalbParams
from .model import Column

#: the per-system columns: key, title, decimals, definition
SYSTEM_COLUMNS = (
    ("stat", "Stat", 0, "EVALB's status: 0 scored, 1 Error (not scored), 2 Skip (empty test), "
                        "3 unparsed (-X)"),
    ("recall", "Recal", 2, "100 * matched / gold brackets"),
    ("prec", "Prec", 2, "100 * matched / test brackets"),
    ("f1", "F1", 2, "2PR / (P + R) of the sentence"),
    ("matched", "Match", 0, "brackets matched (span and label, EVALB's rules)"),
    ("gold", "Gold", 0, "gold brackets counted"),
    ("test", "Test", 0, "test brackets counted"),
    ("cross", "Cross", 0, "test brackets that cross a gold bracket"),
    ("words", "Words", 0, "words compared"),
    ("correct", "Corr", 0, "words with the gold part-of-speech tag"),
    ("tag", "Tag", 2, "100 * correct tags / words"),
)
#: the rate (a key of ``bracket.sentence_rates.RATES``) each rate column shows
RATE_COLUMNS = {"recall": "recall", "prec": "precision", "f1": "f1", "tag": "tag_accuracy"}
#: the per-system columns shown when there are two systems
PAIR_COLUMNS = ("stat", "f1", "recall", "prec", "cross")
#: the per-system columns shown with three systems or more (the list stays narrow)
MANY_COLUMNS = ("stat", "f1", "cross")


def params_summary(params: EvalbParams) -> str:
    """The parameters in force, on one line.

    >>> params_summary(EvalbParams(delete_label=[b"TOP", b","]))
    'LABELED 1 · CUTOFF_LEN 40 · MAX_ERROR 10 · DELETE_LABEL TOP ,'
    >>> params_summary(EvalbParams(rules="spmrl", unparsed=True)).split(" · ")[-1]
    'rules spmrl -X'
    """
    parts = [f"LABELED {params.labeled}", f"CUTOFF_LEN {params.cutoff_len}",
             f"MAX_ERROR {params.max_error}"]
    for name, values in (("DELETE_LABEL", params.delete_label),
                         ("DELETE_LABEL_FOR_LENGTH", params.delete_label_for_length),
                         ("QUOTE_LABEL", params.quote_label)):
        if values:
            parts.append(f"{name} " + " ".join(v.decode("latin-1") for v in values))
    for name, pairs in (("EQ_LABEL", params.eq_label), ("EQ_WORD", params.eq_word)):
        if pairs:
            parts.append(f"{name} " + ", ".join(f"{a.decode('latin-1')}={b.decode('latin-1')}"
                                                for a, b in pairs))
    if params.spmrl:
        parts.append(f"rules {params.rules}" + (" -X" if params.unparsed else ""))
    return " · ".join(parts)


#: how a ratio of the detail pane is shown (— when undefined)
RATIO = Column("ratio", "", 2)

