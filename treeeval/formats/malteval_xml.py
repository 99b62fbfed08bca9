"""MaltEval's evaluation files (``treeeval dep -e FILE.xml``): its evaluation parameters and
formatting arguments, and where the file sets each of them.

The last ``<parameter>`` of a name wins, its ``<value>`` elements are its values (a GroupBy
value's ``format`` attribute follows a colon), and ``<formatting argument="A" format="F"/>``
sets A to F.  Entity declarations are refused (see
:func:`treeeval.formats.xmlsafe.parse_xml`).  The values are MaltEval's strings, unchecked:
what they mean is ``treeeval.dep``'s business.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "eval.xml")
>>> _ = open(path, "w").write('<evaluation>\\n <parameter name="GroupBy">'
...                           '<value format="all">Deprel</value></parameter>\\n'
...                           ' <formatting argument="details" format="1"/>\\n</evaluation>')
>>> found = read_evaluation_file(path)
>>> found.parameters, found.formatting
({'GroupBy': ['Deprel:all']}, {'details': '1'})
>>> found.origins  # (name, None): the element; (name, value): the value; Metric unset: the root
{('GroupBy', None): (2, 2), ('GroupBy', 'Deprel:all'): (2, 28), ('details', None): (3, 2), \
('Metric', None): (1, 1)}
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import InputError
from .xmlsafe import COLUMN, LINE, parse_xml

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

#: MaltEval's evaluation parameters (``--NAME`` or ``<parameter name="NAME">``)
PARAMETERS = ("Metric", "GroupBy", "MinSentenceLength", "MaxSentenceLength",
              "ExcludeWordforms", "ExcludeLemmas", "ExcludeCpostags", "ExcludePostags",
              "ExcludeFeats", "ExcludeDeprels", "ExcludePdeprels", "ExcludeUnicodePunc")
#: MaltEval's formatting arguments (``--NAME`` or ``<formatting argument="NAME">``)
FORMATTING = ("micro-average", "header-info", "row-header", "details", "stat", "tab", "output",
              "pattern", "confusion-matrix", "merge-tables")
#: where a name, or one of its values, is set: (name, None) or (name, value) -> (line, column)
Origins = dict[tuple[str, str | None], tuple[int, int]]


class EvaluationFile(NamedTuple):
    """What an evaluation file sets: each parameter's values (in the file's order), each
    formatting argument's value, and where each is set (:data:`Origins`)."""

    parameters: dict[str, list[str]]
    formatting: dict[str, str]
    origins: Origins


def kind(name: str) -> str:
    """What MaltEval calls ``name`` in an evaluation file.

    >>> kind("Metric"), kind("details")
    ('parameter', 'formatting argument')
    """
    return "parameter" if name in PARAMETERS else "formatting argument"


def read_evaluation_file(path: str | os.PathLike[str]) -> EvaluationFile:
    """The parameters and formatting arguments of a MaltEval evaluation file, and where each
    is set (a file that sets no Metric: its root element); an InputError at its line and
    column for a name MaltEval does not know."""
    path = os.fspath(path)
    root = parse_xml(path)
    parameters: dict[str, list[str]] = {}
    formatting: dict[str, str] = {}
    origins: Origins = {}
    for element in root.iter():
        if element.tag == "parameter":
            name = element.get("name", "")
            if name not in PARAMETERS:
                raise InputError(f"unknown parameter {name!r} (parameters: "
                                 f"{', '.join(PARAMETERS)})", **_position(path, element))
            origins = {key: place for key, place in origins.items() if key[0] != name}
            origins[name, None] = _place(element)
            parameters[name] = []
            for value in element.iter("value"):
                text = (value.text or "").strip() + (f":{value.get('format')}"
                                                     if value.get("format") else "")
                parameters[name].append(text)
                origins.setdefault((name, text), _place(value))
        elif element.tag == "formatting":
            name = element.get("argument", "")
            if name not in FORMATTING:
                raise InputError(f"unknown formatting argument {name!r} (arguments: "
                                 f"{', '.join(FORMATTING)})", **_position(path, element))
            formatting[name] = element.get("format", "")
            origins[name, None] = _place(element)
    origins.setdefault(("Metric", None), _place(root))  # a file without Metric: its root
    return EvaluationFile(parameters, formatting, origins)


def _place(element: Element) -> tuple[int, int]:
    """The line and column where an element of an evaluation file starts."""
    return int(element.get(LINE, 0)), int(element.get(COLUMN, 0))


def _position(path: str, element: Element) -> dict[str, Any]:
    """Where an element of an evaluation file starts, as InputError's keywords."""
    line, column = _place(element)
    return {"path": path, "line": line or None, "column": column or None}
