"""GroupBy plug-ins: MaltEval's Java plug-in mechanism (user guide, section 5) in Python.

A plug-in is a small class (or an instance) with

* ``name``: the GroupBy value that selects it (``--GroupBy NAME``);
* ``two_sided``: True when keys are computed on the gold and on the parsed treebank (the
  attributes parseraccuracy, treebankaccuracy, ... or, when the metric is the grouping
  itself, precision, recall and fscore), False for an accuracy grouping (accuracy, counter,
  correctcounter; MaltEval's ``isSimpleAccuracyGrouping``);
* ``keys(treebank)``: one str key per token, computed with numpy over the whole treebank;
* optionally ``default_attributes`` (the columns shown without a format) and
  ``order(keys)`` (the distinct keys in display order; Java String order by default).

It is found through the entry-point group ``treeeval.groupings`` of an installed
distribution, or given on the command line with ``--plugin MODULE:CLASS`` (or
``path/to/file.py:CLASS``).  :class:`GroupingBase` supplies the defaults:

>>> class Length(GroupingBase):
...     two_sided = False
...     def keys(self, treebank):
...         return np.char.mod("%d", treebank.sizes[treebank.sentence]).astype(object)
>>> from types import SimpleNamespace
>>> tb = SimpleNamespace(sizes=np.array([2, 1]), sentence=np.array([0, 0, 1]))
>>> plugin = check_grouping(Length(), "Length")
>>> plugin.name, grouping_keys(plugin, tb).tolist(), group_order(plugin, ["2", "10", "2"])
('Length', ['2', '2', '1'], ['10', '2'])
"""

from __future__ import annotations

import abc
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from ...arrays import AnyArray, BoolArray, ObjectArray
from ...errors import UsageError
from ..refusals import ValueRefused

if TYPE_CHECKING:
    import importlib.metadata

#: the entry-point group under which distributions register GroupBy plug-ins
ENTRY_POINT_GROUP = "treeeval.groupings"
#: characters a GroupBy name cannot hold (they separate values, formats and complex groups)
RESERVED = set(";:|@#,") | {" ", "\t"}

Builtin = TypeVar("Builtin")


@runtime_checkable
class Grouping(Protocol):
    """What treeeval needs of a GroupBy plug-in (``default_attributes``, ``order`` optional)."""

    name: str
    two_sided: bool

    def keys(self, treebank: Any) -> AnyArray:
        """One str key per token of ``treebank`` (an object array, or any array of str)."""
        ...


def java_string_order(keys: Iterable[str]) -> list[str]:
    """The distinct keys sorted as Java's ``String.compareTo`` does (UTF-16 code units).

    >>> java_string_order(["b", "B", "\\U0001F600", "\\uFB01", "b"])
    ['B', 'b', '\\U0001f600', 'ﬁ']
    """
    return sorted(set(keys), key=lambda key: key.encode("utf-16-be", "surrogatepass"))


class GroupingBase(abc.ABC):
    """A convenient base for plug-ins: ``name`` defaults to the class name, ``two_sided`` to
    True, ``default_attributes`` to None (chosen by treeeval), ``order`` to Java order."""

    name: str = ""
    two_sided: bool = True
    default_attributes: Sequence[str] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" not in cls.__dict__:
            cls.name = cls.__name__

    @abc.abstractmethod
    def keys(self, treebank: Any) -> AnyArray:
        """One str key per token of ``treebank`` (an object array, or any array of str)."""

    def order(self, keys: Iterable[str]) -> list[str]:
        """The distinct keys in display order (Java String order)."""
        return java_string_order(keys)


def check_grouping(grouping: Any, origin: str) -> Grouping:
    """``grouping`` if it follows the plug-in protocol, else a UsageError naming ``origin``.

    >>> check_grouping(object(), "my.mod:Thing")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: my.mod:Thing is not a GroupBy plug-in: it has no str \
attribute 'name'; it has no bool attribute 'two_sided'; it has no method keys(treebank) \
(see treeeval.dep.grouping.plugins.Grouping)
    """
    problems = []
    name = getattr(grouping, "name", None)
    if not isinstance(name, str) or not name:
        problems.append("it has no str attribute 'name'")
    elif RESERVED & set(name):
        problems.append(f"its name {name!r} holds one of the characters ; : | @ # , or a space")
    if not isinstance(getattr(grouping, "two_sided", None), bool):
        problems.append("it has no bool attribute 'two_sided'")
    if not callable(getattr(grouping, "keys", None)):
        problems.append("it has no method keys(treebank)")
    if getattr(grouping, "order", None) is not None and not callable(grouping.order):
        problems.append("its 'order' is not a method")
    attributes = getattr(grouping, "default_attributes", None)
    if attributes is not None and (isinstance(attributes, str) or not all(
            isinstance(attribute, str) for attribute in attributes)):
        problems.append("its 'default_attributes' is not a sequence of attribute names")
    if problems:
        raise UsageError(f"{origin} is not a GroupBy plug-in: {'; '.join(problems)} "
                         f"(see treeeval.dep.grouping.plugins.Grouping)")
    return grouping


def grouping_keys(grouping: Grouping, treebank: Any) -> ObjectArray:
    """The plug-in's keys for ``treebank``, checked: an object array of one str per token.

    A plug-in that fails, or gives anything else, is a UsageError naming it (not a traceback).
    """
    try:
        keys = np.asarray(grouping.keys(treebank), dtype=object)
    except Exception as exc:
        raise UsageError(f"GroupBy plug-in {grouping.name}: keys() failed: "
                         f"{type(exc).__name__}: {exc}") from None
    expected = len(treebank.sentence)
    if keys.shape != (expected,):
        raise UsageError(f"GroupBy plug-in {grouping.name} gave keys of shape {keys.shape} "
                         f"for {expected} tokens")
    if not all(isinstance(key, str) for key in keys.tolist()):
        raise UsageError(f"GroupBy plug-in {grouping.name} gave keys that are not all str")
    return keys


def group_order(grouping: Any, keys: Iterable[str]) -> list[str]:
    """The distinct keys in the plug-in's display order (its ``order``, else Java order)."""
    order = getattr(grouping, "order", None)
    return list(order(keys)) if order is not None else java_string_order(keys)


def default_attributes(grouping: Any, *, self_metric: bool = False) -> list[str]:
    """The columns shown without a format: the plug-in's own ``default_attributes``, else
    MaltEval's defaults for the kind of grouping (``self_metric``: the metric is the grouping).

    >>> from treeeval.dep.grouping.plugin_example import ArcDirectionAndDeprel
    >>> default_attributes(ArcDirectionAndDeprel()), default_attributes(
    ...     ArcDirectionAndDeprel(), self_metric=True)
    (['parseraccuracy', 'treebankaccuracy'], ['precision', 'recall'])
    """
    own = getattr(grouping, "default_attributes", None)
    if own is not None:
        return list(own)
    if not grouping.two_sided:
        return ["accuracy"]
    return ["precision", "recall"] if self_metric else ["parseraccuracy", "treebankaccuracy"]


def self_hits(grouping: Grouping, gold: Any, parsed: Any) -> BoolArray:
    """The grouping used as its own metric (``--Metric self``): a token is right when its
    gold and parsed keys are equal, as in the guide's example (``isCorrect``)."""
    return grouping_keys(grouping, gold) == grouping_keys(grouping, parsed)


def load_plugin(spec: str) -> Grouping:
    """The plug-in ``MODULE:CLASS`` or ``path/to/file.py:CLASS`` (a class is instantiated
    without arguments; an instance is used as it is).  Every failure is a UsageError.

    >>> load_plugin("treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel").name
    'ArcDirectionAndDeprel'
    >>> load_plugin("treeeval.dep.grouping.plugin_example:Nothing")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: plug-in treeeval.dep.grouping.plugin_example:Nothing: module \
treeeval.dep.grouping.plugin_example has no attribute 'Nothing' (GroupBy classes there: \
ArcDirectionAndDeprel)
    """
    location, colon, attribute = spec.rpartition(":")
    if not colon or not location or not attribute:
        raise UsageError(f"plug-in {spec}: expected MODULE:CLASS or FILE.py:CLASS, e.g. "
                         f"treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel")
    module = _import(location, spec)
    found: Any = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            candidates = ", ".join(_candidates(module)) or "none"
            raise UsageError(f"plug-in {spec}: module {module.__name__} has no attribute "
                             f"{attribute!r} (GroupBy classes there: {candidates})")
        found = getattr(found, part)
    return check_grouping(_instance(found, f"plug-in {spec}"), f"plug-in {spec}")


def _import(location: str, spec: str) -> Any:
    if location.endswith(".py"):
        path = Path(location)
        if not path.is_file():
            raise UsageError(f"plug-in {spec}: no such file: {location}")
        name = f"treeeval_plugin_{path.stem}"
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise UsageError(f"plug-in {spec}: cannot load {location} as a Python module")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise UsageError(f"plug-in {spec}: loading {location} failed: "
                             f"{type(exc).__name__}: {exc}") from None
        return module
    try:
        return importlib.import_module(location)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (location == exc.name
                                     or location.startswith(exc.name + ".")):
            raise UsageError(f"plug-in {spec}: no module named {location} (install it, put "
                             f"it on PYTHONPATH, or give its file: path/to/file.py:CLASS)"
                             ) from None
        raise UsageError(f"plug-in {spec}: importing {location} failed: {exc}") from None
    except Exception as exc:
        raise UsageError(f"plug-in {spec}: importing {location} failed: "
                         f"{type(exc).__name__}: {exc}") from None


def _candidates(module: Any) -> list[str]:
    """Names of the classes in ``module`` that look like GroupBy plug-ins."""
    return sorted(name for name, value in vars(module).items()
                  if inspect.isclass(value) and not inspect.isabstract(value)
                  and callable(getattr(value, "keys", None))
                  and isinstance(getattr(value, "two_sided", None), bool))


def _instance(found: Any, origin: str) -> Any:
    if not inspect.isclass(found):
        return found
    try:
        return found()
    except Exception as exc:
        raise UsageError(f"{origin}: cannot create {found.__name__}(): "
                         f"{type(exc).__name__}: {exc}") from None


def entry_point_groupings() -> dict[str, importlib.metadata.EntryPoint]:
    """The plug-ins installed distributions register under ``treeeval.groupings``, by name
    (the first one of a name wins); they are loaded by :func:`load_entry_point`."""
    import importlib.metadata  # slow to import: only when a GroupBy name is not built in

    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry_point.name, entry_point)
    return found


def load_entry_point(entry_point: importlib.metadata.EntryPoint) -> Grouping:
    """Load, instantiate and check the plug-in of an entry point; failures are UsageErrors."""
    origin = f"GroupBy plug-in {entry_point.name} (entry point {entry_point.value})"
    try:
        found = entry_point.load()
    except Exception as exc:
        raise UsageError(f"{origin}: loading failed: {type(exc).__name__}: {exc}") from None
    return check_grouping(_instance(found, origin), origin)


def find_grouping(name: str, builtins: Mapping[str, Builtin],
                  plugins: Sequence[Grouping] = ()) -> Builtin | Grouping:
    """The GroupBy ``name``: a built-in (``builtins[name]``), else one of the ``plugins``
    given with ``--plugin``, else an installed entry-point plug-in; else a UsageError that
    lists the known names.

    >>> find_grouping("Token", {"Token": "the built-in"})
    'the built-in'
    >>> find_grouping("ArcDirectionAndDeprel", {}, [load_plugin(
    ...     "treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel")]).two_sided
    True
    """
    if name in builtins:
        return builtins[name]
    for plugin in plugins:
        if plugin.name == name:
            return plugin
    installed = entry_point_groupings()
    if name in installed:
        return load_entry_point(installed[name])
    loaded = [plugin.name for plugin in plugins]
    known = list(builtins) + loaded + list(installed)
    close = [known_name for known_name in known if known_name.lower() == name.lower()]
    if not close:
        import difflib  # only for the error message

        close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    listing = f"built-in: {', '.join(builtins) or 'none'}"
    if loaded or installed:
        listing += f"; plug-ins: {', '.join(loaded + list(installed))}"
    raise ValueRefused("GroupBy", f"unknown GroupBy {name!r}{hint}; {listing}. A plug-in is "
                                  f"given with --plugin MODULE:CLASS or installed under the "
                                  f"entry point group {ENTRY_POINT_GROUP}", name)
