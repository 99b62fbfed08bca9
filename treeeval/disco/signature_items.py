"""The settings of a ``treeeval disco`` run that change a number, as its signature names
them (:mod:`treeeval.policy.signature`): the parameter file (its name and hash), the
effective cutoff, both files' formats and encodings, ``--functions``, ``--morphology``,
``--disconly``, the optional scores in effect (the option or the file's LA and TED) and
the head rules (name and hash).  ``--verbose`` and ``--debug`` change no number.

>>> from treeeval.disco.run import DiscoSettings
>>> from treeeval.policy.signature import build
>>> build("disco", signature_items(DiscoSettings("g", "p", fmt="discbracket", la=True)))
'cmd:disco|prm:none|cut:40|goldfmt:discbracket|parsesfmt:discbracket|goldenc:utf8|\
parsesenc:utf8|functions:remove|morphology:no|disconly:no|la:yes|ted:no|version:0.1.0'
"""

from __future__ import annotations

from pathlib import Path

from ..policy.signature import Value
from .run import DiscoSettings, in_effect


def signature_items(settings: DiscoSettings) -> list[tuple[str, Value]]:
    """The signature's fields of a run's settings, in the order of docs/disco.md."""
    _, cutoff, la, ted, _ = in_effect(settings)
    return [
        ("prm", "none" if settings.param is None else Path(settings.param)),
        ("cut", cutoff),
        ("goldfmt", settings.fmt or settings.goldfmt),
        ("parsesfmt", settings.fmt or settings.parsesfmt),
        ("goldenc", settings.goldenc), ("parsesenc", settings.parsesenc),
        ("functions", settings.functions), ("morphology", settings.morphology),
        ("disconly", settings.disconly),
        ("la", bool(la)), ("ted", bool(ted)),
        ("headrules", None if settings.headrules is None else Path(settings.headrules))]

