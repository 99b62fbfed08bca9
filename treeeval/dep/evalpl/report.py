"""The text report of the CoNLL-X ``eval.pl`` (v1.9) and CoNLL 2007 ``eval07.pl`` (v1.4).

:func:`evalpl_report` writes, byte for byte, the overall scores (all of ``-q``), the ``-b``
per-sentence table, and the full report: header, CPOSTAG accuracy and error-rate tables,
precision and recall of DEPREL and of DEPREL + ATTACHMENT, binned HEAD direction and
distance, the frame confusions, the focus words, the context tables, the sentences with
most errors, and (from :mod:`treeeval.dep.evalpl.errors`) the specific errors and the local
contexts involved in several of them.

eval.pl sorts the CPOSTAG rows, the frame confusions, the focus words, the contexts and the
specific errors by descending count and leaves ties in Perl's hash order, which depends on
the hash seed; here ties are in code-point order of the row's name.  Text columns are padded
by UTF-8 bytes, as Perl pads undecoded strings.

>>> import io
>>> gold = io.StringIO("1 Rain _ NN _ _ 2 SBJ\\n2 fell _ VBD _ _ 0 ROOT\\n3 . _ . _ _ 2 P\\n\\n")
>>> system = io.StringIO("1 Rain _ NN _ _ 2 OBJ\\n2 fell _ VBD _ _ 0 ROOT\\n3 . _ . _ _ 1 P\\n\\n")
>>> print(evalpl_report(gold, system, quiet=True), end="")
  Labeled   attachment score: 1 / 2 * 100 = 50.00 %
  Unlabeled attachment score: 2 / 2 * 100 = 100.00 %
  Label accuracy score:       1 / 2 * 100 = 50.00 %
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...arrays import BoolArray, IntArray, ObjectArray
from ...policy.inputs import shown
from ..engine import Evaluation
from .errors import specific_errors, uni_len
from .scoring import EvalplCorpus, Source, percent, read_evalpl

RULE = "  -----------+-------+-------+------+-------+------+-------+-------\n"
PR_RULE = "  ----------------+------+---------+--------+------------+---------------\n"
DIRECTIONS = ("to_root", "left", "right", "self")
DISTANCES = ("to_root", "1", "2", "3-6", "7-...")
#: frame confusions seen fewer times than this are not printed
FRAME_THRESHOLD = 5
#: how many of the words with most errors the focus-word table keeps (with ties, more)
FOCUS_WORDS = 5
#: how many contexts of each kind the context tables keep (with ties, more)
CONTEXTS = 3
START, END = ".S", ".E"


def evalpl_report(gold: Source, system: Source, *, punct: bool = False, quiet: bool = False,
                  evalb: bool = False, variant: str = "eval", gold_name: str | None = None,
                  system_name: str | None = None) -> str:
    """eval.pl's report for a gold and a system file.

    ``punct`` is the ``-p`` flag of the chosen ``variant``: for ``"eval"`` it scores
    punctuation, for ``"eval07"`` it leaves punctuation out.  ``quiet`` is ``-q``,
    ``evalb`` is ``-b``.  ``gold_name`` and ``system_name`` are the file names the header
    shows (by default the paths read).
    """
    return render_corpus(read_evalpl(gold, system, variant=variant), punct=punct, quiet=quiet,
                         evalb=evalb, variant=variant, gold_name=gold_name,
                         system_name=system_name)


def render_evalpl(evaluation: Evaluation) -> list[tuple[str, str]]:
    """The ``--report evalpl[:FLAGS]`` (or ``eval07``) output of a run: eval.pl's report of
    each parsed file, as (parsed file, text) sections."""
    settings = evaluation.settings
    flags = settings.report_flags
    variant = "eval" if settings.report_variant == "evalpl" else "eval07"
    return [(path, render_corpus(corpus, punct="p" in flags, quiet="q" in flags,
                                 evalb="b" in flags, variant=variant))
            for path, corpus in evaluation.evalpl]


def render_corpus(corpus: EvalplCorpus, *, punct: bool = False, quiet: bool = False,
                  evalb: bool = False, variant: str = "eval", gold_name: str | None = None,
                  system_name: str | None = None) -> str:
    """eval.pl's report of a corpus read by :func:`~.evalpl.read_evalpl` (the flags as in
    :func:`evalpl_report`)."""
    scoring = corpus.scored(punct, variant)
    parts = [_evalb_table(corpus, scoring)] if evalb else []
    parts.append(_overall(corpus, scoring))
    if not quiet:
        parts.append(_header(corpus, scoring, gold_name, system_name))
        parts += [section(corpus, scoring) for section in (
            _cpostag_tables, _deprel_tables, _bin_tables, _frame_confusions, _focus_words,
            _contexts, _worst_sentences, specific_errors)]
    return "".join(parts)


def _ljust(text: str, width: int) -> str:
    """``%-{width}s`` on Perl's undecoded strings: the width counts UTF-8 bytes."""
    return text + " " * (width - len(text.encode("utf-8")))


def _overall(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    head, label = corpus.head_errors[scoring], corpus.label_errors[scoring]
    tokens = len(head)
    rows = [("Labeled   attachment score:", int((head | label).sum())),
            ("Unlabeled attachment score:", int(head.sum())),
            ("Label accuracy score:      ", int(label.sum()))]
    return "".join(f"  {name} {tokens - errors} / {tokens} * 100 = "
                   f"{percent(errors, tokens):.2f} %\n" for name, errors in rows)


def _evalb_table(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The ``-b`` table: one row per non-empty sentence, then two blank lines."""
    count = len(corpus.sizes)
    per = {name: np.bincount(corpus.sentence[mask], minlength=count)
           for name, mask in (("tot", scoring), ("head", scoring & corpus.head_errors),
                              ("any", scoring & (corpus.head_errors | corpus.label_errors)))}
    lines = ["     Sent.          Attachment      Correct        Scoring          \n",
             "    ID Tokens  -   Unlab. Lab.   HEAD HEAD+DEPREL   tokens   - - - -\n",
             "  " + "=" * 76 + "\n"]
    for index in np.flatnonzero(corpus.sizes).tolist():
        tot, head, any_ = (int(per[name][index]) for name in ("tot", "head", "any"))
        scores = (f"{percent(head, tot):6.2f} {percent(any_, tot):6.2f}" if tot
                  else "   NaN    NaN")
        lines.append(f"  {index + 1:4d} {int(corpus.sizes[index]):4d}    0  {scores}  "
                     f"{tot - head:4d}    {tot - any_:4d}        {tot:4d}    0 0 0 0\n")
    return "".join(lines) + "\n\n"


def _header(corpus: EvalplCorpus, scoring: BoolArray, gold_name: str | None,
            system_name: str | None) -> str:
    return (f"\n  {'=' * 80}\n\n"
            f"  Evaluation of the results in {system_name or shown(corpus.system_path)}\n"
            f"  vs. gold standard {gold_name or shown(corpus.gold_path)}:\n\n"
            "  Legend: '.S' - the beginning of a sentence, '.E' - the end of a sentence\n\n"
            f"  Number of non-scoring tokens: {len(scoring) - int(scoring.sum())}\n\n")


def _cpostag_tables(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The accuracy and the error rate over CPOSTAGs, rows by descending number of words."""
    head, label = corpus.head_errors[scoring], corpus.label_errors[scoring]
    tags, inverse = np.unique(corpus.cpostags[scoring].astype(str), return_inverse=True)
    words = np.bincount(inverse, minlength=len(tags))
    masks = (head, label, head | label, head & label)
    errors = [np.bincount(inverse, weights=mask, minlength=len(tags)).astype(np.int64)
              for mask in masks]
    order = np.lexsort((np.arange(len(tags)), -words))
    rows = [("total", len(head), [int(mask.sum()) for mask in masks])]
    rows += [(str(tags[i]), int(words[i]), [int(e[i]) for e in errors]) for i in order.tolist()]

    def row(name: str, total: int, counts: tuple[int, ...], percents: tuple[float, ...]) -> str:
        cells = " | ".join(f"{c:5d} | {p:3.0f}%" for c, p in zip(counts, percents))
        return f"  {_ljust(name, 10)} | {total:5d} | {cells}\n"

    accuracy = ["  The overall accuracy and its distribution over CPOSTAGs\n\n", RULE,
                "  Accuracy   | words | right |   %  | right |   %  | both  |   %\n",
                "             |       | head  |      |  dep  |      | right |\n", RULE]
    rate = ["\n\n  The overall error rate and its distribution over CPOSTAGs\n\n", RULE,
            "  Error      | words | head  |   %  |  dep  |   %  | both  |   %\n",
            "  Rate       |       | err   |      |  err  |      | wrong |\n", RULE]
    for number, (name, total, (head_e, label_e, any_e, both_e)) in enumerate(rows):
        right = (total - head_e, total - label_e, total - any_e)
        accuracy.append(row(name, total, right, tuple(percent(e, total)
                                                      for e in (head_e, label_e, any_e))))
        wrong = (head_e, label_e, both_e)
        rate.append(row(name, total, wrong, tuple(e * 100.0 / total for e in wrong)))
        if number == 0:
            accuracy.append(RULE)
            rate.append(RULE)
    return "".join(accuracy + [RULE] + rate + [RULE])


def _pr_table(title: str, column: str, names: list[str], gold: IntArray,
              correct: IntArray, system: IntArray) -> str:
    """A precision and recall table; ``NaN`` where the gold or system count is 0."""
    lines = [f"\n\n  Precision and recall of {title}\n\n", PR_RULE,
             f"  {column:<15} | gold | correct | system | recall (%) | precision (%) \n",
             PR_RULE]
    for name, g, c, s in zip(names, gold.tolist(), correct.tolist(), system.tolist()):
        recall = f"{c / g * 100:.2f}" if g else "NaN"
        precision = f"{c / s * 100:.2f}" if s else "NaN"
        lines.append(f"  {_ljust(name, 15)} | {g:4d} | {c:7d} | {s:6d} | {recall:>10} | "
                     f"{precision:>13}\n")
    return "".join(lines)


def _counts(names: NDArray[np.str_], values: NDArray[np.str_],
            mask: BoolArray | None = None) -> IntArray:
    """How often each of the sorted ``names`` occurs in ``values`` (where ``mask``)."""
    selected = values if mask is None else values[mask]
    return np.bincount(np.searchsorted(names, selected), minlength=len(names))


def _deprel_tables(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """Precision and recall of DEPREL, and of DEPREL + ATTACHMENT, labels in code-point order."""
    gold = corpus.gold_labels[scoring].astype(str)
    system = corpus.system_labels[scoring].astype(str)
    head_ok = ~corpus.head_errors[scoring]
    names = np.unique(np.concatenate([gold, system]))
    totals = _counts(names, gold), _counts(names, system)
    label_ok = gold == system
    return (_pr_table("DEPREL", "deprel", names.tolist(), totals[0],
                      _counts(names, gold, label_ok), totals[1])
            + _pr_table("DEPREL + ATTACHMENT", "deprel", names.tolist(), totals[0],
                        _counts(names, gold, label_ok & head_ok), totals[1]))


def _direction(heads: IntArray, position: IntArray) -> IntArray:
    """The index in DIRECTIONS of each arc's bin."""
    return np.select([heads == 0, heads < position, heads > position], [0, 1, 2], 3)


def _distance(heads: IntArray, position: IntArray) -> IntArray:
    """The index in DISTANCES of each arc's bin (a head on the token itself is in ``1``)."""
    span = np.abs(heads - position)
    return np.select([heads == 0, span <= 1, span <= 2, span <= 6], [0, 1, 2, 3], 4)


def _bin_tables(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """Precision and recall of binned HEAD direction and distance: a bin match is correct."""
    position = corpus.position[scoring]
    parts = []
    for title, column, names, binning in (
            ("binned HEAD direction", "direction", DIRECTIONS, _direction),
            ("binned HEAD distance", "distance", DISTANCES, _distance)):
        gold = binning(corpus.gold_heads[scoring], position)
        system = binning(corpus.system_heads[scoring], position)
        size = len(names)
        parts.append(_pr_table(title, column, list(names), np.bincount(gold, minlength=size),
                               np.bincount(gold[gold == system], minlength=size),
                               np.bincount(system, minlength=size)))
    return "".join(parts)


def _frames(corpus: EvalplCorpus, scoring: BoolArray, side: str,
            labels: ObjectArray) -> ObjectArray:
    """The frame of every node (the virtual root of each sentence, then its tokens).

    A frame lists, in surface order, the labels of the node's scoring dependents and, at the
    node's own place, ``*label*`` with the node's gold label; a root frame starts ``** ``.
    ``side`` ("gold" or "system") names the HEADs, ``labels`` are that side's.
    """
    first_token = np.concatenate([[0], np.cumsum(corpus.sizes)[:-1]])
    node_base = first_token + np.arange(len(corpus.sizes))  # the root node of each sentence
    total = len(corpus.forms) + len(corpus.sizes)
    frames = np.full(total, "", dtype=object)
    frames[node_base] = "** "
    token = np.flatnonzero(scoring)
    sentence = corpus.sentence[token]
    position = corpus.position[token]
    heads = corpus.frame_nodes(scoring, side)
    inside = heads >= 0  # eval.pl never prints frames of absent nodes
    node = np.concatenate([(node_base[sentence] + heads)[inside], node_base[sentence] + position])
    order_in_sentence = np.concatenate([position[inside], position])
    own = np.concatenate([np.zeros(int(inside.sum()), dtype=np.int64),
                          np.ones(len(token), dtype=np.int64)])
    words = np.concatenate([labels[token][inside] + " ",
                            "*" + corpus.gold_labels[token] + "* "])
    order = np.lexsort((own, order_in_sentence, node))
    node, words = node[order], words[order]
    if len(node):
        firsts = np.flatnonzero(np.r_[True, node[1:] != node[:-1]])
        frames[node[firsts]] = frames[node[firsts]] + np.add.reduceat(words, firsts)
    return frames


def _frame_confusions(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """Differing gold/system frames seen at least FRAME_THRESHOLD times, most frequent first."""
    gold = _frames(corpus, scoring, "gold", corpus.gold_labels)
    system = _frames(corpus, scoring, "system", corpus.system_labels)
    differ = gold != system
    pairs, counts = np.unique((gold[differ] + "/ " + system[differ]).astype(str),
                              return_counts=True)
    order = np.lexsort((np.arange(len(pairs)), -counts))
    lines = ["\n\n  Frame confusions (gold versus system; *...* marks the head token)\n\n"]
    lines += [f"  {counts[i]:3d}  {pairs[i]}\n" for i in order.tolist()
              if counts[i] >= FRAME_THRESHOLD]
    return "".join(lines)


def _focus_words(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The words (``FORM / CPOSTAG``) with the most erroneous tokens, at least FOCUS_WORDS of them.

    A word is kept when its count of tokens with any error reaches the FOCUS_WORDS-th highest
    count; ``both`` is head + dep - any.
    """
    head, label = corpus.head_errors, corpus.label_errors
    wrong = scoring & (head | label)
    words, inverse = np.unique((corpus.forms[wrong] + " / " + corpus.cpostags[wrong]).astype(str),
                               return_inverse=True)
    any_, head_e, dep_e = (np.bincount(inverse, weights=mask, minlength=len(words)).astype(np.int64)
                           for mask in (np.ones(len(inverse)), head[wrong], label[wrong]))
    threshold = np.sort(any_)[::-1][FOCUS_WORDS - 1] if len(any_) >= FOCUS_WORDS else 0
    kept = np.flatnonzero(any_ >= threshold)
    kept = kept[np.lexsort((kept, -any_[kept]))]
    widths = {int(i): uni_len(str(words[i])) for i in kept}
    width = max([len("word"), *widths.values()])
    rule = f"  {'-' * width}-+------+------+------+------\n"
    lines = [f"\n\n  {len(kept)} focus words where most of the errors occur:\n\n",
             f"  {' ' * width} | any  | head | dep  | both\n", rule]
    lines += [f"  {words[i]}{' ' * (width - widths[i])} | {any_[i]:4d} | {head_e[i]:4d} | "
              f"{dep_e[i]:4d} | {head_e[i] + dep_e[i] - any_[i]:4d}\n" for i in kept.tolist()]
    return "".join(lines + [rule])


def _neighbour(corpus: EvalplCorpus, tokens: IntArray, offset: int,
               values: ObjectArray) -> ObjectArray:
    """``values`` of the token ``offset`` places from each of ``tokens`` (all tokens count,
    punctuation too), or ``.S`` / ``.E`` beyond the sentence."""
    position = corpus.position[tokens] + offset
    inside = (position >= 1) & (position <= corpus.sizes[corpus.sentence[tokens]])
    return np.where(inside, values[np.where(inside, tokens + offset, 0)],
                    START if offset < 0 else END)


def _split_plus(text: str) -> list[str]:
    """Perl's ``split(/\\+/, text)``: trailing empty fields dropped."""
    parts = text.split("+")
    while parts and not parts[-1]:
        parts.pop()
    return parts


Counts = dict[str, tuple[int, int, int]]


def _context_counts(keys: ObjectArray, head: BoolArray, dep: BoolArray) -> Counts:
    """Per context: (tokens with an error, head errors, dependency errors)."""
    names, inverse = np.unique(keys.astype(str), return_inverse=True)
    counts = [np.bincount(inverse, weights=w, minlength=len(names)).astype(np.int64).tolist()
              for w in (np.ones(len(keys)), head, dep)]
    return {name: (tot, h, d) for name, tot, h, d in zip(names.tolist(), *counts)}


def _top(counts: Counts) -> Counts:
    """The contexts whose count reaches the CONTEXTS-th highest (all when there are fewer)."""
    values = sorted((c[0] for c in counts.values()), reverse=True)
    threshold = values[CONTEXTS - 1] if len(values) >= CONTEXTS else 0
    return {k: v for k, v in counts.items() if v[0] >= threshold}


def _contexts(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The CPOSTAG and word contexts, one and two tokens before and after, of the erroneous
    tokens.

    Word contexts exist only next to a real token; a one-token context is dropped when a
    two-token context that starts (after) or ends (before) with it has at most one error
    fewer, which the ``+`` split of eval.pl only ever finds for CPOSTAG contexts.
    """
    head, dep = corpus.head_errors, corpus.label_errors
    tokens = np.flatnonzero(scoring & (head | dep))
    head, dep = head[tokens], dep[tokens]
    words, tags = {}, {}
    for offset in (-2, -1, 1, 2):
        word = _neighbour(corpus, tokens, offset, corpus.forms)
        tag = _neighbour(corpus, tokens, offset, corpus.cpostags)
        edge = START if offset < 0 else END
        words[offset] = np.where(word != edge, word + " / " + tag, word), word != edge
        tags[offset] = tag
    kinds = {}
    for name, first, second in (("bef", -2, -1), ("aft", 1, 2)):
        near = -1 if name == "bef" else 1
        real = words[near][1]
        one_word = _context_counts(words[near][0][real], head[real], dep[real])
        two_words = _context_counts((words[first][0] + " + " + words[second][0])[real],
                                    head[real], dep[real])
        one_tag = _context_counts(tags[near], head, dep)
        two_tags = _context_counts(tags[first] + "+" + tags[second], head, dep)
        field = 1 if name == "bef" else 0
        for one, two in ((one_word, two_words), (one_tag, two_tags)):
            for key, (total, _, _) in list(two.items()):
                parts = _split_plus(key)
                part = parts[field] if len(parts) > field else ""
                if part in one and one[part][0] - total <= 1:
                    del one[part]
        kinds[name] = {1: (_top(one_word), _top(one_tag)), 2: (_top(two_words), _top(two_tags))}
    tables = [kinds["bef"][1], kinds["bef"][2], kinds["aft"][1], kinds["aft"][2]]
    word_width = max([0, *(uni_len(k) for w, _ in tables for k in w)])
    tag_width = max([0, *(len(k.encode("utf-8")) for _, t in tables for k in t)])
    titles = ("one-token preceeding", "two-token preceeding", "one-token following",
              "two-token following")
    text = "".join(f"  {title} contexts where most of the errors occur:\n\n"
                   + _context_table(w, t, word_width, tag_width)
                   for title, (w, t) in zip(titles, tables))
    return "\n\n" + text.removesuffix("\n\n")


def _context_table(words: Counts, tags: Counts, word_width: int, tag_width: int) -> str:
    """One context table: CPOSTAG contexts on the left, word contexts on the right."""
    rule = (f"  {'-' * tag_width}-+------+------+------+-------++--{'-' * word_width}"
            "-+------+------+------+-----\n")
    lines = [f"  {_ljust('CPOS', tag_width)} | any  | head | dep  | both  ||  "
             f"{_ljust('word', word_width)} | any  | head | dep  | both\n", rule]
    by_count = [sorted(d.items(), key=lambda item: (-item[1][0], item[0])) for d in (tags, words)]

    def cells(item: tuple[str, tuple[int, int, int]] | None, text: str) -> str:
        if item is None:
            return f"  {text} |      |      |      |     "
        _, (tot, h, d) = item
        return f"  {text} | {tot:4d} | {h:4d} | {d:4d} | {h + d - tot:4d}"

    for i in range(max(len(by_count[0]), len(by_count[1]))):
        tag = by_count[0][i] if i < len(by_count[0]) else None
        word = by_count[1][i] if i < len(by_count[1]) else None
        tag_text = _ljust(tag[0] if tag else " ", tag_width)
        word_text = (word[0] + " " * (word_width - uni_len(word[0])) if word
                     else _ljust(" ", word_width))
        lines.append(cells(tag, tag_text) + "  ||" + cells(word, word_text) + "\n")
    return "".join(lines + [rule, "\n\n"])


def _worst_sentences(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The first sentence with the most word, head and dependency errors (scoring tokens)."""
    count = len(corpus.sizes)
    head, dep = scoring & corpus.head_errors, scoring & corpus.label_errors
    errors = {name: np.bincount(corpus.sentence[mask], minlength=count)
              for name, mask in (("word", head | dep), ("head", head), ("dependency", dep))}
    parts = []
    for name in errors:
        best = int(np.argmax(errors[name]))
        parts.append(f"\n\n  Sentence with the highest number of {name} errors:\n"
                     f"   Sentence {best + 1} line {int(corpus.starts[best])}, "
                     f"{errors['head'][best]} head errors, {errors['dependency'][best]} "
                     f"dependency errors, {errors['word'][best]} word errors\n")
    return "".join(parts)
