"""Where a task's files are: the treebanks (gold files), the teams and their runs, and the
named groups of treebanks of ``--groups``.

Two layouts (docs/task.md):

* ``folders`` (the conll2018 layout): ``GOLD_DIR/TB.conllu``, one treebank per file named
  with a suffix of :data:`SUFFIXES` (``.conllu``; ``.conll``, ``.conllx``; ``.mrg``,
  ``.tst``, ``.gld``), and ``SYSTEMS_DIR/TEAM/TB.conllu`` (the gold file's name);
* ``tira``: ``GOLD_DIR/metadata.json`` lists the treebanks, each with ``lcode``, ``tcode``,
  ``goldfile`` (in ``GOLD_DIR``) and ``outfile`` (in each team's folder); the treebank is
  named ``lcode_tcode``, as the TIRA wrapper names it.

``auto`` (the default) takes ``tira`` when ``GOLD_DIR/metadata.json`` exists.  The teams are
the folders of ``SYSTEMS_DIR`` (hidden ones aside), sorted by name; the treebanks are sorted
by name in the folders layout and in the metadata's order in the TIRA layout.  A
treebank's format is its gold file's (:func:`treebank_format`).

>>> import tempfile
>>> from pathlib import Path
>>> root = Path(tempfile.mkdtemp())
>>> for path in ("gold/fi_tdt.conllu", "gold/en_ewt.conllu", "runs/b/en_ewt.conllu",
...              "runs/a/fi_tdt.conllu"):
...     (root / path).parent.mkdir(parents=True, exist_ok=True)
...     _ = (root / path).write_text("")
>>> grid = find_grid(str(root / "gold"), str(root / "runs"))
>>> grid.layout, [t.name for t in grid.treebanks], grid.teams
('folders', ['en_ewt', 'fi_tdt'], ['a', 'b'])
>>> os.path.relpath(grid.system_path("b", grid.treebanks[0]), root)
'runs/b/en_ewt.conllu'
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

from ..errors import InputError, UsageError
from ..formats.text import read_text
from ..policy.sniffing import BRACKET_EXTENSIONS, sniff_kind

#: the layouts of ``--layout``
LAYOUTS = ("auto", "folders", "tira")
#: the file of the TIRA layout, in GOLD_DIR
METADATA = "metadata.json"
#: the keys each treebank of metadata.json needs
METADATA_KEYS = ("lcode", "tcode", "goldfile", "outfile")
#: the names of the treebanks' files in the folders layout
SUFFIXES = (".conllu", ".conll", ".conllx", *BRACKET_EXTENSIONS)
#: the scorer of each kind of gold file (:mod:`treeeval.policy.sniffing`): CoNLL-U as
#: ``treeeval ud``, bracketed trees as ``treeeval bracket``, CoNLL-X (and any other) as
#: ``treeeval dep``
FORMATS = {"conllu": "ud", "brackets": "bracket"}


@dataclass(frozen=True)
class TaskTreebank:
    """One treebank of the task: its name, its gold file, its runs' file name, its format
    (``ud``, ``dep`` or ``bracket``: the command that scores it), the parameter files of
    its scorer (EVALB's for ``bracket``, dep's ``-p`` for ``dep``) and, in the TIRA layout,
    its metadata's ``lcode``."""

    name: str
    gold: str
    outfile: str
    format: str = "ud"
    params: tuple[str, ...] = ()
    lcode: str | None = None

    @property
    def language(self) -> str:
        """The treebank's language: its ``lcode`` (TIRA layout), else the part of its name
        before the first ``_``.

        >>> TaskTreebank("cs_pud", "g/cs_pud.conllu", "cs_pud.conllu").language
        'cs'
        >>> TaskTreebank("x_y", "g/x.conllu", "x.conllu", lcode="qtd_sagt").language
        'qtd_sagt'
        """
        return self.lcode if self.lcode is not None else self.name.split("_")[0]


@dataclass(frozen=True)
class Grid:
    """The treebanks and the teams of a task, and where the runs are."""

    layout: str
    treebanks: list[TaskTreebank]
    teams: list[str]
    systems_dir: str

    def system_path(self, team: str, treebank: TaskTreebank) -> str:
        """The file of ``team``'s run on ``treebank``."""
        return os.path.join(self.systems_dir, team, treebank.outfile)

    def unpaired(self, team: str) -> list[str]:
        """The treebank files (:data:`SUFFIXES`) of a team's folder that are no treebank's run (sorted).

        >>> Grid("folders", [], ["t"], "/nonexistent").unpaired("t")
        []
        """
        wanted = {treebank.outfile for treebank in self.treebanks}
        return [os.path.join(self.systems_dir, team, name)
                for name in _listing(os.path.join(self.systems_dir, team), missing_ok=True)
                if name.endswith(SUFFIXES) and name not in wanted]


def find_grid(gold_dir: str, systems_dir: str, layout: str = "auto") -> Grid:
    """The grid of ``GOLD_DIR SYSTEMS_DIR`` in ``layout`` (see the module)."""
    for folder in (gold_dir, systems_dir):
        if not os.path.isdir(folder):
            raise UsageError(f"{folder} is not a folder (expected GOLD_DIR SYSTEMS_DIR)")
    metadata = os.path.join(gold_dir, METADATA)
    if layout == "auto":
        layout = "tira" if os.path.isfile(metadata) else "folders"
    treebanks = read_metadata(metadata, gold_dir) if layout == "tira" else _gold_files(gold_dir)
    if not treebanks:
        raise UsageError(f"no treebank in {metadata if layout == 'tira' else gold_dir}")
    teams = [name for name in _listing(systems_dir)
             if not name.startswith(".") and os.path.isdir(os.path.join(systems_dir, name))]
    if not teams:
        raise UsageError(f"no team folder in {systems_dir}")
    return Grid(layout, treebanks, teams, systems_dir)


def _gold_files(gold_dir: str) -> list[TaskTreebank]:
    """The treebanks of a gold folder: its files named with a suffix of :data:`SUFFIXES`."""
    treebanks: dict[str, TaskTreebank] = {}
    for name in _listing(gold_dir):
        if not name.endswith(SUFFIXES):
            continue
        path = os.path.join(gold_dir, name)
        stem = os.path.splitext(name)[0]
        if stem in treebanks:
            raise InputError(f"a second gold file of treebank {stem} (the first is "
                             f"{treebanks[stem].outfile})", path=path)
        treebanks[stem] = TaskTreebank(stem, path, name, treebank_format(path))
    return list(treebanks.values())


def treebank_format(gold: str) -> str:
    """The scorer of a treebank, by its gold file's format (:data:`FORMATS`); a ``.conllu``
    file is always CoNLL-U (``ud``, whatever it holds) and a file that cannot be read is
    known by its name.

    >>> treebank_format("/nonexistent/en.conllu"), treebank_format("/nonexistent/wsj.mrg")
    ('ud', 'bracket')
    >>> treebank_format("/nonexistent/en.conll")
    'dep'
    """
    name = gold.lower()
    try:
        kind = "conllu" if name.endswith(".conllu") else sniff_kind(gold)
    except (InputError, OSError):
        kind = "brackets" if name.endswith(BRACKET_EXTENSIONS) else "conllx"
    return FORMATS.get(kind, "dep")


def _listing(folder: str, missing_ok: bool = False) -> list[str]:
    """The names in a folder, sorted."""
    try:
        return sorted(os.listdir(folder))
    except OSError as exc:
        if missing_ok:
            return []
        raise InputError(f"cannot read: {exc.strerror}", path=folder) from None


def read_metadata(path: str, gold_dir: str) -> list[TaskTreebank]:
    """The treebanks of a TIRA ``metadata.json`` (a list of objects with ``lcode``, ``tcode``,
    ``goldfile`` and ``outfile``), in its order.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> from pathlib import Path
    >>> path = os.path.join(folder, "metadata.json")
    >>> _ = Path(path).write_text('[{"lcode": "en", "tcode": "ewt", "goldfile": "en.conllu",'
    ...                           ' "outfile": "en_ewt.conllu", "rawfile": "en.txt"}]')
    >>> [(t.name, os.path.basename(t.gold), t.outfile) for t in read_metadata(path, folder)]
    [('en_ewt', 'en.conllu', 'en_ewt.conllu')]
    >>> _ = Path(path).write_text('[{"lcode": "en",\\n "tcode": "ewt"}]')
    >>> read_metadata(path, folder)
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: ...metadata.json:1: treebank 1 has no 'goldfile'
    """
    text = read_text(path, "the treebanks' metadata")
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", path=path, line=exc.lineno,
                         column=exc.colno) from None
    if not isinstance(entries, list):
        raise InputError("expected a list of treebanks", path=path, line=1)
    starts = [match.start() for match in re.finditer(r"\{", text)]
    treebanks = []
    for number, entry in enumerate(entries, 1):
        line = text.count("\n", 0, starts[number - 1]) + 1 if number <= len(starts) else None
        if not isinstance(entry, dict):
            raise InputError(f"treebank {number} is not an object", path=path, line=line)
        for key in METADATA_KEYS:
            if not isinstance(entry.get(key), str):
                raise InputError(f"treebank {number} has no {key!r}", path=path, line=line)
        gold = os.path.join(gold_dir, entry["goldfile"])
        treebanks.append(TaskTreebank(f"{entry['lcode']}_{entry['tcode']}", gold,
                                      entry["outfile"], treebank_format(gold),
                                      lcode=entry["lcode"]))
    return treebanks


def read_groups(path: str, treebanks: list[str]) -> dict[str, list[str]]:
    """The named groups of ``--groups FILE``: a line per group, its name then its treebanks,
    separated by white space; blank lines and ``#`` lines are skipped.  The groups keep the
    file's order, the treebanks of a group the task's order.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
    ...     _ = f.write("# CoNLL 2018\\nbig\\ten_ewt fi_tdt\\nPUD cs_pud\\n")
    >>> read_groups(f.name, ["cs_pud", "en_ewt", "fi_tdt"])
    {'big': ['en_ewt', 'fi_tdt'], 'PUD': ['cs_pud']}
    >>> read_groups(f.name, ["en_ewt"])
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: ...:2: group 'big': fi_tdt is no treebank of the task
    >>> os.remove(f.name)
    """
    lines = read_text(path, "the groups").splitlines()
    groups: dict[str, list[str]] = {}
    for number, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        name, members = words[0], words[1:]
        if name in groups:
            raise InputError(f"group {name!r} is named twice", path=path, line=number)
        if not members:
            raise InputError(f"group {name!r} names no treebank", path=path, line=number)
        for member in members:
            if member not in treebanks:
                raise InputError(f"group {name!r}: {member} is no treebank of the task",
                                 path=path, line=number)
        groups[name] = [treebank for treebank in treebanks if treebank in members]
    if not groups:
        raise InputError("no group in the file", path=path, line=max(len(lines), 1))
    return groups
