"""What a ``treeeval convert`` run does, as one frozen settings object.

>>> ConvertSettings("in.mrg", labels="function").format
'conllx'
>>> ConvertSettings("in.export", inputfmt="export")
Traceback (most recent call last):
...
treeeval.errors.UsageError: --inputfmt export needs --headrules FILE (discodop's) or --heads NAME|FILE
>>> ConvertSettings("in.mrg", labels="nope")
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown label scheme 'nope' (schemes: none, category, function, triple)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..formats.conll import FORMATS
from ..formats.disc_formats import DISC_FORMATS
from ..formats.headrules import DEFAULT_HEADS
from .makedeps import SCHEMES

#: the formats of ``--inputfmt``, spelt as discodop spells them: ``bracket`` is treeeval's
#: reader of (continuous) bracketed trees, the others discontinuous trees read as discodop
#: reads them (:mod:`treeeval.disco.dependency_conversion`)
INPUT_FORMATS = DISC_FORMATS


@dataclass(frozen=True)
class ConvertSettings:
    """One conversion: the ``input`` trees, the ``heads`` table (None: the default), the
    ``labels`` scheme, the output ``format`` (CoNLL-X or CoNLL-U), the ``prm`` file whose
    DELETE_LABEL lines delete before converting, the ``output`` file (None: standard
    output), the input's format and encoding, and discodop's ``headrules`` file (for
    discontinuous input, instead of ``heads``)."""

    input: str
    heads: str | None = None
    labels: str = "none"
    format: str = "conllx"
    prm: str | None = None
    output: str | None = None
    inputfmt: str = "bracket"
    inputenc: str = "utf-8"
    headrules: str | None = None

    def __post_init__(self) -> None:
        if self.labels not in SCHEMES:
            raise UsageError(f"unknown label scheme {self.labels!r} (schemes: {', '.join(SCHEMES)})")
        if self.format not in FORMATS:
            raise UsageError(f"unknown format {self.format!r} (formats: {', '.join(FORMATS)})")
        if self.inputfmt not in INPUT_FORMATS:
            raise UsageError(f"unknown input format {self.inputfmt!r} (formats: "
                             f"{', '.join(INPUT_FORMATS)})")
        if self.headrules is not None and self.heads is not None:
            raise UsageError("--heads and --headrules are two head tables: give one")
        if not self.discontinuous:
            if self.headrules is not None:
                raise UsageError("--headrules reads discontinuous input (--inputfmt export, "
                                 "discbracket, tiger or alpino); for bracketed trees give a "
                                 ".heads table (--heads)")
            if self.inputenc.replace("-", "").lower() != "utf8":
                raise UsageError("--inputenc is for discontinuous input: bracketed trees are "
                                 "read as UTF-8")
            return
        if self.heads is None and self.headrules is None:
            raise UsageError(f"--inputfmt {self.inputfmt} needs --headrules FILE (discodop's) or "
                             "--heads NAME|FILE")
        if self.prm is not None:
            raise UsageError("-p deletes from bracketed trees only: not offered with "
                             f"--inputfmt {self.inputfmt}")

    @property
    def discontinuous(self) -> bool:
        """Whether the input is read as discontinuous trees (every format but ``bracket``)."""
        return self.inputfmt != "bracket"

    @property
    def table(self) -> str:
        """The ``.heads`` table: ``heads``, or the default one."""
        return self.heads or DEFAULT_HEADS
