"""Bad input to ``treeeval dep`` (issue 13): every crash found fixed at its cause, every
rejection located (``treeeval: error: FILE:LINE[:COL]: what``, exit status 1; a value on the
command line stays a usage error, exit status 2), partial results said on stderr."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval

from treeeval.dep.decimal_format import parse_pattern
from treeeval.dep.evalpl.errors import describe
from treeeval.dep.evalpl.scoring import perl_difference, perl_subscript, read_evalpl

GOLD = "1\tRain\t_\tN\tN\t_\t2\tsbj\t_\t_\n2\tfell\t_\tV\tV\t_\t0\troot\t_\t_\n\n"
TWO = GOLD + "1\tIt\t_\tP\tP\t_\t0\troot\t_\t_\n\n"


def dep(tmp_path: Path, files: dict[str, str | bytes], *args: str) -> Run:
    """Write ``files`` into ``tmp_path`` and run ``treeeval dep ARGS`` there."""
    for name, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (tmp_path / name).write_bytes(data)
    return run_treeeval(["dep", *args], tmp_path)


def error_line(run: Run) -> str:
    """The first line of stderr."""
    return run.stderr.decode("utf-8").splitlines()[0]


def with_head(head: str, line: int = 0) -> str:
    """GOLD with token ``line``'s HEAD replaced."""
    rows = GOLD.split("\n")
    fields = rows[line].split("\t")
    fields[6] = head
    rows[line] = "\t".join(fields)
    return "\n".join(rows)


# 1. a HEAD of 20 digits: eval.pl reads it as Perl does; MaltEval rejects it (located)

@pytest.mark.parametrize("report", [[], ["--json"], ["--report", "evalpl"],
                                    ["--report", "eval07"]])
def test_a_head_of_20_digits_never_crashes(tmp_path: Path, report: list[str]) -> None:
    ran = dep(tmp_path, {"g.conll": GOLD, "p.conll": with_head("99999999999999999999")},
              "g.conll", "p.conll", *report)
    if report[:1] == ["--report"]:  # eval.pl: "head 1e+20 words after the correct head"
        assert ran.status == 0, ran.stderr
        assert b"1. head 1e+20 words after the correct head" in ran.stdout
        assert b"Labeled   attachment score: 1 / 2 * 100 = 50.00 %" in ran.stdout
    else:  # MaltEval: Head value ... not valid
        assert ran.status == 1
        assert error_line(ran).startswith("treeeval: error: p.conll:1:16: HEAD must be")


def test_perl_arithmetic_of_huge_heads() -> None:
    assert perl_difference("99999999999999999999", "2") == "1e+20"
    assert perl_difference("2", "18446744073709551615") == "-1.84467440737096e+19"
    assert perl_difference("1", "9223372036854775809") == "-9223372036854775808"
    assert perl_difference("18446744073709551616", "18446744073709551615") == "0"
    assert perl_subscript(2 ** 64 - 1) == -1 and perl_subscript(10 ** 30) == -1
    assert describe("-1e+20", "ab", "-").startswith("head 1e+20 words before the correct")


def test_a_head_of_2_to_the_64_adds_to_the_last_frame() -> None:
    # Perl's $frames[18446744073709551615] is $frames[-1]: the frame of the last node; a
    # HEAD past the sentence (3) extends the array, so that -1 is then that new element
    system = with_head("18446744073709551615") + "1\tIt\t_\tP\tP\t_\t3\troot\t_\t_\n" \
        "2\tis\t_\tP\tP\t_\t18446744073709551615\tx\t_\t_\n\n"
    gold = GOLD + "1\tIt\t_\tP\tP\t_\t0\troot\t_\t_\n2\tis\t_\tP\tP\t_\t1\tx\t_\t_\n\n"
    corpus = read_evalpl(io.StringIO(gold), io.StringIO(system))
    scoring = corpus.scored(False)
    assert corpus.frame_nodes(scoring, "system").tolist() == [2, 0, -1, -1]
    assert corpus.frame_nodes(scoring, "gold").tolist() == [2, 0, 0, 1]


@pytest.mark.parametrize("head, why", [("18446744073709551610", "before the start"),
                                       ("9223372036854775807", "Out of memory")])
def test_a_head_eval_pl_dies_on_is_located(tmp_path: Path, head: str, why: str) -> None:
    ran = dep(tmp_path, {"g.conll": GOLD, "p.conll": with_head(head)},
              "g.conll", "p.conll", "--report", "evalpl")
    assert ran.status == 1 and ran.stdout == b""
    assert error_line(ran).startswith(f"treeeval: error: p.conll:1: HEAD {head} is the Perl")
    assert why in error_line(ran)


# 2. an XML declaration naming an unknown encoding

XML = ('<?xml version="1.0" encoding="klingon"?>\n<treebank><sentence id="1">'
       '<word id="1" form="a" postag="N" head="0" deprel="root"/></sentence></treebank>\n')


def test_an_unknown_encoding_in_maltxml(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"g.xml": XML}, "g.xml", "g.xml")
    assert ran.status == 1
    assert error_line(ran) == ("treeeval: error: g.xml:1:21: cannot read the declared encoding: "
                               "unknown encoding: klingon (expat reads UTF-8, UTF-16 and "
                               "single-byte encodings)")


@pytest.mark.parametrize("encoding, what", [("klingon", "unknown encoding: klingon"),
                                            ("Shift_JIS", "multi-byte encodings")])
def test_an_unknown_encoding_in_an_evaluation_file(tmp_path: Path, encoding: str,
                                                   what: str) -> None:
    evaluation = f'<?xml version="1.0" encoding="{encoding}"?>\n<evaluation/>\n'
    ran = dep(tmp_path, {"e.xml": evaluation, "g.conll": GOLD}, "-e", "e.xml", "-g",
              "g.conll", "-s", "g.conll")
    assert ran.status == 1
    assert error_line(ran).startswith(f"treeeval: error: e.xml:1:21: cannot read the declared "
                                      f"encoding: {what}")


# 3. --pattern: Java's DecimalFormat

def test_a_pattern_of_30_decimals_is_java_s(tmp_path: Path) -> None:
    # '1' is no pattern character: the suffix of a 29-decimal pattern, as in MaltEval
    ran = dep(tmp_path, {"g.conll": GOLD}, "g.conll", "g.conll", "--pattern",
              "0.000000000000000000000000000001")
    assert ran.status == 0, ran.stderr
    assert b"\n1.000000000000000000000000000001   Row mean\n" in ran.stdout


@pytest.mark.parametrize("pattern, value, text", [
    ("0.000000000000000000000000000000", 1 / 3, "0.333333333333333300000000000000"),
    ("0.00%", 0.12345, "12.35%"), ("#,##0.0", 12345.67, "12,345.7"), ("0.0E0", 1 / 3, "3.3E-1"),
    ("##0.##E0", 0.0123, "12.3E-3"), ("'x'0.0;(0.0)", -0.25, "(0.2)"),
    ("", 1 / 3, ".3333333333333333"),
    ("abc", 1 / 3, "abc0"), ("0.00\u2030", 1 / 3, "333.33\u2030"), ("\u00a40.00", 0.5, "$0.50"),
    ("0.0x0", 0.25, "0.25x")])
def test_decimal_format(pattern: str, value: float, text: str) -> None:
    assert parse_pattern(pattern).format(value) == text


@pytest.mark.parametrize("pattern, message", [
    ("0.0.0", "Multiple decimal separators"), ("0.00%%", "Too many percent/per mille"),
    (";0.0", "Unquoted special character ';'"), ("0.0'", "Malformed pattern"),
    ("#0.#0", "Unexpected '0'"), ("0.0E", "Malformed exponential")])
def test_a_pattern_java_refuses(tmp_path: Path, pattern: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_pattern(pattern)
    ran = dep(tmp_path, {"g.conll": GOLD}, "g.conll", "g.conll", "--pattern", pattern)
    assert ran.status == 2 and message in error_line(ran)


# 4. values from an evaluation file: FILE:LINE:COL and exit status 1

@pytest.mark.parametrize("body, where, message", [
    ('<parameter name="Metric"><value>XAS</value></parameter>', "2:26",
     "unknown or unsupported Metric 'XAS'"),
    ('<formatting argument="pattern" format="0.0.0"/>', "2:1",
     "formatting argument pattern '0.0.0': Multiple decimal separators"),
    ('<formatting argument="details" format="7"/>', "2:1",
     "formatting argument details needs 0 or 1, got '7'"),
    ('<parameter name="MaxSentenceLength"><value>1</value><value>x</value></parameter>',
     "2:53", "parameter MaxSentenceLength needs a whole number, got 'x'"),
    ('<parameter name="Metric"><value>LAS</value></parameter><parameter name="GroupBy">'
     '<value>Deprel</value><value format="bogus">Postag</value></parameter>', "2:103",
     "'bogus' is not an attribute of GroupBy Postag"),
    ('<parameter name="Metric"><value>LAS</value></parameter><parameter name="GroupBy">'
     '<value>Cpostag@x</value></parameter>', "2:82", "GroupBy value 'Cpostag@x', column 9"),
    ('<parameter name="Metric"><value>LAS</value></parameter><parameter name="GroupBy">'
     '<value>Foo</value></parameter>', "2:82", "unknown GroupBy 'Foo'"),
])
def test_values_from_an_evaluation_file_are_located(tmp_path: Path, body: str, where: str,
                                                    message: str) -> None:
    ran = dep(tmp_path, {"e.xml": f"<evaluation>\n{body}\n</evaluation>\n", "g.conll": GOLD},
              "-e", "e.xml", "-g", "g.conll", "-s", "g.conll")
    assert ran.status == 1
    assert error_line(ran).startswith(f"treeeval: error: e.xml:{where}: {message}")


def test_the_same_value_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"g.conll": GOLD}, "g.conll", "g.conll", "--Metric", "XAS")
    assert ran.status == 2
    assert error_line(ran).startswith("treeeval: error: unknown or unsupported Metric 'XAS'")


def test_a_flag_overrides_the_file_and_takes_the_blame(tmp_path: Path) -> None:
    evaluation = '<evaluation>\n<parameter name="Metric"><value>LAS</value></parameter>\n' \
                 '</evaluation>\n'
    ran = dep(tmp_path, {"e.xml": evaluation, "g.conll": GOLD}, "-e", "e.xml", "-g",
              "g.conll", "-s", "g.conll", "--Metric", "XAS")
    assert ran.status == 2


def test_an_evaluation_file_without_metric(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"e.xml": "<evaluation>\n</evaluation>\n", "g.conll": GOLD},
              "-e", "e.xml", "-g", "g.conll", "-s", "g.conll")
    assert ran.status == 1
    assert error_line(ran).startswith("treeeval: error: e.xml:1:1: the evaluation file sets no "
                                      "Metric")


# 5. a decode error at its line; a different number of sentences at the parsed file's end

@pytest.mark.parametrize("name, text", [
    ("p.conll", TWO.replace("\tIt\t", "\tI\udcfft\t")),
    ("p.tab", "Rain\tN\t2\tsbj\nfell\tV\t0\troot\n\nI\udcfft\tP\t0\troot\n\n")])
def test_a_decode_error_at_its_line_and_column(tmp_path: Path, name: str, text: str) -> None:
    data = text.encode("utf-8", "surrogateescape")
    ran = dep(tmp_path, {"g.conll": TWO, name: data}, "g.conll", name)
    assert ran.status == 1
    column = 4 if name.endswith("conll") else 2
    assert error_line(ran) == f"treeeval: error: {name}:4:{column}: byte 0xff is not valid utf-8"


def test_a_decode_error_in_eval_pl_input(tmp_path: Path) -> None:
    data = TWO.replace("\tIt\t", "\tI\udcfft\t").encode("utf-8", "surrogateescape")
    ran = dep(tmp_path, {"g.conll": TWO, "p.conll": data}, "g.conll", "p.conll", "--report",
              "evalpl")
    assert error_line(ran) == "treeeval: error: p.conll:4:4: byte 0xff is not valid utf-8"


@pytest.mark.parametrize("name, text", [("p.conll", GOLD),
                                        ("p.tab", "Rain\tN\t2\tsbj\nfell\tV\t0\troot\n\n")])
def test_fewer_sentences_are_located_at_the_end(tmp_path: Path, name: str, text: str) -> None:
    ran = dep(tmp_path, {"g.conll": TWO, name: text}, "g.conll", name)
    assert ran.status == 1 and ran.stdout == b""
    assert error_line(ran).startswith(f"treeeval: error: {name}:4: the data file '{name}' and "
                                      "treebank 'g.conll' do not contain the same text; "
                                      "different number of sentences (2 in the treebank, 1 here)")


# 6. --postag / --deprel files

def test_a_tag_file_with_a_bad_byte(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"g.conll": GOLD, "tags": b"N\nV\xff\n"}, "g.conll", "g.conll",
              "--postag", "tags")
    assert error_line(ran) == "treeeval: error: tags:2:2: byte 0xff is not valid utf-8"


@pytest.mark.parametrize("flag, kind", [("--postag", "POSTAG"), ("--deprel", "DEPREL")])
def test_an_empty_tag_file(tmp_path: Path, flag: str, kind: str) -> None:
    ran = dep(tmp_path, {"g.conll": GOLD, "tags": "\n"}, "g.conll", "g.conll", flag, "tags")
    assert ran.status == 1
    assert error_line(ran) == (f"treeeval: error: tags:1: holds no tag, so no {kind} is valid "
                               "(one tag a line)")


# 7. loud partial results

@pytest.mark.parametrize("report", [[], ["--json"]])
def test_empty_files_are_said(tmp_path: Path, report: list[str]) -> None:
    quiet = dep(tmp_path, {"g.conll": "", "p.conll": "\n\n"}, "g.conll", "p.conll", *report)
    assert quiet.status == 0
    assert quiet.stderr.decode() == ("treeeval: warning: g.conll: holds no sentence: nothing was "
                                     "scored\ntreeeval: warning: p.conll: holds no sentence: "
                                     "nothing was scored\n")
    if report:  # no token: the scores are null (valid JSON), not NaN
        assert b"NaN" not in quiet.stdout and b'"score": null' in quiet.stdout
    strict = run_treeeval(["dep", "g.conll", "p.conll", *report, "--strict"], tmp_path)
    assert strict.status == 1 and strict.stdout == quiet.stdout
    assert error_line(strict).endswith("holds no sentence: nothing was scored (--strict)")


def test_empty_files_under_eval_pl(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"g.conll": "", "p.conll": ""}, "g.conll", "p.conll", "--report",
              "evalpl")
    assert error_line(ran) == ("treeeval: error: g.conll:1: no scoring tokens (eval.pl would "
                               "divide by zero)")


def test_a_head_underscore_is_refused_as_maltevals_abort(tmp_path: Path) -> None:
    # MaltEval: "Head error at line 1, word Rain. Head value _ not valid" (an abort)
    ran = dep(tmp_path, {"g.conll": GOLD, "p.conll": with_head("_")}, "g.conll", "p.conll")
    assert ran.status == 1 and ran.stdout == b""
    assert error_line(ran) == ("treeeval: error: p.conll:1:16: HEAD must be a token ID from 0 "
                               "to 2, found '_'")
