"""The one format decision table (treeeval.policy.sniffing) and what each command makes of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeeval.dep.sources import sniff_format as dep_format
from treeeval.errors import InputError
from treeeval.policy.sniffing import READS, sniff, sniff_kind
from treeeval.tui.cli import sniff_format as browse_format

ROW = "1\tRain\t_\tNN\tNN\t_\t0\troot\t_\t_\n"


@pytest.mark.parametrize("name, content, kind", [
    ("a.xml", "(S (X x))", "maltxml"),
    ("a.Tab", "(\tpad\t0\tROOT\n", "malttab"),
    ("a.MRG", ROW, "brackets"),
    ("a.tst", "", "brackets"),
    ("a.gld", "", "brackets"),
    ("trees", "\n \t\n  (TOP (S (NN x)))\n", "brackets"),
    ("trees", "\ufeff(S (NN x))", "brackets"),
    ("trees", "# a comment line first\n(S (NN x))\n", "brackets"),
    ("a.conllu", "(S (NN x))\n", "brackets"),
    ("a.conllu", "", "conllu"),
    ("a.conllu", "1\ta\n", "conllu"),
    ("words", "# sent_id = 1\n" + ROW, "conllu"),
    ("words", ROW.replace("1", "1-2", 1) + ROW, "conllu"),
    ("words", ROW.replace("1", "1.1", 1), "conllu"),
    ("words", "\ufeff" + ROW, "conllx"),
    ("words", "\n" * 3 + ROW, "conllx"),
    ("words", ROW.replace("\t_\t_\n", "\n"), "conllx"),          # eight fields
    ("words", "1\tRain\t_\tNN\tNN\t_\t0\n", "other"),                # seven fields
    ("words", "1\tRain\n", "other"),
    ("words", "x\tRain\t_\tNN\tNN\t_\t0\troot\t_\t_\n", "other"),
    ("tuples", "# key\nRain N < fell\n", "other"),
    ("blank", "\n \n# only a comment\n", "empty"),
    ("blank", "", "empty"),
])
def test_the_decision_table(tmp_path: Path, name: str, content: str, kind: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert sniff_kind(path) == kind


def test_a_long_blank_start_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "trees"
    path.write_bytes(b"\n" * 200_000 + b"(S (NN x))\n")
    assert sniff_kind(path) == "brackets"


def test_every_command_decides_by_the_one_table(tmp_path: Path) -> None:
    """The same file is the same format to dep, lin and browse (each by its own name)."""
    files = {"gold.tab": "a\tX\t0\tROOT\n", "gold.xml": "<treebank/>\n", "t.mrg": ROW,
             "commented": "# note\n(S (NN x))\n", "u": "# sent_id = 1\n" + ROW, "x": ROW}
    expected = {"gold.tab": ("malttab", None, "malttab"),
                "gold.xml": ("maltxml", None, "maltxml"),
                "t.mrg": ("brackets", "brackets", "bracket"),
                "commented": ("brackets", "brackets", "bracket"),
                "u": ("conll", "conll", "conllu"),
                "x": ("conll", "conll", "conllx")}
    for name, content in files.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        lin = sniff(path, "lin") if sniff_kind(path) in READS["lin"] else None
        assert (dep_format(path), lin, browse_format(str(path))) == expected[name], name


def test_what_a_command_does_not_read(tmp_path: Path) -> None:
    tab, empty, words = tmp_path / "gold.tab", tmp_path / "empty", tmp_path / "words"
    tab.write_text("a\tX\t0\tROOT\n")
    empty.write_text("\n")
    words.write_text("\nhello there\n")
    with pytest.raises(InputError, match=r"gold.tab: MaltTab is not read by treeeval lin "
                                         r"\(it reads bracketed trees, CoNLL-U, CoNLL-X, Lin's"):
        sniff(tab, "lin")
    assert (sniff(empty, "lin"), sniff(empty, "dep"), sniff(words, "lin"),
            sniff(words, "dep")) == ("tuples", "conll", "tuples", "conll")
    with pytest.raises(InputError, match="empty: the file is empty"):
        sniff(empty, "browse")
    with pytest.raises(InputError, match="words:2: neither a bracketed tree nor a CoNLL") as caught:
        sniff(words, "browse")
    assert caught.value.source_line == "hello there"


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nothing: cannot read"):
        sniff_kind(tmp_path / "nothing")
