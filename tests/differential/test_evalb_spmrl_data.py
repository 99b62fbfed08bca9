"""``treeeval bracket --spmrl`` against evalb_spmrl on every stored case of ../shared/data/evalb.

The stored outputs there are EVALB's, not evalb_spmrl's: each case is run through the live
program (oracle ``evalb-spmrl``) and through treeeval, in a fresh folder holding links to
the case's files (evalb_spmrl writes its ``status`` file into the working directory, which
must not be ../shared; treeeval must write none), and stdout and the exit status must be
identical.  Every case runs:

* the behaviour cases of cases/cases.txt (all but ``help`` and ``unknown_opt``, whose
  output is treeeval's own): with their own command line, and with their ``-p`` files
  replaced by ``-p spmrl.prm``; each of the two again with a set of evalb_spmrl's options
  (``-X``, ``-L``, ``-l``, ``-V``, ``-K``), a different set for each case;
* the real parser outputs (WSJ 22 and 23, the ppaml 100, the parser-analyser sample) against
  their gold file with the .prm files their stored reports were made with and with
  spmrl.prm, and once more with spmrl.prm and a set of evalb_spmrl's options.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import DATA, assert_same, require_data, require_oracle, run_oracle, run_treeeval

EVALB = DATA / "evalb"
#: the cases of cases.txt whose output is treeeval's own (``-h``, an unknown option)
OWN_BEHAVIOUR = {"help", "unknown_opt"}
#: evalb_spmrl's options, one set per case in turn
FLAG_SETS = [["-X"], ["-L"], ["-l", "-V"], ["-V", "-X", "-L"], ["-K", "2"], ["-K", "1", "-X"],
             ["-l"], ["-X", "-V"], ["-K", "3", "-L"], ["-X", "-l"]]
#: the real files: folder, gold file, test files, the .prm files of their stored reports
REAL = [
    ("wsj22", "wsj22.auto.clean.gld", ["wsj22.berkeley_MLE.raw.tst", "wsj22.berkeley_MLE.top.tst"],
     ["COLLINS.prm", "new.prm"]),
    ("wsj23", "wsj23.auto.clean.gld", ["wsj23.berkeley_MLE.raw.tst", "wsj23.berkeley_MLE.top.tst",
                                       "wsj23.berkeley_MLE.perturbed.tst"], ["COLLINS.prm", "nk.prm"]),
    ("ppaml100", "ppaml_wsj22first100.gld", ["ppaml_wsj22first100.berkeley_MLE.tst"],
     ["COLLINS.prm", "new.prm"]),
    ("parser-analyser-sample", "wsj01.mrg",
     [f"{name}.mrg" for name in ("berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
                                 "charniak_selftrained_basic", "charniak_selftrained_reranking",
                                 "collins.1", "collins.2", "collins.3", "henderson", "stanford",
                                 "stanford_factored")], ["COLLINS.prm"]),
]


def with_spmrl_prm(args: list[str]) -> list[str]:
    """``args`` with its ``-p`` options replaced by one ``-p spmrl.prm`` (where the first
    stood, or first of all).

    >>> with_spmrl_prm(["-e", "3", "-p", "a.prm", "g", "-p", "b.prm", "t"])
    ['-e', '3', '-p', 'spmrl.prm', 'g', 't']
    >>> with_spmrl_prm(["g", "t"])
    ['-p', 'spmrl.prm', 'g', 't']
    """
    kept: list[str] = []
    at = None
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "-p":
            at = len(kept) if at is None else at
            skip = True
        else:
            kept.append(arg)
    at = 0 if at is None else at
    return [*kept[:at], "-p", "spmrl.prm", *kept[at:]]


def stored_runs() -> list[tuple[str, str, list[str]]]:
    """(id, folder under ../shared/data/evalb, evalb_spmrl's arguments) of every run."""
    runs: list[tuple[str, str, list[str]]] = []
    cases = EVALB / "cases" / "cases.txt"
    if not cases.exists():
        return [("<shared data absent>", "cases", [])]
    lines = [line for line in cases.read_text().splitlines() if line.strip() and not line.startswith("#")]
    for number, line in enumerate(lines):
        name, args = (part.strip() for part in line.split("|", 1))
        if name in OWN_BEHAVIOUR:
            continue
        flags = FLAG_SETS[number % len(FLAG_SETS)]
        for prm, given in (("own", args.split()), ("spmrl", with_spmrl_prm(args.split()))):
            runs.append((f"{name}-{prm}", "cases", given))
            runs.append((f"{name}-{prm}-{''.join(flags)}", "cases", [*flags, *given]))
    for number, (folder, gold, tests, prms) in enumerate(REAL):
        for index, test in enumerate(tests):
            for prm in [*prms, "spmrl.prm"]:
                runs.append((f"{folder}-{test}-{prm}", folder, ["-p", prm, gold, test]))
            flags = FLAG_SETS[(number + index) % len(FLAG_SETS)]
            runs.append((f"{folder}-{test}-spmrl.prm-{''.join(flags)}", folder,
                         ["-p", "spmrl.prm", *flags, gold, test]))
    return runs


RUNS = stored_runs()


def _link_files(folder: Path, into: Path) -> None:
    """Link the shipped .prm files and then every file of ``folder`` into ``into``."""
    for source in (EVALB / "prm", folder):
        for path in source.iterdir():
            if path.is_file():
                target = into / path.name
                if target.exists() or target.is_symlink():
                    target.unlink()
                target.symlink_to(path)


@pytest.mark.differential(oracle="evalb-spmrl")
@pytest.mark.parametrize("run", RUNS, ids=[run[0] for run in RUNS])
def test_stored_case(run: tuple[str, str, list[str]], tmp_path: Path) -> None:
    name, folder, args = run
    source = require_data("evalb", folder)
    require_oracle("evalb-spmrl")
    _link_files(source, tmp_path)
    ours = run_treeeval(["bracket", "--spmrl", *args], tmp_path)
    assert not (tmp_path / "status").exists(), f"{name}: treeeval wrote a status file"
    reference = run_oracle("evalb-spmrl", args, tmp_path)
    assert_same(reference, ours, name, ["treeeval", "bracket", "--spmrl", *args], tmp_path)
