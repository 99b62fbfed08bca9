"""Conversion (makeDeps), label schemes, CoNLL reading and writing, and ``treeeval convert``."""

from __future__ import annotations

import io
import sys
import warnings
from pathlib import Path

import networkx as nx
import pytest
from cli_runner import Run, run_treeeval
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree
from profiles import examples

import treeeval
from treeeval.commands.convert import run_convert
from treeeval.conversion import ConversionError, ConversionWarning, Converter, convert
from treeeval.errors import InputError
from treeeval.formats.conll import ConllError, read_conll, write_conll
from treeeval.model.dependencies import DependencySentence

SENTENCE = ("( (S (NP-SBJ-1 (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board))"
            " (PP-CLR (IN as) (NP (DT a) (NN director))) (NP-TMP (-NONE- *T*-2)))) (. .)))")


def heads_of(text: str, table: str = "collins", labels: str = "none") -> DependencySentence:
    return next(Converter(table, labels).sentences([Tree.fromstring(text)]))


def test_makedeps_on_a_ptb_sentence() -> None:
    sentence = heads_of(SENTENCE)
    assert sentence.forms == ["Vinken", "will", "join", "the", "board", "as", "a", "director", "."]
    assert sentence.heads == [2, 0, 2, 5, 3, 3, 8, 6, 2]
    assert sentence.labels.count("root") == 1


def test_label_schemes() -> None:
    assert heads_of(SENTENCE, labels="category").labels[:3] == ["NP", "root", "VP"]
    assert heads_of(SENTENCE, labels="function").labels[:6] == [
        "NP-SBJ", "root", "VP", "DT", "NP", "PP-CLR"]
    assert heads_of(SENTENCE, labels="triple").labels[:3] == ["S/VP/NP", "root", "VP/MD/VP"]
    with pytest.raises(ValueError, match="unknown label scheme"):
        Converter("collins", "nope")


def test_tables_differ_on_coordination() -> None:
    text = "(NP (NP (NNS cats)) (CC and) (NP (NNS dogs)))"
    assert heads_of(text, "collins").heads == [0, 1, 1]
    assert heads_of(text, "penn2malt").heads == [3, 3, 0]


def test_wrappers_and_unary_chains() -> None:
    for wrapper in ("( (S (NP (NN it)) (VP (VBZ is))))", "(TOP (S (NP (NN it)) (VP (VBZ is))))",
                    "(ROOT (S (NP (NN it)) (VP (VBZ is))))"):
        assert heads_of(wrapper).heads == [2, 0]
    # a wrapper with two children uses the '*' rule without a warning
    converter = Converter("collins")
    list(converter.sentences([Tree.fromstring("(TOP (S (VP (VB go))) (. .))")]))
    assert converter.unknown == {}


def test_unknown_labels_are_counted_and_warned() -> None:
    trees = [Tree.fromstring("(FOO (NN a) (NN b))"), Tree.fromstring("(FOO (NN c) (NN d))")]
    with pytest.warns(ConversionWarning, match="FOO 2"):
        corpus = convert(trees)
    assert corpus.heads.tolist() == [0, 1, 0, 1]


def test_untranslatable_tree_names_its_sentence() -> None:
    trees = [Tree.fromstring("(S (NN a))"), Tree.fromstring("(S (NP (-NONE- *)))")]
    with pytest.raises(ConversionError, match="sentence 2: no words left") as caught:
        list(Converter().sentences(trees))
    assert caught.value.sentence == 2


def test_api_is_lazy_attribute(tmp_path: Path) -> None:
    path = tmp_path / "in.mrg"
    path.write_text(SENTENCE + "\n")
    corpus = treeeval.convert(str(path), heads="penn2malt")
    assert len(corpus) == 1 and len(corpus[0]) == 9


LABELS = ["S", "NP", "VP", "PP", "SBAR", "ADJP", "NP-SBJ", "FOO", "", "PRN", "UCP", "QP"]
TAGS = ["NN", "DT", "VB", "IN", "CC", ",", ".", "-LRB-", "JJ", "CD", "-NONE-", "POS"]


def trees() -> st.SearchStrategy[Tree]:
    leaf = st.builds(lambda tag, word: Tree(tag, [word]), st.sampled_from(TAGS),
                     st.sampled_from(["a", "b", "c"]))
    return st.recursive(leaf, lambda kids: st.builds(
        Tree, st.sampled_from(LABELS), st.lists(kids, min_size=1, max_size=4)), max_leaves=25)


@settings(max_examples=examples(200), deadline=None)
@given(trees(), st.sampled_from(["collins", "modcollins", "penn2malt", "magerman", "semantic",
                                  "semantic-copula"]))
def test_every_conversion_is_a_tree_with_one_root(tree: Tree, table: str) -> None:
    words = [word for word, tag in tree.pos() if tag != "-NONE-"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConversionWarning)
        if not words:
            with pytest.raises(ConversionError):
                convert([tree], heads=table)
            return
        first = convert([tree], heads=table)[0]
        assert convert([tree], heads=table)[0] == first  # deterministic
    assert first.forms == words and first.heads.count(0) == 1
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(words) + 1))
    graph.add_edges_from((head, dep) for dep, head in enumerate(first.heads, 1))
    assert nx.is_arborescence(graph)


CONLLU = """\
# text = Don't go
1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_
1\tDo\tdo\tAUX\tVBP\t_\t3\taux\t_\t_
2\tn't\tnot\tPART\tRB\t_\t3\tadvmod\t_\t_
3\tgo\tgo\tVERB\tVB\t_\t0\troot\t_\t_
3.1\tgone\t_\t_\t_\t_\t_\t_\t3:conj\t_

"""


def test_conllu_ranges_empty_nodes_and_comments_kept_aside() -> None:
    sentence, = read_conll(io.StringIO(CONLLU))
    assert sentence.forms == ["Do", "n't", "go"] and sentence.heads == [3, 3, 0]
    assert sentence.tags == ["AUX", "PART", "VERB"] and sentence.extra["postag"][0] == "VBP"
    assert sentence.extra["ranges"][0].startswith("1-2") and sentence.line == 3
    assert sentence.extra["empty_nodes"][0].startswith("3.1")
    out = io.StringIO()
    write_conll([sentence], out, format="conllu")
    assert out.getvalue().startswith("# text = Don't go\n1\tDo\tdo\tAUX\tVBP")


def test_conllx_round_trip_binary_and_unknown_head(tmp_path: Path) -> None:
    sentences = [DependencySentence(["a", "b"], ["DT", "NN"], [2, -1], ["dep", "root"]),
                 DependencySentence(["c"], ["VB"], [0], ["root"])]
    path = tmp_path / "out.conllx"
    with open(path, "wb") as stream:
        write_conll(sentences, stream)
    assert "\t_\troot\t" in path.read_text()
    assert list(read_conll(path)) == sentences
    assert list(read_conll(io.BytesIO(path.read_bytes()))) == sentences


@pytest.mark.parametrize("text, line, column, message", [
    ("1\ta\t_\tDT\n", 1, 9, "expected 10 tab-separated columns, found 4"),
    ("1\ta\t_\tDT\tDT\t_\t0\troot\t_\t_\n3\tb\t_\tNN\tNN\t_\t1\tdep\t_\t_\n", 2, 1,
     "expected token ID 2"),
    ("1\ta\t_\tDT\tDT\t_\tx\troot\t_\t_\n", 1, 15, "HEAD must be a token ID"),
    ("\n\n1\ta\t_\tDT\tDT\t_\t2\troot\t_\t_\n", 3, 15, "HEAD must be a token ID from 0 to 1"),
])
def test_malformed_conll_lines(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ConllError) as caught:
        list(read_conll(io.StringIO(text)))
    assert (caught.value.line, caught.value.column) == (line, column)
    assert message in caught.value.message


def run(*args: str, cwd: Path) -> Run:
    """``treeeval convert ARGS`` run in process in ``cwd``."""
    return run_treeeval(["convert", *args], cwd)


def test_cli_convert(tmp_path: Path) -> None:
    (tmp_path / "in.mrg").write_text(SENTENCE + "\n(S (NP (-NONE- *)) (VP (VB go)))\n")
    result = run("--labels", "category", "--format", "conllu", "in.mrg", "-o", "out", cwd=tmp_path)
    assert result.status == 0 and result.stderr == b""
    sentences = list(read_conll(tmp_path / "out"))
    assert [len(s) for s in sentences] == [9, 1] and sentences[1].heads == [0]
    assert sentences[0].labels[0] == "NP"
    result = run("--heads", "penn2malt", "in.mrg", cwd=tmp_path)
    assert result.stdout.count(b"\troot\t") == 2


def test_cli_errors(tmp_path: Path) -> None:
    (tmp_path / "in.mrg").write_text("(S (NN a))\n(S (NP (-NONE- *)))\n")
    (tmp_path / "bad.heads").write_text("S left NN\nNP\n")
    result = run("in.mrg", cwd=tmp_path)
    assert result.status == 1
    assert result.stderr == b"treeeval: error: in.mrg:2: sentence 2: no words left after " \
                            b"removing empty elements\n"
    result = run("--heads", "bad.heads", "in.mrg", cwd=tmp_path)
    assert result.status == 1 and result.stderr.startswith(b"treeeval: error: bad.heads:2:3: ")
    assert result.stderr.endswith(b"    NP\n      ^\n")
    result = run("in.mrg", "-o", "no/such/dir", cwd=tmp_path)
    assert result.status == 1 and result.stderr.startswith(b"treeeval: error: no/such/dir: ")
    for args in (["--labels", "x", "in.mrg"], ["--format", "csv", "in.mrg"], [], ["--nope"]):
        result = run(*args, cwd=tmp_path)
        assert result.status == 2 and b"Traceback" not in result.stderr
    assert run("-h", cwd=tmp_path).stdout.startswith(b"usage: treeeval convert")


def test_cli_names_the_line_of_a_multiline_tree(tmp_path: Path) -> None:
    (tmp_path / "in.mrg").write_text("( (S\n  (NP (NN a))\n  (VP (VB b))))\n\n( (S\n"
                                     "  (NP-SBJ (-NONE- *))))\n")
    result = run("in.mrg", cwd=tmp_path)
    assert result.stderr.startswith(b"treeeval: error: in.mrg:5: sentence 2: no words left")


def test_cli_reads_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    standard_input = io.TextIOWrapper(io.BytesIO((SENTENCE + "\n").encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", standard_input)
    result = run("--labels", "triple", "-", cwd=tmp_path)
    assert result.status == 0 and b"\tS/VP/NP\t" in result.stdout


def test_convert_never_writes_its_input(tmp_path: Path) -> None:
    source = tmp_path / "in.mrg"
    source.write_text("(TOP (S (NN a)))\n", encoding="utf-8")
    with pytest.raises(InputError, match="in.mrg: is an input of this run; it is never written"):
        run_convert([str(source), "-o", str(source)], io.BytesIO(), io.BytesIO())
    assert source.read_text(encoding="utf-8") == "(TOP (S (NN a)))\n"


def test_conll_head_must_be_ascii_digits() -> None:
    # "²" is a digit to str.isdigit but not a number int() reads
    with pytest.raises(ConllError, match="HEAD must be a token ID") as caught:
        list(read_conll(io.StringIO("1\tRain\t_\tNN\tNN\t_\t\u00b2\tdep\t_\t_\n\n")))
    assert caught.value.line == 1
