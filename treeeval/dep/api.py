"""The Python API of dependency scoring: any input format in, MaltEval's tables and the
comparison of the systems out, as data (an :class:`~.engine.Evaluation`).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> gold = os.path.join(folder, "gold.mrg")
>>> _ = open(gold, "w").write("(TOP (S (NP (NN Rain)) (VP (VBD fell)) (. .)))\\n")
>>> system = os.path.join(folder, "parser.conll")
>>> _ = open(system, "w").write("1\\tRain\\t_\\tNN\\tNN\\t_\\t2\\tdep\\t_\\t_\\n"
...                              "2\\tfell\\t_\\tVBD\\tVBD\\t_\\t0\\troot\\t_\\t_\\n"
...                              "3\\t.\\t_\\t.\\t.\\t_\\t1\\tdep\\t_\\t_\\n\\n")
>>> result = evaluate_dependencies(gold, [gold, system], resamples=100)
>>> [(s.format, s.correct["UAS"], s.tokens, s.lin_errors) for s in result.systems]
[('brackets', 3, 3, 0), ('conll', 2, 3, 1)]

With ``group_by``, each system's table is MaltEval's GroupBy table, as data:

>>> result = evaluate_dependencies(gold, [system], metric="LAS", group_by="Deprel")
>>> table = result.tables[0]
>>> table.title, table.headers, list(table.groups)
('Deprel', ['parseraccuracy', 'treebankaccuracy'], ['dep', 'root'])
>>> [[round(value, 2) for value in column.tolist()] for column in table.columns]
[[50.0, 100.0], [50.0, 100.0]]
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from ..errors import UsageError
from ..formats.headrules import DEFAULT_HEADS
from ..formats.sentences import tree_or_dependencies
from ..policy.inputs import Source, api_inputs
from ..stats import METHODS
from ..tables.settings import ComparisonSettings
from .compare import DEFAULT_METRICS
from .engine import Evaluation, evaluate
from .grouping.registry import BUILTIN, Groupings
from .options import split_values
from .settings import DepSettings


def evaluate_dependencies(gold: Source, systems: Sequence[Source], *,
                          metric: str = "LAS", group_by: str = "Token",
                          heads: str | os.PathLike[str] = DEFAULT_HEADS,
                          prm: str | os.PathLike[str] | None = None, charset: str = "utf-8",
                          stat: str | None = "bootstrap", resamples: int = 10_000,
                          seed: int | None = 1, metrics: Sequence[str] = DEFAULT_METRICS,
                          baseline: str | None = None,
                          groupings: Groupings = BUILTIN) -> Evaluation:
    """Score each system file against ``gold`` on the same tokens, as ``treeeval dep``
    does: MaltEval's table of ``metric`` grouped by ``group_by`` for each system
    (``result.tables``, :class:`~.tables.Table`: ``headers``, ``groups`` and one numpy
    ``columns`` entry per header, the rates in percent; several values separated by ``;``
    as in MaltEval), and the
    comparison of the systems, in the order given (``result.systems``: LAS, UAS, LA and
    Lin's error count per system; ``result.tests``: the significance test ``stat``,
    ``bootstrap``, ``ar`` or ``mcnemar``, of every pair of systems on each of ``metrics``
    (LAS, UAS, LA, another token metric, ``Lin errors``), with ``resamples`` and ``seed``
    (None: a random seed); with ``baseline``, a system's file or short name, none, and
    ``result.comparison.table()`` tests each other system against it).  ``stat`` None:
    no comparison (MaltEval's tables alone).

    Any file may be bracketed trees (converted with ``heads``) or dependencies (CoNLL-X/U,
    MaltTab, MaltXML), so a constituency parser and a dependency parser can be compared on
    one gold standard.  ``gold`` and each of ``systems`` is what
    :mod:`treeeval.policy.inputs` reads: a path (``-``: standard input), the file's bytes or
    an open file, each maybe gzip, bzip2 or xz compressed, or the sentences themselves in
    the forms of :mod:`treeeval.formats.sentences`: each a tree when it is one (a string or
    bytes starting with ``(``, an ``nltk.Tree``, ``(words, spans)``), else a dependency
    analysis (a CoNLL-U or CoNLL-X sentence, a ``conllu.TokenList``, (form, head, deprel)
    rows); one input is all trees or all dependencies, as a file is.  An in-memory input is
    named by its argument (``gold``, ``systems[1]``; its sentence ``systems[1][4]``):

    >>> rows = [("Rain", 2, "dep"), ("fell", 0, "root"), (".", 1, "dep")]
    >>> result = evaluate_dependencies(["(TOP (S (NP (NN Rain)) (VP (VBD fell)) (. .)))"],
    ...                                [[rows]], resamples=100)
    >>> [(s.path, s.format, s.correct["UAS"], s.tokens) for s in result.systems]
    [('systems[0]', 'conll', 2, 3)]

    With ``prm``, the tokens whose gold POS tag its DELETE_LABEL lines name (punctuation,
    in COLLINS.prm) are left out of every score.  ``groupings`` is the
    registry of GroupBy names (``BUILTIN.with_plugins(["MODULE:CLASS"])`` adds plug-ins).
    """
    if stat is not None and stat not in METHODS:
        raise UsageError(f"stat must be one of {', '.join(METHODS)}, got {stat!r}")
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    # without a test there is no comparison: baseline, metrics, seed and resamples go unused
    comparison = ComparisonSettings() if stat is None else ComparisonSettings(
        stat, seed, resamples, baseline, metrics)
    with api_inputs() as inputs:
        settings = DepSettings(
            (inputs.path(gold, "gold", tree_or_dependencies, encoding=charset),),
            tuple(inputs.path(system, f"systems[{index}]", tree_or_dependencies,
                              encoding=charset) for index, system in enumerate(systems)),
            {"Metric": tuple(split_values("Metric", metric)),
             "GroupBy": tuple(split_values("GroupBy", group_by))},
            heads=os.fspath(heads), prm=None if prm is None else os.fspath(prm),
            charset=charset, comparison=comparison)
        return inputs.named(evaluate(settings, groupings))
