"""``treeeval dep --report evalpl[:FLAGS]`` / ``eval07[:FLAGS]`` against eval.pl v1.9 and
eval07.pl v1.4 themselves.

Each case (:func:`evalpl_cases.draw_case`) writes a gold and a system file (a random sentence
subset of the real CoNLL-X files or generated trees; tiny inputs, all-correct systems, systems
with every head wrong, punctuation-only sentences) and draws flags from ``q``, ``p`` and ``b``;
both programs run in the case's folder on the same relative paths, and their whole stdout and
exit status must agree.

One normalisation is applied to both outputs before comparing, :func:`evalpl_cases.untie`:
eval.pl prints some rows in an order given by a count alone (``sort {$b <=> $a}`` on a
count), so rows with equal counts come in Perl's hash order, which differs from one run of
Perl to the next (the oracle pins ``PERL_HASH_SEED=0`` only to make runs repeatable;
treeeval uses code-point order, docs/differences.md). Exactly those runs (consecutive rows
sorted by a count whose counts are equal) are compared as multisets, by sorting each run:
CPOSTAG rows, frame confusions, focus words, each column of a context table, the specific
errors (and so their numbers) and their context rows, and the local contexts and their
errors. Everything else is compared byte for byte, widths included.

eval.pl also walks the contexts of a specific error in that order when it deletes the
contexts that are too general, and which contexts survive depends on it (docs/differences.md):
treeeval walks equal counts in code-point order of eval.pl's own keys. Where the two outputs
still differ after untying, the case is run again through eval.pl with exactly that walk made
code-point ordered (a ``sort`` inserted before ``keys`` in that one loop, into a copy written
in the case's folder): treeeval must then equal that run, and the real run must equal it
everywhere before the "Specific errors" section.

Files that do not line up (blank lines added at the end of one) make both stop with exit
status 1; eval.pl with ``-b`` has then printed the rows read so far, treeeval prints only its
error line (docs/differences.md). A case with no scoring token makes eval.pl divide by zero
(exit 255); treeeval must then stop with one error line and exit status 1. Each case records
how it was compared in its user property ``compared``: ``reference``, ``pinned walk``, ``line
mismatch`` or ``no scoring token``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from dependency_cases import write_conll
from evalpl_cases import draw_case, scores_nothing, untie
from harness import Run, assert_same, case_ids, case_random, require_data, run_oracle, run_treeeval
from oracles import run_patched_perl

#: the loop of eval.pl that deletes contexts that are too general walks the contexts by
#: count; the copy used for order-dependent cases walks equal counts in code-point order
DELETION_LOOP = ("  foreach $loc_con (sort {$err_counts{$err}{$b} <=> $err_counts{$err}{$a}}\n"
                 "\t\t    keys %{$err_counts{$err}})\n  {\n    @cur_err")


def _walk_in_code_point_order(source: str) -> str:
    """eval.pl's source with its deletion loop walking equal counts in code-point order
    (nothing else changed)."""
    assert source.count(DELETION_LOOP) == 1, "the deletion loop of eval.pl was not found"
    return source.replace(DELETION_LOOP, DELETION_LOOP.replace("keys %", "sort keys %"))


def _before_specific_errors(text: bytes) -> bytes:
    """The report up to its "Specific errors" section."""
    return text.split(b"\n\n  Specific errors, ")[0]


def check(oracle: str, case: int, folder: Path, record: Callable[[str, object], None]) -> None:
    """Run case ``case`` of ``oracle`` through both programs in ``folder`` and compare;
    ``record`` notes how the case was compared (the test's user property ``compared``)."""
    require_data("conllx")
    drawn = draw_case(case_random(oracle, case), oracle)
    for name, sentences, tail in (("gold.conll", drawn.gold, drawn.tails[0]),
                                  ("sys.conll", drawn.system, drawn.tails[1])):
        path = write_conll(folder / name, sentences, drawn.final_blank)
        path.write_text(path.read_text(encoding="utf-8") + tail, encoding="utf-8")
    args = ["-g", "gold.conll", "-s", "sys.conll"] + [f"-{flag}" for flag in drawn.flags]
    report = oracle + (f":{drawn.flags}" if drawn.flags else "")
    command = ["dep", "-g", "gold.conll", "-s", "sys.conll", "--report", report]
    reference = run_oracle(oracle, args, folder)
    ours = run_treeeval(command, folder)
    name = f"{oracle} case {case} ({', '.join(drawn.description)}; flags {drawn.flags or '-'})"
    if reference.status == 1 and b"line mismatch" in reference.stderr:
        # the files do not line up: an error (with -b eval.pl has printed the rows so far)
        assert ours.status == 1 and re.fullmatch(rb"treeeval: error: [^\n]*\n", ours.stderr)
        assert ours.stdout == b"" and (reference.stdout == b"" or "b" in drawn.flags)
        record("compared", "line mismatch")
        return
    if scores_nothing(drawn, oracle):
        assert reference.status == 255 and b"division by zero" in reference.stderr
        assert ours.status == 1 and ours.stdout == b""
        assert re.fullmatch(rb"treeeval: error: [^\n]*\n", ours.stderr)
        record("compared", "no scoring token")
        return
    untied = [Run(untie(run.stdout.decode("utf-8")).encode("utf-8"), run.stderr, run.status)
              for run in (reference, ours)]
    if untied[0].stdout != untied[1].stdout and b"  Specific errors, " in reference.stdout:
        pinned = run_patched_perl(oracle, _walk_in_code_point_order, args, folder)
        assert _before_specific_errors(untied[0].stdout) == _before_specific_errors(
            untie(pinned.stdout.decode("utf-8")).encode("utf-8"))
        untied[0] = Run(untie(pinned.stdout.decode("utf-8")).encode("utf-8"), pinned.stderr,
                        pinned.status)
        name += ", against eval.pl with its deletion walk in code-point order"
    record("compared", "pinned walk" if "code-point" in name else "reference")
    assert_same(untied[0], untied[1], name, ["treeeval", *command], folder)


@pytest.mark.differential(oracle="evalpl")
@pytest.mark.parametrize("case", case_ids(150))
def test_evalpl(case: int, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    check("evalpl", case, tmp_path, lambda *item: request.node.user_properties.append(item))


@pytest.mark.differential(oracle="eval07")
@pytest.mark.parametrize("case", case_ids(100))
def test_eval07(case: int, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    check("eval07", case, tmp_path, lambda *item: request.node.user_properties.append(item))
