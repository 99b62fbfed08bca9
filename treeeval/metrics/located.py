"""An error a scorer raised at a line of the file its sentences make, as the error of the
sentence given that holds the line (``predicted[41]:1:7: ...``).

A metric hands a scorer the lines of many sentences at once (:mod:`.base`); what the scorer
finds wrong it reports at a line of that text.  The user gave sentences, not a file, so the
error is named by the sentence's side and index and by the line within its text.

>>> error = InputError("unexpected ')'", path="<input>", line=3, column=9)
>>> print(located(error, "predicted", 40, [b"(S (A a))\\n", b"(S (B b))\\n", b"(S (C c)))\\n"]))
predicted[42]:1:9: unexpected ')'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import InputError, sentence_line


def located(error: InputError, side: str, first: int, sentences: Sequence[bytes]) -> InputError:
    """``error``, raised at a line of the concatenation of ``sentences`` (each one's lines,
    line breaks included; the first is sentence ``first`` of ``side``), as the error of the
    sentence that holds that line; an error without a line is the side's."""
    if error.line is None:
        return InputError(error.message, path=side)
    newlines = np.cumsum([sentence.count(b"\n") for sentence in sentences])
    starts = np.concatenate(([1], newlines[:-1] + 1)).tolist()
    index, line = sentence_line(starts, error.line)
    return InputError(error.message, path=side, sentence=first + index, line=line,
                      column=error.column, source_line=error.source_line)
