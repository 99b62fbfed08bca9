"""Hypothesis profiles: ``ci`` (the default: derandomized, so every run draws the same
examples, and no example database) and ``nightly`` (random, twenty times the examples), chosen
with Hypothesis' own option: ``python3 -m pytest --hypothesis-profile nightly``; and ``fuzz``
for the long runs of tests/fuzz (docs/testing.md).

A property test asks for its CI count through :func:`examples`, which scales it::

    @settings(max_examples=examples(150), deadline=None)
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: max_examples of a profile's tests that do not set their own; examples() scales by it
BASE = 100
NIGHTLY_SCALE = 20

settings.register_profile("ci", max_examples=BASE, derandomize=True, database=None,
                          deadline=None, print_blob=True)
settings.register_profile("nightly", max_examples=BASE * NIGHTLY_SCALE, deadline=None,
                          print_blob=True)
#: long fuzz runs (tests/fuzz, with TREEEVAL_FUZZ_CASES): random, slow generation allowed
settings.register_profile("fuzz", deadline=None, print_blob=True, database=None,
                          derandomize=False, suppress_health_check=list(HealthCheck))
settings.load_profile("ci")


def examples(count: int) -> int:
    """``count`` under the CI profile, scaled by the loaded profile's ``max_examples``.

    >>> examples(30)  # under the ci profile
    30
    """
    return count * max(1, settings.default.max_examples // BASE)
