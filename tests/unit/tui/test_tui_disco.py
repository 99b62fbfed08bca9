"""``treeeval browse`` on discontinuous trees (``tui.disco_data``): a German sentence with a
discontinuous VP and NP (the fronted object with its extraposed relative clause) in export
format, and a parse that breaks both; the rows, marks and header equal ``treeeval disco``'s."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from tui_fixtures import DISCO_GOLD, DISCO_PARSE

from treeeval.bracket.reference import MATCHED, NOT_COUNTED, UNMATCHED
from treeeval.commands.browse import parse_browse_args
from treeeval.disco.run import DiscoSettings, run_disco
from treeeval.errors import InputError, UsageError
from treeeval.formats.prm import find_prm
from treeeval.tui.app import BrowseApp
from treeeval.tui.loading import load_corpus
from treeeval.tui.model import SentenceFilter, sort_view
from treeeval.tui.widgets.detail import DetailPane

M, U, X = MATCHED, UNMATCHED, NOT_COUNTED

def write(tmp_path: Path) -> list[str]:
    gold, parse = tmp_path / "gold.export", tmp_path / "parse.export"
    gold.write_text(DISCO_GOLD, encoding="utf-8")
    parse.write_text(DISCO_PARSE, encoding="utf-8")
    return [str(gold), str(parse)]


def disco_output(files: list[str], *options: str) -> str:
    """``treeeval disco GOLD PARSES proper.prm --verbose`` (and ``options``)."""
    out = io.BytesIO()
    run_disco(DiscoSettings(files[0], files[1], str(find_prm("proper.prm")), verbose=True,
                            la="--la" in options, ted="--ted" in options), out)
    return out.getvalue().decode()


def test_rows_are_treeeval_disco_verbose_lines(tmp_path: Path) -> None:
    files = write(tmp_path)
    corpus = load_corpus(parse_browse_args([*files, "proper.prm"]))
    assert corpus.kind == "disco" and corpus.size == 2
    rows = [[column.format(corpus.values[column.key][i]) for column in corpus.columns]
            for i in range(corpus.size)]
    # Key Len Recal Prec F1 Ex Match Gold Cand Words Corr POS
    assert rows == [["1", "10", "50.00", "40.00", "44.44", "0", "2", "4", "5", "8", "7", "87.50"],
                    ["2", "5", "100.00", "100.00", "100.00", "1", "2", "2", "2", "4", "4",
                     "100.00"]]
    verbose = disco_output(files).splitlines()
    lines = [line.split() for line in verbose if line.startswith(("1 ", "2 "))]
    # discodop's line: ID Length Recall Precis Matched gold cand Words POS Accur.
    assert [[line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7], line[8],
             line[9]] for line in lines] == [
        [row[0], row[1], row[2], row[3], row[6], row[7], row[8], row[9], row[10], row[11]]
        for row in rows]
    assert corpus.wrong.tolist() == [True, False]
    assert corpus.text(0) == "Ein Buch hat sie gelesen , das ihr gefiel ."


def test_header_is_treeeval_disco_summary(tmp_path: Path) -> None:
    files = write(tmp_path)
    corpus = load_corpus(parse_browse_args(["-p", "proper.prm", *files]))
    summary = disco_output(files).split("Summary (ALL)")[1]
    figures = {line.split(":")[0]: line.split()[-1] for line in summary.splitlines() if ":" in line}
    header = corpus.header()
    assert header.scores == [
        f"system: All R {figures['labeled recall']} P {figures['labeled precision']} "
        f"F1 {figures['labeled f-measure']} · exact {figures['exact match']} · "
        f"POS {figures['pos accuracy']} · 2 sentences"]
    assert header.scores[0].startswith("system: All R 66.67 P 57.14 F1 61.54 · exact 50.00")
    assert header.parameters[0].startswith("prm: proper.prm · CUTOFF_LEN 40 · LABELED 1")


def test_la_and_ted_columns(tmp_path: Path) -> None:
    files = write(tmp_path)
    corpus = load_corpus(parse_browse_args([*files, "proper.prm", "--la", "--ted"]))
    assert [column.title for column in corpus.columns][-2:] == ["LA", "TED"]
    # after POS accuracy, run together: function tags, LA (100 * percent), TED (100 * edits)
    verbose = [re.findall(r"\d+\.\d\d", line)[-2:]
               for line in disco_output(files, "--la", "--ted").splitlines()
               if line.startswith(("1 ", "2 "))]
    assert verbose == [["7938.49", "1200.00"], ["10000.00", "0.00"]]
    assert [f"{100 * value:.2f}" for value in corpus.values["la"]] == [v[0] for v in verbose]
    assert [f"{100 * value:.2f}" for value in corpus.values["ted"]] == [v[1] for v in verbose]
    assert corpus.values["ted"].tolist()[1] == 0
    assert "· LA " in corpus.header().scores[0] and "· TED " in corpus.header().scores[0]


def test_marks_and_bracket_lists(tmp_path: Path) -> None:
    corpus = load_corpus(parse_browse_args([*write(tmp_path), "proper.prm"]))
    pair = corpus.scored(0)
    from treeeval.tui.disc_marks import disc_marks

    gold, cand = disc_marks(pair)
    # gold pre-order: ROOT S VP NP ART NN S-RC PRELS PPER VVFIN VVPP VAFIN PPER $, $.
    assert gold.nodes == (X, M, U, U, None, None, M, None, None, None, None, None, None,
                          None, None)
    # parse: ROOT S NP-OA ART NN VAFIN NP-SB PPER VP VVPP S-RC ART PPER VVFIN $, $.
    assert cand.nodes == (X, M, U, None, None, None, U, None, U, None, M, None, None, None,
                          None, None)
    assert gold.words == (M, M, M, M, M, X, U, M, M, X)
    # the trees as read are kept: the root and the punctuation are still there
    assert [node.label for node in pair.gold.tree.subtrees()][0] == "ROOT"
    pane = [line.plain for line in corpus.detail(0, 116)]
    start = pane.index("brackets: 2 matched, 2 only in gold, 3 only in the system")
    assert pane[start + 1:start + 8] == [
        "✓ S [1-5,7-9] Ein Buch hat sie gelesen … das ihr gefiel",
        "✓ S [7-9] das ihr gefiel",
        "- VP [1-2,5,7-9] Ein Buch … gelesen … das ihr gefiel",
        "- NP [1-2,7-9] Ein Buch … das ihr gefiel",
        "+ NP [1-2] Ein Buch",
        "+ NP [4] sie",
        "+ VP [5,7-9] gelesen … das ihr gefiel"]
    assert pane[0] == ("Sentence 1 (key 1) · system: R 50.00 P 40.00 F1 44.44 · matched 2 of "
                       "gold 4 / cand 5 · exact 0 · tags 7/8")
    assert "-¦     VP-OC [1-2,5,7-9]" in pane[4] and "+      NP-OA [1-2]" in pane[4]
    assert corpus.toggle_drawing() == "branches"
    drawn = [line.plain for line in corpus.detail(0, 116)]
    assert "       -VP-OC    │        │              │                               │" in drawn


def test_filters_sorting_and_breakdown(tmp_path: Path) -> None:
    corpus = load_corpus(parse_browse_args([*write(tmp_path), "proper.prm"]))
    assert SentenceFilter(label="VP").apply(corpus).tolist() == [0]
    assert SentenceFilter(label="S").apply(corpus).tolist() == []
    assert SentenceFilter(confusion=("VP", "VP")).apply(corpus).tolist() == []
    assert sort_view(corpus, SentenceFilter().apply(corpus), "f1").tolist() == [0, 1]
    labels = {row.cells[0]: row.cells for row in corpus.breakdown()[0].rows}
    # treeeval disco's Category Statistics: label, % gold, recall, prec., F1
    table = disco_output(write(tmp_path)).split("Category Statistics")[1].split("\n\n")[0]
    rows = {line.split()[0]: line.split() for line in table.splitlines()[3:]}
    assert set(labels) == set(rows) == {"S", "VP", "NP"}
    for label, (_, _, _, precision, recall, f1) in labels.items():
        assert [recall, precision] == rows[label][2:4]
        # discodop's nan (nothing matched) is the browser's 0.00, as for every F1 it shows
        assert f1 == (rows[label][4] if rows[label][4] != "nan" else "0.00")
    assert labels["VP"][1:3] == ["2", "2"]


def test_two_systems_and_errors(tmp_path: Path) -> None:
    files = write(tmp_path)
    corpus = load_corpus(parse_browse_args([files[0], files[1], files[0], "proper.prm"]))
    assert [column.key for column in corpus.columns] == [
        "id", "len", "recall1", "prec1", "f11", "exact1", "recall2", "prec2", "f12", "exact2",
        "delta"]
    assert corpus.values["delta"].round(2).tolist() == [55.56, 0.0]
    other = tmp_path / "one.export"
    other.write_text(DISCO_GOLD.split("#BOS 2")[0], encoding="utf-8")
    with pytest.raises(InputError, match="sentence 2 is parsed by"):
        load_corpus(parse_browse_args([files[0], files[1], str(other)]))
    with pytest.raises(UsageError, match="--align is not an option of discontinuous"):
        parse_browse_args(["--align", *files])
    with pytest.raises(UsageError, match="--la is an option of discontinuous trees"):
        parse_browse_args(["--la", str(tmp_path / "x.mrg"), str(tmp_path / "y.mrg")])


def test_discbracket_sniffed_and_the_v_key(tmp_path: Path) -> None:
    gold, parse = tmp_path / "gold.dbr", tmp_path / "parse.dbr"
    gold.write_text("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\n", encoding="utf-8")
    parse.write_text("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\n", encoding="utf-8")
    corpus = load_corpus(parse_browse_args([str(gold), str(parse)]))
    assert corpus.values["f1"].tolist() == [40.0]

    async def scenario() -> None:
        app = BrowseApp(corpus)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert "S [1-4]" in app.query_one(DetailPane).plain()
            await pilot.press("v")
            await pilot.pause()
            assert "┌" in app.query_one(DetailPane).plain()
            await pilot.press("v")
            await pilot.pause()
            assert "┌" not in app.query_one(DetailPane).plain()

    asyncio.run(scenario())
