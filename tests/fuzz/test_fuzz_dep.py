"""Fuzzing the dependency readers of ``treeeval dep``: CoNLL-X, MaltTab, MaltXML, MaltEval
evaluation files (``-e``) and ``--postag``/``--deprel`` files.

Valid inputs come first: a gold file and a parsed file with the same words (so that
MaltEval's same-text check passes and the scores are computed), in CoNLL-X (10 columns,
``_`` fields, comment lines, CRLF line ends, extra blank lines), MaltTab or MaltXML (with
its declaration's encoding); evaluation files with random parameters, GroupBy formats and
formatting values (``--pattern`` included); tag files.  Then structured mutations (a HEAD,
ID or field replaced by a nasty value, a column added or removed, an attribute or the
encoding replaced) and the generic byte and line mutations of :mod:`fuzzing`.  Each case
runs one of the reports (MaltEval's tables, ``--report evalpl``/``eval07``, ``--json``)
through :func:`fuzzing.check_run`: success, or one located error line.

Long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python3 -m pytest tests/fuzz/test_fuzz_dep.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import time

from fuzzing import NASTY, check_run, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

FORMS = [b"the", b"dog", b"barks", b",", b".", b"\xc3\xa9t\xc3\xa9", b"''", b"%", b"x" * 30,
         b"0x01", b"*", b"_", b"a b"]
TAGS = [b"NN", b"VB", b"DT", b",", b".", b"_", b"PUNCT"]
LABELS = [b"root", b"nsubj", b"obj", b"punct", b"dep", b"ROOT", b"P", b"_"]
NUMBERS = [b"0", b"1", b"2", b"007", b"99999999999999999999", b"18446744073709551615",
           b"18446744073709551614", b"9223372036854775808", b"4000", b"-1", b"1.5", b"_", b""]
REPORTS = [[], [], ["--report", "evalpl"], ["--report", "eval07"], ["--report", "evalpl:qpb"],
           ["--report", "eval07:p"], ["--json"], ["--stat", "1"], ["--details", "1"]]
METRICS = ["LAS", "UAS", "LA", "AnyRight", "BothWrong", "HeadRight", "self", "LAS;UAS", "XAS",
           ""]
GROUPBYS = ["Token", "Deprel", "Postag:all", "Cpostag:accuracy-2", "Sentence", "ArcDepth",
            "RelationLength:all|recall+", "Frame", "Cpostag@-1#Wordform", "Deprel:bogus",
            "Cpostag@x", "Foo", "Token:accuracy+", "Deprel;Postag", "BranchingFactor"]
PATTERNS = ["0.00", "0.0000%", "#,##0.###", "0.000000000000000000000000000001", "0.0E0",
            "'x'0.0;(0.0)", "0.0.0", "", "abc", "0.00%%", "¤#,##0.00", "##0.##E0", "0.0'"]
ENCODINGS = [b"UTF-8", b"ISO-8859-1", b"UTF-16", b"klingon", b"Shift_JIS", b"", b"us-ascii"]

#: CI counts: the whole file runs in about 25 s on one core
CI_CASES = 45


@st.composite
def sentences(draw: st.DrawFn) -> list[list[tuple[bytes, bytes, int, bytes]]]:
    """A few sentences of (FORM, TAG, HEAD, DEPREL) tokens with valid HEADs."""
    result = []
    for _ in range(draw(st.integers(1, 4))):
        size = draw(st.integers(1, 7))
        result.append([(draw(st.sampled_from(FORMS)), draw(st.sampled_from(TAGS)),
                        draw(st.integers(0, size)), draw(st.sampled_from(LABELS)))
                       for _ in range(size)])
    return result


@st.composite
def parsed_of(draw: st.DrawFn, gold: list[list[tuple[bytes, bytes, int, bytes]]]
              ) -> list[list[tuple[bytes, bytes, int, bytes]]]:
    """The gold sentences with some HEADs and DEPRELs changed (the same words)."""
    return [[(form, tag, draw(st.integers(0, len(sentence))) if draw(st.booleans()) else head,
              draw(st.sampled_from(LABELS)) if draw(st.booleans()) else label)
             for form, tag, head, label in sentence] for sentence in gold]


def conll(data: list[list[tuple[bytes, bytes, int, bytes]]], crlf: bool = False,
          comments: bool = False) -> bytes:
    """CoNLL-X text of ``data``.

    >>> conll([[(b"a", b"N", 0, b"root")]])
    b'1\\ta\\t_\\tN\\tN\\t_\\t0\\troot\\t_\\t_\\n\\n'
    """
    end = b"\r\n" if crlf else b"\n"
    lines = []
    for sentence in data:
        if comments:
            lines.append(b"# sent_id = x")
        lines += [b"\t".join([b"%d" % i, form, b"_", tag, tag, b"_", b"%d" % head, label, b"_",
                              b"_"]) for i, (form, tag, head, label) in enumerate(sentence, 1)]
        lines.append(b"")
    return end.join(lines) + end


def malttab(data: list[list[tuple[bytes, bytes, int, bytes]]]) -> bytes:
    """MaltTab text of ``data``.

    >>> malttab([[(b"a", b"N", 0, b"root")]])
    b'a\\tN\\t0\\troot\\n\\n'
    """
    return b"".join(b"".join(b"\t".join([form, tag, b"%d" % head, label]) + b"\n"
                             for form, tag, head, label in sentence) + b"\n"
                    for sentence in data)


def xml_attribute(value: bytes) -> bytes:
    """``value`` escaped for a double-quoted XML attribute."""
    return value.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b'"', b"&quot;")


def maltxml(data: list[list[tuple[bytes, bytes, int, bytes]]], encoding: bytes = b"UTF-8"
            ) -> bytes:
    """A MaltXML document of ``data``, its declaration naming ``encoding``."""
    declaration = b'<?xml version="1.0" encoding="%s"?>\n' % encoding if encoding else b""
    body = b"".join(
        b'<sentence id="%d">\n' % n + b"".join(
            b'  <word id="%d" form="%s" postag="%s" head="%d" deprel="%s"/>\n'
            % (i, xml_attribute(form), xml_attribute(tag), head, xml_attribute(label))
            for i, (form, tag, head, label) in enumerate(sentence, 1)) + b"</sentence>\n"
        for n, sentence in enumerate(data, 1))
    return declaration + b"<treebank><body>\n" + body + b"</body></treebank>\n"


_FIELD_EDITS = st.lists(st.tuples(st.integers(0, 1 << 16), st.integers(0, 11),
                                  st.sampled_from(NUMBERS + NASTY + FORMS)), max_size=3)


def edit_fields(data: bytes, edits: list[tuple[int, int, bytes]], separator: bytes = b"\t"
                ) -> bytes:
    """Structured mutations of a tab-separated file: field ``k`` of a chosen line replaced
    (a field past the last one is added; an empty value removes the field).

    >>> edit_fields(b"1\\ta\\t0\\n\\n", [(0, 2, b"99"), (0, 4, b"x")])
    b'1\\ta\\t99\\tx\\n\\n'
    """
    lines = data.split(b"\n")
    for line_at, field, value in edits:
        filled = [i for i, line in enumerate(lines) if line.strip()]
        if not filled:
            break
        index = filled[line_at % len(filled)]
        fields = lines[index].split(separator)
        if field < len(fields):
            fields[field:field + 1] = [value] if value else []
        else:
            fields.append(value)
        lines[index] = separator.join(fields)
    return b"\n".join(lines)


_XML_EDITS = st.lists(st.tuples(st.sampled_from(["id", "head", "form", "postag", "deprel"]),
                                st.integers(0, 1 << 16),
                                st.sampled_from(NUMBERS + NASTY + FORMS)), max_size=3)


def edit_xml(data: bytes, edits: list[tuple[str, int, bytes]]) -> bytes:
    """Structured mutations of a MaltXML document: an attribute of a chosen word replaced
    by raw bytes (unescaped: they may break the XML), or dropped when empty.

    >>> edit_xml(b'<word id="1" head="0"/>', [("head", 0, b"7")])
    b'<word id="1" head="7"/>'
    """
    for name, at, value in edits:
        key = b' %s="' % name.encode()
        places = []
        start = data.find(key)
        while start >= 0:
            places.append(start)
            start = data.find(key, start + 1)
        if not places:
            continue
        start = places[at % len(places)]
        end = data.find(b'"', start + len(key))
        if end < 0:
            continue
        replaced = key + value + b'"' if value else b""
        data = data[:start] + replaced + data[end + 1:]
    return data


@st.composite
def dependency_pair(draw: st.DrawFn) -> tuple[str, dict[str, bytes]]:
    """A gold and a parsed file in one format, valid or mutated: (extension, files)."""
    gold = draw(sentences())
    parsed = draw(parsed_of(gold))
    kind = draw(st.sampled_from(["conll", "tab", "xml"]))
    if kind == "conll":
        crlf, comments = draw(st.booleans()), draw(st.booleans())
        texts = [conll(gold, crlf, comments), conll(parsed, crlf, comments)]
    elif kind == "tab":
        texts = [malttab(gold), malttab(parsed)]
    else:
        encoding = draw(st.sampled_from(ENCODINGS))
        texts = [maltxml(gold, encoding), maltxml(parsed, encoding)]
    mutate = draw(st.integers(0, 3))
    if mutate:
        which = mutate % 2
        if kind == "xml":
            texts[which] = edit_xml(texts[which], draw(_XML_EDITS))
        else:
            texts[which] = edit_fields(texts[which], draw(_FIELD_EDITS))
        texts[which] = draw(mutated(st.just(texts[which])))
    return kind, {f"gold.{kind}": texts[0], f"parsed.{kind}": texts[1]}


@st.composite
def evaluation_file(draw: st.DrawFn) -> bytes:
    """A MaltEval evaluation file with random parameters and formatting arguments, often
    mutated."""
    parts = []
    for name, values in (("Metric", METRICS), ("GroupBy", GROUPBYS)):
        if draw(st.integers(0, 4)):
            chosen = draw(st.lists(st.sampled_from(values), min_size=1, max_size=2))
            values_text = "".join(f"<value>{value}</value>" for value in chosen)
            parts.append(f'<parameter name="{name}">{values_text}</parameter>')
    for name, values in (("MinSentenceLength", ["0", "2", "x"]),
                         ("ExcludeDeprels", ["punct", "", "punct|dep"]),
                         ("ExcludeUnicodePunc", ["0", "1", "7"])):
        if draw(st.integers(0, 3)) == 0:
            parts.append(f'<parameter name="{name}"><value>{draw(st.sampled_from(values))}</value></parameter>')
    for name, values in (("pattern", PATTERNS), ("details", ["0", "1", "2"]),
                         ("stat", ["0", "1", "bootstrap", "x"]), ("header-info", ["0", "1"])):
        if draw(st.integers(0, 2)) == 0:
            value = draw(st.one_of(st.sampled_from(values), st.text(max_size=8)))
            spelt = xml_attribute(value.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")
            parts.append(f'<formatting argument="{name}" format="{spelt}"/>')
    encoding = draw(st.sampled_from(ENCODINGS[:1] + ENCODINGS))
    text = (b'<?xml version="1.0" encoding="%s"?>\n' % encoding if encoding else b"") + \
        ("<evaluation>\n" + "\n".join(parts) + "\n</evaluation>\n").encode("utf-8", "replace")
    return draw(mutated(st.just(text))) if draw(st.integers(0, 3)) == 0 else text


@given(case=dependency_pair(), report=st.sampled_from(REPORTS))
@fuzz_settings(CI_CASES)
def test_dependency_files(case: tuple[str, dict[str, bytes]], report: list[str]) -> None:
    kind, files = case
    check_run(["dep", f"gold.{kind}", f"parsed.{kind}", *report], files)


@given(case=dependency_pair(), evaluation=evaluation_file())
@fuzz_settings(CI_CASES)
def test_evaluation_files(case: tuple[str, dict[str, bytes]], evaluation: bytes) -> None:
    kind, files = case
    check_run(["dep", "-e", "eval.xml", "-g", f"gold.{kind}", "-s", f"parsed.{kind}"],
              {**files, "eval.xml": evaluation})


@given(case=dependency_pair(), metric=st.sampled_from(METRICS),
       groupby=st.one_of(st.sampled_from(GROUPBYS), st.text(max_size=10)),
       pattern=st.one_of(st.sampled_from(PATTERNS), st.text(max_size=10)))
@fuzz_settings(CI_CASES)
def test_options(case: tuple[str, dict[str, bytes]], metric: str, groupby: str,
                 pattern: str) -> None:
    kind, files = case
    check_run(["dep", "-g", f"gold.{kind}", "-s", f"parsed.{kind}", "--Metric", metric,
               "--GroupBy", groupby, "--pattern", pattern], files, usage_ok=True)


@given(case=dependency_pair(),
       tags=mutated(st.lists(st.sampled_from(TAGS + LABELS), max_size=8).map(
           lambda tags: b"".join(tag + b"\n" for tag in tags))),
       which=st.sampled_from(["--postag", "--deprel"]))
@fuzz_settings(CI_CASES)
def test_tag_files(case: tuple[str, dict[str, bytes]], tags: bytes, which: str) -> None:
    kind, files = case
    check_run(["dep", f"gold.{kind}", f"parsed.{kind}", which, "tags.txt"],
              {**files, "tags.txt": tags})


def test_a_sentence_of_100000_words_is_scored_in_under_5_seconds() -> None:
    """CPU seconds (the machine may be shared), in each reader and report."""
    words = 100_000
    gold = [[(b"w", b"NN", (i + 1) % (words + 1), b"dep") for i in range(words)]]
    files = {"gold.conll": conll(gold), "parsed.conll": conll(gold), "gold.tab": malttab(gold),
             "gold.xml": maltxml(gold)}
    for args in (["gold.conll", "parsed.conll"], ["gold.conll", "parsed.conll", "--report",
                                                  "evalpl"],
                 ["gold.tab", "gold.tab", "--json"], ["gold.xml", "gold.xml"]):
        started = time.process_time()
        check_run(["dep", *args], files)
        assert time.process_time() - started < 5, args
