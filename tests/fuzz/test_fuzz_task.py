"""Fuzzing ``treeeval task``: a task folder with a mutated ``metadata.json``, a mutated
``--groups`` file and runs drawn by the CoNLL-U strategy of :mod:`test_fuzz_ud` (mutated
too).  A broken run only counts 0 (a warning; with ``--strict`` a located error), a broken
metadata.json or groups file is a located error: every case must end in tables, or in one
located ``treeeval: error: FILE:LINE: ...`` naming one of the task's files
(:func:`fuzzing.assert_promise`).

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=2000 python -m pytest tests/fuzz/test_fuzz_task.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from cli_runner import run_treeeval
from fuzzing import TIME_LIMIT, assert_promise, fuzz_settings, mutated, time_limit
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_ud import conllu_pair

#: CI cases (the whole file stays under about 25 s on the shared machine)
CI_CASES = 100
TREEBANKS = ("en_ewt", "fi_tdt")
OPTIONS = st.tuples(st.lists(st.sampled_from(["--strict", "--conll17", "--jobs=1",
                                              "--table=averages", "--metrics=LAS",
                                              "--stat=bootstrap"]),
                             max_size=3, unique=True),
                    st.sampled_from([[], ["--json"], ["--format=csv"]])).map(
    lambda drawn: drawn[0] + drawn[1])


@st.composite
def metadata(draw: st.DrawFn) -> bytes:
    """A TIRA metadata.json over the two treebanks (or one), maybe mutated."""
    entries = [{"lcode": name.split("_")[0], "tcode": name.split("_")[1],
                "goldfile": f"{name}.conllu", "outfile": f"{name}.conllu"}
               for name in TREEBANKS[:draw(st.integers(1, 2))]]
    return draw(mutated(st.just(json.dumps(entries, indent=1).encode())))


@st.composite
def groups(draw: st.DrawFn) -> bytes:
    """A --groups file over the treebanks, maybe mutated."""
    lines = [f"g{index} " + " ".join(draw(st.lists(st.sampled_from(TREEBANKS), min_size=1,
                                                     max_size=2)))
             for index in range(draw(st.integers(1, 3)))]
    return draw(mutated(st.just(("# groups\n" + "\n".join(lines) + "\n").encode())))


def check_task(args: list[str], files: dict[str, bytes]) -> None:
    """Write ``files`` (relative paths -> bytes) into a fresh folder, run ``treeeval task``
    there and check the promise; the files' base names identify them in errors."""
    with tempfile.TemporaryDirectory(prefix="treeeval-fuzz-") as folder:
        for name, content in files.items():
            Path(folder, name).parent.mkdir(parents=True, exist_ok=True)
            Path(folder, name).write_bytes(content)
        with time_limit(TIME_LIMIT):
            ran = run_treeeval(["task", *args], folder)
    assert_promise(ran, {Path(name).name: content for name, content in files.items()})


@fuzz_settings(CI_CASES)
@given(conllu_pair(), conllu_pair(), st.one_of(st.none(), metadata()),
       st.one_of(st.none(), groups()), OPTIONS)
def test_fuzz_task(first: tuple[bytes, bytes], second: tuple[bytes, bytes],
                   metadata_json: bytes | None, groups_file: bytes | None,
                   options: list[str]) -> None:
    files = {"gold/en_ewt.conllu": first[0], "systems/a/en_ewt.conllu": first[1],
             "gold/fi_tdt.conllu": second[0], "systems/b/fi_tdt.conllu": second[1],
             "systems/b/en_ewt.conllu": first[0]}
    args = list(options)
    if metadata_json is not None:
        files["gold/metadata.json"] = metadata_json
    if groups_file is not None:
        files["groups.txt"] = groups_file
        args += ["--groups", "groups.txt"]
    check_task([*args, "gold", "systems"], files)
