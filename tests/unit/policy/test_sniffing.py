"""The one format decision table (treeeval.policy.sniffing) and what each command makes of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeeval.dep.sources import sniff_format as dep_format
from treeeval.errors import InputError
from treeeval.policy.sniffing import READS, sniff, sniff_kind
from treeeval.tui.loading import sniff_format as browse_format

ROW = "1\tRain\t_\tNN\tNN\t_\t0\troot\t_\t_\n"


@pytest.mark.parametrize("name, content, kind, dep", [
    ("a.xml", "<t/>", "maltxml", "maltxml"),
    ("a.XML", "(S (X x))", "maltxml", "maltxml"),
    ("a.Tab", "(\tpad\t0\tROOT\n", "malttab", "malttab"),
    ("a.MRG", ROW, "brackets", "brackets"),
    ("a.tst", "", "brackets", "brackets"),
    ("a.gld", "", "brackets", "brackets"),
    ("trees", "\n \t\n  (TOP (S (NN x)))\n", "brackets", "brackets"),
    ("gold.txt", "\ufeff(S (NN x))", "brackets", "brackets"),
    ("trees", "# a comment line first\n(S (NN x))\n", "brackets", "brackets"),
    ("a.conllu", "(S (NN x))\n", "brackets", "brackets"),
    ("a.conllu", "", "conllu", "conll"),
    ("a.conllu", "1\ta\n", "conllu", "conll"),
    ("a.conllu", "# sent_id = 1\n" + ROW, "conllu", "conll"),
    ("a.conll", ROW, "conllx", "conll"),
    ("words", "# sent_id = 1\n" + ROW, "conllu", "conll"),
    ("words", ROW.replace("1", "1-2", 1) + ROW, "conllu", "conll"),
    ("words", ROW.replace("1", "1.1", 1), "conllu", "conll"),
    ("words", "\ufeff" + ROW, "conllx", "conll"),
    ("words", "\n" * 3 + ROW, "conllx", "conll"),
    ("words", ROW.replace("\t_\t_\n", "\n"), "conllx", "conll"),  # eight fields
    ("words", "1\tRain\t_\tNN\tNN\t_\t0\n", "other", "conll"),      # seven fields
    ("words", "1\tRain\n", "other", "conll"),
    ("words", "x\tRain\t_\tNN\tNN\t_\t0\troot\t_\t_\n", "other", "conll"),
    ("tuples", "# key\nRain N < fell\n", "other", "conll"),
    ("blank", "\n \n# only a comment\n", "empty", "conll"),
    ("empty", "", "empty", "conll"),
])
def test_the_decision_table(tmp_path: Path, name: str, content: str, kind: str,
                            dep: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert (sniff_kind(path), dep_format(path)) == (kind, dep)


def test_a_long_blank_start_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "trees"
    path.write_bytes(b"\n" * 200_000 + b"(S (NN x))\n")
    assert dep_format(path) == "brackets"


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nothing: cannot read"):
        dep_format(tmp_path / "nothing")


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



def test_gzip_and_xml_by_content(tmp_path: Path) -> None:
    """Rules 9 and 10: compressed data and XML; ``names=False`` ignores the rules by name."""
    import gzip

    packed, xml, named = tmp_path / "test.mrg.gz", tmp_path / "trees", tmp_path / "trees.xml"
    packed.write_bytes(gzip.compress(b"(S (NN x))\n"))
    xml.write_text("\n<?xml version='1.0'?>\n<treebank/>\n")
    named.write_text("(S (NN x))\n")
    assert [sniff_kind(p) for p in (packed, xml, named)] == ["gzip", "xml", "maltxml"]
    assert sniff_kind(named, names=False) == "brackets"
    assert (dep_format(packed), sniff(xml, "lin")) == ("conll", "tuples")
    with pytest.raises(InputError, match="trees:2: neither a bracketed tree nor a CoNLL"):
        sniff(xml, "browse")
