"""``treeeval browse --align``: a sentence EVALB rejects for its words is scored through its
characters, and its detail shows how the words align."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeeval.commands.browse import parse_browse_args
from treeeval.errors import UsageError
from treeeval.tui.loading import load_corpus

GOLD = ["(TOP (S (NP (NNP New) (NNP York)) (VP (VBZ grows)) (. .)))",
        "(TOP (S (NP (PRP It)) (VP (VBZ rains))))",
        "(TOP (S (NP (PRP It)) (VP (VBZ rains))))"]
TEST = ["(TOP (S (NP (NNP NewYork)) (VP (VBZ grows)) (. .)))",
        "(TOP (S (NP (PRP It)) (VP (VBZ rains))))",
        "(TOP (S (NP (PRP It)) (VP (VBZ pours))))"]


def _files(folder: Path) -> list[str]:
    paths = []
    for name, lines in (("gold.mrg", GOLD), ("sys.mrg", TEST)):
        (folder / name).write_text("\n".join(lines) + "\n")
        paths.append(str(folder / name))
    return paths


def test_browse_align_scores_and_shows_the_alignment(tmp_path: Path) -> None:
    files = _files(tmp_path)
    plain = load_corpus(parse_browse_args(["-p", "COLLINS.prm", *files]))
    assert plain.status.tolist() == [1, 0, 1]
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", "--align", *files]))
    assert corpus.status.tolist() == [0, 0, 1]
    assert corpus.values["f1"][0] == 100.0
    text = "\n".join(line.plain for line in corpus.detail(0, 100))
    assert "EVALB: Length unmatch (3|2)" in text
    assert ("aligned through the characters (--align): 2 words equal, 1 stretch of other "
            "words\n  New York  │ NewYork") in text
    error = "\n".join(line.plain for line in corpus.detail(2, 100))
    assert "Text unmatch" not in error and "aligned through" not in error


def test_browse_align_needs_label_classes(tmp_path: Path) -> None:
    prm = tmp_path / "chain.prm"
    prm.write_text("EQ_LABEL A B\nEQ_LABEL B C\n")
    with pytest.raises(UsageError, match="EQ_LABEL"):
        parse_browse_args(["-p", str(prm), "--align", *_files(tmp_path)])
