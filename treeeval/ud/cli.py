"""``treeeval ud``: the command line of the CoNLL 2018 (and 2017) UD scorers."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import BinaryIO, Sequence

from ..errors import TreeevalError, UsageError
from .api import UDResult, evaluate_ud, load_weights
from .metrics import CONLL17_METRICS, CONLL18_METRICS, Score
from .report import MAIN_METRICS, macro_average, render, render_macro, score_json
from .stream import score_pieces

UD_USAGE = """\
usage: treeeval ud [-v | -c] [--conll17 [-w WEIGHTS]] [--multiple-roots-okay] [--json]
                   [--callin] GOLD SYSTEM
       treeeval ud [options] GOLD:SYSTEM [GOLD:SYSTEM ...]
       treeeval ud [options] GOLD_DIR SYSTEM_DIR

Score a CoNLL-U file against gold as the CoNLL 2018 UD shared task scorer does (same
output, byte for byte).  Several pairs (or two folders, paired by file name) give one report
per treebank and the macro-average, a failed treebank counting as 0.

  -v, --verbose        every metric: precision, recall, F1 and aligned accuracy
  -c, --counts         every metric as counts: correct, gold, predicted, aligned
  --conll17            the CoNLL 2017 rules and report (no MLAS/BLEX, literal Feats/Lemmas)
  -w, --weights FILE   conll17 only: add WeightedLAS with these DEPREL weights (implies -v)
  --multiple-roots-okay
                       score sentences with several roots (the reference scorers refuse)
  --json               write the scores as JSON (schema treeeval/1)
  --callin             add Callin's content/function metrics, WLAS (weights: the word
                       dependency entropy of the gold file) and STTR (see docs/ud.md)
  -h, --help           show this help
"""


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
    several: bool = False


def parse_ud_args(args: Sequence[str]) -> UDOptions | None:
    """Parse the arguments of ``treeeval ud``; None means help was printed."""
    options = UDOptions()
    files: list[str] = []
    counts = verbose = False
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg in ("-h", "--help"):
            return None
        if arg in ("-v", "--verbose"):
            verbose = True
        elif arg in ("-c", "--counts"):
            counts = True
        elif arg in ("-vc", "-cv"):
            verbose = counts = True
        elif arg == "--conll17":
            options.conll17 = True
        elif arg in ("-w", "--weights") or arg.startswith("--weights="):
            value = arg.split("=", 1)[1] if "=" in arg else (queue.pop(0) if queue else None)
            if value is None:
                raise UsageError(f"option {arg} needs a file")
            options.weights = value
        elif arg == "--multiple-roots-okay":
            options.multiple_roots_okay = True
        elif arg == "--json":
            options.json = True
        elif arg == "--callin":
            options.callin = True
        elif arg.startswith("-") and len(arg) > 1:
            raise UsageError(f"unknown option {arg} (see treeeval ud -h)")
        else:
            files.append(arg)
    if options.weights is not None:
        if not options.conll17:
            raise UsageError("-w/--weights needs --conll17 (WeightedLAS is a conll17 metric)")
        verbose = True
    options.mode = "counts" if counts else "verbose" if verbose else "default"
    options.pairs, options.several = _pairs(files)
    return options


def _pairs(files: list[str]) -> tuple[list[tuple[str, str]], bool]:
    if len(files) == 2 and all(os.path.isdir(f) for f in files):
        gold_dir, system_dir = files
        names = sorted(n for n in os.listdir(gold_dir) if n.endswith(".conllu"))
        if not names:
            raise UsageError(f"no .conllu files in {gold_dir}")
        return [(os.path.join(gold_dir, n), os.path.join(system_dir, n)) for n in names], True
    if len(files) == 2 and not any(_is_pair(f) for f in files):
        return [(files[0], files[1])], False
    if not files:
        raise UsageError("expected GOLD and SYSTEM files (see treeeval ud -h)")
    pairs = []
    for item in files:
        split = _is_pair(item)
        if not split:
            raise UsageError(f"expected GOLD:SYSTEM, got {item!r} (or give exactly two files)")
        pairs.append(split)
    return pairs, True


def _is_pair(item: str) -> tuple[str, str] | None:
    """``GOLD:SYSTEM`` split at the first colon whose left part is a file."""
    if os.path.exists(item):
        return None
    for index, char in enumerate(item):
        if char == ":" and os.path.exists(item[:index]):
            return item[:index], item[index + 1:]
    return None


def run_ud(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud``: returns the exit status."""
    options = parse_ud_args(args)
    if options is None:
        out.write(UD_USAGE.encode())
        return 0
    weights = load_weights(options.weights) if options.weights else None

    def evaluate(gold: str, system: str) -> _Scored:
        if not options.callin and weights is None:
            pieces = score_pieces(gold, system, conll17=options.conll17,
                                  multiple_roots_okay=options.multiple_roots_okay,
                                  per_sentence=False)
            if pieces is not None:
                return _Scored(pieces.scores)
        result = evaluate_ud(gold, system, conll17=options.conll17, weights=weights,
                             multiple_roots_okay=options.multiple_roots_okay)
        return _Scored(result.scores, result)

    if not options.several:
        result = evaluate(*options.pairs[0])
        if options.json:
            document = _json_document(options, [_pair_json(*options.pairs[0], result, options)])
            out.write(json.dumps(document, indent=2).encode() + b"\n")
        else:
            out.write(render(result.scores, options.mode, options.conll17).encode())
            if options.callin:
                out.write(_callin_text(result).encode())
        return 0
    results: list[_Scored | None] = []
    documents = []
    for gold, system in options.pairs:
        try:
            result: _Scored | None = evaluate(gold, system)
        except TreeevalError as exc:
            result = None
            err.write(f"treeeval: error: {exc}\n".encode("utf-8", "replace"))
            documents.append({"gold": gold, "system": system, "status": "error",
                              "error": str(exc)})
        else:
            documents.append(_pair_json(gold, system, result, options))
        results.append(result)
        if not options.json:
            out.write(f"=== {_name(gold)}: {gold} {system}\n".encode())
            if result is None:
                out.write(b"failed (counted as 0)\n")
            else:
                out.write(render(result.scores, options.mode, options.conll17).encode())
                if options.callin:
                    out.write(_callin_text(result).encode())
    metrics = _metric_names(options)
    average = macro_average([r.scores if r else None for r in results],
                            MAIN_METRICS if options.mode == "default" else metrics)
    failed = sum(r is None for r in results)
    if options.json:
        document = _json_document(options, documents)
        document["macro_average"] = {name: value for name, value in average.items()}
        document["failed"] = failed
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        if options.conll17 and options.mode == "default":
            average = {"LAS": average["LAS"]}
        out.write(render_macro(average, options.mode, len(results), failed,
                               options.conll17).encode())
    return 1 if failed else 0


@dataclass
class _Scored:
    """The scores of a pair, and the whole result when it was needed (``--callin``)."""

    scores: dict[str, Score]
    result: UDResult | None = None


def _metric_names(options: UDOptions) -> tuple[str, ...]:
    if options.conll17:
        return CONLL17_METRICS + (("WeightedLAS",) if options.weights else ())
    return CONLL18_METRICS


def _name(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def _json_document(options: UDOptions, pairs: list[dict[str, object]]) -> dict[str, object]:
    return {"schema": "treeeval/1", "command": "ud",
            "rules": "conll17" if options.conll17 else "conll18",
            "multiple_roots_okay": options.multiple_roots_okay, "pairs": pairs}


def _pair_json(gold: str, system: str, result: _Scored,
               options: UDOptions) -> dict[str, object]:
    document: dict[str, object] = {
        "gold": gold, "system": system, "status": "ok",
        "metrics": {name: score_json(value) for name, value in result.scores.items()}}
    if options.callin:
        document["callin"] = _callin(result).to_json()
    return document


def _callin(scored: _Scored) -> object:
    from .callin import callin_scores

    result = scored.result
    assert result is not None  # --callin always reads the pair whole
    return callin_scores(result.gold_deprel, result.gold_head, result.system_deprel,
                         result.system_head, result.gold_to_system, gold_form=result.gold_form)


def _callin_text(result: _Scored) -> str:
    from .callin import render_callin

    text = render_callin(_callin(result))  # type: ignore[arg-type]
    return "\n" + text + ("" if text.endswith("\n") else "\n")
