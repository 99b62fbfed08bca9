"""The browser reads each input file once: the scorer's bracket columns come from the run's
own scan, and every reader works on the bytes read (counted by patching ``open``)."""

from __future__ import annotations

import builtins
import io
import os
from collections import Counter
from dataclasses import fields

import pytest
from tui_fixtures import GOLD_DEPS, GOLD_TREES, SYSTEM2_DEPS, SYSTEM2_TREES, SYSTEM_DEPS, SYSTEM_TREES, write_conllu

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.run import EvalbRun
from treeeval.bracket.span_scoring import bracket_spans
from treeeval.bracket.spans import BracketColumns
from treeeval.commands.browse import parse_browse_args
from treeeval.tui.loading import load_corpus
from treeeval.tui.model import SentenceFilter


def columns_of(spans):
    """Every column of both sides, and the rows, as lists (labels spelled out)."""
    out = {"labels": spans.labels, "fallback": spans.fallback.tolist()}
    for role in ("gold", "test"):
        side = getattr(spans, role)
        for column in fields(BracketColumns):
            values = getattr(side, column.name)
            if column.name in ("label", "label_class"):
                values = [spans.labels[code] for code in values]
            out[f"{role}.{column.name}"] = list(values) if not hasattr(values, "tolist") \
                else values.tolist()
    out["rows"] = spans.counts.rows()
    return out


#: the fixtures' trees, then lines the fast path hands back to EVALB's engine: a 31-byte
#: label, an unclosed bracket (Error) and a surplus ')' (memory below EVALB's stack)
GOLD = GOLD_TREES + ["(S (NP (NN a)) (L%s (NN b) (NN c)))" % ("X" * 30),
                     "(S (A a) (B b))", "(S (A a) (B b))", "(S (C c))"]
TEST = SYSTEM_TREES + ["(S (NP (NN a) (NN b)) (NN c))", "(S (A a) (B b)",
                       "(S (A a))) (B b))", "(S (C c))"]


@pytest.mark.parametrize("max_error", [1000, 1])
@pytest.mark.parametrize("block_bytes", [1 << 20, 64])
def test_the_run_keeps_the_brackets_of_its_scan(monkeypatch, max_error, block_bytes):
    """``EvalbRun(keep_brackets=True)`` gives the columns ``bracket_spans`` finds on the
    lines the run scored, whatever its blocks, and stops with the run (MAX_ERROR)."""
    monkeypatch.setattr("treeeval.columnar.blocks.BLOCK_BYTES", block_bytes)
    gold = "".join(line + "\n" for line in GOLD).encode()
    test = "".join(line + "\n" for line in TEST).encode()
    params = EvalbParams(delete_label=[b"TOP"], max_error=max_error)
    run = EvalbRun(params, io.BytesIO(), io.BytesIO(), keep_sentences=True, keep_brackets=True)
    result = run.run_streams(io.BytesIO(gold), io.BytesIO(test))
    size = len(result.sentences)
    assert result.killed == (max_error == 1) and (size < len(GOLD)) == result.killed
    head = b"".join(line + b"\n" for line in gold.split(b"\n")[:size])
    expected = bracket_spans(head, b"".join(line + b"\n" for line in test.split(b"\n")[:size]),
                             params)
    assert result.brackets is not None
    spans = result.brackets.spans()
    assert spans.size == size and columns_of(spans) == columns_of(expected)
    assert spans.counts.rows() == result.sentences.rows()
    assert spans.fallback.tolist()[5:8] == [True] * min(3, size - 5)


def test_the_run_keeps_no_brackets_unless_asked():
    run = EvalbRun(EvalbParams(), io.BytesIO(), io.BytesIO(), keep_sentences=True)
    result = run.run_streams(io.BytesIO(b"(S (A a))\n"), io.BytesIO(b"(S (A a))\n"))
    assert result.brackets is None and len(result.sentences) == 1


# --- every input file is opened once ---------------------------------------------------------


def malttab(sentences) -> str:
    return "".join("".join(f"{form}\t{tag}\t{head}\t{label}\n"
                           for form, tag, head, label in sentence) + "\n"
                   for sentence in sentences)


def maltxml(sentences) -> str:
    words = ["".join(f'<word id="{k}" form="{form}" postag="{tag}" head="{head}" '
                     f'deprel="{label}"/>' for k, (form, tag, head, label) in enumerate(s, 1))
             for s in sentences]
    return ("<treebank><body>\n" + "".join(f'<sentence id="{k}">\n{w}\n</sentence>\n'
                                           for k, w in enumerate(words, 1))
            + "</body></treebank>\n")


def conll(sentences) -> str:
    return "".join("".join(f"{k}\t{form}\t_\t{tag}\t{tag}\t_\t{head}\t{label}\t_\t_\n"
                           for k, (form, tag, head, label) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


def trees(lines) -> str:
    return "".join(line + "\n" for line in lines)


#: (options, file names, writer, the three files' sentences): names without a format's
#: extension make the browser sniff the content
CASES = {
    "brackets": (["-p", "COLLINS.prm"], ("gold", "sys", "sys2"), trees,
                 (GOLD_TREES, SYSTEM_TREES, SYSTEM2_TREES)),
    "heads": (["--heads", "collins"], ("gold.mrg", "sys.mrg", "sys2.mrg"), trees,
              (GOLD_TREES[:3], GOLD_TREES[:2] + [SYSTEM_TREES[2]], GOLD_TREES[:3])),
    "conllx": ([], ("gold", "sys", "sys2"), conll, (GOLD_DEPS, SYSTEM_DEPS, SYSTEM2_DEPS)),
    "malttab": ([], ("gold.tab", "sys.tab", "sys2.tab"), malttab,
                (GOLD_DEPS, SYSTEM_DEPS, SYSTEM2_DEPS)),
    "maltxml": ([], ("gold.xml", "sys.xml", "sys2.xml"), maltxml,
                (GOLD_DEPS, SYSTEM_DEPS, SYSTEM2_DEPS)),
}


@pytest.fixture
def opened(monkeypatch, tmp_path):
    """Counts the opening of each file of ``tmp_path`` for reading, by name."""
    counts: Counter[str] = Counter()
    real_open = io.open

    def counting_open(file, mode="r", *args, **kwargs):
        if (isinstance(file, (str, os.PathLike)) and "r" in mode
                and os.path.dirname(os.path.abspath(file)) == str(tmp_path)):
            counts[os.path.basename(file)] += 1
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting_open)
    monkeypatch.setattr(io, "open", counting_open)
    return counts


def use_everything(corpus) -> None:
    """What a user can ask of a corpus: every sentence's text and detail, the breakdown
    (with the error classes of bracket files), the label and class filters."""
    for index in range(corpus.size):
        corpus.text(index)
        corpus.detail(index, 120)
    corpus.breakdown()
    for sentence_filter in (SentenceFilter(label="NP"), SentenceFilter(label="nsubj"),
                            SentenceFilter(only_wrong=True)):
        sentence_filter.apply(corpus)
    if hasattr(corpus, "class_mask"):
        corpus.class_mask("pp")


@pytest.mark.parametrize("systems", [0, 1, 2])
@pytest.mark.parametrize("case", sorted(CASES))
def test_browse_opens_each_input_file_once(tmp_path, opened, case, systems):
    options, names, writer, contents = CASES[case]
    for name, content in zip(names, contents):
        (tmp_path / name).write_text(writer(content))
    opened.clear()
    files = [str(tmp_path / name) for name in names[:systems + 1]]
    corpus = load_corpus(parse_browse_args((options if systems else []) + files))
    use_everything(corpus)
    assert dict(opened) == {name: 1 for name in names[:systems + 1]}


def test_conllu_files_are_opened_once(tmp_path, opened):
    gold, system = write_conllu(tmp_path)
    (tmp_path / "sys2.conllu").write_bytes((tmp_path / "sys.conllu").read_bytes())
    opened.clear()
    for systems in ([system], [system, str(tmp_path / "sys2.conllu")]):
        use_everything(load_corpus(parse_browse_args([gold] + systems)))
        assert dict(opened) == {"gold.conllu": 1, **{os.path.basename(s): 1 for s in systems}}
        opened.clear()
    opened.clear()
    use_everything(load_corpus(parse_browse_args([gold])))
    assert dict(opened) == {"gold.conllu": 1}


# --- sentences carry their line from the reader ---------------------------------------------

ROWS = ["1\tRain\t_\tNN\tNN\t_\t2\tnsubj\t_\t_", "2\tfell\t_\tVB\tVB\t_\t0\troot\t_\t_"]
#: several blank lines, comments, a multiword range, a comment-only block, CRLF line ends
CONLL = ("\n".join(ROWS) + "\n\n\n# sent 2\n1-2\tRainfell" + "\t_" * 8 + "\n" + "\n".join(ROWS)
         + "\n\n# a lone comment\n\n" + "\r\n".join(ROWS) + "\r\n")


@pytest.mark.parametrize("block_size", [1 << 24, 40])
def test_the_fast_reader_gives_the_careful_readers_sentence_lines(tmp_path, block_size):
    from treeeval.dep.reading import read_treebank_exact
    from treeeval.formats.conll_columns import read_columns_fast

    path = tmp_path / "x.conll"
    path.write_bytes(CONLL.encode())
    fast = read_columns_fast(str(path), block_size=block_size)
    assert fast is not None
    careful = read_treebank_exact(str(path))
    assert fast.sentence_line.tolist() == careful.sentence_line.tolist() == [1, 7, 12]


def test_the_detail_shows_the_lines_of_the_sentence_its_reader_found(tmp_path):
    gold, system = tmp_path / "gold", tmp_path / "sys"
    gold.write_bytes(CONLL.encode())
    system.write_bytes(CONLL.replace("nsubj", "obj").encode())
    for files in ([str(gold)], [str(gold), str(system)]):
        corpus = load_corpus(parse_browse_args(files))
        assert corpus.values["id"].tolist() == ([1, 5, 12] if len(files) == 1 else [1, 2, 3])
        raw = [[line.plain.split(":", 1)[1] for line in corpus.detail(index, 120)
                if line.plain.startswith(str(gold) + ":")] for index in range(3)]
        assert raw == [["1: 1  Rain  _  NN  NN  _  2  nsubj  _  _",
                        "2: 2  fell  _  VB  VB  _  0  root  _  _"],
                       ["5: # sent 2", "6: 1-2  Rainfell" + "  _" * 8,
                        "7: 1  Rain  _  NN  NN  _  2  nsubj  _  _",
                        "8: 2  fell  _  VB  VB  _  0  root  _  _"],
                       ["12: 1  Rain  _  NN  NN  _  2  nsubj  _  _",
                        "13: 2  fell  _  VB  VB  _  0  root  _  _"]]


def test_maltxml_sentences_are_shown_as_their_elements(tmp_path):
    path = tmp_path / "gold.xml"
    path.write_text(maltxml([GOLD_DEPS[0], GOLD_DEPS[2]]))
    corpus = load_corpus(parse_browse_args([str(path)]))
    assert corpus.values["id"].tolist() == [2, 5]
    assert [line.plain for line in corpus.detail(1, 120)][-4:] == [
        f"{path}:5: <sentence id=\"2\">",
        f"{path}:6: " + "".join(f'<word id="{k}" form="{f}" postag="{t}" head="{h}" '
                               f'deprel="{d}"/>' for k, (f, t, h, d) in enumerate(GOLD_DEPS[2], 1)),
        f"{path}:7: </sentence>", f"{path}:8: </body></treebank>"]


def test_error_classes_of_bytes_already_read_are_those_of_the_files(tmp_path):
    from treeeval.errorclasses.api import classify_errors
    from treeeval.tui.lines import LineIndex

    gold, system = tmp_path / "gold.mrg", tmp_path / "sys.mrg"
    gold.write_text(trees(GOLD_TREES))
    system.write_text(trees(SYSTEM_TREES))
    from_files = classify_errors(str(gold), [str(system)])
    from_bytes = classify_errors(LineIndex(str(gold)).stream(), LineIndex(str(system)).stream())
    assert from_bytes == from_files and from_bytes.systems[0].test == str(system)
    assert from_bytes.gold == str(gold) and from_bytes.systems[0].classes


def test_kept_brackets_are_computed_once_and_travel_to_another_process():
    import pickle

    from treeeval.bracket.run import score_block

    gold = "".join(line + "\n" for line in GOLD).encode()
    test = "".join(line + "\n" for line in TEST).encode()
    params = EvalbParams(delete_label=[b"TOP"])
    result = score_block(gold, test, 1, params, keep_brackets=True)
    assert score_block(gold, test, 1, params).brackets is None
    copy = pickle.loads(pickle.dumps(result))
    spans = result.brackets.spans()
    assert spans is result.brackets.spans()
    assert columns_of(copy.brackets.spans()) == columns_of(spans) == columns_of(
        bracket_spans(gold, test, params))
