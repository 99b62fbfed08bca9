"""The data of ``treeeval browse``: the files' format sniffed, and every system scored
against the gold file as the matching ``treeeval`` command scores it; then the browser.

Textual is imported only when the browser starts, so loading can be used (and tested)
without a terminal.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..bracket.params import EvalbParams
from ..errors import InputError, UsageError
from ..policy.sniffing import sniff
from ..ud.enhanced import EnhancedRules
from .corpus import BrowseCorpus
from .lines import LineIndex

if TYPE_CHECKING:
    from ..disco.run import DiscoSettings

#: the formats by the names ``sniff_format`` gives them, for messages
NAMES = {"bracket": "bracketed trees", "conllx": "CoNLL-X", "conllu": "CoNLL-U",
         "malttab": "MaltTab", "maltxml": "MaltXML"}


@dataclass(frozen=True)
class BrowseSettings:
    """What ``treeeval browse`` shows: the gold file and any number of systems (none: one file
    browsed without gold), EVALB's parameters and the ``-p`` names (brackets), the head table
    that turns trees into dependencies, MaltEval's ExcludeUnicodePunc, and the enhanced rules
    of ``--udeval`` or ``--iwpt20`` (CoNLL-U: DEPS read, ELAS and EULAS scored); for
    discontinuous trees ``treeeval disco``'s settings (its ``gold`` is ``gold``, its
    ``parses`` unused: each system is read)."""

    gold: str
    systems: tuple[str, ...] = ()
    params: EvalbParams = field(default_factory=EvalbParams)
    prm_names: tuple[str, ...] = ()
    heads: str | None = None
    exclude_punct: bool = False
    enhanced: EnhancedRules | None = None
    disco: DiscoSettings | None = None
    #: GOLD's bytes when the command line read them (to sniff the format), else None
    gold_lines: LineIndex | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", tuple(self.systems))
        object.__setattr__(self, "prm_names", tuple(self.prm_names))


def sniff_format(path: str) -> str:
    """``bracket``, ``conllx``, ``conllu``, ``malttab`` or ``maltxml``: the decision table of
    every command (``treeeval.policy.sniffing``); an empty file, or one whose first word line
    is neither a bracketed tree nor a CoNLL word line, is an InputError.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "gold")
    >>> _ = open(path, "w").write("# sent_id = 1\\n1\\ta\\t_\\tX\\tX\\t_\\t0\\troot\\t_\\t_\\n")
    >>> sniff_format(path), sniff_format("gold.tab"), sniff_format("wsj_23.mrg")
    ('conllu', 'malttab', 'bracket')
    """
    return sniff(path, "browse")


def load_corpus(settings: BrowseSettings) -> BrowseCorpus:
    """Score the files as the matching ``treeeval`` command does; returns the corpus.
    Discontinuous trees are read by ``treeeval disco``'s readers (``disco_data``).

    Each file is read once (``lines.LineIndex``): the format is sniffed from the bytes
    read, and every reader, scorer and the detail pane work on them."""
    if settings.disco is not None:
        from .disco_data import load_disco

        return load_disco(settings.disco, settings.systems)
    gold = settings.gold_lines or LineIndex(settings.gold)
    kind = sniff(gold.path, "browse", gold.data)
    if settings.enhanced is not None and (kind != "conllu" or not settings.systems):
        raise UsageError(f"--{settings.enhanced.scorer} scores a CoNLL-U system against gold: "
                         + (f"the gold file is {NAMES[kind]}" if kind != "conllu"
                            else "give GOLD SYS"))
    if settings.params.spmrl and (kind != "bracket" or settings.heads is not None):
        raise UsageError("--spmrl scores bracketed trees as evalb_spmrl does: "
                         + ("not with --heads" if kind == "bracket"
                            else f"the gold file is {NAMES[kind]}"))
    if not settings.systems:
        from .single_data import load_single

        return load_single(gold)
    if kind == "conllu":
        _check_conllu_options(settings)
    elif kind != "bracket" and settings.heads is not None:
        raise UsageError(f"--heads converts bracketed trees; the gold file is {NAMES[kind]} "
                         "already")
    systems = [LineIndex(path) for path in settings.systems]
    if kind == "conllu":
        return _load_conllu(gold, systems, settings.enhanced)
    if kind == "bracket" and settings.heads is None:
        from .bracket_data import load_brackets

        return load_brackets(gold, systems, settings.params, settings.prm_names)
    from .dep_data import load_dependencies

    return load_dependencies(gold, systems, settings.exclude_punct, settings.heads)


def _check_conllu_options(settings: BrowseSettings) -> None:
    """CoNLL-U files are scored as ``treeeval ud`` scores them: no dependency settings."""
    if settings.heads is not None or settings.exclude_punct:
        option = "--heads" if settings.heads is not None else "--exclude-punct"
        raise UsageError(f"{option} does not apply to CoNLL-U files (scored as treeeval ud, "
                         "punctuation included)")


def _load_conllu(gold: LineIndex, systems: list[LineIndex],
                 enhanced: EnhancedRules | None) -> BrowseCorpus:
    """CoNLL-U files, each system scored against gold as ``treeeval ud`` scores it (with
    the enhanced rules ``enhanced``, if given)."""
    if len(systems) > 1:
        from .ud_systems import load_ud_systems

        return load_ud_systems(gold, systems, enhanced)
    from .ud_data import load_ud

    return load_ud(gold, systems[0], enhanced)


def browse(settings: BrowseSettings) -> None:
    """Load and score, then run the browser until it quits."""
    for path in [settings.gold, *settings.systems]:
        if not os.path.exists(path):
            raise InputError("no such file", path=path)
    corpus = load_corpus(settings)
    try:
        from .app import BrowseApp
    except ModuleNotFoundError as exc:
        if exc.name != "textual":
            raise
        raise UsageError("treeeval browse needs Textual (pip install textual)") from None

    terminal = sys.__stderr__
    if terminal is None or not terminal.isatty():
        # Textual draws on stderr: redirected, the screen would stay blank
        raise UsageError("treeeval browse draws on stderr, which is not a terminal here "
                         "(2> redirects it); run it without redirecting stderr")
    BrowseApp(corpus).run()
