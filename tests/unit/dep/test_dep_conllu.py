"""``treeeval dep`` reads CoNLL-U as CoNLL-U (issue 25): comment lines are skipped, multiword
tokens and empty nodes are left out, DEPS and MISC are not PHEAD and PDEPREL, and a CoNLL-U
file scores exactly as the same words written as CoNLL-X (PHEAD and PDEPREL ``_``), which is
what MaltEval scores (it cannot read CoNLL-U itself).  A malformed CoNLL-U line is a located
error; eval.pl's report refuses the lines eval.pl cannot read."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from cli_runner import Run, run_treeeval

from treeeval.dep.reading import load_treebank, read_treebank, read_treebank_exact
from treeeval.model.vocabulary import STRING_FIELDS

#: a gold CoNLL-U file: comments, a multiword token, an empty node, DEPS and MISC filled
GOLD = """\
# newdoc id = t
# sent_id = 1
# text = It's raining.
1-2\tIt's\t_\t_\t_\t_\t_\t_\t_\t_
1\tIt\tit\tPRON\tPRP\tCase=Nom\t3\tnsubj\t3:nsubj\t_
2\t's\tbe\tAUX\tVBZ\t_\t3\taux\t3:aux\t_
3\training\train\tVERB\tVBG\t_\t0\troot\t0:root\tSpaceAfter=No
3.1\tit\tit\tPRON\tPRP\t_\t_\t_\t3:nsubj\t_
4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t3:punct\t_

# sent_id = 2
# text = Dogs bark
1\tDogs\tdog\tNOUN\tNNS\tNumber=Plur\t2\tnsubj\t2:nsubj|2:nsubj:xsubj\t_
2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t0:root\tSpaceAfter=No

"""
#: a parser's output of the same words: "It" attached to "'s", "." labelled dep
SYSTEM = (GOLD.replace("1\tIt\tit\tPRON\tPRP\tCase=Nom\t3\tnsubj", "1\tIt\tit\tPRON\tPRP\tCase=Nom\t2\tnsubj")
          .replace("3\tpunct\t3:punct", "3\tdep\t3:dep"))


def as_conllx(conllu: str) -> str:
    """The words of a CoNLL-U text written as CoNLL-X: the whole-number lines, PHEAD and
    PDEPREL ``_``, one blank line after each sentence."""
    sentences, words = [], []
    for line in conllu.splitlines():
        fields = line.split("\t")
        if not line:
            if words:
                sentences.append("".join(words) + "\n")
            words = []
        elif fields[0].isdigit():
            words.append("\t".join(fields[:8] + ["_", "_"]) + "\n")
    return "".join(sentences)


def dep(folder: Path, files: dict[str, str | bytes], *args: str) -> Run:
    for name, content in files.items():
        (folder / name).write_bytes(content.encode("utf-8") if isinstance(content, str)
                                    else content)
    return run_treeeval(["dep", *args], folder)


def error_line(run: Run) -> str:
    assert run.status == 1 and run.stdout == b"", run.stdout
    return run.stderr.decode("utf-8").splitlines()[0]


@pytest.mark.parametrize("flags", [
    [], ["--Metric", "LAS;UAS;LA", "--GroupBy", "Token;Deprel:all;Sentence:all"],
    ["--GroupBy", "Lemma;Feats;Postag;Cpostag", "--details", "1"],
    # MISC is not PDEPREL: nothing is left out; DEPS is not PHEAD
    ["--ExcludePdeprels", "SpaceAfter=No", "--GroupBy", "Frame"],
    ["--Metric", "LAS;UAS", "--stat", "1"],
])
def test_a_conllu_file_scores_as_its_words_written_as_conllx(tmp_path: Path,
                                                              flags: list[str]) -> None:
    # names of one length, so that the tables are as wide
    files = {"gold.conllu": GOLD, "sys.conllu": SYSTEM, "goldx.conll": as_conllx(GOLD),
             "sysx.conll": as_conllx(SYSTEM)}
    conllu = dep(tmp_path, files, "-g", "gold.conllu", "-s", "sys.conllu", "gold.conllu",
                 *flags)
    conllx = dep(tmp_path, {}, "-g", "goldx.conll", "-s", "sysx.conll", "goldx.conll", *flags)
    assert conllu.status == conllx.status == 0, conllu.stderr
    assert conllu.stdout.replace(b"gold.conllu", b"goldx.conll").replace(
        b"sys.conllu", b"sysx.conll") == conllx.stdout


def test_the_words_and_columns_of_a_conllu_file(tmp_path: Path) -> None:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    path = str(tmp_path / "gold.conllu")
    fast, exact = read_treebank(path, conllu=True), read_treebank_exact(path, conllu=True)
    for bank in (fast, exact):
        assert bank.forms.tolist() == ["It", "'s", "raining", ".", "Dogs", "bark"]
        assert bank.heads.tolist() == [3, 3, 0, 3, 2, 0] and bank.sizes.tolist() == [4, 2]
        assert bank.sentence_line.tolist() == [5, 13]
        assert set(bank.pheads.tolist()) == set(bank.plabels.tolist()) == {"_"}
    for column in STRING_FIELDS:
        assert np.array_equal(fast.strings(column), exact.strings(column)), column
    assert load_treebank(path).pheads.tolist() == ["_"] * 6  # known by its name


def test_a_conllu_file_is_known_by_its_name_or_its_first_lines(tmp_path: Path) -> None:
    # a .conll file whose first word line follows a comment is CoNLL-U too
    ran = dep(tmp_path, {"gold.conll": GOLD, "sys.conll": SYSTEM}, "gold.conll", "sys.conll")
    assert ran.status == 0 and b"0.667         Row mean" in ran.stdout, ran.stderr
    # without one it is CoNLL-X, whose column 9 is PHEAD: MaltEval's check holds
    bare = "".join(line + "\n" for line in GOLD.splitlines() if not line.startswith("#"))
    bare = bare[bare.index("\n") + 1:]  # from the word after the multiword token
    ran = dep(tmp_path, {"bare.conll": bare}, "bare.conll", "bare.conll")
    assert error_line(ran) == ("treeeval: error: bare.conll:1: PHEAD must be _ or a whole "
                               "number, found '3:nsubj'")


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    ran = dep(tmp_path, {"g.conllu": b"\xef\xbb\xbf" + GOLD.encode()}, "g.conllu", "g.conllu")
    assert ran.status == 0 and b"1             Row mean\n6 " in ran.stdout, ran.stderr


@pytest.mark.parametrize("old, new, where, message", [
    ("1-2\tIt's", "1-x\tIt's", "4:1", "a CoNLL-U ID is a word's number, a multiword range N-M: "
                                      "found '1-x'"),
    ("3.1\tit", "3.\tit", "8:1", "a CoNLL-U ID is a word's number, an empty node N.M: "
                                 "found '3.'"),
    ("VBG\t_\t0\troot", "VBG\t_\t_\troot", "7:27", "HEAD must be a token ID from 0 to 4, "
                                                   "found '_'"),
    ("VBG\t_\t0\troot", "VBG\t_\t5\troot", "7:27", "HEAD must be a token ID from 0 to 4, "
                                                   "found '5'"),
    ("4\t.\t.", "5\t.\t.", "9:1", "expected token ID 4, found '5'"),
    ("\t0:root\tSpaceAfter=No\n3.1", "\t0:root\n3.1", "7:40",
     "expected 10 tab-separated columns, found 9"),
    # UDPipe 2's CoNLL 2018 runs leave FEATS empty; MaltEval, given the line, aborts
    ("VBG\t_\t0\troot", "VBG\t\t0\troot", "7:25", "an empty FEATS field (CoNLL-U writes _ "
                                                  "for no value)"),
])
def test_a_malformed_conllu_line_is_a_located_error(tmp_path: Path, old: str, new: str,
                                                     where: str, message: str) -> None:
    assert GOLD.count(old) == 1
    ran = dep(tmp_path, {"g.conllu": GOLD, "s.conllu": GOLD.replace(old, new)},
              "g.conllu", "s.conllu")
    assert error_line(ran) == f"treeeval: error: s.conllu:{where}: {message}"


def test_another_tokenisation_points_to_treeeval_ud(tmp_path: Path) -> None:
    split = GOLD.replace("3\training\train\tVERB\tVBG\t_\t0\troot\t0:root\tSpaceAfter=No\n", "")
    split = split.replace("4\t.\t.\tPUNCT\t.\t_\t3", "3\t.\t.\tPUNCT\t.\t_\t0")
    ran = dep(tmp_path, {"g.conllu": GOLD, "s.conllu": split}, "g.conllu", "s.conllu")
    assert error_line(ran) == (
        "treeeval: error: s.conllu:5:3: the data file 's.conllu' and treebank 'g.conllu' do "
        "not contain the same text; different sentence lengths (sentence 1: 4 words in the "
        "treebank, 3 here); treeeval ud aligns the words of different tokenisations")


@pytest.mark.parametrize("report, scored", [("evalpl", 5), ("eval07:q", 6)])
def test_eval_pl_s_report_refuses_what_eval_pl_cannot_read(tmp_path: Path, report: str,
                                                           scored: int) -> None:
    ran = dep(tmp_path, {"g.conllu": GOLD}, "g.conllu", "g.conllu", "--report", report)
    assert error_line(ran) == ("treeeval: error: g.conllu:1: a CoNLL-U comment line: eval.pl "
                               "reads CoNLL-X (treeeval dep without --report reads CoNLL-U)")
    words = "".join(line + "\n" for line in GOLD.splitlines() if not line.startswith("#"))
    ran = dep(tmp_path, {"w.conllu": words}, "w.conllu", "w.conllu", "--report", report)
    assert error_line(ran).startswith("treeeval: error: w.conllu:1: a CoNLL-U multiword token")
    # the words alone, DEPS filled: eval.pl's report, as of the same words as CoNLL-X (eval.pl
    # leaves the punctuation out by default, eval07.pl scores it)
    plain = dep(tmp_path, {"x.conllu": as_conllx(SYSTEM).replace("\t_\t_\n", "\t2:x\t_\n")},
                "-g", "x.conllu", "-s", "x.conllu", "--report", report)
    assert plain.status == 0, plain.stderr
    assert f"{scored} / {scored} * 100 = 100.00 %".encode() in plain.stdout
