"""CoNLL-U in the browser: the numbers of treeeval ud, the word alignment in the detail pane,
the deprel breakdown; and MaltTab / MaltXML files browsed as treeeval dep reads them."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
from tui_fixtures import GOLD_DEPS, SYSTEM_DEPS, write_conll, write_conllu

from treeeval.commands.browse import parse_browse_args
from treeeval.errors import InputError, UsageError
from treeeval.tui.app import BrowseApp
from treeeval.tui.loading import load_corpus, sniff_format
from treeeval.tui.model import SentenceFilter
from treeeval.tui.screens.breakdown import BreakdownScreen
from treeeval.tui.screens.help import HelpScreen
from treeeval.tui.widgets.detail import DetailPane
from treeeval.tui.widgets.sentence_list import SentenceList
from treeeval.ud.api import evaluate_ud
from treeeval.ud.report import render


@pytest.fixture
def files(tmp_path):
    return write_conllu(tmp_path)


@pytest.fixture
def corpus(files):
    return load_corpus(parse_browse_args(files))


def test_rows_are_the_ud_per_sentence_rows(files, corpus):
    result = evaluate_ud(*files)
    las, uas = result.per_sentence["LAS"], result.per_sentence["UAS"]
    expected_las = 200.0 * las[:, 0] / (las[:, 1] + las[:, 2])
    assert corpus.values["las"].tolist() == expected_las.tolist()
    assert corpus.values["uas"].tolist() == (200.0 * uas[:, 0] / (uas[:, 1] + uas[:, 2])).tolist()
    assert np.round(corpus.values["las"], 2).tolist() == [75.0, 28.57, 50.0]
    assert corpus.values["len"].tolist() == [4, 4, 2]
    assert corpus.values["sys"].tolist() == [4, 3, 2]
    # sentence 2: New and York not aligned, NewYork extra, "!" a wrong head
    assert corpus.values["unaligned"].tolist() == [2, 3, 0]
    assert corpus.values["errors"].tolist() == [2, 4, 1]
    assert corpus.values["head_errors"].tolist() == [0, 1, 0]
    assert corpus.values["label_errors"].tolist() == [0, 0, 1]
    assert corpus.wrong.tolist() == [True, True, True]


def test_word_marks_add_up_to_the_scorer_counts(files, corpus):
    result = corpus.result
    sentences = corpus.gold_sentence
    for metric, kinds in (("LAS", (0,)), ("UAS", (0, 1))):
        right = np.isin(corpus.kinds, kinds)
        counts = np.bincount(sentences[right], minlength=corpus.size)
        assert counts.tolist() == result.per_sentence[metric][:, 0].tolist()
    assert int(corpus.system_right.sum()) == result.scores["LAS"].correct


def test_header_is_the_conll18_table(files, corpus):
    header = corpus.header()
    assert header.files == [f"gold: {files[0]}", f"system: {files[1]}"]
    table = {line.split("|")[0].strip(): [cell.strip() for cell in line.split("|")[1:]]
             for line in render(evaluate_ud(*files).scores, "verbose").splitlines()[2:]}
    names = header.scores[0].split()
    assert names == list(table)
    for row, (label, column) in enumerate((("P", 0), ("R", 1), ("F1", 2))):
        cells = header.scores[row + 1].split()
        assert cells[0] == label and cells[1:] == [table[name][column] for name in names]
    assert header.scores[1].split()[names.index("LAS") + 1] == "55.56"
    assert header.scores[4].split()[0] == "AligndAcc"
    assert len(header.files + header.parameters + header.scores) <= 8


def test_detail_shows_the_alignment_tokens_and_raw_lines(files, corpus):
    first = [line.plain for line in corpus.detail(0, 100)]
    assert "Sentence 1 · UAS 75.00 LAS 75.00 (F1)" in first[0]
    assert any(line.startswith("1-2 I'm") and line.count("1-2 I'm") == 2 for line in first)
    assert any(line.split() == ["2", "'m", "3", "cop", "-"] for line in first)
    assert any(line.split() == ["+", "2", "am", "3", "cop"] for line in first)
    assert f"{files[0]}:2: 1-2  I'm  _" in "\n".join(first)
    assert f"{files[1]}:4: 2  am  am  AUX" in "\n".join(first)
    second = [line.plain for line in corpus.detail(1, 100)]
    assert any(line.split() == ["1", "New", "2", "compound", "-"] for line in second)
    assert any(line.split() == ["+", "1", "NewYork", "3", "nsubj"] for line in second)
    assert any(line.split() == ["4", "!", "3", "punct", "✗", "1", "!", "0", "root"]
               for line in second)
    assert any("system sentence break" in line for line in second)
    # both system sentences the gold sentence's words are in
    assert f"{files[1]}:9: 1  NewYork" in "\n".join(second)
    assert f"{files[1]}:13: 1  !  !  PUNCT" in "\n".join(second)
    third = [line.plain for line in corpus.detail(2, 100)]
    assert any(line.split() == ["2", "now", "1", "advmod", "~", "2", "now", "1", "obl"]
               for line in third)


def test_unaligned_system_head_is_marked(tmp_path):
    gold = tmp_path / "g.conllu"
    system = tmp_path / "s.conllu"
    row = "{}\t{}\t_\tX\t_\t_\t{}\t{}\t_\t_\n"
    gold.write_text(row.format(1, "a", 0, "root") + row.format(2, "b", 1, "dep")
                    + row.format(3, "c", 1, "dep") + "\n")
    # the system head of "a" is "bc", which no gold word is aligned with
    system.write_text(row.format(1, "a", 2, "dep") + row.format(2, "bc", 0, "root") + "\n")
    corpus = load_corpus(parse_browse_args([str(gold), str(system)]))
    lines = [line.plain.split() for line in corpus.detail(0, 100)]
    assert ["1", "a", "0", "root", "✗", "1", "a", "?2", "dep"] in lines


def test_breakdown_label_filter_and_confusions(corpus):
    tables = corpus.breakdown()
    scores = tables[0]
    assert scores.title.startswith("CoNLL 2018 scores")
    las = next(row for row in scores.rows if row.cells[0] == "LAS")
    assert las.cells == ["LAS", "55.56", "50.00", "52.63", "71.43"]
    deprels = {row.cells[0]: row for row in tables[1].rows}
    # root: gold 3, system 4 (one extra root), right 2 (ok, rocks, Stop: 3)
    assert deprels["root"].cells[:3] == ["root", "3", "4"]
    assert deprels["root"].cells[3:] == ["75.00", "100.00", "85.71"]
    # no system advmod: precision undefined (—), F1 0 (stats.rates)
    assert deprels["advmod"].cells == ["advmod", "1", "0", "—", "0.00", "0.00"]
    assert SentenceFilter(label="advmod").apply(corpus).tolist() == [2]
    assert SentenceFilter(label="nsubj").apply(corpus).tolist() == [1]
    assert SentenceFilter(label="punct").apply(corpus).tolist() == [1]
    confusions = [row.cells for row in tables[2].rows]
    assert ["advmod", "obl", "1"] in confusions and ["punct", "root", "1"] in confusions
    assert SentenceFilter(confusion=("advmod", "obl")).apply(corpus).tolist() == [2]
    assert SentenceFilter(search="york").apply(corpus).tolist() == [1]


def test_conllu_usage_errors(files):
    with pytest.raises(UsageError, match="--heads does not apply to CoNLL-U"):
        load_corpus(parse_browse_args(["--heads", "collins", *files]))
    with pytest.raises(UsageError, match="--exclude-punct does not apply"):
        load_corpus(parse_browse_args(["--exclude-punct", *files]))


def test_conllu_with_other_text_is_refused(tmp_path, files):
    other = tmp_path / "other.conllu"
    other.write_text(open(files[1]).read().replace("rocks", "rock"))
    with pytest.raises(InputError, match="concatenation of tokens in gold file and in system"):
        load_corpus(parse_browse_args([files[0], str(other)]))


def write_malttab(folder, name, sentences):
    path = folder / name
    path.write_text("".join("".join(f"{form}\t{tag}\t{head}\t{label}\n"
                                    for form, tag, head, label in sentence) + "\n"
                            for sentence in sentences))
    return str(path)


def write_maltxml(folder, name, sentences):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<treebank>"]
    for number, sentence in enumerate(sentences, 1):
        lines.append(f'  <sentence id="{number}">')
        lines += [f'    <word id="{i}" form="{form}" postag="{tag}" head="{head}" '
                  f'deprel="{label}"/>' for i, (form, tag, head, label) in enumerate(sentence, 1)]
        lines.append("  </sentence>")
    path = folder / name
    path.write_text("\n".join(lines + ["</treebank>"]) + "\n")
    return str(path)


@pytest.mark.parametrize("writer, extension", [(write_malttab, "tab"),
                                               (write_maltxml, "xml")])
def test_malt_formats_score_as_conll(tmp_path, writer, extension):
    gold = writer(tmp_path, f"gold.{extension}", GOLD_DEPS)
    system = writer(tmp_path, f"sys.{extension}", SYSTEM_DEPS)
    assert sniff_format(gold) == {"tab": "malttab", "xml": "maltxml"}[extension]
    corpus = load_corpus(parse_browse_args([gold, system]))
    reference = load_corpus(parse_browse_args(write_conll(tmp_path)))
    for key in ("las", "uas", "la", "errors"):
        assert corpus.values[key].tolist() == reference.values[key].tolist()
    assert corpus.header().scores == reference.header().scores
    raw = [line.plain for line in corpus.raw(1)]
    assert raw[0].startswith(f"{gold}:")
    assert any("John" in line for line in raw if line.startswith(f"{gold}:"))
    assert any("today" in line for line in raw if line.startswith(system))
    assert not any("Rain" in line for line in raw)
    with pytest.raises(UsageError, match="--heads converts bracketed trees"):
        load_corpus(parse_browse_args(["--heads", "collins", gold, system]))


def test_browser_on_conllu(files):
    async def scenario():
        app = BrowseApp(load_corpus(parse_browse_args(files)))
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            header = str(app.query_one("#header").render())
            assert "AligndAcc" in header and "BLEX" in header
            assert "Sentence 1 · UAS 75.00" in app.query_one(DetailPane).plain()
            sentences = app.query_one(SentenceList)
            assert "LAS" in sentences.header_text() and "Unal" in sentences.header_text()
            await pilot.press("n")
            assert sentences.current == 1
            assert "NewYork" in app.query_one(DetailPane).plain()
            await pilot.press("b")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, BreakdownScreen)
            await pilot.press("escape")
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#help-text").render())
            assert "system word not aligned" in text and "Unal" in text

    asyncio.run(scenario())
