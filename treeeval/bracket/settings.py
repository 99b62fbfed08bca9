"""What a ``treeeval bracket`` run does, as one frozen settings object: the files, EVALB's
parameters after its options (applied left to right, as EVALB applies them) and treeeval's
own options.  Built from a command line (:func:`evalb_params` on EVALB's options in order)
or from Python.

>>> params, messages, prms = evalb_params([("-e", "3"), ("-p", "COLLINS.prm"), ("-c", "20")])
>>> settings = BracketSettings("gold.mrg", ("test.mrg",), params, prms=tuple(prms))
>>> settings.params.max_error, settings.params.cutoff_len, settings.several
(10, 20, False)
>>> BracketSettings("gold.mrg", ("a", "b"), params, per_sentence="s.jsonl")
Traceback (most recent call last):
...
treeeval.errors.UsageError: --per-sentence writes one system's sentences: give one TEST file
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..arguments import whole_number
from ..errors import UsageError
from ..policy import signature
from .params import EvalbDebug, EvalbParams, c_int, load_params
from .spmrl_options import SpmrlOptions


@dataclass(frozen=True)
class BracketSettings:
    """One bracket run: ``gold`` and the ``tests`` (one per system), EVALB's ``params``,
    the ``-p`` files in order (``prms``, inputs of the run) and the messages EVALB prints
    about their lines; ``json``, ``per_sentence`` (a JSON Lines file), ``jobs`` (None: two
    processes when the input is large), ``reference_engine`` (the exact per-sentence engine
    alone), ``signature``, ``per_label`` and ``quiet`` (EVALB's own messages on stderr left
    out: its ``Length unmatch`` lines and its remarks on the ``-p`` files; treeeval's
    warnings stay)."""

    gold: str
    tests: tuple[str, ...]
    params: EvalbParams = field(default_factory=EvalbParams)
    prms: tuple[str, ...] = ()
    prm_messages: tuple[str, ...] = ()
    json: bool = False
    per_sentence: str | None = None
    jobs: int | None = None
    reference_engine: bool = False
    signature: bool = False
    per_label: bool = False
    quiet: bool = False
    #: evalb_spmrl's rules and options (``--spmrl``), None for EVALB's
    spmrl: SpmrlOptions | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tests", tuple(self.tests))
        object.__setattr__(self, "prms", tuple(self.prms))
        object.__setattr__(self, "prm_messages", tuple(self.prm_messages))
        if not self.tests:
            raise UsageError("expected GOLD and TEST files, got 1 file argument(s)")
        if self.jobs is not None and self.jobs < 1:
            raise UsageError(f"option --jobs needs a number of at least 1, got {self.jobs}")
        if self.per_sentence and self.several:
            raise UsageError("--per-sentence writes one system's sentences: give one TEST file")
        if self.params.align:
            self._check_align()

    def _check_align(self) -> None:
        """``--align`` scores as EVALB scores, plus the lines it rejects for their words:
        not evalb_spmrl's rules, not under EVALB's -d/-D tables (which show word positions),
        and with EQ_LABEL pairs that form classes (brackets are keyed by label class)."""
        if self.spmrl is not None:
            raise UsageError("--align applies EVALB's rules: it cannot be given with --spmrl "
                             "or --spmrl-fixed")
        if self.params.debug >= EvalbDebug.TABLES:
            raise UsageError("--align cannot be given with -d, -D or a DEBUG setting: EVALB's "
                             "tables show word positions")
        if self.params.label_classes() is None:
            raise UsageError("--align needs EQ_LABEL pairs that form classes (A B and B C "
                             "need A C too)")

    @property
    def test(self) -> str:
        """The first (with one system, the) test file."""
        return self.tests[0]

    @property
    def several(self) -> bool:
        """Whether several test files are compared."""
        return len(self.tests) > 1


def evalb_clusters(argv: Sequence[str]) -> list[str]:
    """EVALB reads only the first letter of ``-dD``, ``-Dx``... (and evalb_spmrl of its
    flags ``-X``, ``-L``, ``-l``, ``-V`` too): the rest is dropped.

    >>> evalb_clusters(["-dD", "-D", "-Dd", "-c5", "-LX", "-Xl", "gold"])
    ['-d', '-D', '-D', '-c5', '-L', '-X', 'gold']
    """
    return [arg[:2] if re.fullmatch(r"-[dDXLlV].+", arg) else arg for arg in argv]


def evalb_params(given: Sequence[tuple[str, object]]) -> tuple[EvalbParams, list[str], list[str]]:
    """EVALB's options applied left to right: the parameters, the messages of the ``-p``
    files (EVALB prints them on stderr) and the ``-p`` names in order.

    >>> params, messages, prms = evalb_params([("-c", "10"), ("-p", "COLLINS.prm"), ("-D", [])])
    >>> params.cutoff_len, params.debug, prms
    (40, <EvalbDebug.TRACE: 2>, ['COLLINS.prm'])
    """
    params = EvalbParams()
    messages: list[str] = []
    prms: list[str] = []
    for option, value in given:
        if option == "-p":
            messages.extend(load_params([str(value)], params)[1])
            prms.append(str(value))
        elif option in ("-c", "-e"):
            number = c_int(whole_number(str(value), option))
            if option == "-c":
                params.cutoff_len = number
            else:
                params.max_error = number
        else:
            params.debug = EvalbDebug.TABLES if option == "-d" else EvalbDebug.TRACE
    return params, messages, prms



def signature_items(params: EvalbParams, prms: Sequence[str]) -> list[tuple[str, signature.Value]]:
    """The signature's fields of EVALB's settings: the ``-p`` files (with their hashes),
    LABELED, CUTOFF_LEN, MAX_ERROR, evalb_spmrl's rules when they score (``spmrl`` or
    ``spmrl-fixed``) and a digest of every effective parameter; the one home of these
    fields for ``treeeval bracket`` and ``treeeval.metrics.Brackets``.

    >>> [key for key, _ in signature_items(EvalbParams(), [])]
    ['prm', 'lab', 'cut', 'maxerr', 'params']
    >>> signature_items(EvalbParams(rules="spmrl-fixed"), [])[4]
    ('rules', 'spmrl-fixed')
    """
    from ..formats.prm import find_prm

    rules: list[tuple[str, signature.Value]] = [("rules", params.rules)] if params.spmrl else []
    return [("prm", [find_prm(name) for name in prms] or "none"), ("lab", params.labeled),
            ("cut", params.cutoff_len), ("maxerr", params.max_error), *rules,
            ("params", signature.digest(params.to_dict()))]
