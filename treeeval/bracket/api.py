"""The Python API of bracket scoring, and the JSON forms of its results.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> gold, test = os.path.join(folder, "gold"), os.path.join(folder, "test")
>>> _ = open(gold, "wb").write(b"(TOP (S (NP (DT a) (NN b)) (VP (VB c))))\\n")
>>> _ = open(test, "wb").write(b"(TOP (S (DT a) (X (NN b) (VB c))))\\n")
>>> result = evaluate_brackets(gold, test, params="COLLINS.prm")
>>> result.all_totals.matched, result.all_totals.gold, result.all_totals.test
(1, 3, 2)
>>> result.sentences.crossing.tolist()
[1]
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import BinaryIO, TextIO

from ..formats.prm import find_prm
from ..formats.sentences import ENCODERS
from ..policy.envelope import envelope
from ..policy.inputs import Source, api_inputs
from ..policy.notices import Notice
from ..policy.outputs import output_file
from ..stats.rates import plain
from .counts import SentenceCounts
from .params import EvalbDebug, EvalbParams, given_params
from .result import EvalbResult
from .run import EvalbRun
from .sentence_rates import RATES, sentence_rates
from .spmrl_options import SpmrlOptions
from .totals import COLUMNS, Totals


class _Killed(Exception):
    """A run stopped by MAX_ERROR: its --per-sentence file is not kept."""

    def __init__(self, result: EvalbResult) -> None:
        super().__init__("killed")
        self.result = result


def run_bracket_files(gold: str | os.PathLike[str], test: str | os.PathLike[str],
                      params: EvalbParams, out: BinaryIO, err: BinaryIO, *, jobs: int = 1,
                      use_fast: bool = True, per_sentence: str | None = None,
                      keep_sentences: bool = False, keep_brackets: bool = False,
                      prms: Sequence[str] = (), spmrl: SpmrlOptions | None = None
                      ) -> EvalbResult:
    """Run EVALB on two files, writing its report to ``out`` and its messages to ``err``.

    ``keep_sentences`` keeps the per-sentence counts (``EvalbResult.sentences``),
    ``keep_brackets`` the brackets behind them (``EvalbResult.brackets``; not under DEBUG).
    ``spmrl``: evalb_spmrl's own options (-K, -L, -l, -V, its status file) when ``params``
    name its rules.

    ``per_sentence`` names a JSON Lines file of the sentences' counts, written by
    ``treeeval.policy.outputs`` (never over GOLD, TEST or the ``prms`` files; kept only when
    the run ends normally, not after an error, Ctrl-C or a run killed by MAX_ERROR).
    """
    try:
        with contextlib.ExitStack() as stack:
            sink = None
            if per_sentence:
                inputs = [gold, test, *(find_prm(name) for name in prms)]
                sink = stack.enter_context(output_file(per_sentence, inputs))
            result = _run(gold, test, params, out, err, jobs=jobs, use_fast=use_fast,
                          keep_sentences=keep_sentences, keep_brackets=keep_brackets,
                          sink=sink, spmrl=spmrl)
            if result.killed and sink is not None:
                raise _Killed(result)
            return result
    except _Killed as killed:
        return killed.result


def _run(gold: str | os.PathLike[str], test: str | os.PathLike[str], params: EvalbParams,
         out: BinaryIO, err: BinaryIO, *, jobs: int, use_fast: bool, keep_sentences: bool,
         keep_brackets: bool, sink: TextIO | None, spmrl: SpmrlOptions | None) -> EvalbResult:
    executor = None
    if jobs > 1 and params.debug == EvalbDebug.OFF:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(jobs)
    try:
        on_sentences = (lambda rows: write_jsonl(rows, sink)) if sink else None
        run = EvalbRun(params, out, err, use_fast=use_fast, executor=executor,
                       keep_sentences=keep_sentences, keep_brackets=keep_brackets,
                       on_sentences=on_sentences, spmrl=spmrl)
        return run.run(gold, test)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)


def evaluate_brackets(gold: Source, test: Source, *,
                      params: EvalbParams | str | Iterable[str] | None = "COLLINS.prm",
                      jobs: int = 1, report: BinaryIO | None = None,
                      errors: BinaryIO | None = None) -> EvalbResult:
    """Score ``test`` against ``gold`` as EVALB does and return the counts.

    ``gold`` and ``test`` are each what :mod:`treeeval.policy.inputs` reads: a path
    (``-``: standard input), the file's bytes or an open file, each maybe gzip, bzip2 or
    xz compressed, or the trees themselves, one per sentence, in the forms of
    :mod:`treeeval.formats.sentences` (bracketed strings or bytes, ``nltk.Tree``,
    ``(words, spans)``, None for no parse; an error in one names it ``test[INDEX]``):

    >>> import gzip
    >>> gold = ["(S (NP (NN Rain)) (VP (VBD fell)))", "(S (NP (NN Snow)) (VP (VBD came)))"]
    >>> test = gzip.compress(b"(S (NN Rain) (VP (VBD fell)))\\n(S (NP (NN Snow)) (VP (VBD came)))\\n")
    >>> totals = evaluate_brackets(gold, test).all_totals
    >>> totals.matched, totals.gold, totals.test
    (5, 6, 5)

    ``params`` is an EvalbParams, a .prm name or path (bundled files are found by name), a
    list of them (applied in order), or None for EVALB's defaults.  The result has both
    summary blocks (``all_totals``, ``cut_totals``), per-sentence arrays (``sentences``)
    and ``killed`` (MAX_ERROR was exceeded).  EVALB's report and messages are written to
    ``report`` and ``errors`` when given.
    """
    with api_inputs() as inputs:
        encode = ENCODERS["brackets"]
        return run_bracket_files(inputs.path(gold, "gold", encode),
                                 inputs.path(test, "test", encode), given_params(params),
                                 report or io.BytesIO(), errors or io.BytesIO(), jobs=jobs,
                                 keep_sentences=True)


def sentence_dicts(rows: SentenceCounts) -> list[dict[str, object]]:
    """The per-sentence JSON objects: EVALB's columns plus the rates of
    :mod:`treeeval.bracket.sentence_rates` (null where undefined, as everywhere else).

    >>> rows = SentenceCounts.from_rows([(1, 4, 0, 2, 4, 3, 0, 4, 4), (2, 1, 1, 0, 0, 0, 0, 1, 0)])
    >>> [(row["line"], row["f1"], row["tag_accuracy"]) for row in sentence_dicts(rows)]
    [(1, 57.142857142857146, 100.0), (2, None, None)]
    """
    rates = {key: [plain(value) for value in values.tolist()]
             for key, values in sentence_rates(rows).items()}
    return [{**row, **{key: rates[key][index] for key in RATES}}
            for index, row in enumerate(rows.rows())]


def write_jsonl(rows: SentenceCounts, sink: TextIO) -> None:
    """Append one JSON line per sentence (keys: COLUMNS, recall, precision, f1, tag_accuracy)."""
    sink.write("".join(json.dumps(row) + "\n" for row in sentence_dicts(rows)))


def bracket_json(result: EvalbResult, gold: str, test: str, params: EvalbParams,
                 signature: str, notices: Sequence[Notice] = ()) -> dict[str, object]:
    """The ``--json`` document (schemas/bracket.json); see docs/bracket.md.  ``notices``
    are what the run could miss (treeeval.bracket.partial), also said on stderr."""
    def block(totals: Totals) -> dict[str, object]:
        return totals.to_dict()

    return envelope(
        "bracket",
        signature,
        gold=gold,
        test=test,
        params=params.to_dict(),
        killed=result.killed,
        all=block(result.all_totals),
        cutoff=block(result.cut_totals),
        columns=list(COLUMNS),
        notices=[asdict(notice) for notice in notices],
    )
