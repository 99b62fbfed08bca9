"""Java's ``DecimalFormat`` (Locale.US), as MaltEval's ``--pattern`` uses it.

A pattern is a prefix, a number part (``#``, ``0``, ``,``, ``.`` and an optional exponent
``E0``), and a suffix; a second subpattern after ``;`` gives the negative affixes.  Affixes
are literal text: ``'`` quotes (``''`` is a quote), ``%`` multiplies by 100 and ``‰`` by
1000, ``¤`` is ``$`` (``¤¤``: ``USD``).  So ``0.0001`` is ``0.000`` with the suffix ``1``, as
in Java.  Digits are those of the shortest decimal that reads back as the double (Java's
``Double.toString``), rounded HALF_EVEN on the exact binary value, and padded with zeros.
A pattern Java refuses is a ValueError with Java's message.

>>> pattern = parse_pattern("0.00%")
>>> pattern.format(0.12345), parse_pattern("#,##0.0").format(12345.67)
('12.35%', '12,345.7')
>>> parse_pattern("0.0000000000000000000000000000001").format(1 / 3)
'0.3333333333333333000000000000001'
>>> parse_pattern("0.0.0")
Traceback (most recent call last):
...
ValueError: Multiple decimal separators in pattern "0.0.0"
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Context, Decimal

#: Java's limits on the digits of a double (DecimalFormat.DOUBLE_*_DIGITS)
MAX_INTEGER_DIGITS, MAX_FRACTION_DIGITS = 309, 340
#: what the unquoted special characters of an affix print (Locale.US)
SYMBOLS = {"%": "%", "\u2030": "\u2030", "-": "-"}
MULTIPLIERS = {"%": 100, "\u2030": 1000}
CURRENCY = "\u00a4"
NUMBER_CHARACTERS = "#0,."


@dataclass(frozen=True)
class DecimalPattern:
    """A parsed pattern: affixes, digit counts, grouping, multiplier and exponent digits
    (``exponent_digits`` 0: no exponent)."""

    prefix: str
    suffix: str
    negative_prefix: str
    negative_suffix: str
    min_integer: int
    max_integer: int
    min_fraction: int
    max_fraction: int
    grouping: int
    multiplier: int
    always_decimal: bool
    exponent_digits: int

    def format(self, value: float) -> str:
        """``value`` as Java's ``DecimalFormat.format(double)`` prints it (NaN: ``NaN``)."""
        if math.isnan(value):
            return "NaN"
        negative = value < 0 or (value == 0 and math.copysign(1, value) < 0)
        prefix, suffix = ((self.negative_prefix, self.negative_suffix) if negative
                          else (self.prefix, self.suffix))
        value = abs(value * self.multiplier)
        if math.isinf(value):
            return prefix + "\u221e" + suffix
        body = self._scientific(value) if self.exponent_digits else self._fixed(value)
        return prefix + body + suffix

    def _fixed(self, value: float) -> str:
        digits, point = _digits(value, self.max_fraction, fixed=True)
        whole = digits[:max(point, 0)].ljust(max(point, 0), "0")
        fraction = ("0" * max(-point, 0) + digits[max(point, 0):])[:self.max_fraction]
        count = max(self.min_integer, len(whole))
        if count > self.max_integer:
            whole, count = whole[len(whole) - self.max_integer:], self.max_integer
        whole = whole.rjust(count, "0")
        if self.grouping:
            whole = _grouped(whole, self.grouping)
        shown = fraction.rstrip("0").ljust(self.min_fraction, "0")
        if not shown and not whole:
            whole = "0"
        point_text = "." if shown or self.always_decimal else ""
        return whole + point_text + shown

    def _scientific(self, value: float) -> str:
        digits, point = _digits(value, self.max_integer + self.max_fraction, fixed=False)
        zero = digits == ""
        repeat, minimum_integer = self.max_integer, self.min_integer
        exponent = point
        if repeat > 1 and repeat > self.min_integer:
            exponent = ((exponent - 1) // repeat * repeat if exponent >= 1
                        else _java_div(exponent - repeat, repeat) * repeat)
            minimum_integer = 1
        else:
            exponent -= minimum_integer
        minimum = self.min_integer + self.min_fraction
        integer_digits = minimum_integer if zero else point - exponent
        minimum = max(minimum, integer_digits)
        total = max(len(digits), minimum)
        text = ""
        for index in range(total):
            if index == integer_digits:
                text += "."
            text += digits[index] if index < len(digits) else "0"
        if self.always_decimal and total == integer_digits:
            text += "."
        exponent = 0 if zero else exponent
        sign = "-" if exponent < 0 else ""
        return text + "E" + sign + str(abs(exponent)).rjust(self.exponent_digits, "0")


def _java_div(a: int, b: int) -> int:
    """Java's integer division (towards zero).

    >>> _java_div(-7, 3), _java_div(7, 3)
    (-2, 2)
    """
    return -(-a // b) if a < 0 else a // b


def _grouped(whole: str, size: int) -> str:
    """Digits with a comma every ``size`` digits from the right.

    >>> _grouped("1234567", 3), _grouped("12", 3)
    ('1,234,567', '12')
    """
    head = len(whole) % size or size
    parts = [whole[:head]] + [whole[i:i + size] for i in range(head, len(whole), size)]
    return ",".join(part for part in parts if part)


def _digits(value: float, maximum: int, fixed: bool) -> tuple[str, int]:
    """Java's DigitList of a finite ``value`` >= 0: the significant digits (no leading or
    trailing zeros; ``""`` for zero) and the place of the decimal point among them, rounded
    HALF_EVEN to ``maximum`` decimals (``fixed``) or significant digits.

    >>> _digits(0.0625, 3, True), _digits(1 / 3, 40, True), _digits(1234.5, 2, False)
    (('62', -1), ('3333333333333333', 0), ('12', 4))
    """
    shortest = Decimal(repr(value))
    if shortest.is_zero():
        return "", 0
    places = maximum if fixed else maximum - shortest.adjusted() - 1
    exact = Decimal(value)
    # a finite value's exponent is an int (typeshed adds the 'n', 'N', 'F' of NaN and infinity)
    if -shortest.as_tuple().exponent > places:  # type: ignore[operator]
        context = Context(prec=MAX_INTEGER_DIGITS + MAX_FRACTION_DIGITS + 10)
        shortest = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN,
                                  context=context)
        if shortest.is_zero():
            return "", 0
    sign, digit_tuple, exponent = shortest.as_tuple()
    text = "".join(map(str, digit_tuple))
    stripped = text.rstrip("0")
    return stripped.lstrip("0"), len(text) + int(exponent) - (len(text) - len(text.lstrip("0")))


@functools.lru_cache(maxsize=64)
def parse_pattern(pattern: str) -> DecimalPattern:
    """Parse a pattern as Java's ``DecimalFormat.applyPattern`` does (ValueError if Java
    refuses it).

    >>> p = parse_pattern("'x'#,##0.0#;(0)")
    >>> p.prefix, p.suffix, p.negative_prefix, p.negative_suffix, p.grouping
    ('x', '', '(', ')', 3)
    >>> parse_pattern("").format(1 / 3), parse_pattern("abc").format(1 / 3)
    ('.3333333333333333', 'abc0')
    """
    positive = _Subpattern(pattern, 0, True)
    negative = (_Subpattern(pattern, positive.end, False)
                if positive.end < len(pattern) else None)
    empty = pattern == ""
    prefix, suffix = positive.prefix, positive.suffix
    if negative is None or (negative.prefix == prefix and negative.suffix == suffix):
        negative_prefix, negative_suffix = "-" + prefix, suffix
    else:
        negative_prefix, negative_suffix = negative.prefix, negative.suffix
    counts = positive.counts()
    return DecimalPattern(prefix, suffix, negative_prefix, negative_suffix,
                          min_integer=0 if empty else counts[0],
                          max_integer=MAX_INTEGER_DIGITS if empty else counts[1],
                          min_fraction=0 if empty else counts[2],
                          max_fraction=MAX_FRACTION_DIGITS if empty else counts[3],
                          grouping=positive.grouping if positive.grouping > 0 else 0,
                          multiplier=positive.multiplier,
                          always_decimal=False if empty else counts[4],
                          exponent_digits=positive.exponent_digits)


class _Subpattern:
    """One subpattern of a pattern, read from ``start`` as applyPattern reads it: affix
    characters until a number character (``#0,.``), the number part, then the suffix (a
    number character there starts a number part again, adding to the suffix after it)."""

    def __init__(self, pattern: str, start: int, positive: bool) -> None:
        self.pattern = pattern
        self.multiplier = 1
        self.left = self.zeros = self.right = 0
        self.decimal = -1
        self.grouping = -1
        self.exponent_digits = 0
        self.end = len(pattern)
        prefix: list[str] = []
        suffix: list[str] = []
        affix, in_number, quoted, pos = prefix, False, False, start
        while pos < len(pattern):
            ch = pattern[pos]
            if in_number:
                pos, in_number = self._number(pos, positive)
                affix = affix if in_number else suffix
            elif quoted:
                if ch == "'" and pattern[pos + 1:pos + 2] == "'":
                    affix.append("'")
                    pos += 2
                else:
                    quoted = ch != "'"
                    affix.append(ch if quoted else "")
                    pos += 1
            elif ch in NUMBER_CHARACTERS:
                in_number = True
            elif ch == ";":
                if affix is prefix or not positive:
                    raise ValueError(f"Unquoted special character ';' in pattern \"{pattern}\"")
                self.end = pos + 1
                break
            else:
                pos, quoted = self._affix(pos, affix)
        self.prefix, self.suffix = "".join(prefix), "".join(suffix)
        self._check(quoted)

    def _affix(self, pos: int, affix: list[str]) -> tuple[int, bool]:
        """Read an unquoted affix character: the next position and whether a quote opens."""
        ch = self.pattern[pos]
        if ch == "'":
            if self.pattern[pos + 1:pos + 2] == "'":
                affix.append("'")
                return pos + 2, False
            return pos + 1, True
        if ch == CURRENCY:
            doubled = self.pattern[pos + 1:pos + 2] == CURRENCY
            affix.append("USD" if doubled else "$")
            return pos + 1 + doubled, False
        if ch in MULTIPLIERS:
            if self.multiplier != 1:
                raise ValueError("Too many percent/per mille characters in pattern "
                                 f"\"{self.pattern}\"")
            self.multiplier = MULTIPLIERS[ch]
        affix.append(SYMBOLS.get(ch, ch))
        return pos + 1, False

    def _number(self, pos: int, positive: bool) -> tuple[int, bool]:
        """Read the number part's character at ``pos``: the next position, and False when
        the suffix starts there."""
        ch = self.pattern[pos]
        if not positive:  # a negative subpattern's number part is skipped
            return (pos + 1, True) if ch in NUMBER_CHARACTERS + "E" else (pos, False)
        if ch == "#":
            if self.zeros > 0:
                self.right += 1
            else:
                self.left += 1
            if self.grouping >= 0 and self.decimal < 0:
                self.grouping += 1
        elif ch == "0":
            if self.right > 0:
                raise ValueError(f"Unexpected '0' in pattern \"{self.pattern}\"")
            self.zeros += 1
            if self.grouping >= 0 and self.decimal < 0:
                self.grouping += 1
        elif ch == ",":
            self.grouping = 0
        elif ch == ".":
            if self.decimal >= 0:
                raise ValueError(f"Multiple decimal separators in pattern \"{self.pattern}\"")
            self.decimal = self.left + self.zeros + self.right
        elif ch == "E":
            return self._exponent(pos + 1), False
        else:
            return pos, False
        return pos + 1, True

    def _exponent(self, pos: int) -> int:
        """Read the zeros after ``E``: the position after them."""
        if self.exponent_digits:
            raise ValueError(f"Multiple exponential symbols in pattern \"{self.pattern}\"")
        while pos < len(self.pattern) and self.pattern[pos] == "0":
            self.exponent_digits += 1
            pos += 1
        if self.left + self.zeros < 1 or self.exponent_digits < 1:
            raise ValueError(f"Malformed exponential pattern \"{self.pattern}\"")
        return pos

    def _check(self, quoted: bool) -> None:
        if self.zeros == 0 and self.left > 0 and self.decimal >= 0:  # "##.##" is "#0.##"
            n = self.decimal or 1
            self.right, self.left, self.zeros = self.left - n, n - 1, 1
        if ((self.decimal < 0 and self.right > 0)
                or (self.decimal >= 0 and not self.left <= self.decimal <= self.left + self.zeros)
                or self.grouping == 0 or quoted):
            raise ValueError(f"Malformed pattern \"{self.pattern}\"")

    def counts(self) -> tuple[int, int, int, int, bool]:
        """Minimum and maximum integer and fraction digits, and whether the decimal
        separator is always shown."""
        total = self.left + self.zeros + self.right
        decimal = self.decimal if self.decimal >= 0 else total
        min_integer = decimal - self.left
        max_integer = self.left + min_integer if self.exponent_digits else MAX_INTEGER_DIGITS
        max_fraction = total - self.decimal if self.decimal >= 0 else 0
        min_fraction = self.left + self.zeros - self.decimal if self.decimal >= 0 else 0
        return (min(min_integer, MAX_INTEGER_DIGITS), min(max_integer, MAX_INTEGER_DIGITS),
                min(min_fraction, MAX_FRACTION_DIGITS), min(max_fraction, MAX_FRACTION_DIGITS),
                self.decimal == 0 or self.decimal == total)
