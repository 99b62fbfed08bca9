"""Refused values of MaltEval's evaluation parameters and formatting arguments.

A value that cannot be used is a usage error when it was typed on the command line (exit
status 2), but input when it was read from an evaluation file (``-e``): there
:meth:`treeeval.dep.settings.DepSettings.blaming_file` reports it at its line and column
(exit status 1).  The code that refuses a value raises :class:`ValueRefused` naming the
option, and need not know where the value came from.

>>> error = ValueRefused("Metric", "unknown or unsupported Metric 'XAS'", "XAS")
>>> error.option, error.value, error.exit_status
('Metric', 'XAS', 2)
"""

from __future__ import annotations

from ..errors import UsageError


class ValueRefused(UsageError):
    """A value of the parameter or formatting argument ``option`` that cannot be used
    (``value``: which of its values, when it has several)."""

    def __init__(self, option: str, message: str, value: str | None = None) -> None:
        super().__init__(message)
        self.option = option
        self.value = value
