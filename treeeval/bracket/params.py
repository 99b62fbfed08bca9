"""EVALB's scoring parameters and how options and .prm files change them.

EVALB applies its options strictly left to right: ``-p FILE`` takes effect where it stands,
so ``-e 100 -p COLLINS.prm`` ends with MAX_ERROR 10 (the file wins) while
``-p COLLINS.prm -e 100`` ends with 100.  List-valued keys accumulate over several files.

Every command loads .prm files through ``load_params`` (bundled files are found by name,
an existing path wins; EVALB's messages about ignored lines are returned, not printed):

>>> params, messages = load_params(["COLLINS.prm"])
>>> params.max_error, params.cutoff_len, sorted(params.delete_label)[:3]
(10, 40, [b"''", b',', b'-NONE-'])
>>> params.labels_equal(b"ADVP", b"PRT")
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum

from ..formats.prm import PrmSetting, find_prm, read_prm

#: EVALB's defaults when no parameter file is given
DEFAULT_MAX_ERROR = 10
DEFAULT_CUTOFF_LEN = 40


def c_int(value: int) -> int:
    """The C ``int`` EVALB's ``atoi`` makes of a whole number: ``strtol`` saturates at the
    64-bit ``long`` range, the conversion to ``int`` keeps the low 32 bits.

    >>> c_int(10), c_int(-3), c_int(5_000_000_000), c_int(99999999999999999999), c_int(-10**30)
    (10, -3, 705032704, -1, 0)
    """
    value = max(-(1 << 63), min((1 << 63) - 1, value)) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


class EvalbDebug(IntEnum):
    """EVALB's DEBUG levels: ``-d`` is TABLES, ``-D`` TRACE; a .prm's DEBUG may be any number,
    and EVALB prints the tables from TABLES up, the traces too from TRACE up.

    >>> [level >= EvalbDebug.TRACE for level in (0, 1, 2, 7)]
    [False, False, True, True]
    """

    #: EVALB's table only
    OFF = 0
    #: each sentence's words and brackets with their result codes after its line (``-d``)
    TABLES = 1
    #: the tables, and the reading, matching and crossing traces (``-D``)
    TRACE = 2


@dataclass
class EvalbParams:
    """Every setting EVALB has; labels and words are bytes, as EVALB compares them."""

    #: an EvalbDebug level, or any number a .prm's DEBUG gives
    debug: int = EvalbDebug.OFF
    max_error: int = DEFAULT_MAX_ERROR
    cutoff_len: int = DEFAULT_CUTOFF_LEN
    labeled: int = 1
    delete_label: list[bytes] = field(default_factory=list)
    delete_label_for_length: list[bytes] = field(default_factory=list)
    quote_label: list[bytes] = field(default_factory=list)
    eq_label: list[tuple[bytes, bytes]] = field(default_factory=list)
    eq_word: list[tuple[bytes, bytes]] = field(default_factory=list)
    #: ``--align``: the lines EVALB rejects for their words scored through their characters
    #: (treeeval.bracket.align); not an EVALB setting, no .prm key sets it
    align: bool = False
    #: whose rules score: ``"evalb"``, ``"spmrl"`` (evalb_spmrl's, ``--spmrl``) or
    #: ``"spmrl-fixed"`` (evalb_spmrl's with its defects corrected, ``--spmrl-fixed``)
    rules: str = "evalb"
    #: evalb_spmrl's -X: an empty test line is an unparsed sentence (status 3)
    unparsed: bool = False

    @property
    def spmrl(self) -> bool:
        """Whether evalb_spmrl's rules score (corrected or not)."""
        return self.rules != "evalb"

    def apply_settings(self, settings: Iterable[PrmSetting]) -> None:
        """Apply the lines of a .prm file in order, as EVALB's ``-p`` does."""
        for setting in settings:
            attribute = setting.key.lower()
            current = getattr(self, attribute)
            if isinstance(current, list):
                current.append(setting.value)
            else:
                # an INT_KEYS setting: formats.prm reads its value as an int
                setattr(self, attribute, c_int(setting.value))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The settings that change a number, as plain data (labels decoded as Latin-1): the
        ``params`` of ``--json`` and what the signature's ``params`` hash names.

        >>> EvalbParams(eq_label=[(b"ADVP", b"PRT")]).to_dict()["eq_label"]
        [['ADVP', 'PRT']]
        >>> "align" in EvalbParams().to_dict(), EvalbParams(align=True).to_dict()["align"]
        (False, True)
        """
        def text(labels: list[bytes]) -> list[str]:
            return [label.decode("latin-1") for label in labels]

        settings: dict[str, object] = {
            "labeled": self.labeled,
            "cutoff_len": self.cutoff_len,
            "max_error": self.max_error,
            "delete_label": text(self.delete_label),
            "delete_label_for_length": text(self.delete_label_for_length),
            "quote_label": text(self.quote_label),
            "eq_label": [text(list(pair)) for pair in self.eq_label],
            "eq_word": [text(list(pair)) for pair in self.eq_word],
        }
        if self.spmrl:
            settings |= {"rules": self.rules, "unparsed": self.unparsed}
        if self.align:
            settings["align"] = True
        return settings

    def labels_equal(self, first: bytes, second: bytes) -> bool:
        """EVALB's label_comp: identical, or paired by an EQ_LABEL line (either order)."""
        if first == second:
            return True
        return any(
            (first == a and second == b) or (first == b and second == a) for a, b in self.eq_label
        )

    def label_partners(self) -> dict[bytes, set[bytes]]:
        """Each label with the labels it equals (itself, and its EQ_LABEL partners): what
        ``labels_equal`` says, as a table, for the engines that look labels up.

        >>> partners = EvalbParams(eq_label=[(b"ADVP", b"PRT")]).label_partners()
        >>> sorted(partners[b"PRT"]), partners.get(b"NP", {b"NP"})
        ([b'ADVP', b'PRT'], {b'NP'})
        """
        partners: dict[bytes, set[bytes]] = {}
        for a, b in self.eq_label:
            partners.setdefault(a, {a}).add(b)
            partners.setdefault(b, {b}).add(a)
        return partners

    def deleted_labels(self) -> set[bytes]:
        """The (truncated) bracket labels EVALB deletes: each DELETE_LABEL, and the labels
        EQ_LABEL pairs with one.

        >>> sorted(EvalbParams(delete_label=[b"TOP"], eq_label=[(b"TOP", b"ROOT")]).deleted_labels())
        [b'ROOT', b'TOP']
        """
        partners = self.label_partners()
        return set(self.delete_label).union(
            *(partners.get(label, ()) for label in self.delete_label))

    def words_equal(self, first: bytes, second: bytes) -> bool:
        """EVALB's word_comp: identical, or paired by an EQ_WORD line (either order)."""
        if first == second:
            return True
        return any(
            (first == a and second == b) or (first == b and second == a) for a, b in self.eq_word
        )

    def label_classes(self) -> dict[bytes, bytes] | None:
        """Map each EQ_LABEL label to one representative, or None if pairing is not transitive.

        EVALB compares labels pairwise, so ``EQ_LABEL A B`` plus ``EQ_LABEL B C`` does not make
        A equal to C.  Vectorised scoring needs equivalence classes; when the pairs do not
        form them (this returns None), the exact per-sentence path is used instead.
        """
        parent: dict[bytes, bytes] = {}

        def root(label: bytes) -> bytes:
            while parent.get(label, label) != label:
                label = parent[label]
            return label

        for a, b in self.eq_label:
            parent.setdefault(a, a)
            parent.setdefault(b, b)
            parent[root(a)] = root(b)
        classes = {label: root(label) for label in parent}
        members: dict[bytes, list[bytes]] = {}
        for label, representative in classes.items():
            members.setdefault(representative, []).append(label)
        for group in members.values():
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    if not self.labels_equal(a, b):
                        return None
        return classes


def load_params(names: Iterable[str | os.PathLike[str]], params: EvalbParams | None = None
                ) -> tuple[EvalbParams, list[str]]:
    """Apply the parameter files ``names`` in order to ``params`` (a new EvalbParams when
    None): the one loader of .prm files.  Each name is a path, or the name of a bundled
    file (``find_prm``).  Returns the parameters and the messages EVALB prints on stderr
    for the lines it ignores, in order.

    >>> params, messages = load_params(["COLLINS.prm"], EvalbParams(max_error=100))
    >>> params.max_error, messages
    (10, [])
    """
    params = EvalbParams() if params is None else params
    messages: list[str] = []
    for name in names:
        settings, ignored = read_prm(find_prm(os.fspath(name)))
        params.apply_settings(settings)
        messages.extend(ignored)
    return params, messages


#: EVALB's parameters as a caller of the Python API gives them: an EvalbParams, a .prm name
#: or path (bundled files found by name), a list of them (applied in order), or None
GivenParams = EvalbParams | str | os.PathLike[str] | Iterable[str | os.PathLike[str]] | None


def given_params(params: GivenParams) -> EvalbParams:
    """``params`` as EvalbParams (None: EVALB's defaults).

    >>> given_params(None).cutoff_len, given_params(["COLLINS.prm"]).delete_label[:2]
    (40, [b'TOP', b'-NONE-'])
    """
    if isinstance(params, EvalbParams):
        return params
    if params is None:
        return EvalbParams()
    return load_params([params] if isinstance(params, (str, os.PathLike)) else params)[0]


def prm_names(params: GivenParams) -> list[str]:
    """The .prm names or paths among ``params``, in order (none for an EvalbParams or None):
    the ``-p`` files a signature names.

    >>> prm_names("COLLINS.prm"), prm_names(None), prm_names(["a.prm", "b.prm"])
    (['COLLINS.prm'], [], ['a.prm', 'b.prm'])
    """
    if params is None or isinstance(params, EvalbParams):
        return []
    if isinstance(params, (str, os.PathLike)):
        return [os.fspath(params)]
    return [os.fspath(name) for name in params]
