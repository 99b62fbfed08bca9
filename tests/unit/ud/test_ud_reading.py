"""Reading CoNLL-U for ``treeeval ud``: the three readers agree, and bad input gets the
reference scorers' message at their line."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.fallback import Fallback
from treeeval.ud.format_error import UDFormatError
from treeeval.ud.readers import reading
from treeeval.ud.readers.column_builder import ColumnBuilder
from treeeval.ud.readers.exact_parse import parse_exact
from treeeval.ud.readers.fast_parse import parse_fast
from treeeval.ud.readers.layout import ReadOptions
from treeeval.ud.readers.reading import _split_lines, read_ud
from treeeval.ud.readers.scan import scan_fast
from treeeval.ud.rules import ZS_CHARACTERS, Vocabulary


def row(*fields: object) -> str:
    return "\t".join(map(str, fields))


def word(index: int, form: str, head: int | str, deprel: str = "dep", feats: str = "_",
         lemma: str = "_", upos: str = "X") -> str:
    return row(index, form, lemma, upos, "_", feats, head, deprel, "_", "_")


def mwt(first: int, last: int, form: str) -> str:
    return row(f"{first}-{last}", form, *["_"] * 8)


def document(*sentences: list[str], comments: bool = True) -> str:
    text = ""
    for number, lines in enumerate(sentences, 1):
        if comments:
            text += f"# sent_id = {number}\n"
        text += "".join(line + "\n" for line in lines) + "\n"
    return text


SAMPLE = document(
    [mwt(1, 2, "Im"), word(1, "I", 2, "nsubj", "Case=Nom|Typo=Yes"), word(2, "m", 0, "root"),
     row("2.1", "x", "_", "_", "_", "_", "_", "_", "0:root", "_"),
     word(3, "ok\u00a0now", 2, "xcomp:pred")],
    [word(1, "Hi", 0, "root", lemma="hi"), word(2, "1 000", 1, "nummod"),
     mwt(3, 4, "de L"), word(3, "de", 4, "case"), word(4, "L", 1, "obl")],
    comments=True)


def columns_as_strings(columns: object, builder: ColumnBuilder) -> dict[str, object]:
    strings = builder.vocabulary.strings
    forms = builder.forms.strings
    result = {}
    for name, value in vars(columns).items():
        if name in ("lemma", "upos", "xpos", "feats", "deprel"):
            value = [strings[i] for i in value]
        elif name == "form":
            value = [forms[i] for i in value]
        elif isinstance(value, np.ndarray):
            value = value.tolist()
        result[name] = value
    return result


#: the default reading (CoNLL 2018 rules, one root per sentence)
DEFAULT_OPTIONS = ReadOptions()


def read_three_ways(text: str, options: ReadOptions = DEFAULT_OPTIONS) -> list[dict[str, object]]:
    data = text.encode()
    results = []
    for way in ("scan", "strings", "exact"):
        builder = ColumnBuilder("f", options, Vocabulary(), Vocabulary())
        try:
            if way == "scan":
                columns = scan_fast(data, 1, options, builder.interner)
            else:
                lines = _split_lines(data, "f", 1)
                block = (parse_fast(lines, 1, options) if way == "strings"
                         else parse_exact(lines, 1, options, "f", True))
                columns = builder.intern(block)
        except Fallback:
            results.append(None)
            continue
        results.append(columns_as_strings(columns, builder))
    return results


def test_zs_list_is_the_unicode_category() -> None:
    expected = {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Zs"}
    assert set(ZS_CHARACTERS) == expected


@pytest.mark.parametrize("options", [ReadOptions(), ReadOptions(conll17=True)])
def test_three_readers_agree_on_a_sample(options: ReadOptions) -> None:
    scanned, strings, exact = read_three_ways(SAMPLE, options)
    assert scanned == strings == exact
    assert exact is not None
    expected_text = "Imoknow" if not options.conll17 else "Imok\u00a0now"
    assert exact["text"].startswith(expected_text)
    assert exact["word_mwt"] == [True, True, False, False, False, True, True]
    assert exact["form"][:3] == ["I", "m", "oknow" if not options.conll17 else "ok\u00a0now"]
    assert exact["deprel"][2] == "xcomp" and exact["heads"] == [2, 0, 2, 0, 1, 4, 1]
    assert exact["feats"][0] == ("Case=Nom" if not options.conll17 else "Case=Nom|Typo=Yes")
    assert exact["sentence_line"] == [2, 9]


FORMS = st.text(alphabet="abcXYZ é\u00a0\u3000ß", min_size=1, max_size=4).filter(
    lambda f: f.strip(" \u00a0\u3000"))


@st.composite
def sentences(draw: st.DrawFn) -> list[str]:
    size = draw(st.integers(1, 7))
    order = draw(st.permutations(range(1, size + 1)))
    heads = [0] * size
    for k, index in enumerate(order[1:], 1):
        heads[index - 1] = order[draw(st.integers(0, k - 1))]
    lines, index = [], 1
    while index <= size:
        if index < size and draw(st.booleans()) and draw(st.booleans()):
            last = draw(st.integers(index + 1, min(size, index + 2)))
            lines.append(mwt(index, last, draw(FORMS)))
            for i in range(index, last + 1):
                lines.append(word(i, draw(FORMS), heads[i - 1],
                                  draw(st.sampled_from(["nsubj", "case", "obl:tmod", "det"]))))
            index = last + 1
            continue
        lines.append(word(index, draw(FORMS), heads[index - 1],
                          draw(st.sampled_from(["root", "amod", "cc", "acl:relcl", ""])),
                          draw(st.sampled_from(["_", "Number=Sing|Case=Acc", "Foo=Bar", ""])),
                          draw(st.sampled_from(["_", "", "x"])), draw(st.sampled_from(["X", ""]))))
        if draw(st.booleans()) and not draw(st.booleans()):
            lines.append(row(f"{index}.1", "e", "_", "_", "_", "_", "_", "_", "_", "_"))
        index += 1
    return lines


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(sentences(), min_size=1, max_size=4), st.booleans(), st.booleans())
def test_three_readers_agree(parts: list[list[str]], comments: bool, conll17: bool) -> None:
    text = document(*parts, comments=comments)
    scanned, strings, exact = read_three_ways(text, ReadOptions(conll17=conll17))
    assert exact is not None and scanned == strings == exact


def test_small_blocks_give_the_same_treebank(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.conllu"
    path.write_text(SAMPLE * 40, encoding="utf-8")
    whole = read_ud(str(path))
    monkeypatch.setattr(reading, "BLOCK_BYTES", 64)
    pieces = read_ud(str(path))
    for name in ("token_start", "word_start", "word_end", "head", "sentence_start",
                 "sentence_line", "word_mwt"):
        assert np.array_equal(getattr(whole, name), getattr(pieces, name)), name
    assert whole.text == pieces.text and whole.sentences == 80


def write(tmp_path: Path, text: str | bytes, name: str = "f.conllu") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return str(path)


GOOD = [word(1, "a", 2, "nsubj"), word(2, "b", 0, "root"), word(3, "c", 2, "obj")]
ERRORS = [
    ("9 columns", "1\ta\t_\n\n", "The CoNLL-U line does not contain 10 tab-separated columns: "
     "'1\ta\t_'", 1),
    ("word id", document([word("x", "a", 0, "root")], comments=False),
     "Cannot parse word ID 'x'", 1),
    ("range id", document([mwt(1, "x", "ab")], comments=False).replace("1-x", "1-x"),
     "Cannot parse multi-word token ID '1-x'", 1),
    ("id gap", document([word(1, "a", 0, "root"), word(3, "b", 1)], comments=False),
     "Incorrect word ID '3' for word 'b', expected '2'", 2),
    ("head _", document([word(1, "a", "_", "root")], comments=False),
     "Cannot parse HEAD '_'", 1),
    ("head < 0", document([word(1, "a", -1, "root")], comments=False),
     "HEAD cannot be negative", 1),
    ("head too big", document([word(1, "a", 0), word(2, "b", 9)], comments=False),
     "HEAD '9' points outside of the sentence", 3),
    ("cycle", document([word(1, "a", 2), word(2, "b", 1), word(3, "c", 0)], comments=False),
     "There is a cycle in a sentence", 4),
    ("two roots", document([word(1, "a", 0), word(2, "b", 0)], comments=False),
     "There are 2 roots in a sentence", 3),
    ("double blank", document(GOOD, comments=False) + "\n",
     "There are 0 roots in a sentence", 5),
    ("empty form", document([word(1, "\u2003", 0)], comments=False),
     "There is an empty FORM in the CoNLL-U file", 1),
    ("comment inside", document([word(1, "a", 0), "# no", word(2, "b", 1)], comments=False),
     "The CoNLL-U line does not contain 10 tab-separated columns: '# no'", 2),
    ("no final blank", document(GOOD, comments=False)[:-1],
     "The CoNLL-U file does not end with empty line", 3),
    ("mwt head _", document([mwt(1, 2, "ab"), word(1, "a", "_"), word(2, "b", 0)],
                            comments=False), "Cannot parse HEAD '_'", 2),
    # conll18 parses a multiword token's HEADs only at the tree check: an error it meets
    # first (a later line, or an earlier word of the walk) is the one reported
    ("mwt head _, then a bad id", document([mwt(1, 2, "ab"), word(1, "a", "_"), word(2, "b", 0),
                                            word(4, "c", 2)], comments=False),
     "Incorrect word ID '4' for word 'c', expected '3'", 4),
    ("mwt head _ after a head outside", document([word(1, "a", 9), mwt(2, 3, "bc"),
                                                  word(2, "b", "_"), word(3, "c", 0)],
                                                 comments=False),
     "HEAD '9' points outside of the sentence", 5),
    ("mwt head _ reached by the walk", document([word(1, "a", 3), mwt(2, 3, "bc"),
                                                 word(2, "b", 0), word(3, "c", "x")],
                                                comments=False), "Cannot parse HEAD 'x'", 4),
    ("mwt cut by a blank line", mwt(1, 2, "ab") + "\n" + word(1, "a", 0) + "\n\n",
     "The CoNLL-U line does not contain 10 tab-separated columns: ''", 3),
]


@pytest.mark.parametrize("text,message,line", [e[1:] for e in ERRORS],
                         ids=[e[0] for e in ERRORS])
def test_errors_have_the_reference_message_and_line(tmp_path: Path, text: str, message: str,
                                                    line: int | None) -> None:
    path = write(tmp_path, text)
    with pytest.raises(UDFormatError) as caught:
        read_ud(path)
    assert caught.value.message == message
    assert caught.value.line == line and caught.value.path == path


def test_conll17_messages(tmp_path: Path) -> None:
    path = write(tmp_path, document([word(1, "a", 0), word(2, "b", 0)], comments=False))
    with pytest.raises(UDFormatError, match="There are multiple roots in a sentence"):
        read_ud(path, ReadOptions(conll17=True))


def test_several_roots_on_request(tmp_path: Path) -> None:
    path = write(tmp_path, document([word(1, "a", 0), word(2, "b", 0), word(3, "c", 2)]))
    treebank = read_ud(path, ReadOptions(multiple_roots_okay=True))
    assert treebank.head.tolist() == [-1, -1, 1]
    empty = write(tmp_path, document(GOOD) + "\n", "double.conllu")
    with pytest.raises(UDFormatError, match="0 roots"):
        read_ud(empty, ReadOptions(multiple_roots_okay=True))


def test_long_chain_without_recursion(tmp_path: Path) -> None:
    size = 5000
    chain = [word(i, f"w{i}", i + 1 if i < size else 0) for i in range(1, size + 1)]
    treebank = read_ud(write(tmp_path, document(chain)))
    assert treebank.head[:3].tolist() == [1, 2, 3] and treebank.head[-1] == -1
    looped = chain[:-1] + [word(size, f"w{size}", 1)]
    with pytest.raises(UDFormatError, match="cycle"):
        read_ud(write(tmp_path, document(looped), "loop.conllu"))


def test_bom_crlf_and_lone_cr(tmp_path: Path) -> None:
    text = document(GOOD)
    plain = read_ud(write(tmp_path, text))
    for variant in (b"\xef\xbb\xbf" + text.encode(), text.replace("\n", "\r\n").encode(),
                    text.replace("\n", "\r").encode()):
        other = read_ud(write(tmp_path, variant, "v.conllu"))
        assert other.text == plain.text and other.head.tolist() == plain.head.tolist()


def test_bad_utf8_has_a_line(tmp_path: Path) -> None:
    path = write(tmp_path, document(GOOD).encode() + b"1\t\xff\t_\n")
    with pytest.raises(UDFormatError) as caught:
        read_ud(path)
    assert caught.value.line == 6 and "UTF-8" in caught.value.message


def test_empty_node_inside_mwt_is_skipped(tmp_path: Path) -> None:
    text = document([mwt(1, 2, "ab"), word(1, "a", 2),
                     row("1.1", "z", "_", "_", "_", "_", "_", "_", "1:dep", "_"),
                     word(2, "b", 0, "root"), word(3, "c", 2)])
    treebank = read_ud(write(tmp_path, text))
    assert treebank.words == 3 and treebank.word_mwt.tolist() == [True, True, False]
    assert treebank.text == "abc"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="cannot read"):
        read_ud(str(tmp_path / "nothing.conllu"))


def test_hash_collisions_cannot_merge_values(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from treeeval.columnar import intern

    path = write(tmp_path, SAMPLE * 3)
    expected = read_ud(path)
    # every long field gets the key of "_": the byte check must catch it
    monkeypatch.setattr(intern, "_polynomial", lambda chunks: np.full(len(chunks.length),
                                                                      ord("_"), np.uint64))
    builder = ColumnBuilder("f", ReadOptions(), Vocabulary(), Vocabulary())
    with pytest.raises(Fallback):
        scan_fast((SAMPLE * 3).encode(), 1, ReadOptions(), builder.interner)
    collided = read_ud(path)
    for name in ("lemma", "upos", "feats", "deprel", "form"):
        strings = [expected.vocabulary.strings[i] for i in getattr(expected, name)]
        if name == "form":
            strings = [expected.forms.strings[i] for i in expected.form]
            assert strings == [collided.forms.strings[i] for i in collided.form]
        else:
            assert strings == [collided.vocabulary.strings[i] for i in getattr(collided, name)]


def scan_agrees_with_the_careful_reader(text: str) -> dict[str, object]:
    """The fast path accepts the block and gives the careful reader's columns."""
    for options in (ReadOptions(), ReadOptions(conll17=True)):
        scanned, strings, exact = read_three_ways(text, options)
        assert scanned is not None and exact is not None
        assert scanned == strings == exact
    return scanned


def test_a_long_field_stays_on_the_fast_path() -> None:
    long_form = "x" * 300 + "\u00e9" * 100 + "!"
    long_lemma = "LEMMA" * 95
    text = document([word(1, long_form, 0, "root", lemma=long_lemma), word(2, "b", 1)],
                    [word(1, long_form + "y", 0, "root", lemma="y" * 129)],
                    [word(1, long_form, 2, feats="Case=Nom|" + "Foo=Bar" * 30, lemma="z"),
                     word(2, "a" * 128, 0, "root", lemma=long_lemma)])
    columns = scan_agrees_with_the_careful_reader(text)
    assert columns["form"] == [long_form, "b", long_form + "y", long_form, "a" * 128]
    assert columns["lemma"] == [long_lemma, "_", "y" * 129, "z", long_lemma]
    assert columns["feats"][3] == "Case=Nom|" + "Foo=Bar" * 30


def test_many_long_fields_of_many_widths() -> None:
    # fields of every width from 1 to 600 bytes, with repeats and values that share long
    # prefixes or differ only in their last byte, so grouping and byte checks both matter
    lines = []
    for width in range(1, 601):
        prefix = "p" * (width - 1)
        lines.append(word(len(lines) + 1, prefix + "a", 0 if not lines else 1,
                          lemma=prefix + "b", deprel="dep:" + "r" * (width % 37)))
        lines.append(word(len(lines) + 1, prefix + "a", 1, lemma=prefix + "\u00df"))
    columns = scan_agrees_with_the_careful_reader(document(lines))
    assert len(set(columns["form"])) == 600 and len(columns["form"]) == 1200
    assert columns["form"][-1] == "p" * 599 + "a"


def test_long_fields_across_blocks_share_their_ids(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    long_lemma = "L" * 500
    text = document(*[[word(1, "ab" * (70 + k % 3), 0, "root", lemma=long_lemma)]
                      for k in range(30)])
    path = write(tmp_path, text)
    whole = read_ud(path)
    monkeypatch.setattr(reading, "BLOCK_BYTES", 512)
    pieces = read_ud(path)
    assert pieces.lemma.tolist() == whole.lemma.tolist() and len(set(whole.lemma.tolist())) == 1
    assert [pieces.forms.strings[i] for i in pieces.form] == [
        whole.forms.strings[i] for i in whole.form]
    assert whole.text == "".join("ab" * (70 + k % 3) for k in range(30))
