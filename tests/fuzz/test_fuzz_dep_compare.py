"""Fuzzing ``treeeval dep`` with several systems: the comparison's options on fuzzed files.

A gold file and two parsed files (valid or mutated, :func:`test_fuzz_dep.dependency_pair`,
the second parsed file the gold itself) are compared with random ``--stat``, ``--Metric``,
``--metrics``, ``--baseline`` and ``--format`` values, often nonsense; each run succeeds, or
stops with one located error line or, for a fuzzed option, a usage error
(:func:`fuzzing.check_run`).  A successful ``--format json`` run is a document of the table
schema with the systems in the command line's order.

Long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python3 -m pytest tests/fuzz/test_fuzz_dep_compare.py -n 2
"""

from __future__ import annotations

import json

from fuzzing import check_run, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_dep import dependency_pair

STATS = ["ar", "bootstrap", "mcnemar", "1", "0", "x"]
METRICS = ["LAS", "UAS;LAS", "Lin errors", "LAS,Lin errors", "AnyWrong", "ELAS", ";", ""]
MAIN_METRICS = ["LAS", "UAS;LA", "AnyRight;self", "self", "HeadWrong"]
BASELINES = ["parsed", "gold", "parsed.conll", "nobody", ""]
FORMATS = ["text", "markdown", "latex", "csv", "json", "html"]
#: CI count: the file runs in about 5 s on one core
CI_CASES = 60


@st.composite
def comparison_flags(draw: st.DrawFn) -> list[str]:
    """Some of the comparison's options, with values right and wrong."""
    flags = ["--resamples", str(draw(st.integers(1, 30)))]
    for flag, values in (("--stat", STATS), ("--Metric", MAIN_METRICS), ("--metrics", METRICS),
                         ("--baseline", BASELINES), ("--format", FORMATS)):
        if draw(st.booleans()):
            flags += [flag, draw(st.sampled_from(values))]
    return flags


@given(case=dependency_pair(), flags=comparison_flags(), json_too=st.booleans())
@fuzz_settings(CI_CASES)
def test_comparison_options(case: tuple[str, dict[str, bytes]], flags: list[str],
                            json_too: bool) -> None:
    kind, files = case
    args = ["dep", f"gold.{kind}", f"parsed.{kind}", f"gold.{kind}", *flags]
    ran = check_run(args + (["--json"] if json_too else []), files, usage_ok=True)
    if ran.status == 0 and "--format" in flags and flags[flags.index("--format") + 1] == "json":
        document = json.loads(ran.stdout)
        assert [system["name"] for system in document["systems"]] == ["parsed", "gold"]
