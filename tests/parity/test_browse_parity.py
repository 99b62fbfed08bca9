"""The browser on WSJ section 22: EVALB's corpus F1 in the header, and per-sentence
bracket marks that agree with the command line's counts; on the CoNLL 2018 English EWT
test set and the HIT-SCIR output: the conll18_ud_eval.py table in the header."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from shared_data import require

from treeeval.bracket.api import evaluate_brackets
from treeeval.bracket.params import given_params
from treeeval.commands.browse import parse_browse_args
from treeeval.tui.loading import load_corpus


def test_wsj22_matches_evalb_and_the_engine_agrees():
    folder = require("evalb", "wsj22")
    gold, test = folder / "wsj22.auto.clean.gld", folder / "wsj22.berkeley_MLE.top.tst"
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", str(gold), str(test)]))
    reference = (folder / "wsj22.berkeley_MLE.top.COLLINS.rsl").read_text()
    f1 = next(line for line in reference.splitlines() if line.startswith("Bracketing FMeasure"))
    assert f1.split("=")[1].strip() == "62.82"
    assert "All R 59.73 P 66.25 F1 62.82 · len<=40 F1 64.05" in corpus.header().scores[0]
    result = evaluate_brackets(str(gold), str(test), params=given_params("COLLINS.prm"))
    for index in range(0, corpus.size, 7):
        diff = corpus.diff(index)
        row = result.sentences.take(slice(index, index + 1)).rows()[0]
        assert (diff.score.status, diff.score.matched, diff.score.crossing) == (
            row["status"], row["matched"], row["crossing"])
        if diff.scored:
            assert sum(diff.test_crossing) == row["crossing"]


def test_en_ewt_hit_scir_shows_the_conll18_table():
    folder = require("ud", "conll2018")
    gold = folder / "gold" / "en_ewt.conllu"
    system = folder / "systems" / "HIT-SCIR-18" / "en_ewt.conllu"
    reference = (folder / "systems" / "HIT-SCIR-18" / "en_ewt.eval-v.txt").read_text()
    table = {line.split("|")[0].strip(): [cell.strip() for cell in line.split("|")[1:]]
             for line in reference.splitlines()[2:] if "|" in line}
    assert table["LAS"][2] == "84.57"
    corpus = load_corpus(parse_browse_args([str(gold), str(system)]))
    header = corpus.header().scores
    names = header[0].split()
    assert names == list(table)
    for row, label in enumerate(("P", "R", "F1"), start=1):
        assert header[row].split() == [label] + [table[name][row - 1] for name in names]
    aligned = header[4].split()[1:]
    assert aligned == [table[name][3] for name in names if table[name][3]]
    # the per-word marks of the detail pane add up to the scorer's counts
    counts = {line.split("|")[0].strip(): [cell.strip() for cell in line.split("|")[1:]]
              for line in (folder / "systems" / "HIT-SCIR-18" / "en_ewt.eval-c.txt")
              .read_text().splitlines()[2:]}
    assert int((corpus.kinds == 0).sum()) == int(counts["LAS"][0]) == 21212
    assert int((corpus.kinds <= 1).sum()) == int(counts["UAS"][0])
    assert int(corpus.values["len"].sum()) == int(counts["LAS"][1])
    assert int(corpus.values["sys"].sum()) == int(counts["LAS"][2])


def test_wsj22_label_filters_equal_the_whole_corpus_analysis():
    folder = require("evalb", "wsj22")
    arguments = ["-p", "COLLINS.prm", str(folder / "wsj22.auto.clean.gld"),
                 str(folder / "wsj22.berkeley_MLE.top.tst")]
    corpus = load_corpus(parse_browse_args(arguments))
    analysis = load_corpus(parse_browse_args(arguments)).analysis(0)
    for key, found in list(analysis.wrong.items()) + list(analysis.confusions.items()):
        expected = np.zeros(corpus.size, dtype=bool)
        expected[found] = True
        mask = corpus.label_mask(key) if isinstance(key, str) else corpus.confusion_mask(*key)
        assert mask.tolist() == expected.tolist(), key
    assert int(corpus.label_mask("NP").sum()) == 1420
    assert len(corpus.sentence_errors(0)) < corpus.size


# --- bracket_spans: every bracket as columns, against the run's rows and EVALB's engine -----


def engine_marks(gold_path, test_path, params, lines):
    """What EVALB's per-sentence engine, run over the files in order, leaves on each
    bracket it counts: per side, rows (sentence, position, label, start, end, matched,
    crossing), sentences from 0."""
    from quiet_budget import QuietBudget

    from treeeval.bracket.reference import EvalbKilled, ReferenceEngine
    from treeeval.bracket.spans import crosses

    engine = ReferenceEngine(params, QuietBudget())
    rows = ([], [])
    gold_lines = gold_path.read_bytes().split(b"\n")
    test_lines = test_path.read_bytes().split(b"\n")
    for index in range(lines):
        engine.start_line(index + 1)
        try:
            gold = engine.read_line(gold_lines[index], index + 1)
            test = engine.read_line(test_lines[index], index + 1)
            engine.score_sides(gold, test, index + 1)
        except EvalbKilled:  # a line in EVALB's endless reading loop
            continue
        for out, side, other in ((rows[0], gold, test), (rows[1], test, gold)):
            for position, bracket in enumerate(side.brackets):
                if bracket.result in (0, 1):
                    out.append((index, position, bracket.label, bracket.start, bracket.end,
                                bracket.result == 1, crosses(bracket, other.brackets)))
    return rows


def span_rows(spans, role):
    side = getattr(spans, role)
    return [(s, p, spans.labels[lab], a, b, m, c) for s, p, lab, a, b, m, c in zip(
        *(getattr(side, name).tolist() for name in ("sentence", "position", "label", "start",
                                                     "end", "matched", "crossing")))]


def check_spans(gold, test, params):
    """The columns add up to the run's rows and are the engine's marks."""
    from treeeval.bracket.span_scoring import file_spans

    result = evaluate_brackets(str(gold), str(test), params=params)
    rows = result.sentences
    spans = file_spans(gold, test, params, lines=len(rows))
    assert spans.size == len(rows)
    for column in ("line", "length", "status", "matched", "gold", "test", "crossing", "words",
                   "correct"):
        assert getattr(spans.counts, column).tolist() == getattr(rows, column).tolist(), column
    gold_count, gold_matched, _ = spans.gold.per_sentence(spans.size)
    test_count, test_matched, crossing = spans.test.per_sentence(spans.size)
    assert gold_count.tolist() == rows.gold.tolist()
    assert test_count.tolist() == rows.test.tolist()
    assert gold_matched.tolist() == test_matched.tolist() == rows.matched.tolist()
    assert crossing.tolist() == rows.crossing.tolist()
    marks = engine_marks(gold, test, params, len(rows))
    assert span_rows(spans, "gold") == marks[0]
    assert span_rows(spans, "test") == marks[1]
    return spans


def test_bracket_spans_on_wsj22():
    folder = require("evalb", "wsj22")
    gold = folder / "wsj22.auto.clean.gld"
    for system, prm in (("wsj22.berkeley_MLE.top.tst", "COLLINS.prm"),
                        ("wsj22.berkeley_MLE.raw.tst", "new.prm")):
        spans = check_spans(gold, folder / system, given_params(prm))
        assert spans.fallback.sum() < spans.size / 100
        assert len(spans.gold.sentence) > 30000


def test_bracket_spans_on_the_evalb_cases(monkeypatch):
    from test_evalb_cases import load_cases

    from treeeval.arguments import parse_command
    from treeeval.commands.bracket import bracket_settings as bracket_options

    monkeypatch.chdir(require("evalb", "cases"))
    checked = 0
    for name, args in load_cases():
        if name in ("help", "unknown_opt"):
            continue
        options = bracket_options(parse_command("bracket", args))
        check_spans(Path(options.gold), Path(options.test), options.params)
        checked += 1
    assert checked == 33


def test_wsj22_breakdown_is_the_engines():
    """The per-label counts, wrong labels and confusions from the bracket columns are
    those of EVALB's engine run on every sentence."""
    from tui_oracle import analyse_labels

    folder = require("evalb", "wsj22")
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm",
                                            str(folder / "wsj22.auto.clean.gld"),
                                            str(folder / "wsj22.berkeley_MLE.top.tst")]))
    status = corpus.rows[0].status
    expected = analyse_labels([corpus.diff(i, crossing=False) if status[i] == 0 else None
                               for i in range(corpus.size)])
    found = corpus.analysis(0)
    assert found.labels == expected.labels and len(found.labels) > 20
    for name in ("gold", "test", "gold_matched", "test_matched"):
        assert getattr(found, name).tolist() == getattr(expected, name).tolist(), name
    for name in ("wrong", "confusions"):
        mine, theirs = getattr(found, name), getattr(expected, name)
        assert sorted(mine) == sorted(theirs) and len(mine) > 10
        assert all(mine[key].tolist() == theirs[key].tolist() for key in theirs), name
    tables = [[row.cells for row in table.rows] for table in corpus.breakdown()]
    corpus._analyses[0] = expected
    assert tables == [[row.cells for row in table.rows] for table in corpus.breakdown()]
    assert {cells[0] for cells in tables[0]} == set(expected.labels) and len(tables[1]) == 40


def test_cs_pud_enhanced_view_adds_up_to_udeval(tmp_path: Path):
    """Czech PUD gold against UDPipe's output with its basic tree as DEPS (HEAD:DEPREL, so
    that tokenization differs and heads may be aligned with no gold word): udeval 0.2.9 -c
    gives ELAS 13574 correct of 19653 gold and 18665 system edges; the browser's columns are
    those counts, and the edges of its enhanced view, each marked or not, add up to them
    sentence by sentence."""
    folder = require("ud", "udtools-cs_pud")
    system = tmp_path / "udpipe-deps.conllu"
    lines = []
    for line in (folder / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu").read_text().split("\n"):
        columns = line.split("\t")
        if len(columns) == 10 and columns[0].isdigit():
            columns[8] = f"{columns[6]}:{columns[7]}"
        lines.append("\t".join(columns))
    system.write_text("\n".join(lines))
    corpus = load_corpus(parse_browse_args(["--udeval", str(folder / "cs_pud-gold.conllu"),
                                            str(system)]))
    elas = corpus.result.per_sentence["ELAS"]
    assert elas[:, :3].sum(axis=0).tolist() == [13574, 19653, 18665]
    assert "70.85" in corpus.header().scores[3].split()
    unaligned_heads = 0
    for index in range(corpus.size):
        sentence = corpus.enhanced.sentence(index)
        gold = [edge for word in sentence.words for edge in word.gold]
        edges = [edge for word in sentence.words + sentence.extra for edge in word.system or ()]
        assert (len(gold), len(edges)) == (elas[index, 1], elas[index, 2])
        assert sentence.missed + sentence.wrong == corpus.values["edge_errors"][index]
        unaligned_heads += sum(edge.head.startswith("?") for edge in edges)
    assert unaligned_heads == 75
    assert int(corpus.values["edge_errors"].sum()) == int(
        (~corpus.result.enhanced.gold_right).sum() + (~corpus.result.enhanced.system_right).sum())
