"""MaltEval's evaluations: one per combination of parameter values, in MaltEval's order.

MaltEval keeps the values of a parameter in a Java ``HashMap`` keyed by the value, so a
value given twice is evaluated once (for GroupBy the key is the grouping, its format the
entry: ``Deprel;Deprel:all`` is one evaluation, with the last format), and iterates them in
that map's order.  The parameters themselves sit in a ``Hashtable`` (Metric and GroupBy
first, then the others as given), and the combinations are counted like an odometer whose
fastest wheel is the first parameter of that table: with ``--Metric "LAS;UAS" --GroupBy
"Sentence;Deprel"`` the order is (Deprel, UAS), (Deprel, LAS), (Sentence, UAS), (Sentence,
LAS).  The metric order ``given`` (``--metric-order given``; MaltEval's is the default)
keeps the Metric values as given.

>>> settings = DepSettings(("g",), ("p",), {"Metric": ("LAS", "UAS"),
...                        "GroupBy": ("Sentence", "Deprel")})
>>> [(c.groupby, c.metric) for c in combinations(settings)]
[('Deprel', 'UAS'), ('Deprel', 'LAS'), ('Sentence', 'UAS'), ('Sentence', 'LAS')]
>>> given = DepSettings(("g",), ("p",), {"Metric": ("LAS", "UAS")}, metric_order="given")
>>> [c.metric for c in combinations(given)]
['LAS', 'UAS']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .grouping.registry import BUILTIN, Groupings
from .malteval_report import hash_order, java_string_hash
from .settings import DepSettings

#: what MaltEval evaluates when an evaluation file (``-e``) sets no GroupBy and no flag does
UNNAMED_GROUPBY = "Token:all"
#: the initial capacity and load factor of a Java ``Hashtable``
HASHTABLE_CAPACITY, HASHTABLE_LOAD = 11, 0.75


@dataclass(frozen=True)
class Combination:
    """One evaluation: a value of every parameter given (Metric and GroupBy always).

    ``values`` maps each parameter to its value as MaltEval's header prints it (GroupBy with
    its ``:format``, a ``self`` Metric as the metric it stands for); ``metric`` is that
    metric and ``groupby`` the GroupBy value with its format.
    """

    values: dict[str, str]

    @property
    def metric(self) -> str:
        return self.values["Metric"]

    @property
    def groupby(self) -> str:
        """The GroupBy value; an evaluation file without GroupBy evaluates Token with all its
        attributes, and the header does not name it."""
        return self.values.get("GroupBy", UNNAMED_GROUPBY)

    @property
    def setting(self) -> dict[str, str]:
        """The values of the parameters other than Metric and GroupBy."""
        return {name: value for name, value in self.values.items()
                if name not in ("Metric", "GroupBy")}

    def varying(self, names: list[str]) -> str:
        """MaltEval's column suffix in a merged table: ``Metric:UAS, ExcludeDeprels:punct``
        for the parameters ``names`` (those with several values), in header order; a GroupBy
        value without its format.

        >>> Combination({"ExcludeDeprels": "", "Metric": "UAS"}).varying(["ExcludeDeprels", "Metric"])
        'Metric:UAS, ExcludeDeprels:'
        >>> Combination({"GroupBy": "Postag@0:all", "Metric": "LAS"}).varying(["GroupBy"])
        'GroupBy:Postag@0'
        """
        shown = {name: value.partition(":")[0] if name == "GroupBy" else value
                 for name, value in self.values.items()}
        return ", ".join(f"{name}:{shown[name]}" for name in hash_order(names))


def hashtable_order(keys: list[str]) -> list[str]:
    """The iteration order of a Java ``Hashtable`` filled with ``keys`` in this order (String
    keys; a key put again keeps its place).

    >>> hashtable_order(["Metric", "GroupBy", "ExcludeDeprels", "MaxSentenceLength"])
    ['ExcludeDeprels', 'Metric', 'MaxSentenceLength', 'GroupBy']
    """
    capacity, threshold = HASHTABLE_CAPACITY, int(HASHTABLE_CAPACITY * HASHTABLE_LOAD)
    table: list[list[str]] = [[] for _ in range(capacity)]
    count = 0

    def index(key: str, size: int) -> int:
        return (java_string_hash(key) & 0x7FFFFFFF) % size

    for key in keys:
        if key in table[index(key, capacity)]:
            continue
        if count >= threshold:  # rehash: buckets from the last, each chain from its head
            capacity = capacity * 2 + 1
            threshold = int(capacity * HASHTABLE_LOAD)
            rehashed: list[list[str]] = [[] for _ in range(capacity)]
            for chain in reversed(table):
                for old in chain:
                    rehashed[index(old, capacity)].insert(0, old)
            table = rehashed
        table[index(key, capacity)].insert(0, key)
        count += 1
    return [key for chain in reversed(table) for key in chain]


def parameter_values(settings: DepSettings) -> dict[str, list[str]]:
    """Each parameter's distinct values in MaltEval's order (GroupBy values with their
    format; the last format of a grouping wins).  The parameters are in the order MaltEval
    puts them into its table: Metric and GroupBy (its defaults) first, then the others as
    given; with an evaluation file (no defaults) the file's in its order, then the flags'
    as given (a flag overriding the file keeps the file's place).

    >>> parameter_values(DepSettings(("g",), ("p",), {"GroupBy": ("Deprel", "Token", "Deprel:all")}))
    {'Metric': ['LAS'], 'GroupBy': ['Deprel:all', 'Token']}
    """
    given = {"Metric": settings.metrics, "GroupBy": settings.group_by,
             **{name: values for name, values in settings.parameters.items()
                if name not in ("Metric", "GroupBy")}}
    if settings.evaluation_file is not None:  # MaltEval gives no defaults to its file's run
        given = {name: given[name] for name in settings.parameters}
    result: dict[str, list[str]] = {}
    for name, values in given.items():
        keyed = {value.partition(":")[0] if name == "GroupBy" else value: value
                 for value in values}
        if name == "Metric" and settings.metric_order == "given":
            result[name] = list(keyed.values())
        else:
            result[name] = [keyed[key] for key in hash_order(list(keyed))]
    return result


def combinations(settings: DepSettings, groupings: Groupings = BUILTIN) -> list[Combination]:
    """Every evaluation MaltEval runs for each parsed file, in its order (``groupings``, the
    run's registry, names the metric ``self`` stands for)."""
    values = parameter_values(settings)
    fastest_first = hashtable_order(list(values))
    found = []
    for chosen in itertools.product(*(values[name] for name in reversed(fastest_first))):
        picked = dict(zip(reversed(fastest_first), chosen))
        if picked["Metric"] == "self":
            grouping = picked.get("GroupBy", UNNAMED_GROUPBY)
            picked["Metric"] = groupings.self_metric_name(grouping.partition(":")[0])
        # in the table's order: MaltEval's header map is filled so (its ties keep it)
        found.append(Combination({name: picked[name] for name in fastest_first}))
    return found


def varying_parameters(settings: DepSettings) -> list[str]:
    """The parameters with several values (they name the columns of a merged table).

    >>> varying_parameters(DepSettings(("g",), ("p",), {"Metric": ("LAS", "LAS"),
    ...                                                 "ExcludeDeprels": ("", "punct")}))
    ['ExcludeDeprels']
    """
    values = parameter_values(settings)
    return [name for name in hashtable_order(list(values)) if len(values[name]) > 1]
