"""``treeeval task --tira TEAM OUT_DIR`` against the official CoNLL 2018 TIRA wrapper
(``oracle conll18-tira TRUTH_DIR SYSTEM_DIR OUT_DIR``) on generated tasks.

Each case is a TRUTH_DIR with a ``metadata.json`` over 1 to 4 treebanks (gold subsets of the
real UD test sets, :mod:`ud_cases`; now and then a listed gold file that does not exist, an
``outfile`` named unlike its ``goldfile``, or a treebank name listed twice) and 1 to 3 teams,
each run perturbed from the gold, or missing, empty, comments only, or with an error the
scorer refuses
(:func:`ud_cases.inject_error`).  For every team, stdout, the exit status and the bytes of
``evaluation.prototext`` must be the wrapper's.  The gold files always hold text: on an empty
gold file the wrapper stops with an internal error (docs/differences.md).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import ud_cases
from harness import Run, assert_same, case_ids, case_random, require_data, run_oracle, run_treeeval

#: CI cases (the whole test stays well under 60 s on the shared machine)
CI_CASES = 10
#: what a team's run on a treebank is, and how often
RUN_KINDS = (("perturbed", 6), ("error", 2), ("missing", 1), ("empty", 1), ("comments", 1))


@pytest.mark.differential(oracle="conll18-tira")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_tira(case: int, tmp_path: Path) -> None:
    require_data("ud")
    rng = case_random("conll18-tira", case)
    teams = write_task(rng, tmp_path)
    jobs = rng.choice(("1", "2"))
    for team in teams:
        (tmp_path / f"ref-{team}").mkdir()
        (tmp_path / f"ours-{team}").mkdir()
        reference = run_oracle("conll18-tira", ["truth", f"systems/{team}", f"ref-{team}"],
                               tmp_path)
        command = ["task", "--jobs", jobs, "--tira", team, f"ours-{team}", "truth", "systems"]
        ours = run_treeeval(command, tmp_path)
        assert_same(reference, ours, f"case {case}, team {team}", ["treeeval", *command],
                    tmp_path)
        assert_same(_prototext(tmp_path / f"ref-{team}"), _prototext(tmp_path / f"ours-{team}"),
                    f"case {case}, team {team}: evaluation.prototext",
                    ["treeeval", *command], tmp_path)


def _prototext(folder: Path) -> Run:
    return Run((folder / "evaluation.prototext").read_bytes(), b"", 0)


def write_task(rng: random.Random, root: Path) -> list[str]:
    """A TRUTH_DIR and a SYSTEMS_DIR for a random task under ``root``: the teams' names."""
    truth = root / "truth"
    truth.mkdir()
    teams = [f"team{index}" for index in range(rng.randint(1, 3))]
    for team in teams:
        (root / "systems" / team).mkdir(parents=True)
    metadata = []
    for index in range(rng.randint(1, 4)):
        lcode, tcode = f"l{index}", rng.choice(("ewt", "pud", "a_b", "x"))
        if metadata and rng.random() < 0.1:  # a name listed twice (its own files)
            lcode, tcode = metadata[-1]["lcode"], metadata[-1]["tcode"]
        goldfile = f"{lcode}_{tcode}{index}.conllu"
        outfile = goldfile if rng.random() < 0.7 else f"out{index}.conllu"
        metadata.append({"lcode": lcode, "tcode": tcode, "goldfile": goldfile,
                         "outfile": outfile})
        if rng.random() < 0.1:  # listed, but no gold file
            continue
        gold = ud_cases.draw_gold(rng)
        if rng.random() < 0.3:
            ud_cases.tweak_gold(gold, rng)
        (truth / goldfile).write_text(ud_cases.render(gold), encoding="utf-8")
        for team in teams:
            content = _run(gold, rng)
            if content is not None:
                (root / "systems" / team / outfile).write_text(content, encoding="utf-8")
    (truth / "metadata.json").write_text(json.dumps(metadata), encoding="utf-8")
    return teams


def _run(gold: list[ud_cases.Sentence], rng: random.Random) -> str | None:
    """A team's run on a gold file (None: no file)."""
    kinds, weights = zip(*RUN_KINDS)
    kind = rng.choices(kinds, weights)[0]
    if kind == "missing":
        return None
    if kind == "empty":
        return ""
    if kind == "comments":
        return "# sent_id = 1\n# text = nothing\n"
    content = ud_cases.render(ud_cases.perturb(gold, rng))
    return ud_cases.inject_error(content, rng) if kind == "error" else content
