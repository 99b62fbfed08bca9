"""Correlations between metrics and the variance of a metric, for Callin's (2016)
cross-treebank statistics (``treeeval task --callin`` and ``--judgments``).

* :func:`pearson_matrix`: Pearson's r between every pair of columns of a matrix (rows are
  observations: treebanks; columns are metrics);
* :func:`average_ranks` and :func:`spearman`: Spearman's rho, Pearson's r of the ranks, tied
  values taking the mean of the ranks they span;
* :func:`cumulative_variance`: Callin's "cumulative variance": for each column, the
  observations sorted best first, the variance of the first k for every k (sample variance,
  n - 1, as pandas computes it).

A correlation is undefined (None) when a column is constant or has fewer than two
observations.

>>> r = pearson_matrix([[1.0, 2.0], [2.0, 4.0], [3.0, 5.0]])
>>> [[round(value, 4) for value in row] for row in r]
[[1.0, 0.982], [0.982, 1.0]]
>>> round(spearman([1, 2, 2, 3], [10, 20, 20, 5]), 6)
-0.333333
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..arrays import AnyArray, FloatArray

#: numbers, nested for a matrix, or an array of numbers of any dtype
ArrayLike = Sequence | AnyArray


def pearson_matrix(values: ArrayLike) -> list[list[float | None]]:
    """Pearson's r between every two columns of ``values`` (observations x variables);
    None where a column is constant (or there are fewer than two observations).

    >>> [[None if r is None else round(r, 6) for r in row]
    ...  for row in pearson_matrix([[1, 5, 3], [2, 5, 1]])]
    [[1.0, None, -1.0], [None, None, None], [-1.0, None, 1.0]]
    """
    matrix = np.asarray(values, dtype=np.float64)
    if matrix.ndim != 2:
        raise ValueError("values must be a matrix: observations x variables")
    centred = matrix - matrix.mean(axis=0) if len(matrix) else matrix
    norms = np.sqrt((centred ** 2).sum(axis=0))
    defined = (norms > 0) & (len(matrix) > 1)
    safe = np.where(defined, norms, 1.0)
    r = np.clip((centred.T @ centred) / np.outer(safe, safe), -1.0, 1.0)
    return [[float(r[i, j]) if defined[i] and defined[j] else None
             for j in range(len(norms))] for i in range(len(norms))]


def pearson(x: ArrayLike, y: ArrayLike) -> float | None:
    """Pearson's r between two sequences of the same length (None: one is constant).

    >>> round(pearson([1, 2, 3], [2, 4, 7]), 6)
    0.993399
    """
    first, second = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if first.shape != second.shape or first.ndim != 1:
        raise ValueError(f"two sequences of the same length needed ({first.shape}, "
                         f"{second.shape})")
    return pearson_matrix(np.stack([first, second], axis=1))[0][1]


def average_ranks(values: ArrayLike) -> FloatArray:
    """The 1-based ranks of ``values``, tied values sharing the mean of their ranks.

    >>> average_ranks([30, 10, 20, 10]).tolist()
    [4.0, 1.5, 3.0, 1.5]
    """
    array = np.asarray(values, dtype=np.float64).ravel()
    order = np.argsort(array, kind="stable")
    ordered = array[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    ends = np.r_[starts[1:], len(array)]
    means = (starts + ends + 1) / 2.0  # the mean of ranks starts+1 .. ends
    ranks = np.empty(len(array))
    ranks[order] = np.repeat(means, ends - starts)
    return ranks


def spearman(x: ArrayLike, y: ArrayLike) -> float | None:
    """Spearman's rho: Pearson's r of the average ranks (None: one side is constant).

    >>> round(spearman([1, 2, 3, 4], [1, 3, 2, 4]), 6)
    0.8
    """
    return pearson(average_ranks(x), average_ranks(y))


def cumulative_variance(values: ArrayLike,
                        higher_is_better: bool = True) -> list[list[float | None]]:
    """For each column, the observations sorted best first; row k - 1 holds the sample
    variance (n - 1) of the k best (None for k = 1).

    >>> [[None if v is None else round(v, 6) for v in row]
    ...  for row in cumulative_variance([[1.0], [4.0], [3.0]])]
    [[None], [0.5], [2.333333]]
    """
    matrix = np.asarray(values, dtype=np.float64)
    ordered = -np.sort(-matrix, axis=0) if higher_is_better else np.sort(matrix, axis=0)
    count = np.arange(1, len(matrix) + 1, dtype=np.float64)[:, None]
    means = np.cumsum(ordered, axis=0) / count
    squares = np.cumsum(ordered ** 2, axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        variance = np.maximum(squares - count * means ** 2, 0.0) / (count - 1)
    return [[None if k == 0 else float(value) for value in row]
            for k, row in enumerate(variance)]
