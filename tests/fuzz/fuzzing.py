"""The fuzz harness: structured inputs, mutated, given to the command line in process.

Each fuzz test builds a valid input of one format with a Hypothesis strategy, mutates it with
:func:`mutated` (the generic byte and line mutations every reader must survive; a format adds
its own structured ones), writes the files into a fresh folder and calls :func:`check_run`.
A run passes when it ends in success, or in treeeval's own error: a one-line
``treeeval: error: FILE:LINE[:COL]: what`` naming one of the run's files (exit status 1), or a
usage error (exit status 2) where the fuzzed text is an option.  Any other exception (a
traceback) fails the case, and so does a run over :data:`TIME_LIMIT` seconds of CPU (CPU
time, not wall time, so that a loaded machine does not fail a case).

The number of cases is the test's CI count under the ``ci`` profile, or
``TREEEVAL_FUZZ_CASES`` per test for a long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python3 -m pytest tests/fuzz -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM

>>> mutate_bytes(b"(S (NN a))", [("delete", 0, 1)])
b'S (NN a))'
"""

from __future__ import annotations

import os
import re
import signal
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from cli_runner import Run, run_treeeval
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: CPU seconds one case may take (a 100,000-level tree or word sentence: under 5 s each)
TIME_LIMIT = 10.0

#: a located error: FILE:LINE[:COL]: what (FILE is one of the run's files), or a notice
#: FILE[:LINE]: what (a run EVALB stops at MAX_ERROR keeps EVALB's exit status 1; under
#: --strict a notice is an error line ending in "(--strict)")
LOCATED = re.compile(rb"treeeval: (?:error: (?P<file>[^:\n]+):\d+(?::\d+)?: \S[^\n]*"
                     rb"|warning: (?P<noticed>[^:\n]+)(?::\d+)?: \S[^\n]*"
                     rb"|error: (?P<strict>[^:\n]+)(?::\d+)?: \S[^\n]* \(--strict\))\n")

#: values that break naive readers: huge and signed numbers, non-numbers, bad bytes
NASTY = [b"", b"0", b"-1", b"99999999999999999999", b"1e309", b"nan", b"inf", b"-inf",
         b"1.000000000000000000000000000001", b"\xff\xfe", b"\xc3", b"\x00", b"\t", b"_",
         b"\xe2\x80\x8b", b"<", b"&", b"(", b")", b"#", b" ", b"\r", b"\xef\xbb\xbf"]


def fuzz_examples(ci_count: int) -> int:
    """How many cases a fuzz test draws: ``TREEEVAL_FUZZ_CASES``, or its CI count.

    >>> fuzz_examples(40) if "TREEEVAL_FUZZ_CASES" not in os.environ else 40
    40
    """
    value = os.environ.get("TREEEVAL_FUZZ_CASES")
    return int(value) if value else ci_count


def fuzz_settings(ci_count: int) -> settings:
    """The settings of a fuzz test: its case count, no deadline per example (the harness has
    its own time limit) and no health check on slow generation."""
    return settings(max_examples=fuzz_examples(ci_count), deadline=None,
                    suppress_health_check=list(HealthCheck))


def mutate_bytes(data: bytes, edits: Sequence[tuple[str, int, int | bytes]]) -> bytes:
    """Apply ``edits`` in turn: ``("delete", at, n)``, ``("insert", at, bytes)``,
    ``("replace", at, bytes)``, ``("duplicate", at, n)``, ``("truncate", at, 0)``; ``at`` is
    taken modulo the length so that any drawn number is a place in the data.

    >>> mutate_bytes(b"abc", [("insert", 1, b"X"), ("truncate", 3, 0)])
    b'aXb'
    """
    for kind, at, value in edits:
        place = at % (len(data) + 1)
        if kind == "delete":
            data = data[:place] + data[place + int(value):]  # type: ignore[arg-type]
        elif kind == "insert":
            data = data[:place] + bytes(value) + data[place:]  # type: ignore[arg-type]
        elif kind == "replace":
            piece = bytes(value)  # type: ignore[arg-type]
            data = data[:place] + piece + data[place + len(piece):]
        elif kind == "duplicate":
            data = data[:place] + data[place:place + int(value)] * 2 + data[place + int(value):]  # type: ignore[arg-type]
        elif kind == "truncate":
            data = data[:place]
    return data


def mutate_lines(data: bytes, edits: Sequence[tuple[str, int, int]]) -> bytes:
    """Line mutations: ``("drop", i, 0)``, ``("repeat", i, n)``, ``("swap", i, j)``,
    ``("blank", i, 0)`` (an empty line), on line ``i`` modulo the number of lines.

    >>> mutate_lines(b"a\\nb\\nc\\n", [("swap", 0, 2), ("drop", 1, 0)])
    b'c\\na\\n'
    """
    lines = data.split(b"\n")
    for kind, i, j in edits:
        if not lines:
            break
        i %= len(lines)
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines[i:i + 1] = [lines[i]] * (1 + j % 4)
        elif kind == "swap":
            j %= len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "blank":
            lines.insert(i, b"")
    return b"\n".join(lines)


_byte_edit = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 1 << 20), st.integers(1, 8)),
    st.tuples(st.just("insert"), st.integers(0, 1 << 20),
              st.one_of(st.sampled_from(NASTY), st.binary(min_size=1, max_size=4))),
    st.tuples(st.just("replace"), st.integers(0, 1 << 20),
              st.one_of(st.sampled_from(NASTY), st.binary(min_size=1, max_size=4))),
    st.tuples(st.just("duplicate"), st.integers(0, 1 << 20), st.integers(1, 40)),
    st.tuples(st.just("truncate"), st.integers(0, 1 << 20), st.just(0)),
)
_line_edit = st.tuples(st.sampled_from(["drop", "repeat", "swap", "blank"]),
                       st.integers(0, 1 << 20), st.integers(0, 1 << 20))


@st.composite
def mutated(draw: st.DrawFn, valid: st.SearchStrategy[bytes], max_edits: int = 3) -> bytes:
    """A valid input from ``valid``, then up to ``max_edits`` byte and line mutations (often
    none: the valid input itself must be scored)."""
    data = draw(valid)
    if draw(st.integers(0, 4)) == 0:
        return data
    data = mutate_lines(data, draw(st.lists(_line_edit, max_size=max_edits)))
    return mutate_bytes(data, draw(st.lists(_byte_edit, max_size=max_edits)))


def tree_edits(values: Sequence[bytes], kinds: Sequence[str] = (
        "drop (", "drop )", "add (", "add )", "relabel", "word", "bare")
               ) -> st.SearchStrategy[list[tuple[str, int, bytes]]]:
    """Up to three structured edits of bracketed text for :func:`edit_tree`, each putting
    one of ``values`` (labels, words, nasty bytes) where it applies."""
    return st.lists(st.tuples(st.sampled_from(list(kinds)), st.integers(0, 1 << 16),
                              st.sampled_from(list(values))), max_size=3)


def edit_tree(data: bytes, edits: Sequence[tuple[str, int, bytes]]) -> bytes:
    """Structured mutations of bracketed text: a bracket dropped or added, the label after a
    chosen ``(`` or the word before a chosen ``)`` replaced, bare text inserted.

    >>> edit_tree(b"(S (NN a))", [("drop )", 0, b""), ("relabel", 1, b"VB")])
    b'(S (VB a)'
    >>> edit_tree(b"(S (NN a))", [("word", 0, b"b")])
    b'(S (NN b))'
    """
    for kind, at, value in edits:
        opens = [i for i, c in enumerate(data) if c == 0x28]
        closes = [i for i, c in enumerate(data) if c == 0x29]
        if kind == "drop (" and opens:
            i = opens[at % len(opens)]
            data = data[:i] + data[i + 1:]
        elif kind == "drop )" and closes:
            i = closes[at % len(closes)]
            data = data[:i] + data[i + 1:]
        elif kind in ("add (", "add )"):
            i = at % (len(data) + 1)
            data = data[:i] + kind[-1].encode() + data[i:]
        elif kind == "relabel" and opens:
            i = opens[at % len(opens)] + 1
            end = i
            while end < len(data) and data[end] not in b" ()\n":
                end += 1
            data = data[:i] + value + data[end:]
        elif kind == "word" and closes:
            end = closes[at % len(closes)]
            start = data.rfind(b" ", 0, end) + 1
            data = data[:start] + value + data[end:]
        elif kind == "bare":
            i = at % (len(data) + 1)
            data = data[:i] + b" " + value + b" " + data[i:]
    return data


class TooSlow(Exception):
    """A run went over :data:`TIME_LIMIT`."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TooSlow` in the body after ``seconds`` of the process's CPU time
    (Unix, main thread)."""
    def expire(signum: int, frame: object) -> None:
        raise TooSlow(f"the run took more than {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def check_run(args: Sequence[str], files: Mapping[str, bytes],
              usage_ok: bool = False) -> Run:
    """Write ``files`` (name -> content) into a fresh folder, run ``treeeval ARGS`` there and
    check the promise: success, or one located error line naming one of ``files`` with exit
    status 1 (or, for a run the reference program stops with status 1, a notice naming one)
    (``usage_ok``: or a usage error, exit status 2, when an option was fuzzed).
    Returns the run, for a test's own further checks."""
    with tempfile.TemporaryDirectory(prefix="treeeval-fuzz-") as folder:
        for name, content in files.items():
            Path(folder, name).write_bytes(content)
        with time_limit(TIME_LIMIT):
            ran = run_treeeval(list(args), folder)
        for name, content in files.items():  # inputs are never written
            assert Path(folder, name).read_bytes() == content, f"{name} was changed"
    assert_promise(ran, files, usage_ok)
    return ran


def assert_promise(ran: Run, files: Mapping[str, bytes], usage_ok: bool = False) -> None:
    """Success, or treeeval's own located error (see :func:`check_run`)."""
    if ran.status == 0:
        return
    stderr = ran.stderr.decode("utf-8", "replace")
    if ran.status == 2 and usage_ok and "treeeval: error: " in stderr:
        return
    assert ran.status == 1, f"exit status {ran.status}; stderr:\n{stderr[-2000:]}"
    errors = [m for m in LOCATED.finditer(ran.stderr)]
    assert errors, f"exit 1 without a located error line; stderr:\n{stderr[-2000:]}"
    last = errors[-1]
    named = (last.group("file") or last.group("noticed") or last.group("strict")).decode(
        "utf-8", "replace")
    assert Path(named).name in files, f"error names {named!r}, not an input; stderr:\n{stderr[-2000:]}"
