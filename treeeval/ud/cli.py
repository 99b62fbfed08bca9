"""``treeeval ud``: the command line of the CoNLL 2018 (and 2017) UD scorers.

>>> options = parse_ud_args(["-v", "--callin-weights", "w.tsv", "gold.conllu", "sys.conllu"])
>>> options.mode, options.callin, options.callin_weights, options.pairs
('verbose', True, 'w.tsv', [('gold.conllu', 'sys.conllu')])
>>> options = parse_ud_args(["--stat", "ar", "g.conllu", "a.conllu", "b.conllu"])
>>> options.pairs, options.comparing.stat, options.systems
([('g.conllu', 'a.conllu'), ('g.conllu', 'b.conllu')], 'ar', True)
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ..arguments import (
    Comparing,
    add_comparison,
    add_signature,
    add_strict,
    check_comparing,
    comparing,
    examples,
    parse_command,
    run_command,
    stat_plan,
)
from ..errors import InputError, TreeevalError, UsageError
from ..figures import figure_bytes, plot_paths
from ..figures.model import ratio_percent
from ..figures.ud_data import FIGURES, label_counts, ud_figures
from ..html import WORST, ArcRow, Arcs, Report, Sentence, SystemSentences, worst_sentences, write_html
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.inputs import input_file, input_pair, plain_name, shown, shown_text
from ..policy.notices import Notices
from ..policy.outputs import check_output, output_file
from ..tables import ComparisonTable
from ..tables import render as render_table
from ..tables.comparison import metric_list, signature_fields, system_names
from .api import UDResult, evaluate_ud, read_weights
from .callin import CallinScores, render_callin
from .compare import check_stat, comparison_table
from .metrics import CONLL17_METRICS, CONLL18_METRICS, Score
from .relation_classes import load_relation_classes
from .report import MAIN_METRICS, macro_average, percent, render, render_macro, score_json
from .stream import score_pieces
from .wde import load_weights as load_wde_weights
from .words import NO_WORD, UNALIGNED_HEAD, GoldWords, gold_words

DESCRIPTION = """\
Score a CoNLL-U file against gold as the CoNLL 2018 UD shared task scorer does (same
output, byte for byte).  Several pairs (or two folders, paired by file name) give one report
per treebank and the macro-average, a failed treebank counting as 0.  A gold file and several
system files give each system's report and their comparison table, with --stat each system
tested against the baseline on every metric."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The scorers' options, treeeval's and the files (a pair, pairs or two folders)."""
    parser.usage = """%(prog)s [-v | -c] [--conll17 [-w WEIGHTS]] [--multiple-roots-okay] [--json]
                   [--callin [--callin-weights FILE] [--callin-classes FILE]] [--signature]
                   GOLD SYSTEM
       treeeval ud [options] [--stat {bootstrap,ar} [--seed N] [--resamples N]]
                   [--baseline SYS] [--metrics LIST] [--format F] [--plot FILE]
                   [--html FILE] GOLD SYS1 [SYS2 ...]
       treeeval ud [options] GOLD:SYSTEM [GOLD:SYSTEM ...]
       treeeval ud [options] GOLD_DIR SYSTEM_DIR"""
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval ud -v gold/en_ewt.conllu system/en_ewt.conllu",
        "treeeval ud --stat bootstrap --metrics 'LAS;MLAS' --format latex --html report.html "
        "gold.conllu a.conllu b.conllu c.conllu",
        "treeeval ud gold/en.conllu:sys/en.conllu gold/fi.conllu:sys/fi.conllu")
    parser.add_argument("files", nargs="*", type=input_pair, metavar="GOLD SYSTEM",
                        help="a gold and a system file, a gold file and several system files, "
                             "GOLD:SYSTEM pairs or two folders")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="every metric: precision, recall, F1 and aligned accuracy")
    parser.add_argument("-c", "--counts", action="store_true",
                        help="every metric as counts: correct, gold, predicted, aligned")
    parser.add_argument("--conll17", action="store_true",
                        help="the CoNLL 2017 rules and report (no MLAS/BLEX, literal "
                             "Feats/Lemmas)")
    files = [parser.add_argument("-w", "--weights", metavar="FILE", type=input_file,
                                 help="conll17 only: add WeightedLAS with these DEPREL weights "
                                      "(implies -v)")]
    parser.add_argument("--multiple-roots-okay", action="store_true",
                        help="score sentences with several roots (the reference scorers "
                             "refuse)")
    parser.add_argument("--json", action="store_true",
                        help="write the scores as JSON (schema treeeval/1)")
    parser.add_argument("--callin", action="store_true",
                        help="add Callin's content/function metrics, WLAS and STTR (docs/ud.md)")
    files.append(parser.add_argument(
        "--callin-weights", metavar="FILE", type=input_file,
        help="WLAS weights (relation<TAB>weight, as treeeval wde -o writes); default: the word "
             "dependency entropy of the gold file itself"))
    files.append(parser.add_argument(
        "--callin-classes", metavar="FILE", type=input_file,
        help="relation classes (relation<TAB>function|content|other); default: the table of "
             "Callin's paper"))
    add_comparison(parser, metrics_example="LAS;MLAS;BLEX",
                   stat_help="test each system against the baseline on every metric: paired "
                             "bootstrap (95%% CIs) or approximate randomization over gold "
                             "sentences (mcnemar does not apply to F1 metrics)",
                   plot="the UD figures (LAS, MLAS and BLEX F1 by sentence length; LAS F1 "
                        "by dependency label)",
                   html="the comparison table, the UD figures and each system's "
                        f"{WORST} worst sentences by LAS, gold and system side by side")
    add_signature(parser)
    add_strict(parser)
    for action in files:
        action.needs = "a file name"


@dataclass
class UDOptions:
    """The parsed command line of ``treeeval ud``."""

    pairs: list[tuple[str, str]] = field(default_factory=list)
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
    systems: bool = False
    #: the options of several systems (``--stat``, ``--format``, ``--plot``, ``--html`` ...)
    comparing: Comparing = Comparing()


def ud_options(args: argparse.Namespace) -> UDOptions:
    """The options of a parsed command line, with its pairs of files."""
    options = UDOptions(conll17=args.conll17, weights=args.weights,
                        multiple_roots_okay=args.multiple_roots_okay, json=args.json,
                        callin=args.callin, callin_weights=args.callin_weights,
                        callin_classes=args.callin_classes, signature=args.signature)
    verbose = args.verbose
    if options.callin_weights is not None or options.callin_classes is not None:
        options.callin = True
    if options.weights is not None:
        if not options.conll17:
            raise UsageError("-w/--weights needs --conll17 (WeightedLAS is a conll17 metric)")
        verbose = True
    options.mode = "counts" if args.counts else "verbose" if verbose else "default"
    options.pairs, options.several = _pairs(args.files)
    options.systems = len(options.pairs) > 1 and not options.several
    _comparison_options(args, options)
    return options


def _comparison_options(args: argparse.Namespace, options: UDOptions) -> None:
    """``--stat`` and its company: only with several systems (``--format`` also with one)."""
    given = comparing(args)
    if given.given and not options.systems:
        raise UsageError(f"{given.given[0]} needs several systems: GOLD SYS1 SYS2 [...]")
    if (given.format or given.metrics) and options.several:
        raise UsageError(f"{'--format' if given.format else '--metrics'} needs GOLD SYS1 "
                         "[SYS2 ...] (not pairs or folders)")
    if given.format and (options.json or options.callin):
        raise UsageError(f"--format cannot go with {'--json' if options.json else '--callin'}")
    check_comparing(given, several=options.systems, json=options.json)
    if (given.plot or given.html) and options.several:
        raise UsageError(f"{'--plot' if given.plot else '--html'} needs GOLD SYS1 [SYS2 ...] "
                         "(not pairs or folders)")
    inputs = _inputs(options)
    for path in given.plot:
        for target in plot_paths(path, FIGURES).values():
            check_output(target, inputs)
    if given.html:
        check_output(given.html, inputs)
    if given.stat is not None:
        check_stat(given.stat)
    options.comparing = given


def parse_ud_args(argv: Sequence[str]) -> UDOptions | None:
    """Parse the arguments of ``treeeval ud``; None means help was printed."""
    args = parse_command("ud", argv)
    return None if args is None else ud_options(args)


def _pairs(files: list[str]) -> tuple[list[tuple[str, str]], bool]:
    if _folders(files):
        gold_dir, system_dir = files
        names = _conllu_names(gold_dir)
        if not names:
            raise UsageError(f"no .conllu files in {gold_dir}")
        return [(os.path.join(gold_dir, n), os.path.join(system_dir, n)) for n in names], True
    plain = len(files) == 2 or not any(os.path.isdir(f) for f in files)
    if len(files) >= 2 and plain and not any(_is_pair(f) for f in files):
        return [(files[0], system) for system in files[1:]], False
    if not files:
        raise UsageError("expected GOLD and SYSTEM files (see treeeval ud -h)")
    pairs = []
    for item in files:
        split = _is_pair(item)
        if not split:
            raise UsageError(f"expected GOLD:SYSTEM, got {item!r} (or give GOLD SYS1 [SYS2 ...])")
        pairs.append(split)
    return pairs, True


def _conllu_names(folder: str) -> list[str]:
    """The ``.conllu`` files of a folder, sorted."""
    try:
        return sorted(n for n in os.listdir(folder) if n.endswith(".conllu"))
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=folder) from None


def _folders(files: list[str]) -> bool:
    """Whether the files are GOLD_DIR SYSTEM_DIR (pairs by file name)."""
    return len(files) == 2 and all(os.path.isdir(f) for f in files)


def _notice_unpaired(files: list[str], notices: Notices) -> None:
    """GOLD_DIR SYSTEM_DIR: a notice for each system file that no gold file pairs (not
    scored, and a user may take the macro-average for theirs)."""
    if not _folders(files):
        return
    gold = set(_conllu_names(files[0]))
    for name in _conllu_names(files[1]):
        if name not in gold:
            notices.add(f"no gold file {name} in {files[0]}: not scored",
                        path=os.path.join(files[1], name))


def _is_pair(item: str) -> tuple[str, str] | None:
    """``GOLD:SYSTEM`` split at the first colon whose left part is a file."""
    if os.path.exists(item):
        return None
    for index, char in enumerate(item):
        if char == ":" and os.path.exists(item[:index]):
            return item[:index], item[index + 1:]
    return None


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud``: returns the exit status."""
    options = ud_options(args)
    _notice_unpaired(args.files, args.notices)
    weights = _weights(options.weights, args.notices) if options.weights else None
    callin = _CallinTables.load(options) if options.callin else None

    def evaluate(gold: str, system: str) -> _Scored:
        if not options.callin and weights is None and not _drawing(options):
            pieces = score_pieces(gold, system, conll17=options.conll17,
                                  multiple_roots_okay=options.multiple_roots_okay,
                                  per_sentence=options.comparing.stat is not None)
            if pieces is not None:
                scored = _Scored(pieces.scores, per_sentence=pieces.per_sentence)
                return _notice_empty(scored, gold, system, args.notices)
        result = evaluate_ud(gold, system, conll17=options.conll17, weights=weights,
                             multiple_roots_okay=options.multiple_roots_okay)
        scored = _Scored(result.scores, callin.score(result) if callin else None,
                         result.per_sentence, result if _drawing(options) else None)
        return _notice_empty(scored, gold, system, args.notices)

    if options.systems or options.comparing.format:
        scored = [evaluate(*pair) for pair in options.pairs]
        table = _run_systems(options, scored, out, args.notices)
        _figures_and_report(options, scored, table, args.notices)
        return 0
    if not options.several:
        result = evaluate(*options.pairs[0])
        if options.json:
            document = _json_document(options, [_pair_json(*options.pairs[0], result)])
            out.write(json.dumps(document, indent=2).encode() + b"\n")
        else:
            out.write(_report(result, options).encode())
            if options.signature:
                out.write(signature.line(ud_signature(options)))
        _figures_and_report(options, [result], None, args.notices)
        return 0
    results: list[_Scored | None] = []
    documents = []
    for gold, system in options.pairs:
        try:
            result: _Scored | None = evaluate(gold, system)
        except TreeevalError as exc:
            result = None
            err.write(f"treeeval: error: {shown_text(str(exc))}\n".encode("utf-8", "replace"))
            documents.append({"gold": gold, "system": system, "status": "error",
                              "error": str(exc)})
        else:
            documents.append(_pair_json(gold, system, result))
        results.append(result)
        if not options.json:
            out.write(f"=== {_name(gold)}: {shown(gold)} {shown(system)}\n".encode())
            if result is None:
                out.write(b"failed (counted as 0)\n")
            else:
                out.write(_report(result, options).encode())
    average = macro_average([r.scores if r else None for r in results],
                            _averaged_metrics(options))
    failed = sum(r is None for r in results)
    if options.json:
        document = _json_document(options, documents)
        document["macro_average"] = {name: percent(f1) for name, f1 in average.items()}
        document["failed"] = failed
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        out.write(render_macro(average, options.mode, len(results), failed,
                               options.conll17).encode())
        if options.signature:
            out.write(signature.line(ud_signature(options)))
    return 1 if failed else 0


def _run_systems(options: UDOptions, results: list[_Scored], out: BinaryIO,
                 notices: Notices) -> ComparisonTable | None:
    """GOLD SYS1 SYS2 ...: each system's report (as the pairs' layout heads them), then the
    comparison table as text; with ``--format`` the table alone; with ``--json`` one pair per
    system.  The comparison table made, if one was."""
    if options.json:
        pairs = [_pair_json(*pair, result) for pair, result in zip(options.pairs, results)]
        out.write(json.dumps(_json_document(options, pairs), indent=2).encode() + b"\n")
        return None
    table = _comparison(options, results, notices)
    if options.comparing.format:
        out.write(render_table(table, options.comparing.format).encode())
        return table
    for (gold, system), result, name in zip(options.pairs, results, _system_names(options)):
        out.write(f"=== {name}: {shown(gold)} {shown(system)}\n".encode()
                  + _report(result, options).encode())
    out.write(b"\n" + render_table(table, "text").encode())
    return table


def _inputs(options: UDOptions) -> list[str]:
    """Every file the run reads (what ``--plot`` and ``--html`` never write over)."""
    return [path for pair in options.pairs for path in pair]


def _drawing(options: UDOptions) -> bool:
    """Whether the run draws figures or writes the HTML report (which need the words)."""
    return bool(options.comparing.plot or options.comparing.html)


def _figures_and_report(options: UDOptions, results: list[_Scored],
                        table: ComparisonTable | None, notices: Notices) -> None:
    """``--plot``: the UD figures, each to its file; ``--html``: the report (``table``, or the
    comparison table made here, without its signature, which heads the page; the figures;
    each system's worst sentences by LAS; the run's notices so far, as warnings)."""
    if not _drawing(options):
        return
    names = _system_names(options)
    wholes = [result.whole() for result in results]
    words = [gold_words(whole) for whole in wholes]
    figures = ud_figures(dict(zip(names, (result.per_sentence for result in results))),
                         {name: label_counts(whole, word.las)
                          for name, whole, word in zip(names, wholes, words)})
    inputs = _inputs(options)
    for path in options.comparing.plot:
        for name, target in plot_paths(path, list(figures)).items():
            with output_file(target, inputs, binary=True) as stream:
                stream.write(figure_bytes(figures[name], target.suffix.lower()))
    if options.comparing.html:
        table = replace(table or _comparison(options, results, notices), signature="")
        worst = [_worst(name, result, word) for name, result, word in zip(names, results, words)]
        gold = options.pairs[0][0]
        write_html(Report(f"treeeval ud: {_name(gold)}", "ud", ud_signature(options), (table,),
                          tuple(figures.values()), worst,
                          [f"warning: {notice.text()}" for notice in notices.shown()],
                          READING),
                   options.comparing.html, inputs)


#: how to read a UD sentence of the report
READING = (f"Words are the gold sentence's, HEADs numbered as in it (0: the root); "
           f"{NO_WORD}: no system word is aligned with the gold word; {UNALIGNED_HEAD}: the "
           "system head is a word aligned with no gold word. DEPRELs are universal (the "
           "scorer drops subtypes).")


def _worst(name: str, result: _Scored, words: GoldWords) -> SystemSentences:
    """A system's worst sentences by LAS F1 (per gold sentence, as the scorer counts it;
    among equal scores the longest first)."""
    rows = result.per_sentence["LAS"]
    scores = ratio_percent(2 * rows[:, 0], rows[:, 1] + rows[:, 2])
    lines = result.whole().gold.sentence_line
    sentences = []
    for index in worst_sentences(scores, sizes=rows[:, 1]).tolist():
        where = words.sentence_rows(index)
        arcs = Arcs([ArcRow(*map(str, row)) for row in zip(
            words.ident[where], words.form[where], words.gold_head[where],
            words.gold_deprel[where], words.system_head[where], words.system_deprel[where])])
        sentences.append(Sentence(index + 1, float(scores[index]), arcs,
                                  f"gold line {int(lines[index])}"))
    return SystemSentences(name, "LAS F1", sentences)


def _system_names(options: UDOptions) -> list[str]:
    return system_names([system for _, system in options.pairs])


def _comparison(options: UDOptions, results: list[_Scored], notices: Notices) -> ComparisonTable:
    """The comparison table of the systems (and their tests with ``--stat``, unless the gold
    file has no sentence to pair: then a notice); its signature shown in text only with
    ``--signature``."""
    names = _system_names(options)
    testing = stat_plan(options.comparing, [system for _, system in options.pairs], names)
    if testing is not None and not len(next(iter(results[0].per_sentence.values()), ())):
        notices.add("the gold file holds no sentence: --stat tests nothing",
                    path=options.pairs[0][0])
        testing = None
    shown = ud_signature(options) if options.signature or \
        options.comparing.format not in (None, "text") else ""
    return comparison_table(_name(options.pairs[0][0]), names, [r.scores for r in results],
                            metric_list(options.comparing.metrics, _metric_names(options)),
                            signature=shown, per_sentence=[r.per_sentence for r in results],
                            testing=testing)


def _weights(path: str, notices: Notices) -> dict[str, float]:
    """The ``-w`` weights, each weight that is not a finite number (the 2017 scorer takes
    it, and WeightedLAS may print nan) noticed at its line."""
    table = read_weights(path)
    for line, doubt in table.doubts:
        notices.add(doubt, path=path, line=line)
    return table.weights


def _notice_empty(scored: _Scored, gold: str, system: str, notices: Notices) -> _Scored:
    """A pair's scores, with a notice for a file without a token (empty, or comments only:
    the scorers then score every metric 0 and succeed).

    >>> notices = Notices()
    >>> _ = _notice_empty(_Scored({"Tokens": Score(0, 0, 0)}), "g.conllu", "s.conllu", notices)
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
    return scored


def ud_signature(options: UDOptions) -> str:
    """The run's signature: the scorer's rules, whether several roots are scored, the
    conll17 ``-w`` weights file and, with ``--callin``, the relation classes file (the
    bundled table by default) and the WLAS weights file (``entropy``: those of the gold
    file itself).  ``-v`` and ``-c`` show more numbers but change none.

    >>> ud_signature(UDOptions(conll17=True))
    'cmd:ud|rules:conll17|mroots:no|callin:no|version:0.1.0'

    With several systems it names the metrics asked for and the test: ``--stat``, its
    resamples and seed, and the baseline.

    >>> ud_signature(UDOptions(pairs=[("g", "a"), ("g", "b")], systems=True,
    ...                        comparing=Comparing("ar", metrics="LAS")))
    'cmd:ud|rules:conll18|mroots:no|callin:no|metrics:LAS|stat:ar|resamples:10000|seed:1|\
baseline:a|version:0.1.0'
    """
    classes = weights = None
    if options.callin:
        classes = Path(options.callin_classes or str(
            resources.files(__package__).joinpath("relation_classes.tsv")))
        weights = Path(options.callin_weights) if options.callin_weights else "entropy"
    return signature.build("ud", [
        ("rules", "conll17" if options.conll17 else "conll18"),
        ("mroots", options.multiple_roots_okay),
        ("weights", Path(options.weights) if options.weights else None),
        ("callin", options.callin), ("classes", classes), ("wlas", weights),
        *_comparison_signature(options)])


def _comparison_signature(options: UDOptions) -> list[tuple[str, object]]:
    """The signature's fields of several systems: the metrics asked, the test, its resamples
    and seed, and the baseline by its short name (none when nothing is tested)."""
    if not options.systems:
        return []
    names = _system_names(options)
    return signature_fields(
        options.comparing.metrics and metric_list(options.comparing.metrics,
                                                  _metric_names(options)),
        stat_plan(options.comparing, [system for _, system in options.pairs], names), names)


def run_ud(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud ARGV...`` in process: the exit status."""
    return run_command("ud", argv, out, err)


@dataclass
class _Scored:
    """The scores of a pair, and Callin's metrics with ``--callin``."""

    scores: dict[str, Score]
    callin: CallinScores | None = None
    per_sentence: dict[str, np.ndarray] = field(default_factory=dict)
    #: the whole result (the words of both files), kept for --plot and --html
    result: UDResult | None = None

    def whole(self) -> UDResult:
        """The whole result (only kept when the run draws or writes the report)."""
        if self.result is None:
            raise ValueError("the pair was scored in pieces: its words were not kept")
        return self.result


@dataclass
class _CallinTables:
    """The relation classes and WLAS weights of ``--callin``, read once for every pair (None:
    the defaults), and the files they came from."""

    classes_source: str | None
    weights_source: str | None
    classes: dict[str, str] | None = None
    weights: dict[str, float] | None = None

    @classmethod
    def load(cls, options: UDOptions) -> _CallinTables:
        tables = cls(options.callin_classes, options.callin_weights)
        if tables.classes_source:
            tables.classes = load_relation_classes(tables.classes_source)
        if tables.weights_source:
            tables.weights = load_wde_weights(tables.weights_source)
        return tables

    def score(self, result: UDResult) -> CallinScores:
        return result.callin(classes=self.classes, weights=self.weights,
                             classes_source=self.classes_source,
                             weights_source=self.weights_source)


def _metric_names(options: UDOptions) -> tuple[str, ...]:
    if options.conll17:
        return CONLL17_METRICS + (("WeightedLAS",) if options.weights else ())
    return CONLL18_METRICS


def _averaged_metrics(options: UDOptions) -> tuple[str, ...]:
    """The metrics a multi-pair run averages: those of the default report (conll17: LAS
    alone, it has no MLAS and BLEX), or with ``-v``/``-c`` every metric.

    >>> _averaged_metrics(UDOptions(conll17=True)), _averaged_metrics(UDOptions())
    (('LAS',), ('LAS', 'MLAS', 'BLEX'))
    """
    if options.mode != "default":
        return _metric_names(options)
    return MAIN_METRICS[:1] if options.conll17 else MAIN_METRICS


def _name(path: str) -> str:
    return os.path.splitext(os.path.basename(plain_name(path)))[0]


def _json_document(options: UDOptions, pairs: list[dict[str, object]]) -> dict[str, object]:
    return envelope("ud", ud_signature(options), rules="conll17" if options.conll17 else "conll18",
                    multiple_roots_okay=options.multiple_roots_okay, pairs=pairs)


def _pair_json(gold: str, system: str, result: _Scored) -> dict[str, object]:
    document: dict[str, object] = {
        "gold": gold, "system": system, "status": "ok",
        "metrics": {name: score_json(value) for name, value in result.scores.items()}}
    if result.callin is not None:
        document["callin"] = result.callin.to_json()
    return document


def _report(result: _Scored, options: UDOptions) -> str:
    """The scorer's text for one pair, then Callin's table after a blank line."""
    text = render(result.scores, options.mode, options.conll17)
    if result.callin is not None:
        text += "\n" + render_callin(result.callin) + "\n"
    return text
