"""``treeeval disco`` against ``discodop eval`` with ``--la --ted``, in one run (not a pytest
test).

    python tests/bench/bench_disco.py [--repeat 3] [--copies 14] [--sentences 40] [--words 20-40]

Three pairs of files, each scored by both programs with ``--la --ted`` (and once more
with proper.prm as well):

- disco-dop's ``alpinosample.export`` (3 Dutch sentences of 9 to 30 words) repeated
  ``--copies`` times, against a parse made from it (labels, tags and attachments changed);
- its ``longsent.dbr`` (8 sentences of 34 to 66 words) repeated ``--copies`` times,
  against itself with some phrases relabelled;
- ``--sentences`` German-like sentences of 20 to 40 words (``--words``) made here by a seeded generator
  (:func:`german_tree`: clauses with subject, finite verb, objects, prepositional phrases,
  a verb phrase split by the finite verb, subordinate clauses, punctuation at the root,
  edge labels, morphology), perturbed into parses (:func:`perturb`), as export files.

Each program runs as a user runs it (a fresh process), in turn, ``--repeat`` times; the
best times, their ratio and whether the outputs are the same are printed (the same bytes
once the parts discodop prints in hash order are sorted: tests/disco_output.py).  The
issue's target: treeeval at least 20 times faster.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from timing import best_times

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS), str(TESTS.parent)]

from disco_output import canonical  # noqa: E402
from oracles import oracle_command  # noqa: E402

DATA = TESTS.parents[1] / "shared" / "data" / "disco"


@dataclass
class Node:
    """A node of a generated tree: a phrase (``children``) or a word (``word`` set)."""

    label: str
    edge: str = "--"
    children: list[Node] = field(default_factory=list)
    word: str | None = None
    morph: str = "--"

    def words(self) -> list[Node]:
        return [self] if self.word is not None else [w for c in self.children for w in c.words()]


NOUNS = ("Mann", "Frau", "Haus", "Stadt", "Regierung", "Jahr", "Kind", "Zeit", "Arbeit")
VERBS = ("sagt", "hat", "gibt", "kommt", "sieht", "macht", "steht", "liegt")
PARTICIPLES = ("gesagt", "gegeben", "gemacht", "gesehen", "gekommen")
ADJECTIVES = ("neue", "alte", "große", "kleine", "deutsche")
PREPOSITIONS = ("in", "mit", "auf", "von", "nach", "für")


def word(rng: random.Random, tag: str, edge: str) -> Node:
    vocabulary = {"NN": NOUNS, "VVFIN": VERBS, "VVPP": PARTICIPLES, "ADJA": ADJECTIVES,
                  "APPR": PREPOSITIONS, "ART": ("der", "die", "das", "einem"),
                  "ADV": ("nicht", "auch", "nun", "heute"), "KOUS": ("dass", "weil", "ob"),
                  "PPER": ("er", "sie", "es"), "KON": ("und", "oder"), "$,": (",",),
                  "$.": (".",), "NE": ("Berlin", "Bonn", "Müller")}[tag]
    return Node(tag, edge, word=rng.choice(vocabulary),
                morph=rng.choice(("Nom.Sg.Masc", "Dat.Sg.Fem", "Akk.Pl.*", "3.Sg.Pres.Ind")))


def noun_phrase(rng: random.Random, edge: str, depth: int) -> Node:
    if rng.random() < 0.2:
        return word(rng, rng.choice(("PPER", "NE")), edge)
    children = [word(rng, "ART", "NK")]
    children += [word(rng, "ADJA", "NK") for _ in range(rng.choice((0, 0, 1, 2)))]
    children.append(word(rng, "NN", "NK"))
    if depth < 2 and rng.random() < 0.35:
        children.append(prepositional_phrase(rng, "MNR", depth + 1))
    if rng.random() < 0.1:
        return Node("CNP", edge, [Node("NP", "CJ", children), word(rng, "KON", "CD"),
                                  noun_phrase(rng, "CJ", depth + 1)])
    return Node("NP", edge, children)


def prepositional_phrase(rng: random.Random, edge: str, depth: int) -> Node:
    inner = noun_phrase(rng, "NK", depth + 1)
    children = [word(rng, "APPR", "AC")] + (inner.children if inner.label == "NP" else [inner])
    return Node("PP", edge, children)


def clause(rng: random.Random, depth: int, subordinate: bool) -> Node:
    """S: subject, finite verb, a VP with object, adverbials and participle; the VP's
    words go round the finite verb (a discontinuous VP) in a main clause."""
    subject = noun_phrase(rng, "SB", depth)
    finite = word(rng, "VVFIN", "HD")
    vp_parts = [noun_phrase(rng, "OA", depth)]
    vp_parts += [prepositional_phrase(rng, "MO", depth) for _ in range(rng.choice((0, 1, 2)))]
    if rng.random() < 0.5:
        vp_parts.insert(0, word(rng, "ADV", "MO"))
    participle = word(rng, "VVPP", "HD")
    vp = Node("VP", "OC", vp_parts + [participle])
    if subordinate:  # verb last: KOUS subject VP finite
        return Node("S", "MO", [word(rng, "KOUS", "CP"), subject, vp, finite])
    fronted = vp_parts.pop(rng.randrange(len(vp_parts))) if rng.random() < 0.4 else None
    vp.children = vp_parts + [participle]
    if fronted is not None:  # the VP's first part before the finite verb, the rest after
        return Node("S", "--", [Node("VP", "OC", [fronted]), finite, subject, vp])
    return Node("S", "--", [subject, finite, vp])


def german_tree(rng: random.Random, words: tuple[int, int] = (20, 40)) -> tuple[list[Node], Node]:
    """A sentence of 20 to 40 words (or as ``words`` says): a main clause, perhaps
    subordinate ones (as many as the length needs), punctuation at the root; the words in
    order, and the tree (a VP fronted with one part becomes one discontinuous VP: the VP
    node's children are gathered under one node)."""
    shortest, longest = words
    while True:
        main = clause(rng, 0, False)
        parts = [main]
        if rng.random() < 0.7 or shortest > 40:
            parts += [word(rng, "$,", "--"), clause(rng, 1, True)]
        while len(Node("", children=parts).words()) < shortest - 10:
            parts += [word(rng, "$,", "--"), clause(rng, 1, True)]
        parts.append(word(rng, "$.", "--"))
        root = Node("VROOT", "--", parts)
        words = root.words()  # the order of the words before the VPs are joined
        _join_split_vps(root)
        if shortest <= len(words) <= longest:
            return words, root


def _join_split_vps(node: Node) -> None:
    """A fronted VP and the rest of the VP become one discontinuous VP."""
    for child in node.children:
        _join_split_vps(child)
    vps = [child for child in node.children if child.label == "VP" and child.word is None]
    if node.label == "S" and len(vps) == 2:
        vps[0].children += vps[1].children
        node.children.remove(vps[1])


def perturb(rng: random.Random, root: Node) -> None:
    """Parser-like errors, in place: phrases relabelled or flattened, tags and edge labels
    changed, a node attached to another phrase (the words stay)."""
    for _ in range(rng.randint(1, 5)):
        phrases = [n for n in _nodes(root) if n.word is None and n is not root]
        if not phrases:
            return
        error = rng.random()
        node = rng.choice(phrases)
        if error < 0.25:
            node.label = rng.choice(("NP", "PP", "VP", "S", "AP", "CNP"))
        elif error < 0.45:
            leaf = rng.choice(root.words())
            leaf.label = rng.choice(("NN", "NE", "ADJA", "ADV", "VVFIN", "VVPP"))
        elif error < 0.6:
            node.edge = rng.choice(("SB", "OA", "MO", "NK", "OC"))
        elif error < 0.8:  # flatten
            parent = _parent(root, node)
            index = parent.children.index(node)
            parent.children[index:index + 1] = node.children
        else:  # move to another phrase not under it
            below = {id(n) for n in _nodes(node)}
            targets = [p for p in phrases + [root] if id(p) not in below]
            parent = _parent(root, node)
            if len(parent.children) > 1:
                parent.children.remove(node)
                rng.choice(targets).children.append(node)


def _nodes(node: Node) -> list[Node]:
    return [node] + [n for child in node.children for n in _nodes(child)]


def _postorder(node: Node) -> list[Node]:
    """The phrases under ``node`` and itself, children first."""
    return [n for child in node.children if child.word is None
            for n in _postorder(child)] + [node]


def _parent(root: Node, node: Node) -> Node:
    return next(n for n in _nodes(root) if any(c is node for c in n.children))


def export(sentences: list[tuple[list[Node], Node]]) -> str:
    """The sentences in Negra export format 3 (nodes numbered bottom-up from 500)."""
    lines = []
    for key, (words, root) in enumerate(sentences, 1):
        phrases = _postorder(root)[:-1]
        ids = {id(node): str(500 + n) for n, node in enumerate(phrases)}
        ids[id(root)] = "0"
        parent = {id(c): ids[id(n)] for n in _nodes(root) for c in n.children}
        lines.append(f"#BOS {key}")
        lines += [f"{w.word}\t{w.label}\t{w.morph}\t{w.edge}\t{parent[id(w)]}" for w in words]
        lines += [f"#{ids[id(p)]}\t{p.label}\t--\t{p.edge}\t{parent[id(p)]}" for p in phrases]
        lines.append(f"#EOS {key}")
    return "\n".join(lines) + "\n"


def generated(count: int, seed: int, words: tuple[int, int] = (20, 40)) -> tuple[str, str]:
    """Gold and parses of ``count`` German-like sentences of ``words`` words."""
    rng = random.Random(seed)
    gold = [german_tree(rng, words) for _ in range(count)]
    gold_text = export(gold)
    parses = []
    for words, root in gold:
        perturb(rng, root)
        parses.append((words, root))
    return gold_text, export(parses)


def perturbed_alpino(text: str) -> str:
    """alpinosample.export with two noun phrases relabelled, a tag changed and an adjective
    phrase attached to another phrase."""
    text = text.replace("#501\t--\tNP", "#501\t--\tAP").replace("#503\t--\tNP", "#503\t--\tAP")
    text = text.replace("zon\tzon\tn", "zon\tzon\tadj")
    return text.replace("\tmod\t505\n", "\tmod\t515\n", 1)


def repeated_export(text: str, copies: int) -> str:
    """``copies`` copies of an export file's sentences, numbered on."""
    blocks = [block for block in text.split("#BOS ")[1:]]
    out = []
    for copy in range(copies):
        for number, block in enumerate(blocks):
            key = copy * len(blocks) + number + 1
            body = block.split("\n", 1)[1].rsplit("#EOS", 1)[0]
            out.append(f"#BOS {key}\n{body}#EOS {key}\n")
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--copies", type=int, default=14)
    parser.add_argument("--sentences", type=int, default=40)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--words", default="20-40",
                        help="the generated sentences' lengths, FEWEST-MOST (default 20-40)")
    args = parser.parse_args()
    if not (DATA / "alpinosample.export").exists():
        raise SystemExit(f"needs {DATA}")
    alpino = (DATA / "alpinosample.export").read_text(encoding="utf-8")
    longsent = (DATA / "longsent.dbr").read_text(encoding="utf-8")
    fewest, most = (int(part) for part in args.words.split("-"))
    gold_text, parses_text = generated(args.sentences, args.seed, (fewest, most))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        files = {
            "alpino": (repeated_export(alpino, args.copies),
                       repeated_export(perturbed_alpino(alpino), args.copies), []),
            "longsent": (longsent * args.copies,
                         longsent.replace("(WRONG ", "(RIGHT ").replace("(A ", "(B ")
                         * args.copies, ["--fmt=discbracket"]),
            "generated": (gold_text, parses_text, []),
        }
        cases = []
        for case, (gold, parses, fmt) in files.items():
            (folder / f"{case}.gold").write_text(gold, encoding="utf-8")
            (folder / f"{case}.parses").write_text(parses, encoding="utf-8")
            for prm in ([], [str(DATA / "proper.prm")]):
                cases.append((f"{case}{' proper.prm' if prm else ''}",
                              [str(folder / f"{case}.gold"), str(folder / f"{case}.parses"),
                               *prm, *fmt, "--la", "--ted"]))
        print(f"best of {args.repeat}, --la --ted, each program a fresh process")
        print(f"{'files':28} {'discodop':>9} {'treeeval':>9} {'ratio':>7}  output")
        failed = False
        for case, arguments in cases:
            commands = [oracle_command("discodop-eval", arguments),
                        [sys.executable, "-m", "treeeval", "disco", *arguments]]
            outputs = [subprocess.run(c, capture_output=True) for c in commands]
            same = (canonical(outputs[0].stdout.decode()) == canonical(outputs[1].stdout.decode())
                    and outputs[0].returncode == outputs[1].returncode == 0)
            failed |= not same
            times = best_times([lambda c=c: subprocess.run(c, capture_output=True)
                                for c in commands], args.repeat)
            print(f"{case:28} {times[0]:8.2f}s {times[1]:8.3f}s {times[0] / times[1]:6.1f}x  "
                  f"{'identical' if same else 'DIFFERENT'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
