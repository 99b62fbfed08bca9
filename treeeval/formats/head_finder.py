"""Head finding with a head table compiled into dicts and sets.

``HeadFinder.head(parent, categories)`` picks the head among the categories of a node's
children (function tags already stripped).  Each pass of the table is compiled once:
category-major passes into a rank dictionary, position-major and "except" passes into
sets, so that finding a head is one scan of the children per pass.  It looks at labels
only, so that every kind of tree can use it (nltk trees in ``conversion``, discontinuous
trees in ``disco``) without this module importing either.

>>> from treeeval.formats.headrules import load_heads
>>> finder = HeadFinder(load_heads("collins"))
>>> finder.head("PP", ["IN", "NP"]), finder.head("NP", ["DT", "NN", "NN"])
(0, 2)
>>> finder.head("NP", ["NP", "CC", "NP"])  # coordination: the first conjunct
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .headrules import ANY, HeadPass, HeadTable

if TYPE_CHECKING:
    from nltk import Tree

_CATEGORY, _POSITION, _EXCEPT, _DEFAULT = range(4)
#: a compiled rule (compile_rule): (kind, from the right, the categories: ranks by category
#: for a _CATEGORY pass, a set for _POSITION and _EXCEPT, None for _DEFAULT)
Passes = tuple[tuple[int, bool, dict[str, int] | frozenset[str] | None], ...]
#: labels of the wrappers around a whole tree; transparent when unary, and without a rule
#: of their own they use the table's ``*`` rule without counting as unknown
WRAPPERS = frozenset(["", "TOP", "ROOT", "VROOT"])


def compile_rule(rule: tuple[HeadPass, ...], default: bool = True) -> Passes:
    """A rule's passes as (kind, from the right, categories) triples for HeadFinder.head;
    with ``default``, a rule that does not end in a default pass gets one in the direction
    of its last pass.

    >>> compile_rule((HeadPass("left", ("VP", "ADJP")),), default=False)
    ((0, False, {'VP': 0, 'ADJP': 1}),)
    """
    compiled: list[tuple[int, bool, dict[str, int] | frozenset[str] | None]] = []
    for step in rule:
        reverse = step.direction.startswith("right")
        if not step.categories:
            compiled.append((_DEFAULT, reverse, None))
            break  # a default ends the search
        if step.direction.endswith("except"):
            compiled.append((_EXCEPT, reverse, frozenset(step.categories)))
        elif step.direction.endswith("dis") or len(step.categories) == 1:
            compiled.append((_POSITION, reverse, frozenset(step.categories)))
        else:
            ranks: dict[str, int] = {}
            for rank, category in enumerate(step.categories):
                ranks.setdefault(category, rank)
            compiled.append((_CATEGORY, reverse, ranks))
    if default and (not compiled or compiled[-1][0] != _DEFAULT):
        last_reverse = compiled[-1][1] if compiled else False
        compiled.append((_DEFAULT, last_reverse, None))
    return tuple(compiled)


class HeadFinder:
    """A compiled head table; counts the parents it found no rule for in ``unknown``."""

    def __init__(self, table: HeadTable) -> None:
        self.table = table
        self.rules = {parent: compile_rule(rule) for parent, rule in table.rules.items()}
        self.default = self.rules.get(ANY) or compile_rule(())
        self.punctuation = table.punctuation
        self.skip_punctuation = table.fallback == "skip-punctuation"
        self.coordination = table.coordination
        self.coordinate_defaults = table.coordination_after_fallback
        #: how often each parent category without a rule was met (the ``*`` rule was used)
        self.unknown: dict[str, int] = {}

    def prepare(self, tree: Tree) -> Tree | None:
        """The tree whose nodes ``head`` is given: ``tree`` itself (a SemanticHeadFinder
        returns a copy without empty elements, None when nothing is left)."""
        return tree

    def head(self, parent: str, cats: list[str], node: Tree | None = None) -> int:
        """Index of the head among ``cats`` (the children's categories) of ``parent``.

        ``node`` (the parent's node in the prepared tree) is for subclasses whose rules look
        beyond the categories.  A rule that ends without a default gives -1 when no pass
        matches (only SemanticHeadFinder compiles such rules).
        """
        n = len(cats)
        if n == 1:
            return 0
        passes = self.rules.get(parent) or self.passes(parent)
        # a pass's kind says what its data is, which mypy cannot see: hence the ignores below
        for kind, reverse, data in passes:
            order = range(n - 1, -1, -1) if reverse else range(n)
            if kind == _CATEGORY:
                best, best_rank = -1, n + len(data)  # type: ignore[arg-type]  # a dict
                for i in order:
                    rank = data.get(cats[i])  # type: ignore[union-attr]  # a dict
                    if rank is not None and rank < best_rank:
                        best, best_rank = i, rank
                        if rank == 0:
                            break
                if best >= 0:
                    return self._coordinate(best, cats)
            elif kind == _POSITION:
                for i in order:
                    if cats[i] in data:  # type: ignore[operator]  # a frozenset
                        return self._coordinate(i, cats)
            elif kind == _EXCEPT:
                for i in order:
                    if cats[i] not in data:  # type: ignore[operator]  # a frozenset
                        return self._coordinate(i, cats)
            else:
                found, movable = self._default(order, cats)
                return self._coordinate(found, cats) if movable else found
        return -1

    def passes(self, parent: str) -> Passes:
        """The compiled rule of ``parent``; the ``*`` rule, counted as unknown, if it has none."""
        passes = self.rules.get(parent)
        if passes is None:
            passes = self.default
            if parent not in WRAPPERS:
                self.unknown[parent] = self.unknown.get(parent, 0) + 1
        return passes

    def _default(self, order: range, cats: list[str]) -> tuple[int, bool]:
        """The default's child, and whether the coordination rule may move it: only if the
        table applies it to defaults, and never when every child is punctuation (CoreNLP)."""
        if self.skip_punctuation:
            for i in order:
                if cats[i] not in self.punctuation:
                    return i, self.coordinate_defaults
            return order[0], False
        return order[0], self.coordinate_defaults

    def _coordinate(self, h: int, cats: list[str]) -> int:
        if h >= 2 and cats[h - 1] in self.coordination and cats[h - 2] not in self.punctuation:
            return h - 2
        return h
