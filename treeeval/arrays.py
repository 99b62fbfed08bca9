"""The numpy array types of treeeval's annotations, named by their dtype, so that an
annotation says what an array holds (mypy checks the dtype where numpy's stubs know it).

A module that does not import numpy at run time imports these under ``TYPE_CHECKING`` only
(``treeeval --help`` and the command-line framework never load numpy).

>>> import numpy as np
>>> counts: IntArray = np.zeros(3, dtype=np.int64)
>>> counts.dtype == np.int64, np.dtype(np.bool_) == np.zeros(1, dtype=bool).dtype
(True, True)
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

#: counts, indices, positions, codes (treeeval's default integer)
IntArray: TypeAlias = NDArray[np.int64]
#: compact codes and offsets kept small on purpose
Int32Array: TypeAlias = NDArray[np.int32]
#: per-item outcomes and masks
BoolArray: TypeAlias = NDArray[np.bool_]
#: rates, scores, p-values; NaN where a rate is undefined
FloatArray: TypeAlias = NDArray[np.float64]
#: raw bytes of an input
ByteArray: TypeAlias = NDArray[np.uint8]
#: eight bytes of an input read as one word
WordArray: TypeAlias = NDArray[np.uint64]
#: an array of Python objects (strings, tuples)
ObjectArray: TypeAlias = NDArray[np.object_]
#: an array whose dtype depends on its input (say which in the docstring)
AnyArray: TypeAlias = NDArray[Any]
