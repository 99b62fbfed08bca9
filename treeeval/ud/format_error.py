"""The error of a CoNLL-U file the UD scorers refuse.

>>> str(UDFormatError("There is an empty FORM in the CoNLL-U file", path="a.conllu", line=3))
'a.conllu:3: There is an empty FORM in the CoNLL-U file'
"""

from __future__ import annotations

from ..errors import InputError


class UDFormatError(InputError):
    """Input the CoNLL UD scorers refuse, with their message and the line they report."""
