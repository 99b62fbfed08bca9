"""What a ``treeeval convert`` run does, as one frozen settings object.

>>> ConvertSettings("in.mrg", labels="function").format
'conllx'
>>> ConvertSettings("in.mrg", labels="nope")
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown label scheme 'nope' (schemes: none, category, function, triple)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..formats.conll import FORMATS
from ..formats.headrules import DEFAULT_HEADS
from .makedeps import SCHEMES


@dataclass(frozen=True)
class ConvertSettings:
    """One conversion: the ``input`` trees, the ``heads`` table, the ``labels`` scheme, the
    output ``format`` (CoNLL-X or CoNLL-U), the ``prm`` file whose DELETE_LABEL lines delete
    before converting, and the ``output`` file (None: standard output)."""

    input: str
    heads: str = DEFAULT_HEADS
    labels: str = "none"
    format: str = "conllx"
    prm: str | None = None
    output: str | None = None

    def __post_init__(self) -> None:
        if self.labels not in SCHEMES:
            raise UsageError(f"unknown label scheme {self.labels!r} (schemes: {', '.join(SCHEMES)})")
        if self.format not in FORMATS:
            raise UsageError(f"unknown format {self.format!r} (formats: {', '.join(FORMATS)})")
