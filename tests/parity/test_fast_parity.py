"""The fast path against C EVALB's own output, line by line.

For WSJ 22 (Berkeley parser output, raw and with TOP, COLLINS.prm and new.prm), the
ppaml 100 and the small cases of shared/data/evalb/cases, every line score_chunk does
not hand back must carry exactly the numbers of the .rsl / .out line of that sentence;
every line EVALB reports as an Error (status 1) must be handed back or be a length
mismatch no quote repair can mend; and on WSJ 22 few lines may be handed back at all.
Needs ../shared beside the repository (skips without).
"""

from __future__ import annotations

import shlex
from pathlib import Path

import numpy as np
import pytest

from treeeval.bracket.kernel.fast import score_chunk
from treeeval.bracket.params import EvalbParams
from treeeval.formats.prm import find_prm, read_prm

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
EVALB_DATA = SHARED / "data" / "evalb"
#: columns of EVALB's sentence line that score_chunk computes (ID, Recal, Prec., Accracy aside)
FIELDS = {"length": 1, "status": 2, "matched": 5, "gold": 6, "test": 7, "crossing": 8,
          "words": 9, "correct": 10}
#: at most this share of WSJ 22 may be handed back to the reference engine
MOST_FALLBACK = 0.01


def shared(*parts: str) -> Path:
    path = EVALB_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


def evalb_lines(output: bytes) -> dict[int, list[int]]:
    """EVALB's sentence lines by ID: the integer fields of each (debug lines skipped)."""
    lines: dict[int, list[int]] = {}
    for line in output.split(b"\n")[3:]:
        if line.startswith(b"====="):
            break
        fields = line.split()
        if len(fields) == 12 and all(f.replace(b".", b"", 1).isdigit() for f in fields):
            lines[int(fields[0])] = [int(fields[k]) for k in FIELDS.values()]
    return lines


def params_from(*names: Path | str) -> EvalbParams:
    params = EvalbParams()
    for name in names:
        params.apply_settings(read_prm(name if isinstance(name, Path) else find_prm(name))[0])
    return params


def compare(gold: bytes, test: bytes, params: EvalbParams, output: bytes) -> tuple[int, int]:
    """Check score_chunk against EVALB's lines; return (lines checked, lines handed back)."""
    scores = score_chunk(gold, test, params)
    expected = evalb_lines(output)
    got = np.stack([getattr(scores.counts, name) for name in FIELDS], axis=1)
    checked = 0
    for index, back in enumerate(scores.fallback.tolist()):
        numbers = expected.get(index + 1)
        if numbers is None:
            continue
        if numbers[1] == 1 and not back:
            assert scores.counts.status[index] == 1 and scores.gold_words[index] != scores.test_words[index], (
                f"line {index + 1}: EVALB reports an Error the fast path neither kept as a "
                "length mismatch nor handed back")
        if not back:
            assert got[index].tolist() == numbers, f"line {index + 1}"
            checked += 1
    return checked, int(scores.fallback.sum())


@pytest.mark.parametrize("prm", ["COLLINS", "new"])
@pytest.mark.parametrize("variant", ["raw", "top"])
def test_wsj22(variant: str, prm: str) -> None:
    folder = shared("wsj22")
    gold = (folder / "wsj22.auto.clean.gld").read_bytes()
    checked, back = compare(gold, (folder / f"wsj22.berkeley_MLE.{variant}.tst").read_bytes(),
                            params_from(f"{prm}.prm"),
                            (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.rsl").read_bytes())
    lines = gold.count(b"\n")
    assert checked + back == lines == 1700
    assert back <= MOST_FALLBACK * lines, f"{back} of {lines} lines handed back"


@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_ppaml100(prm: str) -> None:
    folder = shared("ppaml100")
    checked, back = compare((folder / "ppaml_wsj22first100.gld").read_bytes(),
                            (folder / "ppaml_wsj22first100.berkeley_MLE.tst").read_bytes(),
                            params_from(f"{prm}.prm"),
                            (folder / f"ppaml_wsj22first100.{prm}.rsl").read_bytes())
    assert checked + back == 100 and back <= 1


def cases() -> list[tuple[str, str]]:
    listing = EVALB_DATA / "cases" / "cases.txt"
    if not listing.exists():
        return []
    rows = [line.split("|") for line in listing.read_text().splitlines()
            if "|" in line and not line.startswith("#")]
    return [(name.strip(), args.strip()) for name, args in rows]


def case_inputs(args: str, folder: Path) -> tuple[bytes, bytes, EvalbParams] | None:
    """The two files and the parameters of a case's EVALB command line (None: no files)."""
    params, files = EvalbParams(), []
    words = iter(shlex.split(args))
    for word in words:
        if word == "-p":
            params.apply_settings(read_prm(folder / next(words))[0])
        elif word in ("-c", "-e"):
            next(words)
        elif word in ("-d", "-D"):
            params.debug = 1 if word == "-d" else 2
        elif not word.startswith("-"):
            files.append((folder / word).read_bytes())
    if len(files) < 2:
        return None
    return *cut_to_same_length(*files), params


def cut_to_same_length(gold: bytes, test: bytes) -> tuple[bytes, bytes]:
    """The lines both files have (EVALB reads them in lock-step)."""
    gold_lines, test_lines = gold.split(b"\n"), test.split(b"\n")
    for lines in (gold_lines, test_lines):
        if lines[-1] == b"":
            lines.pop()
    common = min(len(gold_lines), len(test_lines))
    return (b"".join(line + b"\n" for line in gold_lines[:common]),
            b"".join(line + b"\n" for line in test_lines[:common]))


@pytest.mark.parametrize("name, args", cases() or [pytest.param("-", "", marks=pytest.mark.skip(
    reason="shared reference data not found (parity tests need ../shared)"))])
def test_small_cases(name: str, args: str) -> None:
    folder = shared("cases")
    inputs = case_inputs(args, folder)
    if inputs is None:
        pytest.skip(f"{name} scores no files")
    compare(*inputs, (folder / "out" / f"{name}.out").read_bytes())
