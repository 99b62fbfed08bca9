"""The greedy repair search of Kummerfeld et al. (2012): turn the test tree into the gold
tree one repair at a time, always taking the repair that fixes the most bracket errors.

A bracket error is a test bracket without a gold partner (*extra*) or a gold bracket without
a test partner (*missing*; *crossing* when a test bracket crosses it), brackets compared
as (start, end, label) multisets, the root and preterminals included/excluded as the
classifier does (root in, preterminals out).  The repairs, in the order the classifier
tries them (the first of the best wins a tie):

1. *relabel* an extra bracket whose span a missing one has (fixes 2);
2. *add* a missing (not crossing) bracket (fixes 1);
3. *remove* an extra bracket (fixes 1);
4. *move* a run of siblings (not all the children of their parent): down into an extra
   bracket at the edge of a neighbouring sibling, or, when their parent is extra and they
   are at its edge, out into an extra bracket that ends (or starts) where the parent starts
   (or ends), or up to an ancestor.  A parent left with one child of its own label is merged
   with it, and a missing bracket that now fits round the moved run inside its new parent
   is added too.

Relabels, adds and removes fix a fixed number of errors, and one of them always exists while
errors remain, so a move is only taken when it fixes at least 2: :meth:`Search.best_move`
therefore scores only the moves whose new spans can match a missing bracket (or that merge
a unary), by arithmetic on the bracket counts instead of building each candidate tree.

>>> import io
>>> from .reading import read_raw
>>> from .tree import prepare
>>> def tree(text): return prepare(next(read_raw(io.BytesIO(text.encode()))))
>>> gold = tree("(ROOT (S (NP (NN I)) (VP (VBD saw) (NP (DT a) (NN man)) "
...             "(PP (IN with) (NP (NN binoculars))))))")
>>> test = tree("(ROOT (S (NP (NN I)) (VP (VBD saw) (NP (DT a) (NN man) "
...             "(PP (IN with) (NP (NN binoculars)))))))")
>>> [(step.kind, step.fixed, step.moved) for step in repair(gold, test)]
[('move', 2, (4, 6))]
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from .tree import Node

Key = tuple[int, int, str]
Span = tuple[int, int]
#: a bracket whose span a move changes, with its key before and after
Change = tuple[Node, Key, Key]

#: the classifier gives up on a sentence that needs more repairs than this
MAX_STEPS = 100

_SPAN = attrgetter("start", "end")
_LABEL = attrgetter("label")

#: the kinds of move in the classifier's order: down into the left or right sibling, out
#: to the left or right, up leaving the left or right edge
KINDS = ("dl", "dr", "ol", "or", "ul", "ur")
DL, DR, OL, OR, UL, UR = range(6)


class RootRemoval(Exception):
    """The greedy repair chose to remove the test tree's root bracket, which has no parent to
    take its children (e.g. gold ``(ROOT (S (NN the)))``, test ``(S (NP (S (NN the))))``):
    Kummerfeld et al.'s classifier crashes there, treeeval reports the sentence."""


class Step(NamedTuple):
    """One repair and what the classifier's rules look at to name it (a named tuple: one is
    made at each step, and a frozen dataclass takes several times as long to make).

    ``kind`` is relabel, add, remove or move; ``fixed`` the bracket errors it fixes;
    ``span``/``label`` the bracket relabelled (to ``label``), added or removed; for a move,
    ``moved`` is the word span of the moved run, ``source``/``target`` the (start, end,
    label) of the old and new parent before the move.
    """

    kind: str
    fixed: int
    span: Span = (0, 0)
    label: str = ""
    over_word: bool = False
    subtrees: tuple[str, ...] = ()
    parent: str = ""
    family: int = 0
    right_siblings: tuple[str, ...] = ()
    movers: tuple[str, ...] = ()
    start_left: tuple[str, ...] = ()
    start_right: tuple[str, ...] = ()
    end_left: tuple[str, ...] = ()
    end_right: tuple[str, ...] = ()
    moved: Span = (0, 0)
    source: Key = (0, 0, "")
    target: Key = (0, 0, "")


@dataclass
class _Move:
    """A scored candidate move, with the span changes and key count changes it makes."""

    source: Node
    left: int
    right: int
    target: Node
    kind: str  # dl, dr (down into a sibling), ol, or (out), ul, ur (up)
    fixed: int
    add: Key | None
    changes: list[Change]
    delta: dict[Key, int]


@dataclass
class Gold:
    """The gold brackets in the classifier's order (by span, then pre-order), with the
    occurrence number of each, the positions of each key's occurrences, and the number of
    words."""

    keys: list[Key]
    counts: Counter[Key]
    occurrence: list[int] = field(default_factory=list)
    positions: dict[Key, list[int]] = field(default_factory=dict)
    starts: list[int] = field(default_factory=list)
    words: int = 0

    @classmethod
    def of(cls, root: Node) -> Gold:
        brackets, leaves = root.walk()
        brackets.sort(key=_SPAN)
        keys = [node.key for node in brackets]
        positions: dict[Key, list[int]] = {}
        occurrence = []
        for index, key in enumerate(keys):
            seen = positions.setdefault(key, [])
            occurrence.append(len(seen))
            seen.append(index)
        return cls(keys, Counter(keys), occurrence, positions, [key[0] for key in keys],
                   len(leaves))


def _crosses(start: int, end: int, spans: Iterable[Span]) -> bool:
    """Whether a test span crosses (start, end): EVALB's test (bracket.spans.crosses),
    here on plain spans, as the classifier has no brackets left out of the count."""
    for t0, t1 in spans:
        if t0 < start < t1 < end or start < t0 < end < t1:
            return True
    return False


def _merger(node: Node) -> bool:
    """Whether a move could leave ``node`` a unary over its own label: it has two children
    or more, the first or the last a bracket of its label."""
    children = node.children
    if len(children) < 2:
        return False
    first, last = children[0], children[-1]
    return ((first.word is None and first.label == node.label)
            or (last.word is None and last.label == node.label))


def _preorder(node: Node) -> tuple[int, int, int]:
    """A sort key putting brackets in pre-order: by start, the longer first, then by depth
    (brackets of one span are a unary chain)."""
    depth = 0
    parent = node.parent
    while parent is not None:
        depth += 1
        parent = parent.parent
    return (node.start, -node.end, depth)


class Search:
    """The search on one test tree (see the module docstring): its bracket counts, the
    extra and missing brackets, and the brackets a move could merge, carried from one
    repair to the next (each repair updates the few brackets it changes).

    >>> import io
    >>> from .reading import read_raw
    >>> from .tree import prepare
    >>> def tree(text): return prepare(next(read_raw(io.BytesIO(text.encode()))))
    >>> gold = Gold.of(tree("(ROOT (S (NP (DT a) (NN b)) (VP (VB c))))"))
    >>> search = Search(gold, tree("(ROOT (S (X (DT a) (NN b)) (VB c)))"))
    >>> search.errors, sorted(search.deficit), sorted(search.extra_keys)
    (3, [(0, 2, 'NP'), (2, 3, 'VP')], [(0, 2, 'X')])
    >>> search.first_relabel(), search.first_missing()
    (((0, 2, 'X'), 'NP'), (0, 2, 'NP'))
    """

    def __init__(self, gold: Gold, root: Node) -> None:
        self.gold, self.root = gold, root
        brackets, self.leaves = root.walk()
        keys = [(node.start, node.end, node.label) for node in brackets]
        # plain dicts: a Counter's item deletion is written in Python
        self.counts: dict[Key, int] = dict(Counter(keys))
        self.spans: dict[Span, int] = dict(Counter([key[:2] for key in keys]))
        #: the keys gold has more of, each with the gold position of its first unmatched copy
        self.deficit: dict[Key, int] = {}
        self.extra_keys: set[Key] = set()
        self._unmatched_order: list[Key] | None = None
        self.errors = 0
        for key in gold.counts.keys() | self.counts.keys():
            self._settle(key, gold.counts.get(key, 0), self.counts.get(key, 0))
        self.mergers = {node for node in brackets if _merger(node)}

    def _settle(self, key: Key, want: int, have: int) -> None:
        """Count the errors of ``key`` and file it as missing or extra."""
        if have < want:
            self.errors += want - have
            self.deficit[key] = self.gold.positions[key][have]
        elif have > want:
            self.errors += have - want
            self.extra_keys.add(key)

    def _count(self, key: Key, change: int) -> None:
        """Count ``change`` more brackets ``key`` in the test tree."""
        self._unmatched_order = None
        counts, spans = self.counts, self.spans
        have = counts.get(key, 0)
        now = have + change
        want = self.gold.counts.get(key, 0)
        self.errors += abs(now - want) - abs(have - want)
        if now:
            counts[key] = now
        else:
            del counts[key]
        span = key[:2]
        width = spans.get(span, 0) + change
        if width:
            spans[span] = width
        else:
            del spans[span]
        if now < want:
            self.deficit[key] = self.gold.positions[key][now]
        else:
            self.deficit.pop(key, None)
        if now > want:
            self.extra_keys.add(key)
        else:
            self.extra_keys.discard(key)

    def _touch(self, *nodes: Node) -> None:
        """Recheck whether brackets whose children changed could merge after a move."""
        for node in nodes:
            if _merger(node):
                self.mergers.add(node)
            else:
                self.mergers.discard(node)

    def _unmatched(self) -> list[Key]:
        """The gold brackets without a test partner (missing or crossing), each once, in
        gold order (of a bracket gold has more often than the test tree, the last copies
        are the unmatched ones: the first of them places it, see ``deficit``); kept until
        a count changes."""
        if self._unmatched_order is None:
            self._unmatched_order = sorted(self.deficit, key=self.deficit.__getitem__)
        return self._unmatched_order

    def _chain_of(self, start: int, end: int) -> list[Node]:
        """The brackets of one span, top down."""
        chain = []
        node = self.leaves[start].parent
        while node is not None and node.start == start:
            if node.end == end:
                chain.append(node)
            node = node.parent
        chain.reverse()
        return chain

    def _first_extra(self, span: Span) -> Node:
        """The first extra bracket of a span (pre-order): of each label, the brackets after
        as many as gold has are extra."""
        seen: dict[str, int] = {}
        want = self.gold.counts
        for node in self._chain_of(*span):
            copies = seen.get(node.label, 0)
            if copies >= want.get((*span, node.label), 0):
                return node
            seen[node.label] = copies + 1
        raise AssertionError(f"no extra bracket on {span}")

    # --- the fixed-gain repairs -----------------------------------------------------------

    def first_relabel(self) -> tuple[Key, str] | None:
        """The first (extra bracket, missing label) pair on one span, in the classifier's order."""
        if not self.deficit or not self.extra_keys:
            return None
        extra_spans = {key[:2] for key in self.extra_keys}
        for missing in self._unmatched():
            if missing[:2] in extra_spans and not _crosses(missing[0], missing[1], self.spans):
                return self._first_extra(missing[:2]).key, missing[2]
        return None

    def first_missing(self) -> Key | None:
        """The first missing (not crossing) gold bracket."""
        return next((key for key in self._unmatched()
                     if not _crosses(key[0], key[1], self.spans)), None)

    # --- moves ------------------------------------------------------------------------------

    def best_move(self, beat: int) -> _Move | None:
        """The first move, in the classifier's order, that fixes the most errors (more
        than ``beat``).  Without missing brackets none can: no key gains, so none is
        missing after the move to be added round it, and a merge alone fixes 1."""
        if not self.deficit:
            return None
        best: _Move | None = None
        candidates = self._candidates(merges=beat < 2)
        for source in sorted(candidates, key=_preorder) if len(candidates) > 1 else candidates:
            for left, right, rank in sorted(candidates[source]):
                if not self._reachable(source, left, right, rank):
                    continue
                kind = KINDS[rank]
                merge = self._merge(source, left, right)
                for target, moved_to, changes, landed in self._moves(source, left, right, kind):
                    bar = beat if best is None else best.fixed
                    if merge + 2 * landed + 1 > bar:
                        move = self._score(source, left, right, target, moved_to, kind, merge,
                                           bar, changes)
                        if move is not None:
                            best = move
        return best

    def _candidates(self, merges: bool) -> dict[Node, set[tuple[int, int, int]]]:
        """The moves worth scoring, by source: (left, right, rank of the kind).

        A move fixes 2 errors or more only if a bracket whose span it changes lands on a
        missing bracket, or if it merges a unary (module docstring); so each missing bracket
        (start, end, label) is traced back to the moves that can produce it, from the
        brackets of its label that share its start or its end.  A merge that lands nowhere
        fixes 2 at most, so the merges are only looked for when ``merges`` (nothing fixing
        2 is known yet).
        """
        found: dict[Node, set[tuple[int, int, int]]] = {}

        def add(source: Node, left: int, right: int, kind: int) -> None:
            runs = found.get(source)
            if runs is None:
                found[source] = {(left, right, kind)}
            else:
                runs.add((left, right, kind))

        extra, words = self.extra_keys, len(self.leaves)
        leaves = self.leaves
        for start, end, label in self.deficit:
            for node in _starting(leaves[start]) if start < words else ():
                if node.label != label:
                    continue
                if node.end < end:  # its end can grow to ``end``
                    self._grow_end(node, end, add)
                    for source in (_starting(leaves[node.end])
                                   if node.end < words else ()):
                        if (source.start, source.end, source.label) in extra:
                            right = _child_ending(source, end)
                            if right is not None and right < len(source.children) - 1:
                                add(source, 0, right, OL)
                elif node.end > end:  # its end can shrink to ``end``
                    for source in _edge(node, -1):
                        if (source.start, source.end, source.label) not in extra:
                            continue
                        left = _child_starting(source, end)
                        if left is not None and left > 0:
                            add(source, left, len(source.children) - 1, UR)
                            if source.end < words:
                                add(source, left, len(source.children) - 1, OR)
            for node in _ending(leaves[end - 1]) if end > 0 else ():
                if node.label != label:
                    continue
                if node.start > start:  # its start can move back to ``start``
                    self._grow_start(node, start, add)
                    for source in _ending(leaves[node.start - 1]):
                        if (source.start, source.end, source.label) in extra:
                            left = _child_starting(source, start)
                            if left is not None and left > 0:
                                add(source, left, len(source.children) - 1, OR)
                elif node.start < start:  # its start can move on to ``start``
                    for source in _edge(node, 0):
                        if (source.start, source.end, source.label) not in extra:
                            continue
                        right = _child_ending(source, start)
                        if right is not None and right < len(source.children) - 1:
                            add(source, 0, right, UL)
                            if source.start > 0:
                                add(source, 0, right, OL)
        for source in self.mergers if merges else ():
            children = source.children
            k = len(children)
            is_extra = (source.start, source.end, source.label) in extra
            if children[0].word is None and children[0].label == source.label:
                add(source, 1, k - 1, DL)
                if is_extra:
                    if source.end < words:
                        add(source, 1, k - 1, OR)
                    add(source, 1, k - 1, UR)
            if children[-1].word is None and children[-1].label == source.label:
                add(source, 0, k - 2, DR)
                if is_extra:
                    if source.start > 0:
                        add(source, 0, k - 2, OL)
                    add(source, 0, k - 2, UL)
        return found

    @staticmethod
    def _grow_end(node: Node, end: int, add: Callable[[Node, int, int, int], None]) -> None:
        """The down-left move that makes ``node`` (on a sibling's right edge) end at ``end``."""
        top = node
        while top.parent is not None and top.parent.children[-1] is top:
            top = top.parent
        source = top.parent
        if source is None:
            return
        left = source.children.index(top) + 1
        right = _child_ending(source, end)
        if right is not None and right >= left:
            add(source, left, right, DL)

    @staticmethod
    def _grow_start(node: Node, start: int, add: Callable[[Node, int, int, int], None]) -> None:
        """The down-right move that makes ``node`` (on a sibling's left edge) start at ``start``."""
        top = node
        while top.parent is not None and top.parent.children[0] is top:
            top = top.parent
        source = top.parent
        if source is None:
            return
        right = source.children.index(top) - 1
        left = _child_starting(source, start)
        if left is not None and left <= right:
            add(source, left, right, DR)

    def _reachable(self, source: Node, left: int, right: int, rank: int) -> bool:
        """Whether a move has a target at all (most of the moves traced back have none)."""
        children = source.children
        if rank == DL:
            nodes = _edge(children[left - 1], -1)
        elif rank == DR:
            nodes = _edge(children[right + 1], 0)
        elif rank == OL:
            nodes = _ending(self.leaves[source.start - 1])
        elif rank == OR:
            nodes = _starting(self.leaves[source.end])
        else:
            return True
        extra = self.extra_keys
        for node in nodes:
            if (node.start, node.end, node.label) in extra:
                return True
        return False

    def _moves(self, source: Node, left: int, right: int,
               kind: str) -> Iterator[tuple[Node, Key, list[Change], int]]:
        """The candidate new parents of one kind, in the classifier's order, each with its
        key after the move, the brackets whose span the move changes (old and new key) and
        how many of the new keys gold has more of (an upper bound of the gain).  The
        targets of one move lie on one path, so the changes of each extend the last's."""
        children, extra, deficit = source.children, self.extra_keys, self.deficit
        a, b = children[left].start, children[right].end
        changes: list[Change] = []
        landed = 0
        if kind in ("dl", "dr"):
            down = kind == "dl"
            for node in (_edge(children[left - 1], -1) if down else _edge(children[right + 1], 0)):
                key = (node.start, node.end, node.label)
                new = (node.start, b, node.label) if down else (a, node.end, node.label)
                changes.append((node, key, new))
                landed += new in deficit
                if key in extra:
                    yield node, new, changes[:], landed
        elif kind in ("ul", "ur"):
            node = source
            while node.parent is not None and node.parent.parent is not None:
                new = (b, node.end, node.label) if kind == "ul" else (node.start, a, node.label)
                changes.append((node, node.key, new))
                landed += new in deficit
                yield node.parent, node.parent.key, changes[:], landed
                if kind == "ul" and node.parent.parent.start < source.start:
                    break
                if kind == "ur" and node.parent.parent.end > source.end:
                    break
                node = node.parent
        else:
            yield from self._moves_out(source, a, b, kind == "ol")

    def _moves_out(self, source: Node, a: int, b: int,
                   left: bool) -> Iterator[tuple[Node, Key, list[Change], int]]:
        """_moves out of ``source`` (at its left or right edge, from ``a`` to ``b``) into a
        bracket ending where it starts (``left``) or starting where it ends."""
        extra, deficit = self.extra_keys, self.deficit
        own: list[Change] = []
        node: Node | None = source
        while node is not None and (node.start == a if left else node.end == b):
            new = (b, node.end, node.label) if left else (node.start, a, node.label)
            own.append((node, node.key, new))
            node = node.parent
        landed = sum(1 for change in own if change[2] in deficit)
        edge = _ending(self.leaves[a - 1]) if left else _starting(self.leaves[b])
        chain = [(node, node.key,
                  (node.start, b, node.label) if left else (a, node.end, node.label))
                 for node in edge]
        hits = [change[2] in deficit for change in chain]
        for index in range(len(chain) - 1, -1, -1):
            target, key, new = chain[index]
            if key in extra:
                yield target, new, own + chain[index:], landed + sum(hits[index:])

    @staticmethod
    def _merge(source: Node, left: int, right: int) -> bool:
        """Whether the move leaves ``source`` one child of its own label (merged away)."""
        k = len(source.children)
        if k - (right - left + 1) != 1:
            return False
        rest = source.children[0] if left == 1 else source.children[-1]
        return rest.word is None and rest.label == source.label

    @staticmethod
    def merges(source: Node) -> bool:
        """Whether ``source``, after a move, is one child of its own label (and merges it)."""
        return (len(source.children) == 1 and source.children[0].word is None
                and source.children[0].label == source.label)

    def _score(self, source: Node, left: int, right: int, target: Node, moved_to: Key,
               kind: str, merge: bool, beat: int, changes: list[Change]) -> _Move | None:
        children = source.children
        a, b = children[left].start, children[right].end
        if kind in ("dl", "dr", "ul", "ur"):
            new_source = (source.start, source.end)
            if kind == "ul":
                new_source = (b, source.end)
            elif kind == "ur":
                new_source = (source.start, a)
        else:
            new_source = (b, source.end) if kind == "ol" else (source.start, a)
        merged = (*new_source, source.label) if merge else None
        delta: dict[Key, int] = {}
        for _node, old, new in changes:
            delta[old] = delta.get(old, 0) - 1
            delta[new] = delta.get(new, 0) + 1
        if merged is not None:
            delta[merged] = delta.get(merged, 0) - 1
        counts, gold = self.counts, self.gold.counts
        gain = 0
        for key, change in delta.items():
            if change:  # the matched copies of ``key`` go from min(have, want) to min(now, want)
                have, want = counts.get(key, 0), gold.get(key, 0)
                now = have + change
                gain += (now if now < want else want) - (have if have < want else want)
        fixed = (1 if merge else 0) + 2 * gain
        if fixed + 1 <= beat:
            return None
        stale = merge and kind in ("dl", "dr") and target is (
            children[left - 1] if kind == "dl" else children[right + 1])
        add = None
        if not stale:
            add = self._added(a, b, moved_to, delta, changes, merged)
        if add is not None:
            fixed += 1
        if fixed <= beat:
            return None
        return _Move(source, left, right, target, kind, fixed, add, changes, delta)

    def _added(self, a: int, b: int, target: Key, delta: dict[Key, int],
               changes: list[Change], merged: Key | None) -> Key | None:
        """The missing bracket the classifier adds round a moved run, if any: the widest
        gold bracket within the new parent round the run, missing after the move and
        crossing none of the brackets then."""
        low, high = target[0], target[1]
        gold, counts = self.gold, self.counts
        keys, occurrence = gold.keys, gold.occurrence
        moved: dict[Span, int] | None = None
        chosen: Key | None = None
        for index in range(bisect_left(gold.starts, low), len(keys)):
            key = keys[index]
            start, end = key[0], key[1]
            if start > a:
                break
            if end < b or (start == a and end == b) or end > high:
                continue
            if occurrence[index] < counts.get(key, 0) + delta.get(key, 0):
                continue
            if moved is None:
                moved = _span_moves(changes, merged)
            if _crosses_after(start, end, self.spans, moved):
                continue
            if chosen is None or chosen[0] < start or end < chosen[1]:
                chosen = key
        return chosen


def _span_moves(changes: list[Change], merged: Key | None) -> dict[Span, int]:
    """How many brackets of each span a move takes away (negative) or makes."""
    moved: dict[Span, int] = {}
    for _node, old, new in changes:
        moved[old[:2]] = moved.get(old[:2], 0) - 1
        moved[new[:2]] = moved.get(new[:2], 0) + 1
    if merged is not None:
        moved[merged[:2]] = moved.get(merged[:2], 0) - 1
    return moved


def _crosses_after(start: int, end: int, spans: dict[Span, int], moved: dict[Span, int]) -> bool:
    """Whether a test span crosses (start, end) once the spans are changed by ``moved``.

    >>> _crosses_after(0, 2, {(1, 3): 1}, {}), _crosses_after(0, 2, {(1, 3): 1}, {(1, 3): -1})
    (True, False)
    >>> _crosses_after(0, 2, {}, {(1, 3): 1})
    True
    """
    for t0, t1 in spans:
        if ((t0 < start < t1 < end or start < t0 < end < t1)
                and spans[t0, t1] + moved.get((t0, t1), 0) > 0):
            return True
    for (t0, t1), change in moved.items():
        if (change > 0 and (t0, t1) not in spans
                and (t0 < start < t1 < end or start < t0 < end < t1)):
            return True
    return False


def _starting(leaf: Node) -> list[Node]:
    """The brackets above preterminal ``leaf`` that start where it does, bottom up."""
    chain = []
    edge, node = leaf.start, leaf.parent
    while node is not None and node.start == edge:
        chain.append(node)
        node = node.parent
    return chain


def _ending(leaf: Node) -> list[Node]:
    """The brackets above preterminal ``leaf`` that end where it does, bottom up."""
    chain = []
    edge, node = leaf.end, leaf.parent
    while node is not None and node.end == edge:
        chain.append(node)
        node = node.parent
    return chain


def _edge(node: Node, side: int) -> list[Node]:
    """``node`` and the brackets down its left (``side=0``) or right (``-1``) edge."""
    chain = []
    while node.word is None:
        chain.append(node)
        node = node.children[side]
    return chain


def _child_ending(node: Node, end: int) -> int | None:
    """The index of the child of ``node`` that ends at ``end``, if any."""
    for index, child in enumerate(node.children):
        if child.end == end:
            return index
    return None


def _child_starting(node: Node, start: int) -> int | None:
    """The index of the child of ``node`` that starts at ``start``, if any."""
    for index, child in enumerate(node.children):
        if child.start == start:
            return index
    return None


# --- applying repairs ------------------------------------------------------------------------


def _labels(nodes: list[Node]) -> tuple[str, ...]:
    return tuple(map(_LABEL, nodes))


def _over_word(node: Node) -> bool:
    return len(node.children) == 1 and node.children[0].word is not None


def add_bracket(root: Node, key: Key, leaves: list[Node] | None = None) -> Node:
    """Insert a bracket round the nodes that tile its span (above a node of the same span),
    as the classifier finds them: from each word on, the highest node starting there that
    fits.  ``leaves`` are the tree's preterminals in word order, if known.

    >>> from .tree import prepare
    >>> root = prepare(("S", [("NP", [("D", "a"), ("N", "b")]), ("V", "c"), ("P", "d")]))
    >>> print(add_bracket(root, (0, 3, "X")).parent)
    (S (X (NP (D a) (N b)) (V c)) (P d))
    """
    if leaves is None:
        leaves = root.walk()[1]
    start, end = key[0], key[1]
    nodes = []
    while start < end:
        node = leaves[start]
        while node.parent is not None and node.parent.start == start and node.parent.end <= end:
            node = node.parent
        nodes.append(node)
        start = node.end
    if nodes[0] is root:
        nodes = list(root.children)
    parent = nodes[0].parent
    assert parent is not None and all(node.parent is parent for node in nodes)
    position = parent.children.index(nodes[0])
    new = Node(key[2], nodes)
    new.parent = parent
    new.start, new.end = key[0], key[1]
    parent.children[position:position + len(nodes)] = [new]
    return new


class Repairs(Search):
    """The search with the repairs applied: each changes the tree and updates the state
    the search carries.

    >>> import io
    >>> from .reading import read_raw
    >>> from .tree import prepare
    >>> def tree(text): return prepare(next(read_raw(io.BytesIO(text.encode()))))
    >>> gold = Gold.of(tree("(ROOT (S (NP (DT a) (NN b)) (VP (VB c))))"))
    >>> search = Repairs(gold, tree("(ROOT (S (X (DT a) (NN b)) (VB c)))"))
    >>> [search.step().kind for _ in range(2)], search.errors, search.step()
    (['relabel', 'add'], 0, None)
    """

    def run(self) -> list[Step] | None:
        """Every repair until the tree matches the gold tree; None if the classifier would
        give up (more than MAX_STEPS repairs)."""
        steps: list[Step] = []
        while True:
            found = self.step()
            if found is None:
                return steps
            if len(steps) == MAX_STEPS:
                return None
            steps.append(found)

    def step(self) -> Step | None:
        """Apply the classifier's best repair; None when the tree matches the gold tree."""
        if self.errors == 0:
            return None
        relabel = self.first_relabel()
        move = self.best_move(2 if relabel is not None else 1)
        if move is not None:
            return self._apply_move(move)
        if relabel is not None:
            return self._relabel(*relabel)
        missing = self.first_missing()
        if missing is not None:
            return self._add(missing)
        return self._remove(self._first_extra(min(key[:2] for key in self.extra_keys)).key)

    def _highest(self, key: Key) -> Node:
        """The highest bracket with this key."""
        return next(node for node in self._chain_of(key[0], key[1]) if node.label == key[2])

    def _relabel(self, key: Key, label: str) -> Step:
        """Give the highest bracket ``key`` the missing ``label``."""
        node = self._highest(key)
        node.label = label
        self._count(key, -1)
        self._count((key[0], key[1], label), 1)
        parent = node.parent
        self._touch(node, *([parent] if parent is not None else []))
        return Step("relabel", 2, span=key[:2], label=label, over_word=_over_word(node),
                    subtrees=_labels(node.children), parent=parent.label if parent else "")

    def _insert(self, key: Key) -> Node:
        """Add the bracket ``key`` to the tree and to the counts."""
        node = add_bracket(self.root, key, self.leaves)
        self._count(key, 1)
        self._touch(node, node.parent)  # type: ignore[arg-type]  # add_bracket gives it a parent
        return node

    def _add(self, key: Key) -> Step:
        """Add the missing bracket ``key``."""
        node = self._insert(key)
        return Step("add", 1, span=key[:2], label=key[2], over_word=_over_word(node),
                    subtrees=_labels(node.children),
                    parent=node.parent.label)  # type: ignore[union-attr]  # as _insert made it

    def _remove(self, key: Key) -> Step:
        """Remove the highest bracket ``key`` (its children go to its parent)."""
        node = self._highest(key)
        parent = node.parent
        if parent is None:
            raise RootRemoval(f"the repair would remove the root bracket {key[2]} of the test "
                              "tree (the classifier crashes on this sentence)")
        position = parent.children.index(node)
        family = len(parent.children)
        right = _labels(parent.children[position + 1:])
        parent.children[position:position + 1] = node.children
        for child in node.children:
            child.parent = parent
        self._count(key, -1)
        self.mergers.discard(node)
        self._touch(parent)
        return Step("remove", 1, span=key[:2], label=key[2], over_word=_over_word(node),
                    subtrees=_labels(node.children), parent=parent.label, family=family,
                    right_siblings=right)

    def _apply_move(self, move: _Move) -> Step:
        """Move the run, set the spans and counts its scoring worked out, merge a unary of
        the source's own label, and add the missing bracket round the run if any."""
        source, target, kind = move.source, move.target, move.kind
        block = source.children[move.left:move.right + 1]
        moved = (block[0].start, block[-1].end)
        source_key, target_key = source.key, target.key
        start_left = _labels(source.children[:move.left])
        start_right = _labels(source.children[move.right + 1:])
        del source.children[move.left:move.right + 1]
        if kind in ("dl", "ol"):
            position = len(target.children)
        elif kind in ("dr", "or"):
            position = 0
        else:
            child = source
            while child.parent is not target:
                child = child.parent  # type: ignore[assignment]  # target is above: never None
            position = target.children.index(child) + (1 if kind == "ur" else 0)
        target.children[position:position] = block
        for node in block:
            node.parent = target
        siblings, touched = target.children, [source, target]
        for node, _old, new in move.changes:
            node.start, node.end = new[0], new[1]
        for key, change in move.delta.items():
            if change:
                self._count(key, change)
        if Search.merges(source):
            only = source.children[0]
            if only is target:
                siblings, touched = only.children, [source]
            source.children = only.children
            for node in source.children:
                node.parent = source
            self.mergers.discard(only)
        self._touch(*touched)
        first, last = siblings.index(block[0]), siblings.index(block[-1])
        done = Step("move", move.fixed, movers=_labels(block), start_left=start_left,
                    start_right=start_right, end_left=_labels(siblings[:first]),
                    end_right=_labels(siblings[last + 1:]), moved=moved, source=source_key,
                    target=(*target_key[:2], target.label), label=target.label)
        if move.add is not None:
            self._insert(move.add)
        return done


def repair(gold: Node | Gold, test: Node) -> list[Step] | None:
    """The repairs that turn ``test`` (changed in place) into ``gold``; None if the
    classifier would give up (more than MAX_STEPS repairs)."""
    return Repairs(gold if isinstance(gold, Gold) else Gold.of(gold), test).run()
