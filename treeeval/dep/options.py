"""The command line of ``treeeval dep``: MaltEval's flags and its evaluation files (``-e``).

>>> o = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--GroupBy", "Deprel:all"])
>>> o.gold, o.parsed, o.groupby, o.switch("--details", False)
('g.conll', ['p.conll'], ['Deprel:all'], False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence
from xml.etree import ElementTree

from ..errors import InputError, UsageError
from .malteval_report import hash_order

DEP_USAGE = """\
usage: treeeval dep [-e FILE.xml] -g GOLD -s PARSED... [--Metric M[;M...]]
                    [--GroupBy G[:FORMAT][;G...]] [--details 0|1] [--pattern P]
                    [--tab 0|1] [--header-info 0|1] [--row-header 0|1]
                    [--ExcludeUnicodePunc 0|1] [--ExcludeDeprels A|B] [--stat 0|1]

Score CoNLL dependencies as MaltEval 1.0 does and print MaltEval's tables.

  -e FILE.xml      MaltEval evaluation file (parameters and formatting)
  -g GOLD          gold-standard CoNLL file
  -s PARSED...     parsed CoNLL file(s), each scored against GOLD in turn
  --Metric M       LAS (default), UAS, LA, AnyRight, AnyWrong, BothRight, BothWrong,
                   HeadRight, HeadWrong, LabelRight, LabelWrong, DirectionRight,
                   HeadToChildDistanceRight, GroupedHeadToChildDistanceRight
  --GroupBy G      Token (default), Sentence, Cpostag, Postag, Deprel, RelationLength,
                   GroupedRelationLength, ArcDirection, Frame; G:all shows all attributes,
                   G:all|accuracy-20 also sorts (descending) and keeps the first 20;
                   "G1;G2" prints one table per GroupBy value and metric
  --details 1      list every group (every token for Token)
  --pattern P      Java DecimalFormat pattern of the values, e.g. 0.0000 or 0.00%
  --tab 1          tab-separated cells
  --header-info 0  leave out the header block
  --row-header 0   leave out the row-header column
  --ExcludeUnicodePunc 1
                   leave out tokens whose FORM is all Unicode punctuation
  --ExcludeDeprels A|B
                   leave out tokens the parser labels A or B (GroupBy Token)
  --stat 1         McNemar's test of each pair of parsed files (GroupBy Token)
  -h, --help       show this help
"""

FLAGS = ("--Metric", "--GroupBy", "--details", "--pattern", "--tab", "--header-info",
         "--row-header", "--ExcludeUnicodePunc", "--ExcludeDeprels", "--stat",
         "--confusion-matrix", "--merge-tables", "--metric-order", "--output")
SWITCHES = ("--details", "--tab", "--header-info", "--row-header", "--ExcludeUnicodePunc",
            "--stat", "--confusion-matrix", "--merge-tables")
NOT_YET: tuple[str, ...] = ()
#: treeeval's own options: left out of the "Evaluation arguments:" echo of the header
OWN_FLAGS = ("--metric-order",)
#: evaluation-file parameters this command understands, by their flag
PARAMETERS = {"Metric": "--Metric", "GroupBy": "--GroupBy",
              "ExcludeUnicodePunc": "--ExcludeUnicodePunc", "ExcludeDeprels": "--ExcludeDeprels"}


@dataclass
class DepOptions:
    """The parsed command line of ``treeeval dep``."""

    arguments: list[str]
    gold: str
    parsed: list[str]
    metrics: list[str] = field(default_factory=lambda: ["LAS"])
    #: the GroupBy values as given, each a grouping with an optional ``:format``
    groupby: list[str] = field(default_factory=lambda: ["Token"])
    values: dict[str, str] = field(default_factory=dict)
    #: the evaluation file (-e) the GroupBy formats came from, if any
    source: str | None = None

    def switch(self, flag: str, default: bool) -> bool:
        """A 0/1 flag's value."""
        return self.values.get(flag, "1" if default else "0") != "0"


def parse_dep_args(args: Sequence[str]) -> DepOptions | None:
    """Parse MaltEval-style arguments; None means help was printed.

    >>> o = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--Metric", "LAS;UAS"])
    >>> o.gold, o.parsed, o.metrics, o.groupby
    ('g.conll', ['p.conll'], ['LAS', 'UAS'], ['Token'])
    """
    queue = list(args)
    source = None
    files: dict[str, list[str]] = {}
    values: dict[str, str] = {}
    while queue:
        flag = queue.pop(0)
        if flag in ("-h", "--help"):
            return None
        if flag in NOT_YET:
            raise UsageError(f"option {flag} is not supported yet")
        if flag == "-e":
            if not queue:
                raise UsageError("option -e needs a value")
            source = queue.pop(0)
            values.update(read_evaluation_file(source))
            continue
        if flag in ("-g", "-s"):
            taken = files.setdefault(flag, [])
            while queue and not queue[0].startswith("-"):
                taken.append(queue.pop(0))
            continue
        if flag not in FLAGS:
            raise UsageError(f"unknown option {flag} (see treeeval dep -h)")
        if not queue:
            raise UsageError(f"option {flag} needs a value")
        value = queue.pop(0)
        if flag in SWITCHES and value not in ("0", "1"):
            raise UsageError(f"option {flag} needs 0 or 1, got {value!r}")
        values[flag] = value
    gold, parsed = files.get("-g", []), files.get("-s", [])
    if len(gold) != 1 or not parsed:
        raise UsageError("expected one gold file (-g) and at least one parsed file (-s)")
    if ";" in values.get("--ExcludeDeprels", ""):
        raise UsageError("several ExcludeDeprels values are not supported yet")
    groupby = [g for g in values.pop("--GroupBy", "Token").split(";") if g]
    metrics = [m for m in values.pop("--Metric", "LAS").split(";") if m]
    echoed = [a for i, a in enumerate(args)
              if a not in OWN_FLAGS and (i == 0 or args[i - 1] not in OWN_FLAGS)]
    return DepOptions(echoed, gold[0], parsed, metrics or ["LAS"], groupby or ["Token"],
                      values, source)


def read_evaluation_file(path: str) -> dict[str, str]:
    """The settings of a MaltEval evaluation file (``-e``), as flag -> command-line value.

    Values of a parameter are joined with ``;`` as on the command line; a GroupBy value's
    ``format`` follows a colon; ``<formatting argument="A" format="F"/>`` sets ``--A``.
    """
    try:
        root = ElementTree.parse(path).getroot()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise InputError(f"not well-formed XML ({exc})", path=path, line=line,
                         column=column + 1) from None
    values: dict[str, str] = {}
    for parameter in root.iter("parameter"):
        name = parameter.get("name", "")
        if name not in PARAMETERS:
            raise UsageError(f"{path}: parameter {name!r} is not supported yet")
        items = [(value.text or "").strip() + (f":{value.get('format')}" if value.get("format")
                                               else "") for value in parameter.iter("value")]
        values[PARAMETERS[name]] = ";".join(items)
    for formatting in root.iter("formatting"):
        values["--" + formatting.get("argument", "")] = formatting.get("format", "")
    return values


def metric_order(options: DepOptions) -> list[str]:
    """The metrics in the order their columns and tables are printed: as given on the
    command line, or with ``--metric-order malteval`` in MaltEval's ``HashMap`` order.

    >>> metric_order(parse_dep_args(["-g", "g", "-s", "p", "--Metric", "LAS;UAS;LA"]))
    ['LAS', 'UAS', 'LA']
    >>> metric_order(parse_dep_args(["-g", "g", "-s", "p", "--Metric", "LAS;UAS;LA",
    ...                              "--metric-order", "malteval"]))
    ['LA', 'UAS', 'LAS']
    """
    unique = list(dict.fromkeys(options.metrics))
    return hash_order(unique) if options.values.get("--metric-order") == "malteval" else unique
