"""``treeeval disco GOLD PARSES [PARAM]``: read both files, compare each parse with the gold
sentence of the same key, print what ``discodop eval`` prints.

The parses decide which sentences are scored, in their order, each matched with the gold
sentence of its key (a gold sentence no parse has is left out; a parse without a gold
sentence is an error).  Both files are read one sentence at a time.

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "gold").write_text("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\\n")
>>> _ = (folder / "parses").write_text("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\\n")
>>> out = io.BytesIO()
>>> run_disco(DiscoSettings(str(folder / "gold"), str(folder / "parses"), fmt="discbracket"),
...           out)
0
>>> print(out.getvalue().decode().split("\\n\\n")[-1], end="")
__________ Summary (ALL) __________
number of sentences:            1
longest sentence:               4
gold brackets (disc.):          2 (1)
cand. brackets (disc.):         3 (0)
labeled recall:             50.00
labeled precision:          33.33
labeled f-measure:          40.00
exact match:                 0.00
pos accuracy:               75.00
"""

from __future__ import annotations

import decimal
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from ..errors import InputError
from ..model.disc_trees import DiscSentence
from ..policy.inputs import shown
from .corpus import NUMBERED, key_kind, no_trees, read_corpus
from .debug import DebugOptions, debug_lines
from .head_dependencies import read_head_rules
from .pairs import OptionalScores, ScoreCrash, compare
from .params import DiscoParams, read_params
from .report import DiscoCrash, breakdowns, header, joined, sentence_line, summary
from .totals import Breakdowns, DiscoTotals, counted

if TYPE_CHECKING:
    from .sentence_rows import SentenceRows  # numpy: imported by those who fill the rows

@dataclass
class DiscoSettings:
    """The command line of ``treeeval disco``, spelt as ``discodop eval``'s."""

    gold: str
    parses: str
    param: str | None = None
    cutofflen: int | None = None
    verbose: bool = False
    debug: bool = False
    disconly: bool = False
    fmt: str | None = None
    goldfmt: str = "export"
    parsesfmt: str = "export"
    goldenc: str = "utf8"
    parsesenc: str = "utf8"
    functions: str = "remove"
    morphology: str = "no"
    la: bool = False
    ted: bool = False
    headrules: str | None = None


@dataclass
class DiscoRun:
    """What a run leaves besides its report, filled as it goes (so that a run stopped by
    an error leaves what it scored): the summary's totals (all sentences, those up to
    ``cutoff``), the breakdowns, each scored sentence's row when ``rows`` is given, how
    many pairs were scored, and once the gold file is read to its end, its sentences."""

    rows: SentenceRows | None = None
    totals: DiscoTotals = field(default_factory=lambda: DiscoTotals(False))
    upto: DiscoTotals = field(default_factory=lambda: DiscoTotals(False))
    tables: Breakdowns = field(default_factory=Breakdowns)
    cutoff: int = 0
    scored: int = 0
    gold_sentences: int | None = None
    #: the optional scores asked (leaf-ancestor, tree distance, dependencies)
    la: bool = False
    ted: bool = False
    dep: bool = False


def read_sentences(path: str, fmt: str, encoding: str,
                   settings: DiscoSettings) -> Iterator[DiscSentence]:
    """The sentences of ``path`` in ``fmt``, relabelled as ``settings`` (``--functions``,
    ``--morphology``) say, one at a time."""
    return read_corpus(path, fmt, encoding, settings.functions, settings.morphology)


def in_effect(settings: DiscoSettings) -> tuple[DiscoParams, int, int, int, bool]:
    """The parameters, and what is in effect of the options and the file: the cutoff, the
    leaf-ancestor and tree-distance scores (LA, TED), dependencies (``--headrules``)."""
    params = read_params(settings.param)
    cutoff = params.cutoff_len if settings.cutofflen is None else settings.cutofflen
    return (params, cutoff, params.numbers["LA"] | settings.la,
            params.numbers["TED"] | settings.ted, settings.headrules is not None)


def count_gold(settings: DiscoSettings) -> int:
    """The number of sentences of the gold file (read to its end)."""
    return sum(1 for _ in read_corpus(settings.gold, settings.fmt or settings.goldfmt,
                                      settings.goldenc))


def _debug_level(params: DiscoParams, settings: DiscoSettings) -> int | bool:
    """discodop's DEBUG: the file's, raised by --verbose (to True) and --debug (to 2)."""
    level: int | bool = max(params.numbers["DEBUG"], settings.verbose, 2 * settings.debug)
    return level


def _shown_params(params: DiscoParams, debug: int | bool, cutoff: int, disc_only: bool,
                  la: int, ted: int, dep: bool) -> list[str]:
    numbers = params.numbers
    values: dict[str, object] = {
        "DEBUG": debug, "MAX_ERROR": numbers["MAX_ERROR"], "CUTOFF_LEN": cutoff,
        "LABELED": numbers["LABELED"],
        "DELETE_LABEL_FOR_LENGTH": _set(params.delete_label_for_length),
        "DELETE_LABEL": _set(params.delete_label), "DELETE_WORD": _set(params.delete_word),
        "EQ_LABEL": params.eq_label, "EQ_WORD": params.eq_word, "DISC_ONLY": disc_only,
        "LA": la, "TED": ted, "DEP": dep,
        "DELETE_ROOT_PRETERMS": numbers["DELETE_ROOT_PRETERMS"]}
    return ["Parameters:"] + [f"{key}\t{value}" for key, value in values.items()]


def _set(items: list[str]) -> str:
    return "{" + ", ".join(repr(item) for item in items) + "}" if items else "set()"


def run_disco(settings: DiscoSettings, out: BinaryIO, run: DiscoRun | None = None) -> int:
    """Score ``settings.parses`` against ``settings.gold``, write the report to ``out``;
    the exit status (InputError and DiscoCrash are raised after what precedes them is
    written).  ``run``, when given, receives the totals as they are counted."""
    params, cutoff, la, ted, dep = in_effect(settings)
    debug = _debug_level(params, settings)
    goldfmt = settings.fmt or settings.goldfmt
    parsesfmt = settings.fmt or settings.parsesfmt
    lines: list[str] = []
    with decimal.localcontext(decimal.Context()):
        try:
            return _evaluate(settings, params, goldfmt, parsesfmt, cutoff, debug,
                             (la, ted, dep), lines, out, run or DiscoRun())
        finally:
            out.write(joined(lines).encode("utf-8"))


def _evaluate(settings: DiscoSettings, params: DiscoParams, goldfmt: str, parsesfmt: str,
              cutoff: int, debug: int | bool, extras: tuple[int, int, bool],
              lines: list[str], out: BinaryIO, run: DiscoRun) -> int:
    la, ted, dep = extras
    disc_only = settings.disconly
    run.la, run.ted, run.dep, run.cutoff = bool(la), bool(ted), dep, cutoff
    scores = OptionalScores(bool(la), bool(ted),
                            read_head_rules(settings.headrules) if settings.headrules else None)
    gold = read_sentences(settings.gold, goldfmt, settings.goldenc, settings)
    parses = read_sentences(settings.parses, parsesfmt, settings.parsesenc, settings)
    first_gold = next(gold, None)
    if first_gold is None:
        raise no_trees("gold", settings.gold, goldfmt)
    first_parse = next(parses, None)
    if first_parse is None:
        raise no_trees("parses", settings.parses, parsesfmt)
    if debug >= 2:
        lines.extend([f"gold: {shown(settings.gold)}", f"parses: {shown(settings.parses)} ", ""])
    if debug >= 1:
        keys = [first_parse.key] + [s.key for s in read_sentences(
            settings.parses, parsesfmt, settings.parsesenc, settings)][1:]
        keylen = max(len(key) for key in keys)
        lines.extend(_shown_params(params, debug, cutoff, disc_only, la, ted, dep))
        lines.extend(header(keylen))
    run.totals, run.upto = acc, upto = DiscoTotals(disc_only), DiscoTotals(disc_only)
    tables = run.tables
    debug_options = DebugOptions(frozenset(params.delete_label), bool(la), bool(ted), dep)
    read = 1  # gold sentences read
    pending: dict[str, tuple[int, DiscSentence]] = {first_gold.key: (0, first_gold)}
    if (goldfmt in NUMBERED) != (parsesfmt in NUMBERED):
        raise InputError(f"sentence {first_parse.key} is not in the gold file {settings.gold} "
                         f"(discodop keys {goldfmt} sentences by {key_kind(goldfmt)} and "
                         f"{parsesfmt} sentences by {key_kind(parsesfmt)}: it pairs none)",
                         path=settings.parses, line=first_parse.line or None)
    bracketed: DiscSentence | None = None  # the first parse with a bracket counted
    for cand in _chain(first_parse, parses):
        match = pending.pop(cand.key, None)
        while match is None:
            found = next(gold, None)
            if found is None:
                raise InputError(f"sentence {cand.key} is not in the gold file "
                                 f"{settings.gold}", path=settings.parses,
                                 line=cand.line or None)
            if found.key == cand.key:
                match = (read, found)
            else:
                pending[found.key] = (read, found)
            read += 1
        pair = compare(cand.key, match[1], cand, params, disc_only, settings.parses, scores,
                       settings.gold)
        acc.add(pair)
        tables.add(pair)
        if bracketed is None and pair.cand_brackets:
            bracketed = cand
        if pair.length <= cutoff:
            upto.add(pair)
        run.scored += 1
        if run.rows is not None:
            run.rows.add(match[0], pair, counted(pair, disc_only))
        if debug >= 2:
            debug_lines(pair, debug_options, (match[1], cand), settings.parses, lines)
            lines.extend(header(keylen))
        if debug >= 1:
            lines.append(sentence_line(pair, keylen, bool(la), bool(ted), dep))
            if len(lines) >= 256:
                out.write(joined(lines).encode("utf-8"))
                lines.clear()
    run.gold_sentences = read + sum(1 for _ in gold)
    if params.numbers["LABELED"] and debug != -1:
        try:
            breakdowns(tables, acc, 10 if debug <= 0 else None, lines)
        except DiscoCrash as exc:  # no gold bracket: located at the first parse with one
            where = bracketed or first_parse
            raise ScoreCrash(f"sentence {where.key} is the first parse with brackets, and the "
                             f"gold has none: {exc}", path=settings.parses,
                             line=where.line or None) from None
    lines.append(summary(acc, upto, cutoff, bool(la), bool(ted), dep))
    return 0


def _chain(first: DiscSentence, rest: Iterator[DiscSentence]) -> Iterator[DiscSentence]:
    yield first
    yield from rest


__all__ = ["DiscoCrash", "DiscoRun", "DiscoSettings", "run_disco"]
