"""The punctuation rule of eval.pl and of MaltEval's ExcludeUnicodePunc.

A token is punctuation when its FORM is made only of Unicode punctuation (categories P*):
``%`` is, ``$ + =`` are not.
"""

from __future__ import annotations

import unicodedata

import numpy as np

from ..arrays import BoolArray, ObjectArray


def is_punctuation(form: str) -> bool:
    """Whether every character of ``form`` is Unicode punctuation (``/^\\p{P}+$/``).

    >>> [is_punctuation(w) for w in (".", "...", "\u00ab", "$", "%", "+", "a.", "")]
    [True, True, True, False, True, False, False, False]
    """
    return bool(form) and all(unicodedata.category(ch).startswith("P") for ch in form)


def punctuation_forms(forms: ObjectArray) -> BoolArray:
    """``is_punctuation`` for each of many FORMs, computed once per distinct form.

    >>> punctuation_forms(np.array([".", "--", "a.", "\u201c", "$"], dtype=object)).tolist()
    [True, True, False, True, False]
    """
    # a dict of the distinct forms, looked up in C (map): sorting the forms as a numpy
    # string array instead costs ten times more, and one long FORM widens every element
    listed = forms.tolist()
    flags = {form: is_punctuation(form) for form in set(listed)}
    return np.fromiter(map(flags.__getitem__, listed), dtype=bool, count=len(listed))
