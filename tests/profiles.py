"""Hypothesis profiles: ``ci`` (the default: derandomized, so every run draws the same
examples, and no example database) and ``nightly`` (random, twenty times the examples), chosen
with Hypothesis' own option: ``python3 -m pytest --hypothesis-profile nightly``.

A property test asks for its CI count through :func:`examples`, which scales it::

    @settings(max_examples=examples(150), deadline=None)
"""

from __future__ import annotations

from hypothesis import settings

#: max_examples of a profile's tests that do not set their own; examples() scales by it
BASE = 100
NIGHTLY_SCALE = 20

settings.register_profile("ci", max_examples=BASE, derandomize=True, database=None,
                          deadline=None, print_blob=True)
settings.register_profile("nightly", max_examples=BASE * NIGHTLY_SCALE, deadline=None,
                          print_blob=True)
settings.load_profile("ci")


def examples(count: int) -> int:
    """``count`` under the CI profile, scaled by the loaded profile's ``max_examples``.

    >>> examples(30)  # under the ci profile
    30
    """
    return count * max(1, settings.default.max_examples // BASE)
