"""The Tiger XML and Alpino XML readers of ``treeeval disco``: trees, words, tags, functions,
morphology, secondary edges, keys and file order, errors located at FILE:LINE; and the
command reading them as it reads the same trees in the export format."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.commands.disco import run_disco_command
from treeeval.errors import InputError
from treeeval.formats.alpino_xml import alpino_files, read_alpino
from treeeval.formats.tiger_xml import read_tiger

# "Das sagt er nicht ." with the VP (Das ... nicht) discontinuous, a secondary edge from
# the VP to "er", punctuation at the root, TIGER 2.2's extra attributes on terminals
TIGER = """\
<?xml version="1.0" encoding="UTF-8"?>
<corpus id="t">
<head><meta><name>t</name></meta></head>
<body>
<s id="s7" discontinuous="true">
<graph root="s7_VROOT">
<terminals>
<t id="s7_1" word="Das" lemma="der" pos="PDS" morph="Nom.Sg.Neut" case="Nom"/>
<t id="s7_2" word="sagt" lemma="sagen" pos="VVFIN" morph="3.Sg.Pres.Ind" case="--"/>
<t id="s7_3" word="er" lemma="er" pos="PPER" morph="Nom.Sg.Masc" case="Nom"/>
<t id="s7_4" word="nicht" lemma="nicht" pos="PTKNEG" morph="--" case="--"/>
<t id="s7_5" word="." lemma="--" pos="$." morph="--" case="--"/>
</terminals>
<nonterminals>
<nt id="s7_501" cat="VP">
<edge label="OA" idref="s7_1"/>
<edge label="NG" idref="s7_4"/>
<secedge label="SB" idref="s7_3"/>
</nt>
<nt id="s7_500" cat="S">
<edge label="HD" idref="s7_2"/>
<edge label="SB" idref="s7_3"/>
<edge label="OC" idref="s7_501"/>
</nt>
<nt id="s7_VROOT" cat="VROOT">
<edge label="--" idref="s7_500"/>
<edge label="--" idref="s7_5"/>
</nt>
</nonterminals>
</graph>
</s>
</body>
</corpus>
"""

EXPORT = """\
#BOS s7
Das\tder\tPDS\tNom.Sg.Neut\tOA\t501
sagt\tsagen\tVVFIN\t3.Sg.Pres.Ind\tHD\t500
er\ter\tPPER\tNom.Sg.Masc\tSB\t500\tSB\t501
nicht\tnicht\tPTKNEG\t--\tNG\t501
.\t--\t$.\t--\t--\t0
#500\t--\tS\t--\t--\t0
#501\t--\tVP\t--\tOC\t500
#EOS s7
"""

# "Mannen die slapen ." : the relative pronoun's empty coindexed copy in the relative clause
ALPINO = """\
<?xml version="1.0" encoding="UTF-8"?>
<alpino_ds version="1.3">
  <node begin="0" cat="top" end="4" id="0" rel="top">
    <node begin="0" cat="np" end="3" id="1" rel="--">
      <node begin="0" end="1" id="2" lemma="man" pos="noun" postag="N(soort,mv)" pt="n"
            rel="hd" word="Mannen"/>
      <node begin="1" cat="rel" end="3" id="3" rel="mod">
        <node begin="1" end="2" id="4" index="1" lemma="die" postag="VNW(betr)" pt="vnw"
              rel="rhd" word="die"/>
        <node begin="1" cat="ssub" end="3" id="5" rel="body">
          <node begin="1" end="2" id="6" index="1" rel="su"/>
          <node begin="2" end="3" id="7" lemma="slapen" postag="WW(pv)" pt="ww" rel="hd"
                word="slapen"/>
        </node>
      </node>
    </node>
    <node begin="3" end="4" id="8" lemma="." postag="LET()" pt="let" rel="--" word="."/>
  </node>
  <sentence>Mannen die slapen .</sentence>
</alpino_ds>
"""


def _write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_tiger_sentence(tmp_path: Path) -> None:
    [sentence] = read_tiger(_write(tmp_path / "t.xml", TIGER))
    assert (sentence.key, sentence.line) == ("s7", 5)
    assert sentence.words == ["Das", "sagt", "er", "nicht", "."]
    assert sentence.tags == ["PDS", "VVFIN", "PPER", "PTKNEG", "$."]
    assert sentence.morph == ["Nom.Sg.Neut", "3.Sg.Pres.Ind", "Nom.Sg.Masc", "--", "--"]
    assert sentence.secondary == {"2": [("501", "SB")]}
    root = sentence.tree
    assert root.label == "VROOT"
    s, period = root.children
    assert (s.label, s.id, s.function, period.label) == ("S", "500", None, "$.")
    vp = s.children[0]  # ordered by first word: the VP (word 0) first
    assert [(c.label, c.function) for c in s.children] == [
        ("VP", "OC"), ("VVFIN", "HD"), ("PPER", "SB")]
    assert sorted(vp.leaves()) == [0, 3] and vp.is_discontinuous()
    assert [(c.label, c.function) for c in vp.children] == [("PDS", "OA"), ("PTKNEG", "NG")]


def test_tiger_reads_as_the_same_export(tmp_path: Path) -> None:
    """With the root named ROOT, a Tiger file scores byte for byte as its export twin."""
    tiger = _write(tmp_path / "t.xml", TIGER.replace("VROOT", "ROOT"))
    export = _write(tmp_path / "t.export", EXPORT)
    for options in ([], ["--verbose"], ["--functions=add", "--morphology=add"]):
        outs = []
        for gold, fmt in ((tiger, "tiger"), (export, "export")):
            out = io.BytesIO()
            assert run_disco_command([gold, gold, f"--fmt={fmt}", *options], out,
                                     io.BytesIO()) == 0
            outs.append(out.getvalue())
        assert outs[0] == outs[1]
        assert b"function tags:             100.00" in outs[0]


@pytest.mark.parametrize("change, line, message", [
    ('<edge label="--" idref="s7_5"/>', 0, None),
    ('<t id="s7_5" word="." lemma="--" pos="$." morph="--" case="--"/>', 12,
     "s7_5 has no parent"),
    ('<edge label="HD" idref="s7_2"/>', 22, "s7_2 already has a parent"),
    ('<edge label="NG" idref="s7_4"/>', 17, "<edge> has no idref attribute"),
    ('pos="PPER"', 10, "s7_3 lacks an attribute"),
    ("</nonterminals>", 29, "not well-formed XML (mismatched tag)"),
])
def test_tiger_errors_are_located(tmp_path: Path, change: str, line: int,
                                  message: str | None) -> None:
    if message is None:  # the unchanged file reads
        assert len(list(read_tiger(_write(tmp_path / "t.xml", TIGER)))) == 1
        return
    replacement = {
        "s7_5 has no parent": change,
        "s7_2 already has a parent": '<edge label="HD" idref="s7_2"/>\n'
                                     '<edge label="X" idref="s7_2"/>',
        "<edge> has no idref attribute": '<edge label="NG"/>',
        "s7_3 lacks an attribute": 'plain="PPER"',
        "not well-formed XML (mismatched tag)": "</nonterminal>",
    }[message]
    text = TIGER.replace(change, replacement, 1)
    if message == "s7_5 has no parent":
        text = text.replace('<edge label="--" idref="s7_5"/>\n', "")
    path = _write(tmp_path / "t.xml", text)
    with pytest.raises(InputError) as raised:
        list(read_tiger(path))
    assert (raised.value.path, raised.value.line) == (path, line)
    assert raised.value.message.startswith(message)


def test_tiger_refuses_a_doctype_and_a_second_key(tmp_path: Path) -> None:
    path = _write(tmp_path / "t.xml", TIGER.replace(
        "<corpus", '<!DOCTYPE corpus [<!ENTITY a "b">]>\n<corpus'))
    with pytest.raises(InputError, match="DOCTYPE"):
        list(read_tiger(path))
    body = TIGER[TIGER.index("<s "):TIGER.index("</body>")]
    path = _write(tmp_path / "t.xml", TIGER.replace("</body>", body + "</body>"))
    with pytest.raises(InputError) as raised:
        list(read_tiger(path))
    assert (raised.value.line, raised.value.message) == (32, "sentence id s7 is used twice")


def test_xml_encoding_is_not_overridden(tmp_path: Path) -> None:
    path = _write(tmp_path / "t.xml", TIGER)
    with pytest.raises(InputError, match=r"cannot override it \(found latin1\)$") as raised:
        run_disco_command([path, path, "--fmt=tiger", "--goldenc=latin1"], io.BytesIO(),
                          io.BytesIO())
    assert (raised.value.path, raised.value.line) == (path, 1)  # where the XML names it
    # an Alpino folder: its first file in discodop's order is named
    for name in ("10.xml", "9.xml"):
        _write(tmp_path / "cdb" / name, ALPINO)
    folder = str(tmp_path / "cdb")
    with pytest.raises(InputError, match=r"found latin1\)$") as raised:
        run_disco_command([folder, folder, "--fmt=alpino", "--parsesenc=latin1"],
                          io.BytesIO(), io.BytesIO())
    assert (raised.value.path, raised.value.line) == (str(tmp_path / "cdb" / "9.xml"), 1)


def test_alpino_sentence(tmp_path: Path) -> None:
    [sentence] = read_alpino(_write(tmp_path / "cdb" / "12.xml", ALPINO))
    assert (sentence.key, sentence.line) == ("cdb/12", 19)
    assert sentence.words == ["Mannen", "die", "slapen", "."]
    assert sentence.tags == ["n", "vnw", "ww", "let"]
    assert sentence.morph == ["N(soort,mv)", "VNW(betr)", "WW(pv)", "LET()"]
    labels = [(n.label, n.function, n.id) for n in sentence.tree.subtrees()]
    assert labels == [("TOP", "top", "500"), ("NP", None, "501"), ("n", "hd", "502"),
                      ("REL", "mod", "503"), ("vnw", "rhd", "504"), ("SSUB", "body", "505"),
                      ("ww", "hd", "507"), ("let", None, "508")]
    # the empty subject of the clause: a secondary edge of the pronoun to the clause
    assert sentence.secondary == {"504": [("505", "su")]}


def test_alpino_files_in_discodop_order(tmp_path: Path) -> None:
    for name in ("10.xml", "2.xml", "2-b.xml", "1.txt"):
        _write(tmp_path / "d" / name, ALPINO)
    expected = [str(tmp_path / "d" / name) for name in ("2.xml", "2-b.xml", "10.xml")]
    assert alpino_files(str(tmp_path / "d")) == expected
    assert alpino_files(str(tmp_path / "d" / "*.xml")) == expected
    assert [s.key for s in read_alpino(str(tmp_path / "d"))] == ["d/2", "d/2-b", "d/10"]
    with pytest.raises(InputError, match="no files match"):
        alpino_files(str(tmp_path / "none" / "*.xml"))


@pytest.mark.parametrize("change, replacement, line, message", [
    ('index="1" rel="su"/>', 'rel="su"/>', 11, "a node with neither cat, word nor index"),
    ('<node begin="1" end="2" id="6" index="1" rel="su"/>', "<ud/>", 11,
     "expected a <node> with a numeric id, found <ud>"),
    ('lemma="slapen" ', "", 12, "a word node without lemma or root"),
    ('index="1" lemma="die"', 'lemma="die"', 11, "index 1 has no antecedent"),
    ("</sentence>", "</sentenc>", 19, "not well-formed XML (mismatched tag)"),
])
def test_alpino_errors_are_located(tmp_path: Path, change: str, replacement: str, line: int,
                                   message: str) -> None:
    assert change in ALPINO
    path = _write(tmp_path / "cdb" / "1.xml", ALPINO.replace(change, replacement, 1))
    with pytest.raises(InputError) as raised:
        list(read_alpino(path))
    assert (raised.value.path, raised.value.line) == (path, line)
    assert raised.value.message.startswith(message)


def test_alpino_scores(tmp_path: Path) -> None:
    """Alpino labels: categories in capitals, functions from rel (--functions=add; not the
    root's); the keys (folder/file) match gold and parses."""
    gold = _write(tmp_path / "g" / "cdb" / "1.xml", ALPINO)
    parse = _write(tmp_path / "p" / "cdb" / "1.xml", ALPINO.replace('cat="rel"', 'cat="np"'))
    out = io.BytesIO()
    assert run_disco_command([gold, parse, "--fmt=alpino", "--functions=add", "--verbose"],
                             out, io.BytesIO()) == 0
    text = out.getvalue().decode()
    assert "cdb/1      4   75.00   75.00       3      4      4      4     4  100.00 100.00\n" in text
    assert ("       1  01\tNP-mod vnw-rhd SSUB-body\n"
            "          01\tREL-mod vnw-rhd SSUB-body\n") in text
