"""The MaltXML reader: attributes, encodings, refused DTDs and entities, positioned errors."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from treeeval.errors import InputError
from treeeval.formats import maltxml
from treeeval.formats.maltxml import MaltXmlError, locate_word, read_maltxml

DOC = """<?xml version="1.0" encoding="{encoding}"?>
<treebank>
  <head><annotations><annotation name="postag"/></annotations></head>
  <body>
  <sentence id="1" user="" date="">
    <word id="1" form="Genom" lemma="genom" postag="pp" head="3" deprel="ADV"/>
    <word id="2" form="skattereformen" lemma="skattereform" cpostag="nn"
          postag="nn.utr.sin.def.nom" feats="utr|sin" head="1" deprel="PR" phead="1"
          pdeprel="PR"/>
    <word id="3" form="införs" postag="vb.prs.sfo" head="0" deprel="ROOT"/>
  </sentence>
  <sentence id="2"/>
  <sentence id="3"><word id="1" form="&amp;" postag="mad" head="0" deprel="IP"/></sentence>
  </body>
</treebank>
"""


def write(tmp_path: Path, text: str, encoding: str = "utf-8", name: str = "doc.xml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_attributes_and_defaults(tmp_path: Path) -> None:
    first, second = read_maltxml(write(tmp_path, DOC.format(encoding="UTF-8")))
    assert first.forms == ["Genom", "skattereformen", "införs"]
    assert first.heads == [3, 1, 0] and first.labels == ["ADV", "PR", "ROOT"]
    assert first.tags == ["_", "nn", "_"]  # cpostag, "_" where absent
    assert first.extra["postag"] == ["pp", "nn.utr.sin.def.nom", "vb.prs.sfo"]
    assert first.extra["lemma"] == ["genom", "skattereform", "_"]
    assert first.extra["feats"] == ["_", "utr|sin", "_"]
    assert first.extra["col9"] == ["_", "1", "_"] and first.extra["col10"] == ["_", "PR", "_"]
    assert first.line == 6
    # the empty sentence is skipped; the predefined entity &amp; is read
    assert second.forms == ["&"] and second.line == 13


def test_encoding_comes_from_the_declaration(tmp_path: Path) -> None:
    for encoding in ("ISO-8859-1", "windows-1252", "UTF-16"):
        path = write(tmp_path, DOC.format(encoding=encoding), encoding)
        assert next(read_maltxml(path)).forms[2] == "införs"


def test_unsupported_declared_encoding(tmp_path: Path) -> None:
    path = write(tmp_path, DOC.format(encoding="Shift_JIS").replace("ö", "o"), "shift_jis")
    with pytest.raises(MaltXmlError, match="cannot read the declared encoding"):
        list(read_maltxml(path))


BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<treebank><sentence><word id="1" form="&lol3;" postag="X" head="0" deprel="R"/></sentence>
</treebank>
"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE treebank [<!ENTITY secret SYSTEM "file://{target}">]>
<treebank><sentence><word id="1" form="&secret;" postag="X" head="0" deprel="R"/></sentence>
</treebank>
"""


def test_entity_bomb_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MaltXmlError, match="document type declaration refused") as error:
        list(read_maltxml(write(tmp_path, BOMB)))
    assert (error.value.line, error.value.column) == (2, 1)
    assert error.value.source_line == "<!DOCTYPE lolz ["


def test_external_entity_is_refused(tmp_path: Path) -> None:
    target = write(tmp_path, "secret text", name="secret.txt")
    with pytest.raises(MaltXmlError, match="document type declaration refused"):
        list(read_maltxml(write(tmp_path, EXTERNAL.format(target=target))))


def test_undeclared_entity_is_an_xml_error(tmp_path: Path) -> None:
    text = '<t><sentence>\n<word id="1" form="&secret;" postag="X" head="0" deprel="R"/>' \
           "</sentence></t>"
    with pytest.raises(MaltXmlError, match="bad XML: undefined entity") as error:
        list(read_maltxml(io.BytesIO(text.encode())))
    assert error.value.line == 2


def test_syntax_error_position(tmp_path: Path) -> None:
    text = '<t><sentence>\n  <word id="1" form="a" postag="X" head="0" deprel="R">\n</sentence></t>'
    with pytest.raises(MaltXmlError, match="bad XML: mismatched tag") as error:
        list(read_maltxml(write(tmp_path, text)))
    assert (error.value.line, error.value.column) == (3, 3)
    assert error.value.source_line == "</sentence></t>"
    assert error.value.context().splitlines()[1] == "      ^"


def test_undecodable_byte(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(b'<t><sentence>\n<word id="1" form="\xff" postag="X" head="0" deprel="R"/>'
                     b"</sentence></t>")
    with pytest.raises(MaltXmlError, match="invalid token") as error:
        list(read_maltxml(path))
    assert (error.value.line, error.value.column) == (2, 20)


@pytest.mark.parametrize("word, message", [
    ('<word id="1" form="a" postag="X" deprel="R"/>', "<word> has no head attribute"),
    ('<word id="1" form="a" head="0" deprel="R"/>', "<word> has no postag attribute"),
    ('<word id="2" form="a" postag="X" head="0" deprel="R"/>', "expected word id 1, found '2'"),
    ('<word id="1" form="a" postag="X" head="-1" deprel="R"/>',
     "head must be a token number from 0 to 1, found '-1'"),
    ('<word id="1" form="a" postag="X" head="2" deprel="R"/>',
     "head must be a token number from 0 to 1, found '2'"),
])
def test_bad_words(tmp_path: Path, word: str, message: str) -> None:
    path = write(tmp_path, f"<t>\n<sentence>\n  {word}\n</sentence>\n</t>\n")
    with pytest.raises(MaltXmlError, match=re.escape(message)) as error:
        list(read_maltxml(path))
    assert (error.value.path, error.value.line, error.value.column) == (str(path), 3, 3)


def test_structure_errors() -> None:
    word = '<word id="1" form="a" postag="X" head="0" deprel="R"/>'
    with pytest.raises(MaltXmlError, match="<word> outside a <sentence>"):
        list(read_maltxml(io.BytesIO(f"<t>{word}</t>".encode())))
    with pytest.raises(MaltXmlError, match="<sentence> inside a <sentence>"):
        list(read_maltxml(io.BytesIO(b"<t><sentence><sentence/></sentence></t>")))


def test_streams_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(maltxml, "BLOCK_SIZE", 7)
    word = '<word id="1" form="ä" postag="X" head="0" deprel="R"/>'
    text = "<t>" + f"<sentence>{word}</sentence>\n" * 50 + "</t>"
    sentences = read_maltxml(io.BytesIO(text.encode()))
    assert next(sentences).forms == ["ä"]
    assert len(list(sentences)) == 49


def test_locate_word(tmp_path: Path) -> None:
    path = write(tmp_path, DOC.format(encoding="UTF-8"))
    assert locate_word(path, 0) == (6, 5)
    assert locate_word(path, 3) == (13, 20)
    with pytest.raises(ValueError, match="has 4 words"):
        locate_word(path, 4)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        list(read_maltxml(tmp_path / "none.xml"))
