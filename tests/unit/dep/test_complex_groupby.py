"""Complex GroupBy values (MaltEval user guide 3.1.4, as the 1.0 jar reads and spells them)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.dep.grouping.complex_groupby import ComplexGroupByError, is_complex, parse_complex_groupby
from treeeval.dep.options import parse_dep_args
from treeeval.errors import InputError, UsageError


@dataclass
class MiniTreebank:
    """The token columns a complex grouping reads, built from (form, lemma, cpos, pos, feats)."""

    forms: np.ndarray
    lemmas: np.ndarray
    cpostags: np.ndarray
    postags: np.ndarray
    feats: np.ndarray
    positions: np.ndarray
    sizes: np.ndarray
    sentence: np.ndarray

    @classmethod
    def of(cls, *sentences: list[tuple[str, str, str, str, str]]) -> MiniTreebank:
        tokens = [token for sentence in sentences for token in sentence]
        sizes = np.array([len(sentence) for sentence in sentences], dtype=np.int64)

        def column(index: int) -> np.ndarray:
            return np.array([token[index] for token in tokens], dtype=object)

        positions = [np.arange(1, size + 1) for size in sizes] + [np.zeros(0, np.int64)]
        return cls(column(0), column(1), column(2), column(3), column(4),
                   np.concatenate(positions).astype(np.int64), sizes,
                   np.repeat(np.arange(len(sizes)), sizes))


def tokens(text: str) -> list[tuple[str, str, str, str, str]]:
    """'the/the/Det/DT/_ dog/dog/N/NN/Sg' -> one tuple per token."""
    return [tuple(token.split("/")) for token in text.split()]  # type: ignore[misc]


SENTENCE_1 = tokens("The/the/Det/DT/_ dogs/dog/N/NNS/Pl bark/bark/V/VBP/Pres")
SENTENCE_2 = tokens("Cats/cat/N/NNS/Pl sleep/sleep/V/VBP/Pres")
TREEBANK = MiniTreebank.of(SENTENCE_1, SENTENCE_2)


def keys(value: str, treebank: MiniTreebank = TREEBANK) -> list[str]:
    return parse_complex_groupby(value).keys(treebank).tolist()


def test_guide_example_two_preceding_cpostags():
    # guide: second token, first cpostag Det -> "^@-2; Det@-1"; the jar spells it as below
    assert keys("Cpostag@-2#Cpostag@-1") == [
        "^@-1;^@-2", '"Det"@-1;^@-2', '"N"@-1;"Det"@-2', "^@-1;^@-2", '"N"@-1;^@-2']


def test_guide_semicolon_spelling_is_the_same_grouping():
    assert keys("Cpostag@-2;Cpostag@-1") == keys("Cpostag@-2#Cpostag@-1")


def test_end_of_sentence_and_sentences_do_not_leak():
    assert keys("Wordform@1") == ['"dogs"@1', '"bark"@1', "$@1", '"sleep"@1', "$@1"]
    assert keys("Lemma@+2") == keys("Lemma@2") == ['"bark"@2', "$@2", "$@2", "$@2", "$@2"]
    assert keys("Feats@-100") == ["^@-100"] * 5


def test_attributes_of_one_offset_in_java_hashset_order():
    value = "Wordform,Lemma,Cpostag,Postag,Feats@0"
    assert parse_complex_groupby(value).items == (
        (0, ("Postag", "Lemma", "Feats", "Cpostag", "Wordform")),)
    assert keys(value)[1] == '"NNS","dog","Pl","N","dogs"@0'
    assert keys("Wordform@-1#Cpostag@-1")[0] == "^,^@-1"


def test_offsets_in_java_hashmap_order():
    # Integer hash h, bucket (h ^ h >>> 16) & 15: -1 and 0 share bucket 0, -2 and 1 bucket 1
    assert [offset for offset, _ in parse_complex_groupby("Cpostag@2#Cpostag@1").items] == [1, 2]
    assert [o for o, _ in parse_complex_groupby("Cpostag@0#Cpostag@-1").items] == [0, -1]
    assert [o for o, _ in parse_complex_groupby("Cpostag@-1#Cpostag@0").items] == [-1, 0]
    assert [o for o, _ in parse_complex_groupby("Cpostag@16#Cpostag@0").items] == [16, 0]
    # 13 offsets make the table grow to 32 buckets, where 16 follows 15
    many = "#".join(f"Cpostag@{offset}" for offset in [16] + list(range(12)))
    assert [o for o, _ in parse_complex_groupby(many).items] == list(range(12)) + [16]


def test_repeated_items_merge_and_comma_shorthand():
    assert keys("Cpostag@-1#Wordform@-1#Cpostag@-1") == keys("Cpostag,Wordform@-1")
    assert keys("Cpostag#Wordform") == keys("Cpostag@0#Wordform@0") == [
        '"Det","The"@0', '"N","dogs"@0', '"V","bark"@0', '"N","Cats"@0', '"V","sleep"@0']


@pytest.mark.parametrize("value, simple", [
    ("Cpostag@0", "Cpostag"), ("Feats", "Feats"), ("Postag@", "Postag"), ("Lemma,", "Lemma"),
    ("Cpostag@-0", "Cpostag"), ("Cpostag@1", None), ("Cpostag#Wordform", None),
    ("Cpostag@0#Cpostag@0", "Cpostag")])
def test_simple_equivalent(value, simple):
    assert parse_complex_groupby(value).simple == simple


def test_trailing_empty_items_are_ignored_as_by_java_split():
    assert parse_complex_groupby("Cpostag@-1##").items == ((-1, ("Cpostag",)),)
    assert parse_complex_groupby("Cpostag,,@-1#Postag,").items == (
        (-1, ("Cpostag",)), (0, ("Postag",)))


def test_is_complex():
    assert is_complex("Cpostag@-1") and is_complex("Cpostag#Postag") and is_complex("A,B")
    assert not is_complex("Deprel") and not is_complex("ArcDirectionAndDeprel")


def test_grouping_protocol_attributes_and_java_order():
    grouping = parse_complex_groupby("Cpostag@1#Cpostag@2")
    assert grouping.name == "Cpostag@1#Cpostag@2"
    assert grouping.two_sided is False
    assert grouping.default_attributes == ("accuracy",)
    assert grouping.valid_attributes == ("accuracy", "counter", "correctcounter")
    assert grouping.order(keys("Cpostag@1#Cpostag@2")) == [
        '"N"@1;"V"@2', '"V"@1;$@2', "$@1;$@2"]


@pytest.mark.parametrize("value, column, message", [
    ("", 1, "empty GroupBy value"),
    ("Cpostag@x", 9, "unexpected 'x', expected '#' or an integer offset"),
    ("Cpostag @1", 8, "unexpected ' '"),
    ("Cpostag@@1", 9, "unexpected '@'"),
    ("#Cpostag", 1, "unexpected '#', expected a name (Wordform, Lemma, Cpostag, Postag or Feats)"),
    ("Cpostag,,Wordform", 9, "unexpected ','"),
    ("Cpostag@1@2", 10, "unexpected '@'"),
    ("cpostag@1", 1, "unknown GroupBy cpostag (did you mean Cpostag?)"),
    ("Cpostag@-1#Deprel@1", 12, "Deprel cannot be part of a complex GroupBy (use Wordform, "
                                "Lemma, Cpostag, Postag or Feats)"),
    ("Cpostag@2147483648", 9, "the offset is not a Java int"),
])
def test_errors_name_the_column_with_a_caret(value, column, message):
    with pytest.raises(ComplexGroupByError) as caught:
        parse_complex_groupby(value)
    error = caught.value
    assert isinstance(error, UsageError) and error.exit_status == 2
    assert str(error).startswith(f"GroupBy value {value!r}, column {column}: {message}")
    assert error.context() == f"    {value}\n    {' ' * (column - 1)}^"


def test_errors_in_an_evaluation_file_are_input_errors(tmp_path):
    (tmp_path / "eval.xml").write_text(
        '<evaluation><parameter name="Metric"><value>LAS</value></parameter>\n'
        '<parameter name="GroupBy"><value>Cpostag@-1#Dep@1</value></parameter></evaluation>\n')
    with pytest.raises(InputError) as caught:
        with parse_dep_args(["-e", str(tmp_path / "eval.xml"), "-g", "g", "-s", "p"]
                            ).blaming_file():
            parse_complex_groupby("Cpostag@-1#Dep@1")
    error = caught.value
    assert str(error) == (f"{tmp_path / 'eval.xml'}:2:27: GroupBy value 'Cpostag@-1#Dep@1', "
                          "column 12: Dep cannot be part of a complex GroupBy (use Wordform, "
                          "Lemma, Cpostag, Postag or Feats)")


def test_keys_need_the_whole_treebank():
    partial = MiniTreebank.of(SENTENCE_1)
    partial.positions = np.array([1, 3, 2])
    with pytest.raises(ValueError, match="whole treebank"):
        parse_complex_groupby("Cpostag@1").keys(partial)


def test_empty_treebank():
    assert parse_complex_groupby("Cpostag@1#Postag").keys(MiniTreebank.of()).tolist() == []


def naive_key(items, sentence, index):
    """One token's key, spelt out as the guide and the jar describe it."""
    parts = []
    for offset, attributes in items:
        cells = []
        for attribute in attributes:
            where = index + offset
            if where < 0:
                cells.append("^")
            elif where >= len(sentence):
                cells.append("$")
            else:
                cells.append('"' + sentence[where][attribute] + '"')
        parts.append(",".join(cells) + "@" + str(offset))
    return ";".join(parts)


WORDS = st.sampled_from(["a", "b", "ä", "_", "x y", '"'])
COLUMNS = {"Wordform": 0, "Lemma": 1, "Cpostag": 2, "Postag": 3, "Feats": 4}


@settings(max_examples=examples(60), deadline=None)
@given(sentences=st.lists(st.lists(st.tuples(WORDS, WORDS, WORDS, WORDS, WORDS), min_size=1,
                                   max_size=6), max_size=4),
       groups=st.lists(st.tuples(st.sampled_from(sorted(COLUMNS)), st.integers(-7, 7)),
                       min_size=1, max_size=5))
def test_vectorised_keys_equal_a_token_by_token_reading(sentences, groups):
    value = "#".join(f"{name}@{offset}" for name, offset in groups)
    grouping = parse_complex_groupby(value)
    items = [(offset, [COLUMNS[name] for name in names]) for offset, names in grouping.items]
    expected = [naive_key(items, sentence, index)
                for sentence in sentences for index in range(len(sentence))]
    assert grouping.keys(MiniTreebank.of(*sentences)).tolist() == expected
