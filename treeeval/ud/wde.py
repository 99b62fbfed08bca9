"""Word dependency entropy (WDE), Callin (2016), and the table of ``treeeval wde``.

The paper's definition, in our words: for a treebank ``t`` and a relation ``r``, take the
probability distribution ``p(w | r, t)`` of the words ``w`` that occur as the dependent of
``r`` in ``t``.  Its entropy ``H`` is divided by its upper bound ``log n_w``, where ``n_w``
is the size of the vocabulary, so that the value lies in [0, 1]::

    WDE(r, t) = H(p(w | r, t)) / log n_w

Over a set of treebanks ``T`` the *averaged* WDE is the plain mean of ``WDE(r, t)`` over
all ``t`` in ``T``; a relation that does not occur in a treebank counts as 0.5 there (the
paper's penalty for a relation missing from a treebank: neither function nor content).
Function relations take few distinct words (closed classes), so their WDE is low.

What the paper leaves open, and what we chose (the author's published notebook does the
same): ``w`` is the word form (FORM) of the *dependent*, as written (case-sensitive, not
lowercased); the words are the syntactic words of the treebank (CoNLL-U multiword-token
ranges and empty nodes are not words); ``r`` is the universal relation (the label up to its
first ``:``, as the paper removes fine-grained relations); ``n_w`` is the number of distinct
forms in the whole treebank, all relations together; the logarithm base cancels out.  A
treebank with a single distinct form has ``log n_w = 0``: its WDE is 0.

>>> counts = count_relation_words(["det", "det", "det", "det", "nsubj:pass"],
...                               ["the", "the", "a", "an", "dogs"])
>>> {r: round(v, 4) for r, v in word_dependency_entropy(counts).items()}
{'det': 0.75, 'nsubj': 0.0}
>>> averaged_wde([{"det": 0.2}, {"det": 0.4, "nmod": 0.9}])
{'det': 0.30000000000000004, 'nmod': 0.7}
"""

from __future__ import annotations

import io
import math
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, BinaryIO

import numpy as np

from ..errors import InputError, UsageError
from ..policy.inputs import plain_name
from ..policy.notices import Notices
from ..policy.outputs import check_not_input, output_file
from ..stats.rates import UNDEFINED
from .relation_classes import load_relation_classes, table_lines

#: the averaged-WDE value of a relation in a treebank that does not have it
MISSING_WDE = 0.5



@dataclass
class RelationWordCounts:
    """How often each (universal relation, dependent form) pair occurs in one treebank."""

    relations: np.ndarray
    forms: np.ndarray
    counts: np.ndarray
    #: number of distinct forms in the treebank (the vocabulary size n_w)
    vocabulary: int

    @classmethod
    def from_counter(cls, pairs: Mapping[tuple[str, str], int]) -> RelationWordCounts:
        """From a mapping (label, form) -> count; labels are cut at their first ``:``."""
        names, codes = encode_relations([label for label, _ in pairs])
        forms = np.array([form for _, form in pairs], dtype=str)
        counts = np.fromiter(pairs.values(), dtype=np.int64, count=len(pairs))
        return count_relation_codes(names, codes, forms, counts)


def encode_relations(labels: Sequence[str] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct universal relations (sorted) and each label's index among them.

    The universal relation is the label up to its first ``:`` (``nmod:poss`` -> ``nmod``).

    >>> names, codes = encode_relations(["nmod:poss", "det", "acl:relcl:x", "nmod"])
    >>> names.tolist(), codes.tolist()
    (['acl', 'det', 'nmod'], [2, 1, 0, 2])
    """
    array = np.asarray(labels, dtype=str).reshape(-1)
    labels_seen, label_codes = np.unique(array, return_inverse=True)
    cut = np.array([label.split(":", 1)[0] for label in labels_seen.tolist()], dtype=str)
    names, name_codes = np.unique(cut, return_inverse=True)
    return names, name_codes[label_codes].astype(np.int64)


def count_relation_words(labels: Sequence[str] | np.ndarray,
                         forms: Sequence[str] | np.ndarray) -> RelationWordCounts:
    """Count (universal relation, form) pairs over parallel per-word arrays."""
    names, codes = encode_relations(labels)
    return count_relation_codes(names, codes, np.asarray(forms, dtype=str))


def count_relation_codes(names: np.ndarray, codes: np.ndarray, forms: np.ndarray,
                         counts: np.ndarray | None = None) -> RelationWordCounts:
    """Count (relation, form) pairs given relations as indices into ``names``; ``counts``
    (default 1 each) is how often each row occurs."""
    forms = forms.reshape(-1)
    if codes.shape != forms.shape:
        raise ValueError("labels and forms must have the same length")
    if forms.size == 0:
        empty = np.array([], dtype=str)
        return RelationWordCounts(empty, empty, np.array([], dtype=np.int64), 0)
    form_names, form_codes = np.unique(forms, return_inverse=True)
    pair_codes = codes * len(form_names) + form_codes
    pairs, pair_index = np.unique(pair_codes, return_inverse=True)
    totals = np.bincount(pair_index, weights=counts).astype(np.int64)
    return RelationWordCounts(names[pairs // len(form_names)],
                              form_names[pairs % len(form_names)], totals, len(form_names))


def read_relation_words(path: str | os.PathLike[str]) -> RelationWordCounts:
    """Count (relation, form) pairs of a CoNLL-U or CoNLL-X file in one streaming pass.

    Memory grows with the number of distinct pairs, not with the length of the file.
    """
    from ..formats.conll import read_conll

    pairs: Counter[tuple[str, str]] = Counter()
    for sentence in read_conll(path):
        pairs.update(zip(sentence.labels, sentence.forms))
    return RelationWordCounts.from_counter(pairs)


def word_dependency_entropy(counts: RelationWordCounts) -> dict[str, float]:
    """WDE(r, t) of every relation of one treebank: H(p(w | r, t)) / log n_w."""
    if counts.counts.size == 0:
        return {}
    names, codes = np.unique(counts.relations, return_inverse=True)
    frequency = counts.counts.astype(np.float64)
    totals = np.bincount(codes, weights=frequency, minlength=len(names))
    weighted_logs = np.bincount(codes, weights=frequency * np.log(frequency),
                                minlength=len(names))
    entropy = np.maximum(np.log(totals) - weighted_logs / totals, 0.0)
    bound = math.log(counts.vocabulary) if counts.vocabulary > 1 else 0.0
    values = entropy / bound if bound > 0 else np.zeros_like(entropy)
    return dict(zip(names.tolist(), values.tolist()))


def averaged_wde(per_treebank: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Mean WDE over the treebanks, 0.5 for a treebank without the relation (sorted by name)."""
    relations = sorted(set().union(*per_treebank)) if per_treebank else []
    return {relation: sum(values.get(relation, MISSING_WDE) for values in per_treebank)
            / len(per_treebank) for relation in relations}


def write_weights(weights: Mapping[str, float], stream: IO[str], comment: str = "") -> None:
    """A weights file: ``relation<TAB>weight`` lines, in the order given, after comments."""
    if comment:
        for line in comment.splitlines():
            stream.write(f"# {line}".rstrip() + "\n")
    for relation, weight in weights.items():
        stream.write(f"{relation}\t{weight!r}\n")


def load_weights(path: str | os.PathLike[str]) -> dict[str, float]:
    """Read a weights file (``relation<TAB>weight``; ``#`` comments and blank lines skipped).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
    ...     _ = f.write("# averaged WDE\\ndet\\t0.25\\nnmod\\t0.75\\n")
    >>> load_weights(f.name)
    {'det': 0.25, 'nmod': 0.75}
    >>> os.remove(f.name)
    """
    name = os.fspath(path)
    weights: dict[str, float] = {}
    for number, line, fields in table_lines(name):
        if len(fields) != 2 or not fields[0]:
            raise InputError("expected RELATION<TAB>WEIGHT", path=name, line=number,
                             column=1, source_line=line)
        relation, text = fields
        try:
            weight = float(text)
        except ValueError:
            weight = math.nan
        if not math.isfinite(weight) or weight < 0:
            raise InputError(f"weight must be a number of 0 or more, found {text!r}", path=name,
                             line=number, column=len(relation) + 2, source_line=line)
        if relation in weights:
            raise InputError(f"relation {relation!r} is listed twice", path=name, line=number,
                             column=1, source_line=line)
        weights[relation] = weight
    return weights


def treebank_names(paths: Sequence[str]) -> list[str]:
    """Column names: the file name without a CoNLL extension, with its folder where names
    clash, and the whole path where that still clashes.

    >>> treebank_names(["a/en.conllu", "b/fi.conllx", "b/en.conllu", "en-ud-test.r1.2.conllu"])
    ['a/en', 'fi', 'b/en', 'en-ud-test.r1.2']
    """
    paths = [plain_name(path) for path in paths]
    stems = [_strip_extension(Path(path).name) for path in paths]
    names = [f"{Path(path).parent.name}/{stem}" if stems.count(stem) > 1 else stem
             for path, stem in zip(paths, stems)]
    return [path if names.count(name) > 1 else name for path, name in zip(paths, names)]


def _strip_extension(name: str) -> str:
    for extension in (".conllu", ".conllx", ".conll"):
        if name.endswith(extension):
            return name[:-len(extension)]
    return name


def render_wde_table(names: Sequence[str], per_treebank: Sequence[Mapping[str, float]],
                     classes: Mapping[str, str]) -> str:
    """Relation, class, WDE per treebank (``—`` where missing: 0.5 in the average), average.

    Rows are sorted by averaged WDE, lowest first; a summary gives the mean averaged WDE of
    each class.

    >>> print(render_wde_table(["t1"], [{"det": 0.25, "nsubj": 0.75}],
    ...                        {"det": "function", "nsubj": "content"}), end="")
    relation   class        t1  average
    det        function 0.2500   0.2500
    nsubj      content  0.7500   0.7500
    <BLANKLINE>
    mean averaged WDE by class: function 0.2500 (1), content 0.7500 (1), other — (0)
    """
    averages = averaged_wde(per_treebank)
    order = sorted(averages, key=lambda relation: (averages[relation], relation))
    width = max([len(relation) for relation in order] + [10])
    columns = [max(len(name), 6) for name in names]
    header = [f"{'relation':<{width}} {'class':<8}"]
    header += [f"{name:>{size}}" for name, size in zip(names, columns)]
    lines = [" ".join(header) + "  average"]
    for relation in order:
        cells = [f"{relation:<{width}} {classes.get(relation, 'other'):<8}"]
        for values, size in zip(per_treebank, columns):
            value = values.get(relation)
            cells.append(f"{UNDEFINED if value is None else format(value, '.4f'):>{size}}")
        lines.append(" ".join(cells) + f"  {averages[relation]:>7.4f}")
    summary = []
    for name in ("function", "content", "other"):
        members = [averages[r] for r in order if classes.get(r, "other") == name]
        mean = format(sum(members) / len(members), ".4f") if members else UNDEFINED
        summary.append(f"{name} {mean} ({len(members)})")
    lines += ["", "mean averaged WDE by class: " + ", ".join(summary)]
    return "\n".join(lines) + "\n"


def _relation_words(path: str, notices: Notices) -> RelationWordCounts:
    """The (relation, form) counts of a treebank, with a notice when it has no word (each
    relation then counts :data:`MISSING_WDE` for it in the average)."""
    counts = read_relation_words(path)
    if counts.counts.size == 0:
        notices.add(f"holds no word: every relation counts {MISSING_WDE} for it in the average",
                    path=path)
    return counts


def write_wde(paths: Sequence[str], classes_path: str | None, output: str | None,
              out: BinaryIO, notices: Notices) -> None:
    """``treeeval wde``: the WDE table of ``paths`` on ``out`` and, with ``output``, the
    averaged WDE as a weights file (never written over an input)."""
    if not paths:
        raise UsageError("expected at least one TREEBANK file (see treeeval wde -h)")
    if output is not None:
        check_not_input(output, [*paths, classes_path])
    classes = load_relation_classes(classes_path)
    per_treebank = [word_dependency_entropy(_relation_words(path, notices)) for path in paths]
    out.write(render_wde_table(treebank_names(paths), per_treebank, classes).encode("utf-8"))
    if output is not None:
        averages = averaged_wde(per_treebank)
        text = io.StringIO()
        write_weights(averages, text, comment=(
            "averaged word dependency entropy (Callin 2016) written by treeeval wde\n"
            f"over {len(paths)} treebank(s): {', '.join(treebank_names(paths))}\n"
            f"relations missing from this file weigh {MISSING_WDE}"))
        with output_file(output, [*paths, classes_path]) as stream:
            stream.write(text.getvalue())
