"""Callin's metrics and word dependency entropy on the UD data of ../shared.

The WDE claim of Callin (2016): function relations are more predictable (lower averaged
WDE) than content relations; and the labelled attachments the content/function classes
count add up to the UD scorer's LAS on gold-tokenised MaltParser outputs.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from shared_data import require

from treeeval.commands.ud import run_ud
from treeeval.formats.conll import read_conll
from treeeval.ud.callin import callin_scores, load_relation_classes
from treeeval.ud.wde import averaged_wde, read_relation_words, word_dependency_entropy, write_weights

UD_GOLD = [("ud", "conll2018", "gold", name) for name in
           ("cs_pud.conllu", "en_ewt.conllu", "fi_tdt.conllu", "he_htb.conllu", "ja_gsd.conllu")]
UD_GOLD += [("ud", "conll2017", "gold", "en-ud-test.conllu"),
            ("ud", "conll2017", "gold", "fi-ud-test.conllu"),
            ("conllx", "udeval-maltparser-ud1.2", "gold", "en-ud-test.r1.2.conllu"),
            ("conllx", "udeval-maltparser-ud1.2", "gold", "fi-ud-test.r1.2.conllu"),
            ("ud", "udtools-cs_pud", "cs_pud-gold.conllu")]


def test_function_relations_have_lower_wde_on_the_shared_ud_gold_files() -> None:
    """The acceptance claim: over every UD gold file in ../shared/data, the function relations
    have a lower averaged WDE than the content relations."""
    paths = [require(*parts) for parts in UD_GOLD]
    averages = averaged_wde([word_dependency_entropy(read_relation_words(p)) for p in paths])
    function = ["det", "case", "cc", "aux", "cop", "mark"]
    content = ["nsubj", "obj", "nmod", "obl", "amod", "conj", "advcl", "acl", "root"]
    assert max(averages[r] for r in function) < min(averages[r] for r in content)
    classes = load_relation_classes()

    def mean(name: str) -> float:
        members = [value for r, value in averages.items() if classes.get(r, "other") == name]
        return sum(members) / len(members)

    assert mean("function") < mean("content")


# --- real parser outputs (gold tokenisation) -------------------------------------------

MALT = ("conllx", "udeval-maltparser-ud1.2")


def columns(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """FORM, DEPREL and flat heads (-1 for the root) of a CoNLL file."""
    forms: list[str] = []
    labels: list[str] = []
    heads: list[np.ndarray] = []
    for sentence in read_conll(path):
        local = np.asarray(sentence.heads)
        heads.append(np.where(local > 0, local - 1 + len(forms), -1))
        forms.extend(sentence.forms)
        labels.extend(sentence.labels)
    return np.array(forms), np.array(labels), np.concatenate(heads)


def score_pair(gold: Path, system: Path, **options: object):
    gold_form, gold_deprel, gold_head = columns(gold)
    _, sys_deprel, sys_head = columns(system)
    return callin_scores(gold_deprel, gold_head, sys_deprel, sys_head,
                         np.arange(len(gold_form)), gold_form=gold_form,
                         **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("run, language", [
    ("maltopt_output_1-2", "English"), ("maltopt_output_1-2", "Finnish"),
    ("maltdefault_output_1-2", "English"), ("maltdefault_coarse_output_test_1-2", "Finnish"),
])
def test_labelled_attachment_agrees_with_the_ud_scorer(run: str, language: str) -> None:
    gold = require(*MALT, "gold", f"{language}.gold.conllx")
    system = require(*MALT, run, f"{language}.conllx")
    report = require(*MALT, run, f"{language}.udtools-multiroots-okay.eval-v.txt")
    las = re.search(r"^LAS +\| +[\d.]+ \| +[\d.]+ \| +([\d.]+)", report.read_text(), re.M)
    assert las is not None
    scores = score_pair(gold, system)
    correct = sum(counts.correct for counts in scores.classes.values())
    assert f"{100 * correct / scores.gold_words:.2f}" == las.group(1)


def test_ud_command_gives_wlas_below_las_and_sttr(tmp_path: Path) -> None:
    """``treeeval ud --callin`` on MaltOptimizer's UD 1.2 English output against the CoNLL-U
    gold: WLAS and STTR are numbers, and WLAS is below LAS (the paper's observation), with
    the gold file's own WDE as weights and with weights averaged over every UD gold file."""
    gold = require(*MALT, "gold", "en-ud-test.r1.2.conllu")
    system = require(*MALT, "maltopt_output_1-2", "English.conllx")
    weights = tmp_path / "weights.tsv"
    averages = averaged_wde([word_dependency_entropy(read_relation_words(require(*parts)))
                             for parts in UD_GOLD])
    with open(weights, "w", encoding="utf-8") as stream:
        write_weights(averages, stream)
    for options, source in (([], "gold"), (["--callin-weights", str(weights)], str(weights))):
        out, err = io.BytesIO(), io.BytesIO()
        assert run_ud(["--json", "--callin", *options, str(gold), str(system)], out, err) == 0
        pair = json.loads(out.getvalue())["pairs"][0]
        callin, las = pair["callin"], pair["metrics"]["LAS"]["f1"]
        assert callin["weights_source"] == source
        assert 50 < callin["wlas"] < las
        assert callin["sttr_chunks"] == callin["gold_words"] // 1000 > 20
        assert 0.3 < callin["sttr"] < 0.7
