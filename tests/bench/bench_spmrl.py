"""``treeeval bracket --spmrl`` against ``treeeval bracket`` and evalb_spmrl on WSJ 23 x N,
in one run (not a pytest test).

    python tests/bench/bench_spmrl.py [--copies 50] [--repeat 3] [--jobs 1]

The gold file is WSJ 23 (2,416 sentences, ../shared/data/evalb/wsj23), the test file the
Berkeley parser's output with the gold's ``TOP`` root; both are repeated N times.  Each
program runs as a user runs it (a fresh process), in turn, ``--repeat`` times:

- ``treeeval bracket -p COLLINS.prm -e 1000000`` (the EVALB path the issue compares with);
- ``treeeval bracket --spmrl -p spmrl.prm`` (its MAX_ERROR is 10,000: the run is not killed);
- ``evalb_spmrl -p spmrl.prm`` when the oracle is installed (``oracles/oracle evalb-spmrl``).

The best times, their ratios and whether treeeval's --spmrl report is byte-identical to
evalb_spmrl's are printed.  The issue's target: --spmrl within 10% of ``bracket``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import best_times

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from oracles import SHARED, OracleMissing, oracle_command  # noqa: E402

DATA = SHARED / "data" / "evalb" / "wsj23"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", default="1")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        gold, test = Path(folder, "gold"), Path(folder, "test")
        gold.write_bytes((DATA / "wsj23.auto.clean.gld").read_bytes() * args.copies)
        test.write_bytes((DATA / "wsj23.berkeley_MLE.top.tst").read_bytes() * args.copies)
        treeeval = [sys.executable, "-m", "treeeval", "bracket", "--jobs", args.jobs]
        commands = {
            "bracket": [*treeeval, "-p", "COLLINS.prm", "-e", "1000000", str(gold), str(test)],
            "bracket --spmrl": [*treeeval, "--spmrl", "-p", "spmrl.prm", str(gold), str(test)],
        }
        prm = SHARED / "data" / "evalb" / "prm" / "spmrl.prm"
        try:
            reference = oracle_command("evalb-spmrl", ["-p", str(prm), str(gold), str(test)])
            if subprocess.run(oracle_command("--where", ["evalb-spmrl"]), capture_output=True,
                              check=False).returncode == 0:
                commands["evalb_spmrl"] = reference
        except OracleMissing as missing:
            print(missing)
        outputs: dict[str, bytes] = {}

        def runner(name: str, command: list[str]):
            def run() -> None:
                done = subprocess.run(command, capture_output=True, check=False, cwd=folder)
                if done.returncode != 0:
                    sys.exit(f"{name} exited {done.returncode}: {done.stderr[-300:]!r}")
                outputs[name] = done.stdout
            return run

        times = best_times([runner(name, command) for name, command in commands.items()],
                           args.repeat)
        for (name, _), seconds in zip(commands.items(), times):
            print(f"{name:18} {seconds:7.2f} s  {seconds / times[0]:5.2f}x bracket")
        if "evalb_spmrl" in outputs:
            same = outputs["evalb_spmrl"] == outputs["bracket --spmrl"]
            print(f"--spmrl vs evalb_spmrl: {times[1] / times[2]:.2f}x, "
                  f"{'byte-identical' if same else 'OUTPUTS DIFFER'}")


if __name__ == "__main__":
    main()
