"""evalb_spmrl inputs for differential cases: bracket_cases.py's cases, made multilingual.

A case draws its sentences from bracket_cases.py (the real English files, or its generated
trees) or generates them from the pools of a few SPMRL languages (French, Arabic, Hebrew,
German, Korean, and a mixed pool of other scripts: Polish, Hungarian, Basque, CJK, emoji,
words holding a no-break or ideographic space), and then:

* gives labels and tags morphological features (``NP##gen=f|num=sg##``, ``NN#x``,
  ``NP-SBJ##case=nom##``, ``VP=2##f##``), at a rate of its own on each side, so that the
  same constituent often carries other features in the test file; replaces tags and labels
  by ones that evalb_spmrl's cutting at ``-``, ``=`` and ``#`` makes equal (``-LRB-``,
  ``-RRB-``, ``-NONE-``, ``#x``, ``=1``: all the empty label);
* puts punctuation preterminals (``PONCT``, ``PUNC``, ``$.``, ``yyDOT``, ``SF``) in the
  trees, which evalb_spmrl keeps even when DELETE_LABEL names them;
* adds, now and then, long sentences (200 to 990 words, lines up to about 40,000 bytes),
  long feature strings (lines beyond 5,000 bytes with fewer words) and deep unary chains;
* replaces test lines (and, less often, gold lines) by unparsed ones: empty lines, ``(())``,
  brackets without words; and adds one-word sentence pairs whose lengths differ (the
  branch of evalb_spmrl that reports no "Length unmatch" for one gold word, and prints the
  sentence twice);
* perturbs everything as bracket_cases.py does (:func:`bracket_cases.perturbed_pair`:
  moved, relabelled, inserted and deleted brackets, quote terms, odd white space,
  unbalanced lines, length mismatches), and sometimes makes the files' line counts differ
  or sends evalb_spmrl into its "Reading sentence" loop.

Parameter files are drawn as bracket_cases.py draws them, from pools that mix spmrl.prm's
settings (DELETE_LABEL TOP/ROOT/S1/-NONE-/VROOT, DELETE_LABEL_FOR_LENGTH -NONE-, MAX_ERROR
10000, CUTOFF_LEN 70) with DELETE_LABEL, EQ_LABEL and QUOTE_LABEL values of the SPMRL
languages, labels with features among them; the shipped spmrl.prm and spmrl_hebrew.prm
(and EVALB's COLLINS.prm, new.prm, nk.prm) are copied in sometimes.  The options are
EVALB's (``-p``, ``-e``, ``-c``, ``-d``, ``-D``, as bracket_cases.py draws them) and
evalb_spmrl's own: ``-K n`` (n below, at and above the number of gold lines, and 0 or
negative, which evalb_spmrl reads as "one sentence" and, for -1, "no limit"), ``-X``,
``-L``, ``-l``, ``-V``, sometimes with a letter glued after them (evalb_spmrl reads the
first letter of an argument only), in random order; the file names vary (a folder, accents).

What a case never contains, besides what bracket_cases.py leaves out: a line whose surplus
``)`` take the stack's top below -7 (:func:`lowest_stack`: its next ``(`` would write into the
variable DEBUG); a line beyond evalb_spmrl's arrays (:data:`SPMRL_LIMITS`: 1,000 words, 2,000 brackets, words of 100
bytes, labels of 300 bytes, 20 quote terms, its 50,000-byte ``fgets`` buffer, and the
10,000-byte buffer its DEBUG 2 trace copies a bracket into), each kept a little below the
array's size; ``-h``, unknown letters, a missing option value, a third file, non-numeric
values.

>>> import random
>>> from bracket_cases import render
>>> case = make_case(random.Random(5))
>>> case.gold in case.args and case.test in case.args
True
>>> within_limits(render(long_tree(random.Random(1), POOLS["french"], 600)), SPMRL_LIMITS)
True
>>> featured("NP", random.Random(2), 1.0)
'NP##gen=m|num=pl|case=nom##'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bracket_cases import (
    EMPTY_LINES,
    MAX_QUOTE_LABELS,
    Case,
    Limits,
    Node,
    PrmPools,
    Style,
    Tree,
    arrange,
    fatal,
    leaves,
    letter_options,
    line_counts,
    parameter_files,
    perturbed_pair,
    sentence_pairs,
    within_limits,
)

#: evalb_spmrl's arrays (words and brackets 1,000 and 2,000, words 100 bytes, labels 300,
#: lines 50,000; the DEBUG 2 trace's bracket buffer 10,000), each bound a little below; 990
#: words leave room for the words its quote repair inserts
SPMRL_LIMITS = Limits(words=990, brackets=1990, word_bytes=99, label_bytes=299, quotes=20,
                      line_bytes=49990, traced_line_bytes=10000)

#: the shipped .prm files a case may copy in, with their number of QUOTE_LABEL lines
SPMRL_SHIPPED = {"spmrl.prm": 0, "spmrl_hebrew.prm": 0, "COLLINS.prm": 0, "new.prm": 7, "nk.prm": 7}


@dataclass(frozen=True)
class Pool:
    """A language's labels, tags, words and punctuation preterminals."""

    labels: tuple[str, ...]
    tags: tuple[str, ...]
    words: tuple[str, ...]
    punctuation: tuple[tuple[str, str], ...]


POOLS: dict[str, Pool] = {
    "french": Pool(
        ("SENT", "NP", "VN", "PP", "AP", "AdP", "Ssub", "Sint", "Srel", "VPinf", "VPpart", "COORD",
         "MWN", "MWADV", "NP-SUJ", "NP-OBJ", "PP-MOD", "VPinf-OBJ"),
        ("NC", "NPP", "DET", "P", "V", "VPP", "VINF", "ADJ", "ADV", "CLS", "P+D", "PROREL", "CC",
         "CS", "ET", "CLO", "PRO"),
        ("le", "la", "l'", "été", "à", "déjà", "Français", "aujourd'hui", "œuvre", "ça", "n'", "où",
         "Élysée", "garçon", "naïf", "coûte", "économie", "qu'", "Noël", "mille\u00a0euros", "Ça"),
        (("PONCT", "."), ("PONCT", ","), ("PONCT", "«"), ("PONCT", "»"), ("PONCT", "..."),
         ("PONCT", '"'), ("PONCT", "'"), ("PONCT", "-"))),
    "arabic": Pool(
        ("S", "NP", "VP", "PP", "ADJP", "SBAR", "PRN", "NP-SBJ", "NP-OBJ", "NP-TPC", "FRAG", "UCP",
         "WHNP", "S-NOM"),
        ("NOUN", "NN", "DTNN", "NNP", "VBP", "VBD", "IN", "PRP", "DET+NOUN", "CONJ", "NEG_PART",
         "PRP$", "JJ"),
        ("كتاب", "في", "الولايات", "المتحدة", "قال", "إن", "و", "ب", "ال", "الرئيس", "مصر", "٢٠١٣",
         "عن", "هذا", "بـ", "الـ"),
        (("PUNC", "،"), ("PUNC", "."), ("PUNC", "؟"), ("PUNC", '"'), ("PUNC", "-LRB-"),
         ("PUNC", "-RRB-"), ("PUNC", ":"))),
    "hebrew": Pool(
        ("S", "NP", "VP", "PP", "ADJP", "SBAR", "FRAG", "PREDP", "CONJP", "NP-SBJ", "SYN_NN",
         "SYN_VB", "SYN_IN", "SYN_PRP"),
        ("NN", "VB", "PREPOSITION", "H", "DEF", "JJ", "RB", "POS", "CC", "NNT", "PRP", "REL",
         "BN", "SYN_NN"),
        ("של", "את", "הוא", "ישראל", "בית", "ה", "ספר", "שלום", "תל־אביב", "ו", "ב", "ש",
         "עכשיו", "ZH", "H"),
        (("yyDOT", "."), ("yyCM", ","), ("yyQUOT", '"'), ("yyDASH", "-"), ("yyCLN", ":"),
         ("yyQM", "?"), ("yyELPS", "..."))),
    "german": Pool(
        ("S", "NP", "VP", "PP", "CNP", "AP", "AVP", "CS", "VROOT", "NK", "MPN", "CO", "S-OC"),
        ("NN", "ART", "VVFIN", "APPR", "ADJA", "ADV", "KON", "PPER", "NE", "VAFIN", "PTKNEG",
         "APPRART", "PIS"),
        ("Öl", "für", "Straße", "größer", "Mädchen", "über", "daß", "Äpfel", "Grüße", "ß",
         "Zürich", "heißt"),
        (("$.", "."), ("$,", ","), ("$[", "-"), ("$[", '"'), ("$.", "?"), ("$[", "/"))),
    "korean": Pool(
        ("S", "NP", "VP", "VNP", "ADVP", "NP-SBJ", "NP-OBJ", "S-MOD", "DP"),
        ("NNG", "JKS", "VV", "EC", "EF", "NNP", "JKO", "XSV", "MAG", "NNB"),
        ("한국어", "의", "학교", "에서", "했다", "서울", "그", "것", "이", "를", "가", "ㅋㅋ"),
        (("SF", "."), ("SP", ","), ("SS", '"'), ("SF", "?"), ("SE", "…"))),
    "mixed": Pool(
        ("zdanie", "fw", "fno", "CP", "NP", "IP", "VP", "ROOT", "TOP", "S1", "VROOT", "SENT",
         "NP##", "#", "-NONE-"),
        ("subst", "fin", "adj", "qub", "NOUN", "VERB", "NN", "-NONE-", "-LRB-", "-RRB-", "N#x"),
        ("żółć", "Łódź", "Győr", "öt", "Göteborg", "etxea", "ñandú", "😀", "中文", "日本語", "€",
         "—", "ﬁn", "a\u3000b", "x\u2009y", "ΑΘΗΝΑ", "Ελλάδα", "Москва", "ẞ", "e\u0301"),
        (("interp", "."), ("PUNCT", ","), ("PUNCT", "«"), ("PUNCT", "—"), ("-NONE-", "*"),
         ("-LRB-", "-LRB-"), ("-RRB-", "-RRB-"))),
}

#: feature strings glued to a label or a tag (the longest make labels of about 260 and 295
#: bytes)
FEATURES = ("##gen=f|num=sg##", "##gen=m|num=pl|case=nom##", "##mwehead=NC+|pred=y##", "#x", "##",
            "#", "###", "##_##", "#1", "##ג=נ|מ=י##", "##حالة=رفع##", "-SBJ##case=nom##",
            "=2##f##", "-OBJ", "=", "-", "#-=", "-SBJ-1", "=3",
            "##" + "|".join(f"f{k}=v{k}" for k in range(12)) + "##",
            "##" + "|".join(f"feature{k}=value{k}" for k in range(15)) + "##", "#" + "f" * 285)
#: the features of the long sentences (short ones: lines stay within 50,000 bytes)
SHORT_FEATURES = tuple(feature for feature in FEATURES if len(feature) <= 25)
#: tags and labels that evalb_spmrl cuts to the empty label
COLLAPSING = ("-LRB-", "-RRB-", "-NONE-", "#", "##x##", "-", "=", "=1", "-X-", "#NP", "=S")
#: QUOTE_LABEL pairs of the quote repair, the first of each also in DELETE_LABEL (evalb_spmrl
#: compares the entries as written until its first bracket comparison cuts them)
REPAIR_TAGS = (("PONCT", "PUNC"), ("yyQUOT", "PONCT"), ("''", "POS"), ("NP#x", "NN"), ("$[", "SS"),
               ("-NONE-", "PUNC"), ("PUNC##x##", "PUNC"), ("POS", "''"))
#: test lines that hold no word: evalb_spmrl skips them (status 2), or with -X counts them
#: (status 3)
UNPARSED = (*EMPTY_LINES, "(())", "(())", "", "(SENT (NP))", "((SENT))", "(VROOT)", "( (S) )")
#: pairs of file names (the test's is printed by -L and -l, both by -V)
FILE_NAMES = (("gold.txt", "test.txt"),) * 6 + (
    ("gold.ptb", "sys/pred.ptb"), ("g", "t"), ("gôld.txt", "tëst.txt"), ("./gold.txt", "./test.txt"),
    ("dev.gold.ptb", "dev.parsed.ptb"))

SPMRL_POOLS = PrmPools(
    usual=("DEBUG 0", "MAX_ERROR 10000", "CUTOFF_LEN 70", "LABELED 1", "DELETE_LABEL TOP",
           "DELETE_LABEL ROOT", "DELETE_LABEL S1  ", "DELETE_LABEL -NONE-", "DELETE_LABEL VROOT ",
           "DELETE_LABEL_FOR_LENGTH -NONE-"),
    deletable=("TOP", "ROOT", "S1", "-NONE-", "VROOT", "SENT", "PONCT", "PUNC", ",", ".", "$.", "$,",
               "yyDOT", "yyCM", "SYN_NN", "SYN_VB", "NP#x", "NP##gen=f|num=sg##", "NP-SBJ", "#",
               "-X", "=", "NP", "PP", "VN", "SF", "-LRB-", "S", "interp", "##"),
    eq_pairs=(("SENT", "S"), ("PONCT", "PUNC"), ("NP", "NP#x"), ("NP-SBJ", "NP"), ("VN", "VP"),
              ("NC", "NPP"), ("-LRB-", "-RRB-"), ("yyDOT", "yyCM"), ("$.", "$,"), ("AP", "ADJP"),
              ("NP##gen=f##", "NP"), ("S", "VROOT"), ("NN", "NNG"), ("PP", "SBAR")),
    quote_tags=("PONCT", "PUNC", "yyQUOT", "''", "POS", "NN", "$[", "SS", "-NONE-", "NP#x"),
    eq_words=(("l'", "le"), ("،", ","), ("«", '"'), ("été", "ete"), ("ש", "של"), ("Öl", "Ol")),
)


@dataclass
class SpmrlCase(Case):
    """A case with its file names and the SPMRL traits it holds (for the generator's
    statistics: which options and which kinds of input its cases exercise)."""

    gold: str = "gold.txt"
    test: str = "test.txt"
    traits: set[str] = field(default_factory=set)


# --- trees ---------------------------------------------------------------------------------


def featured(label: str, rng: random.Random, rate: float, features: tuple[str, ...] = FEATURES) -> str:
    """``label`` with one of ``features`` glued to it, at ``rate``."""
    return label + rng.choice(features) if rng.random() < rate else label


def _leaf(rng: random.Random, pool: Pool, punctuation: float, quotes: bool = True) -> tuple[str, str]:
    if rng.random() < punctuation:
        tag, word = rng.choice(pool.punctuation)
        if quotes or word not in ("'", '"', "/"):
            return tag, word
    return rng.choice(pool.tags), rng.choice(pool.words)


def pool_tree(rng: random.Random, pool: Pool, punctuation: float, depth: int = 0) -> Tree:
    """A small tree over ``pool`` (as bracket_cases.random_tree, in another language)."""
    if depth > 0 and (depth > 4 or rng.random() < 0.35 + 0.1 * depth):
        return _leaf(rng, pool, punctuation)
    children = [pool_tree(rng, pool, punctuation, depth + 1) for _ in range(rng.randint(1, 4))]
    return [rng.choice(pool.labels), *children]


def long_tree(rng: random.Random, pool: Pool, words: int) -> Node:
    """A tree of ``words`` words over ``pool`` (without quote words, which evalb_spmrl's
    array of quote terms could not hold), each constituent split in two to five parts.

    >>> len(leaves(long_tree(random.Random(4), POOLS["arabic"], 321)))
    321
    """
    def build(count: int, depth: int) -> Tree:
        if count == 1 and (depth > 0 and rng.random() < 0.7):
            return _leaf(rng, pool, 0.1, quotes=False)
        if count == 1:
            return [rng.choice(pool.labels), _leaf(rng, pool, 0.1, quotes=False)]
        parts = rng.randint(2, min(5, count))
        cuts = sorted(rng.sample(range(1, count), parts - 1))
        sizes = [b - a for a, b in zip([0, *cuts], [*cuts, count])]
        return [rng.choice(pool.labels), *(build(size, depth + 1) for size in sizes)]

    tree = build(words, 0)
    assert isinstance(tree, list)
    return tree


def unary_chain(rng: random.Random, pool: Pool, line: str, levels: int, rate: float) -> str:
    """``line`` under ``levels`` brackets, one inside the other (written as text: the trees'
    functions recurse), their labels with features at ``rate``."""
    labels = [featured(rng.choice(pool.labels), rng, rate) for _ in range(levels)]
    return "".join(f"({label} " for label in labels) + line + ")" * levels


def decorate(rng: random.Random, tree: Tree, rate: float, collapse: float,
             features: tuple[str, ...] = FEATURES) -> Tree:
    """A copy of ``tree`` whose labels and tags carry ``features`` at ``rate``, and are
    replaced by one of :data:`COLLAPSING` at ``collapse``."""
    def label(text: str) -> str:
        if rng.random() < collapse:
            return rng.choice(COLLAPSING)
        return featured(text, rng, rate, features)

    if isinstance(tree, tuple):
        return (label(tree[0]), tree[1])
    return [label(tree[0]), *(decorate(rng, child, rate, collapse, features) for child in tree[1:])]


_BLANK = " \t\n\v\f\r"


def lowest_stack(line: str) -> int:
    """The lowest top of evalb_spmrl's bracket stack while it reads ``line`` (as its
    read_line does): below 0 after surplus ')', and from -8 its next '(' writes into the
    variable DEBUG, which lies 8 ints below the stack in the program as built.

    >>> lowest_stack("(S (NN a)) ) ) (NP (NN b))"), lowest_stack("(S (NN a))")
    (-2, 0)
    """
    top = lowest = at = 0
    while at < len(line):
        char = line[at]
        if char in _BLANK:
            at += 1
        elif char == "(":
            at += 1
            while at < len(line) and line[at] not in _BLANK + "()":
                at += 1
            word = at
            if word < len(line) and line[word] in _BLANK:
                while word < len(line) and line[word] in _BLANK:
                    word += 1
                while word < len(line) and line[word] not in _BLANK + "()":
                    word += 1
                if word < len(line) and line[word] == ")":
                    at = word + 1
                    continue
            top += 1
        elif char == ")":
            top -= 1
            lowest = min(lowest, top)
            at += 1
        else:
            return lowest  # evalb_spmrl's "Reading sentence" loop
    return lowest


def _copy(tree: Tree) -> Tree:
    return tree if isinstance(tree, tuple) else [tree[0], *(_copy(child) for child in tree[1:])]


def one_word_pair(rng: random.Random, pool: Pool) -> tuple[Tree | str, Tree | str]:
    """A pair around one gold word (or none) whose lengths often differ: evalb_spmrl's
    branch that reports no "Length unmatch" error for it (and prints it twice)."""
    word, other = rng.choice(pool.words), rng.choice(pool.words)
    tag, label = rng.choice(pool.tags), rng.choice(pool.labels)
    punct = rng.choice(pool.punctuation)
    kind = rng.randrange(7)
    if kind == 0:  # one gold word, the test adds one (or two)
        extra = [punct] if rng.random() < 0.6 else [punct, (tag, other)]
        return [label, (tag, word)], [label, (rng.choice(pool.tags), word), *extra]
    if kind == 1:  # one gold word, other test words
        return [label, (tag, word)], [label, (tag, other + "x"), punct]
    if kind == 2:  # two gold words, one test word: the "Length unmatch" error
        return [label, (tag, word), punct], [label, (tag, word)]
    if kind == 3:  # no gold word
        gold = rng.choice(["", "(())", f"({label} (NP))", f"({label})"])
        return gold, [label, (tag, word), *([punct] if rng.random() < 0.5 else [])]
    if kind == 4:  # one word on both sides, other tags and labels
        return [label, (tag, word)], [rng.choice(pool.labels), (rng.choice(pool.tags), word)]
    if kind == 5:  # one word each, another word
        return [label, (tag, word)], [label, (tag, other + "y")]
    return [label, (tag, word)], rng.choice(["", "(())"])  # one word, unparsed


def _leaf_slots(tree: Node) -> list[tuple[Node, int]]:
    """Where the preterminals of ``tree`` are: (parent, index) in word order."""
    slots: list[tuple[Node, int]] = []
    for index, child in enumerate(tree[1:], start=1):
        if isinstance(child, tuple):
            slots.append((tree, index))
        else:
            slots.extend(_leaf_slots(child))
    return slots


def quote_repair(rng: random.Random, gold: Node, test: Node, tags: tuple[str, str], pool: Pool) -> bool:
    """Give one word position a quote word on both sides, under ``tags[0]`` (which the case's
    parameters delete) on one side and ``tags[1]`` on the other, and one side a word more:
    evalb_spmrl's quote repair (fix_quote, for a length mismatch) then inserts the quote term
    once more on the side of the deleted tag, although evalb_spmrl no longer deletes it.
    False when the trees' words do not line up.

    >>> gold, test = ["S", ("NN", "a"), ("NN", "b")], ["S", ("NN", "a"), ("NN", "b")]
    >>> quote_repair(random.Random(1), gold, test, ("PONCT", "PUNC"), POOLS["french"])
    True
    >>> gold, test
    (['S', ('PONCT', '/'), ('NN', 'b')], ['S', ('PUNC', '/'), ('NN', 'b'), ('ET', 'coûte')])
    """
    slots = [_leaf_slots(gold), _leaf_slots(test)]
    if not slots[0] or len(slots[0]) != len(slots[1]):
        return False
    at = rng.randrange(len(slots[0]))
    word = rng.choice(["'", '"', "/"])
    deleted = rng.randrange(2)
    for side, tag in ((deleted, tags[0]), (1 - deleted, tags[1])):
        parent, index = slots[side][at]
        parent[index] = (tag, word)
    longer = (gold, test)[1 - deleted if rng.random() < 0.8 else deleted]
    longer.append(_leaf(rng, pool, 0.0, quotes=False))
    return True


def swap_words(rng: random.Random, tree: Tree, rate: float) -> Tree:
    """A copy of ``tree`` whose words of an EQ_WORD pair (:data:`SPMRL_POOLS`) become the
    pair's other word at ``rate``."""
    if isinstance(tree, tuple):
        for first, second in SPMRL_POOLS.eq_words:
            if tree[1] in (first, second) and rng.random() < rate:
                return (tree[0], second if tree[1] == first else first)
        return tree
    return [tree[0], *(swap_words(rng, child, rate) for child in tree[1:])]


# --- options -------------------------------------------------------------------------------


def _flag(rng: random.Random, letter: str) -> list[str]:
    """``-LETTER``, sometimes with a letter after it (evalb_spmrl reads the first only)."""
    if rng.random() < 0.1:
        return [f"-{letter}{rng.choice('XLlVdDx')}"]
    return [f"-{letter}"]


def spmrl_flags(rng: random.Random, traits: set[str]) -> tuple[list[list[str]], list[str] | None]:
    """evalb_spmrl's options as groups, and the ``-K`` group whose value is set once the
    number of lines is known (None without -K)."""
    groups: list[list[str]] = []
    if rng.random() < 0.4:
        groups.append(_flag(rng, "X"))
    compact = rng.random()
    if compact < 0.25:
        groups.append(_flag(rng, "L"))
    elif compact < 0.45:
        groups.append(_flag(rng, "l"))
    elif compact < 0.5:
        groups += [_flag(rng, "L"), _flag(rng, "l")]
    if rng.random() < 0.3:
        groups.append(_flag(rng, "V"))
    if rng.random() < 0.05 and groups:
        groups.append(list(rng.choice(groups)))  # an option twice
    limit = None
    if rng.random() < 0.45:
        limit = ["-K", "?"]
        groups.append(limit)
    for group in groups:
        letter = group[0][1]
        traits.add(f"-{letter}" + ("+" if len(group[0]) > 2 and letter != "K" else ""))
    return groups, limit


def sentences_limit(rng: random.Random, lines: int, traits: set[str]) -> str:
    """A ``-K`` value: below, at or above the number of gold lines, 0 or negative."""
    roll = rng.random()
    if roll < 0.05:
        value, name = rng.choice([0, -1, -2]), "K<=0"
    elif roll < 0.45 and lines > 1:
        value, name = rng.randint(1, lines - 1), "K<lines"
    elif roll < 0.75:
        value, name = lines, "K=lines"
    else:
        value, name = lines + rng.choice([1, 1, 2, 10, 1000]), "K>lines"
    traits.add(name)
    return str(value)


# --- a whole case ----------------------------------------------------------------------------


def _source_pairs(rng: random.Random, traits: set[str]) -> tuple[list[tuple[Tree | str, Tree | str]], Pool]:
    """Gold and test sentences before perturbation, and the pool of the case's language."""
    language = rng.choice(list(POOLS))
    pool = POOLS[language]
    source = rng.choices(["english", "language", "long"], [3, 5, 1])[0]
    if source == "english":
        traits.add("english")
        return sentence_pairs(rng), pool
    traits.add(language)
    punctuation = rng.choice([0.0, 0.1, 0.3])
    pairs: list[tuple[Tree | str, Tree | str]] = []
    for _ in range(rng.choice([1, 2, 3, 5, 8, 8, 12, 12, 20, 20, 30, 50])):
        tree = pool_tree(rng, pool, punctuation)
        pairs.append((tree, _copy(tree)))
    if source == "long":
        for _ in range(rng.choice([1, 1, 2])):
            tree = long_tree(rng, pool, rng.randint(200, 990))
            pairs.insert(rng.randint(0, len(pairs)), (tree, _copy(tree)))
    return pairs, pool


def make_case(rng: random.Random) -> SpmrlCase:
    """A random case: the gold and test files, .prm files and evalb_spmrl's arguments."""
    case = SpmrlCase()
    case.gold, case.test = rng.choice(FILE_NAMES)
    groups, debug = parameter_files(rng, case, SPMRL_SHIPPED, SPMRL_POOLS)
    debug = max(debug, letter_options(rng, groups))
    flags, limit = spmrl_flags(rng, case.traits)
    tracing = debug >= 2
    rate = rng.choice([0.0, 0.05, 0.1, 0.2, 0.4, 0.8])
    unbalanced = rng.choice([0.0, 0.0, 0.0, 0.02, 0.1])
    style = Style(rng.choice([(" ",), (" ",), (" ", "  "), (" ", "\t", " \r"), ("\t",), (" \v", "\f")]),
                  rng.choice([0.0, 0.0, 0.3, 1.0]))
    features = (rng.choice([0.0, 0.3, 0.8, 1.0]), rng.choice([0.0, 0.3, 0.8, 1.0]))
    collapse = rng.choice([0.0, 0.0, 0.02, 0.1])
    unparsed = rng.choice([0.0] * 10 + [0.05] * 4 + [0.2] * 3 + [0.5] * 2 + [1.0])
    one_word = rng.choice([0.0, 0.0, 0.1, 0.3])
    deep = 0.0 if tracing else rng.choice([0.0] * 9 + [0.05])
    repair = rng.choice(REPAIR_TAGS) if rng.random() < 0.25 else None
    swap = rng.choice([0.0, 0.0, 0.0, 0.1, 0.5])
    pairs, pool = _source_pairs(rng, case.traits)
    gold_lines, test_lines = [], []
    for gold, test in pairs:
        if rng.random() < one_word:
            gold, test = one_word_pair(rng, pool)
            case.traits.add("one-word")
        long = not isinstance(gold, str) and len(leaves(gold)) > 150
        rates, choices = ([min(rate, 0.15) for rate in features], SHORT_FEATURES) if long else (features, FEATURES)
        if not isinstance(gold, str):
            gold = decorate(rng, gold, rates[0], collapse, choices)
        if not isinstance(test, str):
            test = swap_words(rng, decorate(rng, test, rates[1], collapse, choices), swap)
        if repair and not long and isinstance(gold, list) and isinstance(test, list) and rng.random() < 0.3:
            if quote_repair(rng, gold, test, repair, pool):
                case.traits.add("quote-repair")
        pair = perturbed_pair(rng, gold, test, rate, style, tracing, unbalanced, SPMRL_LIMITS)
        if pair is None:
            continue
        gold_line, test_line = pair
        if rng.random() < deep:
            levels = rng.randint(50, 1500)
            gold_line = unary_chain(rng, pool, gold_line, levels, features[0])
            test_line = unary_chain(rng, pool, test_line, levels + rng.choice([0, 0, 1, -1]), features[1])
            if not (within_limits(gold_line, SPMRL_LIMITS) and within_limits(test_line, SPMRL_LIMITS)):
                continue
            case.traits.add("deep")
        if rng.random() < unparsed:
            test_line = rng.choice(UNPARSED)
        elif rng.random() < unparsed / 10:
            gold_line = rng.choice(UNPARSED)
        if min(lowest_stack(gold_line), lowest_stack(test_line)) < -7:
            continue
        gold_lines.append(gold_line)
        test_lines.append(test_line)
    if gold_lines and rng.random() < 0.02:
        lines = rng.choice([gold_lines, test_lines, test_lines])
        at = rng.randrange(len(lines))
        lines[at] = fatal(rng, lines[at])
        case.traits.add("reading-loop")
    line_counts(rng, gold_lines, test_lines)
    groups += _repair_parameters(rng, case, repair, swap)
    if limit is not None:
        limit[1] = sentences_limit(rng, len(gold_lines), case.traits)
    ending = "\r\n" if rng.random() < 0.05 else "\n"
    for name, lines in ((case.gold, gold_lines), (case.test, test_lines)):
        text = "".join(line + ending for line in lines)
        if lines and lines[-1].endswith(")") and rng.random() < 0.05:
            text = text[:-len(ending)]
        case.files[name] = text.encode("utf-8", "surrogateescape")
    _note_traits(case, gold_lines, test_lines, features, collapse)
    arrange(rng, case, groups + flags, case.gold, case.test)
    return case


def _repair_parameters(rng: random.Random, case: SpmrlCase, repair: tuple[str, str] | None,
                       swap: float) -> list[list[str]]:
    """A ``-p`` option whose file sets up the quote repair's tags (when the QUOTE_LABEL
    entries of all files stay within 20) and, for the swapped words, EQ_WORD lines."""
    lines = []
    quotes = sum(SPMRL_SHIPPED[name] for name in case.shipped) + sum(
        data.count(b"QUOTE_LABEL") for name, data in case.files.items() if name.endswith(".prm"))
    if repair and quotes + 2 <= MAX_QUOTE_LABELS:
        lines += [f"QUOTE_LABEL {repair[0]}", f"QUOTE_LABEL {repair[1]}", f"DELETE_LABEL {repair[0]}"]
    if swap and rng.random() < 0.7:
        lines += [f"EQ_WORD {first} {second}" for first, second in SPMRL_POOLS.eq_words]
    if not lines:
        return []
    rng.shuffle(lines)
    case.files["x.prm"] = "".join(line + "\n" for line in lines).encode()
    return [["-p", "x.prm"]]


def _note_traits(case: SpmrlCase, gold: list[str], test: list[str], features: tuple[float, float],
                 collapse: float) -> None:
    """Record what the case's lines hold (:attr:`SpmrlCase.traits`)."""
    lines = gold + test
    sizes = [len(line.encode("utf-8", "surrogateescape")) for line in lines]
    if any(size > 5000 for size in sizes):
        case.traits.add("line>5000B")
    if any(line.count(")") > 400 for line in lines):
        case.traits.add("long")
    if any(not line.isascii() for line in lines):
        case.traits.add("unicode")
    if any(features):
        case.traits.add("features")
    if collapse:
        case.traits.add("collapse")
    if any(line.strip() in UNPARSED or line.strip() == "" for line in test):
        case.traits.add("unparsed")
    if any("PONCT" in line or "PUNC" in line or "yyDOT" in line or "$." in line for line in lines):
        case.traits.add("punctuation")
    if len(gold) != len(test):
        case.traits.add("line-counts")
