"""CoNLL-U cases for the differential test of ``treeeval ud``: gold sentence subsets of the
real UD test sets in ../shared/data/ud and system files made from them by random
perturbations (or taken from a real system's output over the same sentences).

A sentence is held as tokens of words whose HEAD is a reference to another word, so that
re-tokenising (splitting and merging tokens, adding, removing and re-splitting multiword
tokens, moving sentence boundaries) keeps every dependency; :func:`repair` then makes each
sentence a tree with one root again, as the scorers require.  Errors the scorers refuse with
their ``UDError`` are injected on purpose by :func:`inject_error`; the crashes listed in
docs/differences.md (a UTF-8 BOM, a chain of 1,500 words, an empty node inside a multiword
token, a HEAD that is not a number on a word of a multiword token) are never generated.

>>> rng = random.Random(1)
>>> gold = parse_sentences(["# c", "1-2\\tdel\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\t_",
...     "1\\tde\\tde\\tADP\\t_\\t_\\t3\\tcase\\t_\\t_",
...     "2\\tel\\tel\\tDET\\t_\\t_\\t3\\tdet\\t_\\t_",
...     "3\\tmar\\tmar\\tNOUN\\t_\\t_\\t0\\troot\\t_\\t_", ""])
>>> render(gold).splitlines()[1:3]
['1-2\\tdel\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\t_', '1\\tde\\tde\\tADP\\t_\\t_\\t3\\tcase\\t_\\t_']
>>> system = perturb(gold, rng, operations=6)
>>> text(system) == text(gold)
True
"""

from __future__ import annotations

import copy
import functools
import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from harness import DATA

UD = DATA / "ud"
#: the gold files sentences are drawn from (relative to ../shared/data/ud)
GOLD_FILES = ("conll2018/gold/cs_pud.conllu", "conll2018/gold/en_ewt.conllu",
              "conll2018/gold/fi_tdt.conllu", "conll2018/gold/he_htb.conllu",
              "conll2018/gold/ja_gsd.conllu", "conll2017/gold/en-ud-test.conllu",
              "conll2017/gold/fi-ud-test.conllu", "udtools-cs_pud/cs_pud-gold.conllu")
#: real system outputs and their gold files
REAL_PAIRS = tuple(
    [(f"conll2018/gold/{tb}.conllu", f"conll2018/systems/{team}/{tb}.conllu")
     for team, tbs in (("HIT-SCIR-18", "cs_pud en_ewt fi_tdt he_htb ja_gsd"),
                       ("ICS-PAS", "en_ewt he_htb"), ("LATTICE-18", "cs_pud fi_tdt ja_gsd"),
                       ("Stanford-18", "en_ewt he_htb"), ("TurkuNLP-18", "en_ewt he_htb"),
                       ("UDPipe-Future", "cs_pud en_ewt fi_tdt he_htb ja_gsd"),
                       ("conll18-baseline", "cs_pud en_ewt fi_tdt he_htb ja_gsd"))
     for tb in tbs.split()]
    + [(f"conll2017/gold/{lang}-ud-test.conllu", f"conll2017/{team}/{lang}.conllu")
       for team in ("Stanford", "UFAL-UDPipe-1-2", "conll17-baseline") for lang in ("en", "fi")]
    + [("udtools-cs_pud/cs_pud-gold.conllu",
        "udtools-cs_pud/cs_pud-udpipe-pdtc-ud-2.17-251125.conllu")])

ID, FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, DEPS, MISC = range(10)

#: labels a perturbation may give: UD v2 relations, subtypes, UD v1 and non-UD labels
DEPRELS = ("nsubj", "obj", "iobj", "obl", "advmod", "amod", "nmod", "nmod:poss", "acl:relcl",
           "obl:arg", "nsubj:pass", "compound:prt", "conj", "cc", "case", "det", "det:poss",
           "aux", "aux:pass", "cop", "mark", "clf", "punct", "root", "ROOT", "dep", "flat",
           "fixed", "appos", "parataxis", "xcomp", "ccomp", "dobj", "nsubjpass", "neg", "name",
           "Nmod", "orphan", "goeswith", "list", "expl:pv", "vocative", "discourse")
UPOS_TAGS = ("NOUN", "VERB", "ADJ", "ADV", "ADP", "DET", "PRON", "PROPN", "AUX", "PUNCT",
             "CCONJ", "SCONJ", "NUM", "PART", "X", "SYM", "INTJ", "noun", "_")
FEATURES = ("Number=Sing", "Number=Plur", "Case=Nom", "Case=Gen", "Gender=Masc", "Person=3",
            "Tense=Past", "VerbForm=Fin", "Mood=Ind", "Definite=Def", "PronType=Prs",
            "Abbr=Yes", "Foreign=Yes", "Polite=Form", "NounType=Prop", "Clitic=Yes",
            "Typo=Yes", "NameType=Giv", "Style=Coll", "HebBinyan=PAAL")
#: Unicode space separators (category Zs) a FORM may get
SPACES = (" ", " ", " ", "\u00a0", "\u2009", "\u3000", "\u202f", "\u1680", "\u205f")
#: other characters a FORM may get: not spaces to the scorers (Cf, Zl, Cc)
ODD_CHARACTERS = ("\u200b", "\u2028", "\x0c", "\x85", "\x00", "İ", "ẞ")


@dataclass(eq=False)
class Word:
    """A syntactic word or an empty node: its 10 columns (ID, and a word's HEAD, are rewritten
    on output), its head (another word of the sentence, or None for the root; an empty node
    keeps its HEAD column) and, when its DEPS is held as a graph (:mod:`enhanced_cases`), its
    enhanced edges (written out in their order in place of the DEPS column)."""

    columns: list[str]
    head: Word | None = None
    edges: list[Edge] | None = None


@dataclass(eq=False)
class Edge:
    """An enhanced dependency: its head (a word or empty node, or None for ``0``) and its
    label (a relation, or a path of them joined by ``>``)."""

    head: Word | None
    label: str


@dataclass(eq=False)
class Token:
    """A token: one plain word, or a multiword token (``range_columns``) and its words;
    ``empty`` holds the empty-node lines written after it."""

    words: list[Word]
    range_columns: list[str] | None = None
    empty: list[Word] = field(default_factory=list)

    @property
    def form(self) -> str:
        return (self.range_columns or self.words[0].columns)[FORM]

    @form.setter
    def form(self, value: str) -> None:
        (self.range_columns or self.words[0].columns)[FORM] = value


@dataclass(eq=False)
class Sentence:
    comments: list[str]
    tokens: list[Token]
    leading_empty: list[Word] = field(default_factory=list)

    @property
    def words(self) -> list[Word]:
        return [w for t in self.tokens for w in t.words]

    @property
    def nodes(self) -> list[Word]:
        """The words and empty nodes, in the order they are written."""
        return self.leading_empty + [n for t in self.tokens for n in t.words + t.empty]


def parse_sentences(lines: list[str]) -> list[Sentence]:
    """Well-formed CoNLL-U lines (each sentence ending with a blank line) as sentences."""
    sentences: list[Sentence] = []
    comments: list[str] = []
    rows: list[list[str]] = []
    for line in lines:
        if not line:
            sentences.append(_sentence(comments, rows))
            comments, rows = [], []
        elif line.startswith("#") and not rows:
            comments.append(line)
        else:
            rows.append(line.split("\t"))
    return sentences


def _sentence(comments: list[str], rows: list[list[str]]) -> Sentence:
    sentence = Sentence(comments, [])
    by_id: dict[int, Word] = {}
    heads: list[tuple[Word, int]] = []
    open_range: Token | None = None
    last = 0
    for columns in rows:
        if "." in columns[ID]:
            place = sentence.tokens[-1].empty if sentence.tokens else sentence.leading_empty
            place.append(Word(columns))
        elif "-" in columns[ID]:
            open_range = Token([], columns)
            last = int(columns[ID].split("-")[1])
            sentence.tokens.append(open_range)
        else:
            word = Word(columns)
            by_id[int(columns[ID])] = word
            heads.append((word, int(columns[HEAD])))
            if open_range is not None:
                open_range.words.append(word)
                if int(columns[ID]) >= last:
                    open_range = None
            else:
                sentence.tokens.append(Token([word]))
    for word, head in heads:
        word.head = by_id.get(head) if head else None
    return sentence


def render(sentences: list[Sentence]) -> str:
    """The sentences as CoNLL-U text (IDs, HEADs and the heads of enhanced edges numbered
    afresh)."""
    out: list[str] = []
    for sentence in sentences:
        out.extend(sentence.comments)
        number = numbers(sentence)
        out.extend(_row(node, number, False) for node in sentence.leading_empty)
        count = 0
        for token in sentence.tokens:
            if token.range_columns is not None:
                columns = list(token.range_columns)
                columns[ID] = f"{count + 1}-{count + len(token.words)}"
                out.append("\t".join(columns))
            count += len(token.words)
            out.extend(_row(word, number, True) for word in token.words)
            out.extend(_row(node, number, False) for node in token.empty)
        out.append("")
    return "\n".join(out) + "\n"


def numbers(sentence: Sentence) -> dict[Word, str]:
    """The IDs a sentence's words (``1`` ...) and empty nodes (``N.K``, after word N) get."""
    number = {node: f"0.{k}" for k, node in enumerate(sentence.leading_empty, 1)}
    count = 0
    for token in sentence.tokens:
        for word in token.words:
            count += 1
            number[word] = str(count)
        number.update((node, f"{count}.{k}") for k, node in enumerate(token.empty, 1))
    return number


def _row(node: Word, number: dict[Word, str], word: bool) -> str:
    columns = list(node.columns)
    columns[ID] = number[node]
    if word:
        columns[HEAD] = number[node.head] if node.head is not None else "0"
    if node.edges is not None:
        columns[DEPS] = "|".join(f"{number[e.head] if e.head is not None else '0'}:{e.label}"
                                 for e in node.edges) or "_"
    return "\t".join(columns)


def text(sentences: list[Sentence], conll17: bool = False) -> str:
    """The characters the scorers compare (token FORMs without their spaces)."""
    keep: Callable[[str], bool] = ((lambda c: c != " ") if conll17
                                   else (lambda c: unicodedata.category(c) != "Zs"))
    return "".join(c for s in sentences for t in s.tokens for c in t.form if keep(c))


# --- drawing gold sentences ---------------------------------------------------------------

@functools.cache
def gold_blocks(name: str) -> tuple[tuple[str, ...], ...]:
    """The sentences of a gold file, each as its lines (the blank line included)."""
    content = (UD / name).read_text(encoding="utf-8")
    return tuple(tuple(block.split("\n")) + ("",)
                 for block in content.split("\n\n") if block.strip())


@functools.cache
def special_sentences(name: str) -> tuple[int, ...]:
    """The sentences of a gold file with a multiword token or an empty node."""
    return tuple(i for i, block in enumerate(gold_blocks(name))
                 if any("-" in line.split("\t", 1)[0] or "." in line.split("\t", 1)[0]
                        for line in block if line and not line.startswith("#")))


def draw_gold(rng: random.Random, name: str | None = None) -> list[Sentence]:
    """A few consecutive sentences of a gold file (often around one with an MWT or an empty
    node), parsed."""
    name = name or rng.choice(GOLD_FILES)
    blocks = gold_blocks(name)
    size = rng.choice((1, 1, 2, 2, 3, 4, 6, 10))
    special = special_sentences(name)
    if special and rng.random() < 0.6:
        start = max(0, rng.choice(special) - rng.randrange(size))
    else:
        start = rng.randrange(len(blocks))
    lines = [line for block in blocks[start:start + size] for line in block]
    sentences = parse_sentences(lines)
    if rng.random() < 0.3:  # sentence-level comments are not read by the scorers
        for sentence in sentences:
            sentence.comments = []
    return sentences


@dataclass
class Offsets:
    """A file's sentences as lines, and the character at which each sentence starts."""

    blocks: tuple[tuple[str, ...], ...]
    starts: tuple[int, ...]


@functools.cache
def offsets(name: str) -> Offsets:
    """The sentence start characters of a file, as conll18 counts them (Zs removed)."""
    blocks = gold_blocks(name)
    starts, position = [], 0
    for block in blocks:
        starts.append(position)
        skip = 0
        for line in block:
            if not line or line.startswith("#"):
                continue
            columns = line.split("\t")
            if skip:
                skip -= 1
                continue
            if "." in columns[ID]:
                continue
            if "-" in columns[ID]:
                low, high = map(int, columns[ID].split("-"))
                skip = high - low + 1
            position += sum(unicodedata.category(c) != "Zs" for c in columns[FORM])
    return Offsets(blocks, tuple(starts) + (position,))


def draw_real(rng: random.Random) -> tuple[list[Sentence], list[Sentence]] | None:
    """The same stretch of text in a gold file and a real system's output: consecutive
    sentences between two characters where both files start a sentence (None: none found)."""
    gold_name, system_name = rng.choice(REAL_PAIRS)
    gold, system = offsets(gold_name), offsets(system_name)
    common = sorted(set(gold.starts) & set(system.starts))
    if len(common) < 2:
        return None
    first = rng.randrange(len(common) - 1)
    last = min(len(common) - 1, first + rng.choice((1, 1, 2, 3, 5)))
    a, b = common[first], common[last]

    def between(side: Offsets) -> list[Sentence]:
        lo, hi = side.starts.index(a), side.starts.index(b)
        return parse_sentences([line for block in side.blocks[lo:hi] for line in block])

    return between(gold), between(system)


def whole_real_pair(rng: random.Random) -> tuple[Path, Path]:
    """A whole real gold file and a system output for it."""
    gold, system = rng.choice(REAL_PAIRS)
    return UD / gold, UD / system


# --- trees ---------------------------------------------------------------------------------

def repair(sentences: list[Sentence], rng: random.Random) -> list[Sentence]:
    """Every sentence a tree with one root: heads outside the sentence or on a cycle, and
    extra roots, are attached to the root; empty sentences are dropped."""
    kept = [s for s in sentences if s.words]
    for sentence in kept:
        words = sentence.words
        inside = set(words)
        for word in words:
            if word.head is not None and word.head not in inside:
                word.head = None
        roots = [w for w in words if w.head is None]
        root = rng.choice(roots) if roots else rng.choice(words)
        root.head = None
        for word in words:
            if word.head is None and word is not root:
                word.head = root
        for word in words:
            seen = {word}
            current = word.head
            while current is not None:
                if current in seen:
                    word.head = root
                    break
                seen.add(current)
                current = current.head
    return kept


# --- perturbations -------------------------------------------------------------------------

def _word_tokens(sentences: list[Sentence]) -> list[tuple[Sentence, int]]:
    return [(s, i) for s in sentences for i, t in enumerate(s.tokens) if t.range_columns is None]


def _mwt_tokens(sentences: list[Sentence]) -> list[tuple[Sentence, int]]:
    return [(s, i) for s in sentences for i, t in enumerate(s.tokens)
            if t.range_columns is not None]


def _all_words(sentences: list[Sentence]) -> list[tuple[Sentence, Word]]:
    return [(s, w) for s in sentences for w in s.words]


def _replace_head(sentence: Sentence, old: Word, new: Word | None) -> None:
    for word in sentence.words:
        if word.head is old:
            word.head = new


def _new_word(template: Word, form: str, head: Word | None, rng: random.Random) -> Word:
    columns = list(template.columns)
    columns[FORM] = form
    columns[LEMMA] = form.lower() if rng.random() < 0.7 else "_"
    columns[DEPREL] = rng.choice(DEPRELS)
    columns[UPOS] = rng.choice(UPOS_TAGS)
    columns[DEPS] = "_"
    return Word(columns, head)


def _cut(form: str, rng: random.Random) -> int:
    return rng.randrange(1, len(form))


def op_head(sentences: list[Sentence], rng: random.Random) -> None:
    sentence, word = rng.choice(_all_words(sentences))
    word.head = rng.choice(sentence.words + [None])


def op_deprel(sentences: list[Sentence], rng: random.Random) -> None:
    _, word = rng.choice(_all_words(sentences))
    word.columns[DEPREL] = rng.choice(DEPRELS)


def op_tags(sentences: list[Sentence], rng: random.Random) -> None:
    _, word = rng.choice(_all_words(sentences))
    column = rng.choice((UPOS, XPOS, FEATS, LEMMA, FEATS))
    value = word.columns[column]
    if column == UPOS:
        word.columns[UPOS] = rng.choice(UPOS_TAGS)
    elif column == XPOS:
        word.columns[XPOS] = rng.choice(("_", "NN", value.lower(), value + "x", "VB"))
    elif column == LEMMA:
        word.columns[LEMMA] = rng.choice(("_", value.upper(), value + "s", word.columns[FORM]))
    else:
        features = [f for f in value.split("|") if f and f != "_"]
        choice = rng.random()
        if choice < 0.3:
            rng.shuffle(features)  # the same universal features, in another order
        elif choice < 0.6 and features:
            features.pop(rng.randrange(len(features)))
        else:
            features.insert(rng.randrange(len(features) + 1), rng.choice(FEATURES))
        word.columns[FEATS] = "|".join(features) or "_"


def op_split_token(sentences: list[Sentence], rng: random.Random) -> None:
    """A plain token cut in two tokens (the second word attached to the first)."""
    candidates = [(s, i) for s, i in _word_tokens(sentences) if len(s.tokens[i].form) > 1]
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    token = sentence.tokens[index]
    word = token.words[0]
    form = word.columns[FORM]
    cut = _cut(form, rng)
    word.columns[FORM] = form[:cut]
    second = _new_word(word, form[cut:], word, rng)
    sentence.tokens.insert(index + 1, Token([second]))


def op_merge_tokens(sentences: list[Sentence], rng: random.Random) -> None:
    """Two neighbouring plain tokens made one word (a space between them sometimes)."""
    candidates = [(s, i) for s, i in _word_tokens(sentences)
                  if i + 1 < len(s.tokens) and s.tokens[i + 1].range_columns is None]
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    first, second = sentence.tokens[index].words[0], sentence.tokens[index + 1].words[0]
    glue = rng.choice(("", "", "", " ", rng.choice(SPACES)))
    first.columns[FORM] += glue + second.columns[FORM]
    if first.head is second:
        first.head = second.head
    _replace_head(sentence, second, first)
    first.columns[MISC] = second.columns[MISC]
    del sentence.tokens[index + 1]


def op_make_mwt(sentences: list[Sentence], rng: random.Random) -> None:
    """One to three neighbouring plain tokens made one multiword token (their words kept)."""
    candidates = _word_tokens(sentences)
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    end = index + 1
    while (end < len(sentence.tokens) and end - index < rng.choice((1, 2, 3))
           and sentence.tokens[end].range_columns is None):
        end += 1
    tokens = sentence.tokens[index:end]
    words = [t.words[0] for t in tokens]
    form = "".join(w.columns[FORM] for w in words)
    if len(words) == 1:  # one word: split its FORM into the words of a new MWT
        if len(form) < 2 or rng.random() < 0.3:
            words.append(_new_word(words[0], rng.choice(("el", "'s", "n't", form)), words[0], rng))
        else:
            cut = _cut(form, rng)
            words[0].columns[FORM] = form[:cut]
            words.append(_new_word(words[0], form[cut:], words[0], rng))
    for word in words:
        if rng.random() < 0.2:
            word.columns[FORM] = rng.choice((word.columns[FORM].upper(), word.columns[FORM] + "x"))
    range_columns = ["_"] * 10
    range_columns[FORM] = form
    range_columns[MISC] = tokens[-1].words[0].columns[MISC]
    sentence.tokens[index:end] = [Token(words, range_columns, [e for t in tokens for e in t.empty])]


def op_unmake_mwt(sentences: list[Sentence], rng: random.Random) -> None:
    """A multiword token made one plain word, or plain tokens cut from its FORM."""
    candidates = _mwt_tokens(sentences)
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    token = sentence.tokens[index]
    form = token.range_columns[FORM]
    words = token.words
    if len(form) >= len(words) and rng.random() < 0.5:
        cuts = sorted(rng.sample(range(1, len(form)), len(words) - 1))
        pieces = [form[a:b] for a, b in zip([0] + cuts, cuts + [len(form)])]
        for word, piece in zip(words, pieces):
            word.columns[FORM] = piece
        sentence.tokens[index:index + 1] = [Token([w]) for w in words]
        sentence.tokens[index + len(words) - 1].empty = token.empty
        return
    kept = rng.choice(words)
    for word in words:
        if word is not kept:
            _replace_head(sentence, word, kept)
    if kept.head in words:
        kept.head = None
    kept.columns[FORM] = form
    sentence.tokens[index] = Token([kept], None, token.empty)


def op_resplit_mwt(sentences: list[Sentence], rng: random.Random) -> None:
    """The words of a multiword token changed: one dropped or added, FORMs changed."""
    candidates = _mwt_tokens(sentences)
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    token = sentence.tokens[index]
    words = token.words
    choice = rng.random()
    if choice < 0.3 and len(words) > 1:
        gone = words.pop(rng.randrange(len(words)))
        _replace_head(sentence, gone, words[0] if words[0].head is not gone else gone.head)
        if words[0].head is gone:
            words[0].head = gone.head
    elif choice < 0.6:
        words.insert(rng.randrange(len(words) + 1),
                     _new_word(words[0], rng.choice(("a", "ha", "el", "s", token.form)), words[0],
                               rng))
    else:
        word = rng.choice(words)
        form = word.columns[FORM]
        word.columns[FORM] = rng.choice((form.upper(), form.capitalize(), form[:-1] or "x",
                                         form + "a", token.form))


def op_merge_sentences(sentences: list[Sentence], rng: random.Random) -> None:
    if len(sentences) < 2:
        return
    index = rng.randrange(len(sentences) - 1)
    first, second = sentences[index], sentences[index + 1]
    root = next((w for w in first.words if w.head is None), first.words[0])
    for word in second.words:
        if word.head is None:
            word.head = root
    if second.leading_empty:
        first.tokens[-1].empty.extend(second.leading_empty)
    first.tokens.extend(second.tokens)
    del sentences[index + 1]


def op_split_sentence(sentences: list[Sentence], rng: random.Random) -> None:
    candidates = [s for s in sentences if len(s.tokens) > 1]
    if not candidates:
        return
    sentence = rng.choice(candidates)
    cut = rng.randrange(1, len(sentence.tokens))
    index = sentences.index(sentence)
    tail = Sentence(rng.choice(([], ["# sent_id = split"])), sentence.tokens[cut:])
    sentence.tokens = sentence.tokens[:cut]
    sentences.insert(index + 1, tail)  # heads across the cut are repaired later


def op_empty_node(sentences: list[Sentence], rng: random.Random) -> None:
    sentence = rng.choice(sentences)
    token = rng.choice(sentence.tokens)
    if token.empty and rng.random() < 0.5:
        token.empty.pop()
    else:
        token.empty.append(Word(["0.1", "e", "e", "VERB", "_", "_", "_", "_", "1:conj", "_"]))


def op_misc(sentences: list[Sentence], rng: random.Random) -> None:
    """SpaceAfter and comments: the scorers read neither."""
    sentence = rng.choice(sentences)
    if rng.random() < 0.5:
        token = rng.choice(sentence.tokens)
        columns = token.range_columns or token.words[0].columns
        columns[MISC] = "_" if "SpaceAfter=No" in columns[MISC] else "SpaceAfter=No"
    else:
        sentence.comments.append(rng.choice(("# text = x", "#", "# sent_id = 1\t2")))


def op_form_space(sentences: list[Sentence], rng: random.Random) -> None:
    """A space character inside a FORM (removed by the scorers before comparing texts)."""
    sentence, index = rng.choice(_word_tokens(sentences) or [(sentences[0], 0)])
    token = sentence.tokens[index]
    form = token.form
    at = rng.randrange(len(form) + 1)
    token.form = form[:at] + rng.choice(SPACES) + form[at:]


def op_case(sentences: list[Sentence], rng: random.Random) -> None:
    """A word inside a multiword token with other letter case (LCS compares lowercased)."""
    candidates = _mwt_tokens(sentences)
    if not candidates:
        return
    sentence, index = rng.choice(candidates)
    word = rng.choice(sentence.tokens[index].words)
    word.columns[FORM] = word.columns[FORM].swapcase()


#: operations on sentences, each with its weight
Operations = tuple[tuple[Callable[[list[Sentence], random.Random], None], int], ...]

OPERATIONS: Operations = (
    (op_head, 6), (op_deprel, 5), (op_tags, 6), (op_split_token, 4), (op_merge_tokens, 4),
    (op_make_mwt, 4), (op_unmake_mwt, 3), (op_resplit_mwt, 3), (op_merge_sentences, 2),
    (op_split_sentence, 2), (op_empty_node, 1), (op_misc, 1), (op_form_space, 1),
    (op_case, 1))


def perturb(gold: list[Sentence], rng: random.Random, operations: int | None = None,
            table: Operations = OPERATIONS) -> list[Sentence]:
    """A system output: a copy of the gold sentences changed by a few random operations (drawn
    from ``table`` by weight), then repaired into trees."""
    system = copy.deepcopy(gold)
    count = rng.choice((0, 1, 2, 3, 4, 6, 10, 20)) if operations is None else operations
    functions, weights = zip(*table)
    for function in rng.choices(functions, weights, k=count):
        function(system, rng)
    return repair(system, rng)


def tweak_gold(gold: list[Sentence], rng: random.Random) -> None:
    """Gold LEMMAs ``_`` (conll18 then counts any system lemma right), label subtypes, and
    characters that are not spaces to the scorers (or change length when lowercased)."""
    for sentence in gold:
        for token in sentence.tokens:
            if rng.random() < 0.03:
                at = rng.randrange(len(token.form) + 1)
                token.form = token.form[:at] + rng.choice(ODD_CHARACTERS) + token.form[at:]
            if token.range_columns is not None and rng.random() < 0.1:
                word = rng.choice(token.words)
                word.columns[FORM] += rng.choice(ODD_CHARACTERS + SPACES)
    for _, word in _all_words(gold):
        if rng.random() < 0.2:
            word.columns[LEMMA] = "_"
        if rng.random() < 0.05:
            word.columns[DEPREL] = rng.choice(("nmod:poss", "acl:relcl", "obl:tmod"))


# --- errors the scorers refuse -------------------------------------------------------------

def inject_error(content: str, rng: random.Random) -> str:
    """A rendered file with one error the scorers refuse with a UDError (or, now and then,
    a change they accept after all, such as a multiword range that swallows a plain word)."""
    lines = content.split("\n")
    rows = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    words = [i for i in rows if lines[i].split("\t")[ID].isdigit()]
    plain = [i for i in words if not _inside_range(lines, i)]
    outside = [i for i in rows if i not in words or i in plain]
    kind = rng.choice(("char", "char", "prefix", "final", "columns", "comment", "id", "range",
                       "head", "head", "cycle", "roots", "blank", "form", "range_long",
                       "numbers", "numbers", "empty", "range_ids", "range_ids"))
    ranges = [i for i in rows if "-" in lines[i].split("\t")[ID]]
    if kind == "range_ids" and ranges:
        # the scorers read a range's words without checking their IDs: odd ranges and word
        # IDs are accepted (a range read short leaves its other words as plain words)
        i = rng.choice(ranges)
        columns = lines[i].split("\t")
        low, high = columns[ID].split("-")
        if rng.random() < 0.5:
            columns[ID] = rng.choice((f"{high}-{low}", f"{low}-{low}",
                                      f"{int(low) + 5}-{int(high) + 5}",
                                      f"0{low}-0{high}"))
        else:
            word = lines[i + 1].split("\t")
            word[ID] = rng.choice(("x", "0", "7-8", low))  # not an empty node: docs/differences.md
            lines[i + 1] = "\t".join(word)
        lines[i] = "\t".join(columns)
    if kind == "empty":  # no sentence at all
        return rng.choice(("", "# only a comment\n", "\n"))
    if kind == "numbers" and words:
        # IDs and HEADs as Python's int() still reads them: the scorers accept these
        for i in rng.sample(words, min(len(words), 3)):
            columns = lines[i].split("\t")
            column = rng.choice((ID, HEAD))
            arabic_one = "\u0661" if columns[column] == "1" else "{}"
            columns[column] = rng.choice(("0{}", "+{}", " {} ", "{}", arabic_one)).format(
                columns[column])
            lines[i] = "\t".join(columns)
    if kind == "char" and rows:
        i = rng.choice(rows)
        columns = lines[i].split("\t")
        if "-" in columns[ID] or not _inside_range(lines, i):
            columns[FORM] = rng.choice(("Q", "", "x")) + columns[FORM][1:] + rng.choice(("", "z"))
            lines[i] = "\t".join(columns)
    elif kind == "prefix":  # one sentence fewer or more at the end
        blanks = [i for i, line in enumerate(lines) if not line]
        if len(blanks) > 2 and rng.random() < 0.5:
            lines = lines[:blanks[-3] + 1] + [""]
        else:
            lines = lines[:-1] + ["1\textra\t_\tX\t_\t_\t0\troot\t_\t_", "", ""]
    elif kind == "final":
        return content.rstrip("\n") + rng.choice(("", "\n"))
    elif kind == "columns" and rows:
        i = rng.choice(rows)
        lines[i] = rng.choice((lines[i].replace("\t", " ", 1), lines[i] + "\t_", " ",
                               lines[i].replace("\t", "\t\t", 1)))
    elif kind == "comment" and rows:
        lines.insert(rng.choice(rows) + 1, "# inside")
    elif kind == "id" and plain:
        i = rng.choice(plain)
        columns = lines[i].split("\t")
        columns[ID] = rng.choice(("x", str(int(columns[ID]) + 1), "0", "1a"))
        lines[i] = "\t".join(columns)
    elif kind == "range" and outside:
        i = rng.choice(outside)
        lines.insert(i, "\t".join([rng.choice(("1-x", "2-", "a-b", "1-2-3"))] + ["_"] * 9))
    elif kind == "head" and words:
        i = rng.choice(plain or words)
        columns = lines[i].split("\t")
        inside = _inside_range(lines, i)
        columns[HEAD] = rng.choice(("-1", "999", "+1") if inside else ("_", "-1", "999", "x", "-0"))
        lines[i] = "\t".join(columns)
    elif kind == "cycle" and len(words) > 1:
        i = rng.choice(words)
        columns = lines[i].split("\t")
        columns[HEAD] = columns[ID]
        lines[i] = "\t".join(columns)
    elif kind == "roots" and words:
        i = rng.choice(words)
        columns = lines[i].split("\t")
        columns[HEAD] = "0"
        lines[i] = "\t".join(columns)
    elif kind == "blank":
        blanks = [i for i, line in enumerate(lines) if not line]
        lines.insert(rng.choice(blanks), "")
    elif kind == "form" and plain:
        i = rng.choice(plain)
        columns = lines[i].split("\t")
        columns[FORM] = rng.choice((" ", "\u00a0", "\u3000 "))
        lines[i] = "\t".join(columns)
    elif kind == "range_long" and plain:
        # a range over the next plain words, or past the sentence's end (never swallowing an
        # empty node or another range, whose HEAD `_` would crash conll18)
        i = rng.choice(plain)
        start = int(lines[i].split("\t")[ID])
        size = rng.choice((1, 2, 3, 6))
        if all(not line or line.split("\t")[ID].isdigit() for line in lines[i:i + size]):
            lines.insert(i, "\t".join([f"{start}-{start + size - 1}", "ab"] + ["_"] * 8))
    return "\n".join(lines)


def _inside_range(lines: list[str], index: int) -> bool:
    """Whether line ``index`` (a word) belongs to a multiword range above it."""
    word = int(lines[index].split("\t")[ID]) if lines[index].split("\t")[ID].isdigit() else -1
    i = index - 1
    while i >= 0 and lines[i] and not lines[i].startswith("#"):
        first = lines[i].split("\t")[ID]
        if "-" in first and "." not in first:
            bounds = first.split("-")
            return (bounds[0].isdigit() and bounds[-1].isdigit()
                    and int(bounds[0]) <= word <= int(bounds[-1]))
        i -= 1
    return False
