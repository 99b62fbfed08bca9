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
    if len(forms) == 0:
        return np.zeros(0, dtype=bool)
    distinct, inverse = np.unique(forms.astype(str), return_inverse=True)
    flags = np.array([is_punctuation(form) for form in distinct.tolist()], dtype=bool)
    return flags[inverse.reshape(-1)]
