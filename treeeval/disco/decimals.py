"""discodop eval's arithmetic: its scores are ``decimal.Decimal`` values computed in Python's
default context (28 significant digits, half-even rounding), and printed by converting them
to float (``'%6.2f' % (100 * score)``).  Computing in the same context, whatever context the
calling thread has set, gives the same last digits, hence the same printed roundings and
the same comparisons with 1 (a leaf-ancestor score of 0.999...9 is not 1).

>>> DISCODOP_DECIMAL.divide(Decimal(2), Decimal(3))
Decimal('0.6666666666666666666666666667')
>>> mean([Decimal(1), Decimal("0.5")]), mean([])
(Decimal('0.75'), Decimal('NaN'))
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_EVEN, Context, Decimal, DivisionByZero, InvalidOperation, Overflow

#: Python's default decimal context, which discodop computes in
DISCODOP_DECIMAL = Context(prec=28, rounding=ROUND_HALF_EVEN,
                           traps=[InvalidOperation, DivisionByZero, Overflow])


def mean(values: Iterable[Decimal]) -> Decimal:
    """The arithmetic mean as discodop takes it: a running decimal sum divided by the count;
    NaN for no values."""
    total, count = Decimal(0), 0
    for value in values:
        total = DISCODOP_DECIMAL.add(total, value)
        count += 1
    return DISCODOP_DECIMAL.divide(total, Decimal(count)) if count else Decimal("NaN")
