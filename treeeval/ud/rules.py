"""The fixed rules of the CoNLL 2017 and 2018 UD scorers: relation lists, feature names,
FORM spaces, and the interning of column values into shared integer ids.

Gold and system values are interned into one :class:`Vocabulary`, so that comparing two
values is comparing two integers.  Normalised columns (universal features, truncated
relations) are interned through a :class:`Normaliser`, which computes each distinct raw
value's normal form only once:

>>> vocabulary = Vocabulary()
>>> feats = Normaliser(vocabulary, universal_features)
>>> [vocabulary.strings[i] for i in map(feats.__getitem__, ["Typo=Yes|Case=Nom", "_"])]
['Case=Nom', '']
>>> relations = Normaliser(vocabulary, universal_relation)
>>> vocabulary.strings[relations["nsubj:pass"]], strip_spaces("a\\xa0b c")
('nsubj', 'abc')
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.vocabulary import Vocabulary

#: relations whose words CLAS, MLAS and BLEX score (conll18: a whitelist)
CONTENT_RELATIONS = frozenset((
    "nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative", "expl",
    "dislocated", "advcl", "advmod", "discourse", "nmod", "appos", "nummod", "acl", "amod",
    "conj", "fixed", "flat", "compound", "list", "parataxis", "orphan", "goeswith",
    "reparandum", "root", "dep",
))
#: relations of the functional children that MLAS compares
FUNCTION_RELATIONS = frozenset(("aux", "cop", "mark", "det", "clf", "case", "cc"))
#: relations that the 2017 CLAS gives weight 0 (a blacklist: every other label counts)
CONLL17_NON_CONTENT = FUNCTION_RELATIONS | {"punct"}
#: the feature names that UFeats keeps
UNIVERSAL_FEATURES = frozenset((
    "PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender", "Animacy",
    "Number", "Case", "Definite", "Degree", "VerbForm", "Mood", "Tense", "Aspect", "Voice",
    "Evident", "Polarity", "Person", "Polite",
))

#: the characters of Unicode category Zs (space separators); a unit test checks this list
#: against ``unicodedata``
ZS_CHARACTERS = " \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
_ZS_TABLE: dict[int, None] = {ord(c): None for c in ZS_CHARACTERS}
_SPACE_TABLE = {ord(" "): None}


def strip_spaces(form: str) -> str:
    """FORM as conll18 sees it in the character stream: every Zs character removed."""
    return form.translate(_ZS_TABLE)


def strip_ascii_spaces(form: str) -> str:
    """FORM as conll17 sees it: only ASCII spaces removed."""
    return form.translate(_SPACE_TABLE)


def universal_features(feats: str) -> str:
    """UFeats: the universal features of FEATS, sorted (``_`` gives the empty string)."""
    return "|".join(sorted(feature for feature in feats.split("|")
                           if feature.split("=", 1)[0] in UNIVERSAL_FEATURES))


def universal_relation(deprel: str) -> str:
    """DEPREL without its subtype: ``acl:relcl`` -> ``acl`` (case is kept)."""
    return deprel.split(":")[0]


class Normaliser(dict[str, int]):
    """Raw strings to the vocabulary id of their normal form, computed once per string."""

    def __init__(self, vocabulary: Vocabulary, normalise: Callable[[str], str]) -> None:
        super().__init__()
        self.vocabulary = vocabulary
        self.normalise = normalise

    def __missing__(self, key: str) -> int:
        index = self[key] = self.vocabulary[self.normalise(key)]
        return index
