"""``treeeval browse --spmrl [-X]``: bracket files scored as evalb_spmrl scores them, one row
a line (the zero row it prints before a one-word gold sentence's scored row merged), labels
cut at ``-``, ``=`` and ``#`` in the marks, the tables and the filters."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeeval.commands.browse import parse_browse_args
from treeeval.errors import UsageError
from treeeval.tui.loading import load_corpus

GOLD = ["( (SENT (NP##gen=f## (N##g=f## chat)) (VN##m=ind## (V voit)) (NP (D le) (N chien))))",
        "( (SENT (NC##x=1## oui)))",
        "( (SENT (NP (N pluie)) (VN (V tombe))))",
        "( (SENT (NP (N il)) (VN (V dort))))"]
TEST = ["( (SENT (NP##gen=m## (N##g=m## chat)) (VN (V voit) (NP (D le))) (N chien)))",
        "( (SENT (ADV oui) (PONCT !)))",  # one gold word, two test words: two rows
        "",  # -X: unparsed (status 3), else Skip
        "( (SENT (NP (N il)) (VN (V dort))))"]


def _files(folder: Path) -> list[str]:
    paths = []
    for name, lines in (("gold.ptb", GOLD), ("sys.ptb", TEST)):
        (folder / name).write_text("\n".join(lines) + "\n")
        paths.append(str(folder / name))
    return paths


def _detail(corpus, index: int) -> str:  # type: ignore[no-untyped-def]  # any corpus
    return "\n".join(line.plain for line in corpus.detail(index, 120))


def test_rows_one_a_line_with_unparsed(tmp_path: Path) -> None:
    corpus = load_corpus(parse_browse_args(["-p", "spmrl.prm", "--spmrl", "-X",
                                            *_files(tmp_path)]))
    # evalb_spmrl's rows: 1, 2 (zero row), 2, 3 (status 3, 23 over-counted gold), 4
    assert corpus.values["id"].tolist() == [1, 2, 3, 4]
    assert corpus.status.tolist() == [0, 0, 3, 0]
    assert corpus.values["gold"].tolist() == [4, 1, 23, 3]
    assert corpus.values["test"].tolist() == [4, 1, 0, 3]
    assert corpus.values["matched"].tolist() == [2, 0, 0, 3]
    assert corpus.values["words"].tolist() == [4, 1, 2, 2]
    assert corpus.wrong.tolist() == [True, True, True, False]
    assert corpus.header().scores[0] == ("system: All R 16.13 P 62.50 F1 25.64 · len<=70 F1 "
                                         "25.64 · tags 66.67 · 5 sentences")
    assert corpus.header().parameters[0].endswith("· rules spmrl -X")
    plain = load_corpus(parse_browse_args(["-p", "spmrl.prm", "--spmrl", *_files(tmp_path)]))
    assert plain.status.tolist() == [0, 0, 2, 0]
    assert plain.values["gold"].tolist() == [4, 1, 0, 3]


def test_marks_tables_and_filters_cut_labels(tmp_path: Path) -> None:
    corpus = load_corpus(parse_browse_args(["-p", "spmrl.prm", "--spmrl", "-X",
                                            *_files(tmp_path)]))
    first = _detail(corpus, 0)
    trees = first.split("\n✓ matched")[0]
    assert "##" not in trees  # NP##gen=f## drawn NP, N##g=f## drawn N
    assert "✓      NP [1]" in trees and "-×     NP [3-4]" in trees
    assert "│ +×     VN [2-3]" in trees and "│ ✓      NP [1]" in trees
    assert "NP Attachment: move word 3 from VN 2-3 to SENT 1-4 · fixes 3" in first
    assert "g.ptb" not in first and "gold.ptb:1: ( (SENT (NP##gen=f##" in first
    second = _detail(corpus, 1)
    assert "evalb_spmrl prints 2 rows for this line" in second
    assert "Stat 0 · R 0.00 P 0.00 F1 0.00 · matched 0 of gold 1 / test 1" in second
    assert "~      NC oui" in second and "PONCT !" in second
    third = _detail(corpus, 2)
    assert "Stat 3" in third and "evalb_spmrl counts 23 gold brackets" in third
    analysis = corpus.analysis(0)
    assert analysis.labels == ["NP", "SENT", "VN"]
    assert analysis.gold.tolist() == [3, 3, 2] and analysis.gold_matched.tolist() == [2, 2, 1]
    assert corpus.label_mask("NP").tolist() == [True, False, False, False]
    assert corpus.label_mask("SENT").tolist() == [False, True, False, False]
    assert corpus.class_mask("np att").tolist() == [True, False, False, False]


def test_spmrl_usage_errors(tmp_path: Path) -> None:
    files = _files(tmp_path)
    with pytest.raises(UsageError, match="cannot be given with --spmrl"):
        parse_browse_args(["--spmrl", "--align", *files])
    with pytest.raises(UsageError, match="-X is an option of --spmrl"):
        parse_browse_args(["-X", *files])
    with pytest.raises(UsageError, match="not with --heads"):
        load_corpus(parse_browse_args(["--spmrl", "--heads", "collins", *files]))
