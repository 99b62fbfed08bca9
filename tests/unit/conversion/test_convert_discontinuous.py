"""``treeeval convert --inputfmt export|discbracket|tiger|alpino``: a German sentence with a
discontinuous VP written in export, discbracket and Tiger XML (and Alpino XML written from
the export), converted with a head-rule file in discodop's format or a ``.heads`` table;
bad input; and, where the ``discodop-eval`` oracle is installed, the converted arcs of
random trees scored as ``discodop eval --headrules`` scores them."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from disco_score_trees import discbracket, perturb, random_tree
from disco_xml import tiger_xml, write_alpino
from oracles import run_oracle

from treeeval.disco.decimals import DISCODOP_DECIMAL
from treeeval.disco.labels import cut_function
from treeeval.formats.discbracket import read_discbracket
from treeeval.formats.export import read_export

#: "Den Mann hat sie gestern gesehen ." -- the VP (Den Mann ... gesehen) has a gap
EXPORT = """\
#FORMAT 4
#BOS 17
Den\tder\tART\tAcc.Sg.Masc\tNK\t500
Mann\tMann\tNN\tAcc.Sg.Masc\tNK\t500
hat\thaben\tVAFIN\t3.Sg.Pres.Ind\tHD\t502
sie\tsie\tPPER\tNom.Sg.Fem\tSB\t502
gestern\tgestern\tADV\t--\tMO\t501
gesehen\tsehen\tVVPP\tPsp\tHD\t501
.\t--\t$.\t--\t--\t0
#500\t--\tNP\t--\tOA\t501
#501\t--\tVP\t--\tOC\t502
#502\t--\tS\t--\t--\t0
#EOS 17
"""
DISCBRACKET = ("(ROOT (S (VP-OC (NP-OA (ART-NK 0=Den) (NN-NK 1=Mann)) (ADV-MO 4=gestern) "
               "(VVPP-HD 5=gesehen)) (VAFIN-HD 2=hat) (PPER-SB 3=sie)) ($. 6=.))\n")
TIGER = """\
<?xml version="1.0" encoding="UTF-8"?>
<corpus id="test"><body>
<s id="17"><graph root="17_VROOT">
<terminals>
<t id="17_1" word="Den" lemma="der" pos="ART" morph="Acc.Sg.Masc"/>
<t id="17_2" word="Mann" lemma="Mann" pos="NN" morph="Acc.Sg.Masc"/>
<t id="17_3" word="hat" lemma="haben" pos="VAFIN" morph="3.Sg.Pres.Ind"/>
<t id="17_4" word="sie" lemma="sie" pos="PPER" morph="Nom.Sg.Fem"/>
<t id="17_5" word="gestern" lemma="gestern" pos="ADV" morph="--"/>
<t id="17_6" word="gesehen" lemma="sehen" pos="VVPP" morph="Psp"/>
<t id="17_7" word="." lemma="--" pos="$." morph="--"/>
</terminals>
<nonterminals>
<nt id="17_500" cat="NP"><edge label="NK" idref="17_1"/><edge label="NK" idref="17_2"/></nt>
<nt id="17_501" cat="VP"><edge label="OA" idref="17_500"/><edge label="MO" idref="17_5"/>
<edge label="HD" idref="17_6"/></nt>
<nt id="17_502" cat="S"><edge label="HD" idref="17_3"/><edge label="SB" idref="17_4"/>
<edge label="OC" idref="17_501"/></nt>
<nt id="17_VROOT" cat="VROOT"><edge label="--" idref="17_502"/><edge label="--" idref="17_7"/>
</nt>
</nonterminals></graph></s>
</body></corpus>
"""
#: discodop's format: the NP has no HD edge (its children are NK), so its rule decides
HEAD_RULES = """\
% German head rules for the test (discodop's format)
NP RIGHT-TO-LEFT NN NE
NP LEFT ART
VP RIGHT VVPP VVINF
S RIGHT-TO-LEFT VAFIN VVFIN
"""
#: the same heads as a treeeval table (edge labels are not read: the VP and S need rules)
HEADS_TABLE = """\
# German head table for the test
NP right NN NE
VP right VVPP VVINF
S right VAFIN VVFIN
"""
CONLLX = """\
1\tDen\t_\tART\tART\tAcc.Sg.Masc\t2\tNK\t_\t_
2\tMann\t_\tNN\tNN\tAcc.Sg.Masc\t6\tOA\t_\t_
3\that\t_\tVAFIN\tVAFIN\t3.Sg.Pres.Ind\t0\troot\t_\t_
4\tsie\t_\tPPER\tPPER\tNom.Sg.Fem\t3\tSB\t_\t_
5\tgestern\t_\tADV\tADV\t_\t6\tMO\t_\t_
6\tgesehen\t_\tVVPP\tVVPP\tPsp\t3\tOC\t_\t_
7\t.\t_\t$.\t$.\t_\t0\troot\t_\t_

"""
CONLLU = """\
# sent_id = 17
# text = Den Mann hat sie gestern gesehen .
1\tDen\t_\t_\tART\tAcc.Sg.Masc\t2\tNK\t_\t_
2\tMann\t_\t_\tNN\tAcc.Sg.Masc\t6\tOA\t_\t_
3\that\t_\t_\tVAFIN\t3.Sg.Pres.Ind\t0\troot\t_\t_
4\tsie\t_\t_\tPPER\tNom.Sg.Fem\t3\tSB\t_\t_
5\tgestern\t_\t_\tADV\t_\t6\tMO\t_\t_
6\tgesehen\t_\t_\tVVPP\tPsp\t3\tOC\t_\t_
7\t.\t_\t_\t$.\t_\t0\troot\t_\t_

"""
FILES = {"export": ("s.export", EXPORT), "discbracket": ("s.dbr", DISCBRACKET),
         "tiger": ("s.xml", TIGER)}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, text in [*FILES.values(), ("rules.txt", HEAD_RULES), ("de.heads", HEADS_TABLE)]:
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def convert(folder: Path, fmt: str, *options: str) -> str:
    ran = run_treeeval(["convert", "--inputfmt", fmt, FILES[fmt][0], *options], folder)
    assert ran.status == 0, ran.stderr.decode()
    return ran.stdout.decode()


def rows(conll: str) -> list[list[str]]:
    return [line.split("\t") for line in conll.splitlines() if line and not line.startswith("#")]


def non_projective(heads: list[int]) -> list[tuple[int, int]]:
    """The arcs (dependent, head) with a word between their ends that the head does not
    dominate."""
    def dominated(word: int, head: int) -> bool:
        while word not in (0, head):
            word = heads[word - 1]
        return word == head

    return [(dependent, head) for dependent, head in enumerate(heads, 1) if head
            and not all(dominated(word, head)
                        for word in range(min(dependent, head) + 1, max(dependent, head)))]


def test_a_discontinuous_vp_to_conllx(folder: Path) -> None:
    output = convert(folder, "export", "--headrules", "rules.txt", "--labels", "function")
    assert output == CONLLX
    heads = [int(row[6]) for row in rows(output)]
    # Mann -> gesehen passes over hat, which gesehen does not dominate
    assert non_projective(heads) == [(2, 6)]


def test_conllu_takes_the_sentence_key_as_its_id(folder: Path) -> None:
    assert convert(folder, "export", "--headrules", "rules.txt", "--labels", "function",
                   "--format", "conllu") == CONLLU


def test_each_format_gives_the_same_output(folder: Path) -> None:
    options = ("--headrules", "rules.txt", "--labels", "function")
    assert convert(folder, "tiger", *options) == CONLLX
    no_morphology = "".join(re.sub(r"^((?:[^\t]*\t){5})[^\t]*", r"\1_", line)
                            for line in CONLLX.splitlines(keepends=True))
    assert convert(folder, "discbracket", *options) == no_morphology


def test_alpino_xml_written_from_the_export_gives_the_same_output(folder: Path) -> None:
    [sentence] = read_export(folder / "s.export")
    write_alpino([sentence], folder / "alpino")
    ran = run_treeeval(["convert", "--inputfmt", "alpino", "--headrules", "rules.txt",
                        "--labels", "function", "alpino"], folder)
    assert ran.stdout.decode() == CONLLX, ran.stderr.decode()


def test_the_label_schemes(folder: Path) -> None:
    def labels(scheme: str) -> list[str]:
        return [row[7] for row in rows(convert(folder, "export", "--headrules", "rules.txt",
                                               "--labels", scheme))]

    assert labels("none") == ["dep", "dep", "root", "dep", "dep", "dep", "root"]
    assert labels("category") == ["ART", "NP", "root", "PPER", "ADV", "VP", "root"]
    assert labels("triple") == ["NP/NN/ART", "VP/VVPP/NP", "root", "S/VAFIN/PPER",
                                "VP/VVPP/ADV", "S/VAFIN/VP", "root"]


def test_a_heads_table_finds_the_same_heads(folder: Path) -> None:
    assert convert(folder, "export", "--heads", "de.heads", "--labels", "function") == CONLLX
    (folder / "np-only.heads").write_text("NP right NN\n", encoding="utf-8")
    ran = run_treeeval(["convert", "--inputfmt", "tiger", "--heads", "np-only.heads", "s.xml"],
                       folder)
    # no rule for S and VP: the leftmost child (VP over hat, Den over gestern)
    assert [int(row[6]) for row in rows(ran.stdout.decode())] == [2, 0, 2, 2, 2, 2, 0]
    assert ran.stderr.decode().splitlines() == [
        "treeeval: warning: no head rule for S (1 time); used the table's * rule",
        "treeeval: warning: no head rule for VP (1 time); used the table's * rule"]


def test_the_arcs_are_head_dependencies_own(folder: Path) -> None:
    """test_disco_head_dependencies's tree (the NP around the verb), as a discbracket line:
    the arcs that test asserts."""
    (folder / "hd.dbr").write_text("(VROOT (S (NP-SB (ART-NK 0=a) (NN-- 2=c)) (VVFIN-HD 1=b)) "
                                   "(ADV 3=d))\n", encoding="utf-8")
    (folder / "hd.txt").write_text("NP right NN NE\n", encoding="utf-8")
    ran = run_treeeval(["convert", "--inputfmt", "discbracket", "--headrules", "hd.txt",
                        "--labels", "function", "hd.dbr"], folder)
    assert [(int(row[0]), row[7], int(row[6])) for row in rows(ran.stdout.decode())] == [
        (1, "NK", 3), (2, "root", 0), (3, "SB", 2), (4, "root", 0)]


@pytest.mark.parametrize(("name", "text", "options", "message"), [
    ("bad.export", "#BOS 1\nDer ART Nom NK\n#EOS 1\n", ["--inputfmt", "export"],
     "bad.export:2: expected at least 5 columns, found 4"),
    ("bare.dbr", "(ROOT (S (NN 0=a) 1=b))\n", ["--inputfmt", "discbracket"],
     "bare.dbr:1: sentence 1: word 2 ('b') is not inside a part-of-speech tag (S has other "
     "children)"),
    ("ptb.mrg", "(S (NP (NN a)) (VP (VB b)))\n", ["--inputfmt", "export"],
     "ptb.mrg: no sentence found: is it in the export format (--inputfmt)?"),
    ("s.export", EXPORT, ["--inputfmt", "export", "--headrules", "badrules.txt"],
     "badrules.txt:2: not a head rule (LABEL DIRECTION CATEGORY...)"),
])
def test_bad_input_is_located(folder: Path, name: str, text: str, options: list[str],
                              message: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")
    (folder / "badrules.txt").write_text("NP RIGHT NN\nVP UPWARDS VVPP\n", encoding="utf-8")
    if "--headrules" not in options:
        options = [*options, "--headrules", "rules.txt"]
    ran = run_treeeval(["convert", *options, name, "-o", "out.conll"], folder)
    assert (ran.status, ran.stderr.decode()) == (1, f"treeeval: error: {message}\n")
    assert not (folder / "out.conll").exists()


@pytest.mark.parametrize(("options", "message"), [
    (["--inputfmt", "export", "s.export"], "--inputfmt export needs --headrules FILE "
     "(discodop's) or --heads NAME|FILE"),
    (["--headrules", "rules.txt", "s.dbr"], "--headrules reads discontinuous input"),
    (["--inputfmt", "export", "--heads", "de.heads", "--headrules", "rules.txt", "s.export"],
     "--heads and --headrules are two head tables: give one"),
    (["--inputfmt", "export", "--headrules", "rules.txt", "-p", "x.prm", "s.export"],
     "-p deletes from bracketed trees only"),
    (["--inputfmt", "export", "--heads", "semantic", "s.export"],
     "--heads semantic: CoreNLP's semantic head finder reads English"),
    (["--inputfmt", "negra", "s.export"], "unknown input format 'negra'"),
])
def test_usage_errors(folder: Path, options: list[str], message: str) -> None:
    ran = run_treeeval(["convert", *options], folder)
    assert ran.status == 2
    assert message in ran.stderr.decode()


#: head rules for the random trees of tests/disco_score_trees.py
RANDOM_RULES = """\
S right-to-left VVFIN VP
VP RIGHT VVPP VVFIN
NP right NN NE
NP leftdis ART
PP left-to-right APPR
CS LIKE NP
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_random_arcs_score_as_discodop_scores_them(tmp_path: Path, seed: int) -> None:
    """Random gold trees and perturbed parses, in discbracket and Tiger XML, converted by
    ``treeeval convert --labels function``: the share of words whose HEAD and DEPREL agree
    is discodop eval's ``unlabeled dependencies`` (its arcs with their edge labels)."""
    rng = random.Random(seed)
    gold, parses = [], []
    words_in_all = 0
    for _ in range(80):
        size = rng.randint(1, 12)
        words_in_all += size
        tree = random_tree(rng, size)
        words = [f"w{n}" for n in range(size)]
        gold.append(discbracket(tree, words))
        parses.append(discbracket(perturb(rng, tree), words))
    (tmp_path / "rules.txt").write_text(RANDOM_RULES, encoding="utf-8")
    for name, lines in (("gold", gold), ("parses", parses)):
        (tmp_path / f"{name}.dbr").write_text("\n".join(lines) + "\n", encoding="utf-8")
        sentences = list(read_discbracket(tmp_path / f"{name}.dbr"))
        for sentence in sentences:  # Tiger's categories carry no function
            for node in sentence.tree.subtrees():
                node.label = cut_function(node.label)
            sentence.tags = [cut_function(tag) for tag in sentence.tags]
        (tmp_path / f"{name}.xml").write_text(tiger_xml(sentences), encoding="utf-8")
    for fmt, suffix in (("discbracket", "dbr"), ("tiger", "xml")):
        ran = run_oracle("discodop-eval", [f"gold.{suffix}", f"parses.{suffix}", f"--fmt={fmt}",
                                           "--headrules=rules.txt"], cwd=tmp_path)
        expected = re.search(r"unlabeled dependencies: +(\S+)", ran.stdout.decode())
        assert expected is not None, ran.stderr.decode()
        converted = [rows(run_treeeval(["convert", "--inputfmt", fmt, "--headrules", "rules.txt",
                                        "--labels", "function", f"{name}.{suffix}"],
                                       tmp_path).stdout.decode())
                     for name in ("gold", "parses")]
        assert len(converted[0]) == len(converted[1]) == words_in_all
        same = sum(g[6:8] == p[6:8] for g, p in zip(*converted))
        share = DISCODOP_DECIMAL.divide(Decimal(same), Decimal(words_in_all))
        assert f"{float(DISCODOP_DECIMAL.multiply(Decimal(100), share)):6.2f}".strip() == \
            expected.group(1), fmt
