"""``treeeval errors --spmrl``: SPMRL labels read as evalb_spmrl reads them (features after
the first ``#`` gone), and a ``-p`` file's deletions made under evalb_spmrl's rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from treeeval.cli import main
from treeeval.errorclasses.api import classify_errors, line_repairs
from treeeval.errorclasses.settings import signature_items

#: a PP sentence with SPMRL-style features on labels and tags (an unlabelled root)
GOLD = ("( (S##t=1## (NP##gen=m## (PRP##p=1## I)) (VP (VBD##tense=past## saw) (NP (DT a) "
        "(NN##num=sg## man)) (PP##x=y## (IN with) (NP (DT a) (NN telescope)))) (. .)))")
#: the VP wrongly under the subject NP; other features on S, NP and a tag
TEST = ("( (S##t=2## (NP##gen=f## (PRP I) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) "
        "(NP (DT a) (NN##num=pl## telescope))))) (. .)))")
#: the same two trees without features
PLAIN_GOLD = ("( (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (DT a) "
              "(NN telescope)))) (. .)))")
PLAIN_TEST = ("( (S (NP (PRP I) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (DT a) "
              "(NN telescope))))) (. .)))")


def _classes(gold: str, test: str, **options: object) -> list[tuple[str, int, int]]:
    result = classify_errors([gold], [test], **options)  # type: ignore[arg-type]
    return [(c.name, c.count, c.brackets) for c in result.systems[0].classes]


def test_features_are_cut_at_the_first_hash() -> None:
    # without --spmrl the classifier cuts NP##gen=f## at '=' only: S##t and NP##gen differ
    assert _classes(GOLD, TEST) == [("VP Attachment", 1, 2), ("Different label", 1, 2)]
    assert _classes(GOLD, TEST, spmrl=True) == [("VP Attachment", 1, 2)]
    assert _classes(GOLD, TEST, spmrl=True) == _classes(PLAIN_GOLD, PLAIN_TEST)
    repairs = line_repairs(1, GOLD.encode(), TEST.encode(), spmrl=True)
    assert [(r.name, r.label, r.span) for r in repairs.repairs] == [("VP Attachment", "S", (1, 7))]


def test_prm_deletions_under_evalb_spmrl_rules() -> None:
    """With -p, evalb_spmrl deletes no word: a -NONE- element stays a word (EVALB's rules,
    and the classifier's own, delete it); the unlabelled root goes (-NONE- cut is empty)."""
    gold = "( (S (NP (-NONE- *)) (VP (VB go))))"
    test = "( (S (VP (-NONE- *) (VB go))))"
    assert _classes(gold, test, params="spmrl.prm") == []
    assert _classes(gold, test) == []
    assert _classes(gold, test, params="spmrl.prm", spmrl=True) == [
        ("UNSET move", 1, 2), ("Single Word Phrase", 1, 1)]


def test_command_spmrl(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    (tmp_path / "gold.mrg").write_text(GOLD + "\n")
    (tmp_path / "test.mrg").write_text(TEST + "\n")
    files = [str(tmp_path / "gold.mrg"), str(tmp_path / "test.mrg")]
    assert main(["errors", "--spmrl", "-p", "spmrl.prm", *files, "--json"]) == 0
    document = json.loads(capsysbinary.readouterr().out)
    assert document["systems"][0]["classes"] == [{"name": "VP Attachment", "count": 1,
                                                  "brackets": 2}]
    assert "|rules:spmrl|" in document["signature"]
    assert main(["errors", *files, "--json"]) == 0
    plain = json.loads(capsysbinary.readouterr().out)
    assert [c["name"] for c in plain["systems"][0]["classes"]] == ["VP Attachment",
                                                                  "Different label"]
    assert "rules" not in plain["signature"]


def test_signature_names_the_rules() -> None:
    from treeeval.bracket.params import EvalbParams

    assert signature_items([], EvalbParams(rules="spmrl"))[-1] == ("rules", "spmrl")
    assert [key for key, _ in signature_items([], EvalbParams())] == ["prm", "del"]
