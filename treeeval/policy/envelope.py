"""The envelope of every ``--json`` document: ``{"schema", "version", "command", "signature",
...}``.

``schema`` names the document family (``treeeval/1``), ``version`` is treeeval's version,
``command`` the command that wrote it and ``signature`` the run's signature
(:mod:`treeeval.policy.signature`); the command's own keys follow, in its order, naming
the user's files (never a decompressed copy: :mod:`treeeval.policy.inputs`).  Each
command's document is described by a JSON Schema file, ``treeeval/schemas/COMMAND.json``
(``schema_path``), which the tests check every document against.

>>> envelope("bracket", "cmd:bracket|version:0.1.0", gold="g")  # doctest: +NORMALIZE_WHITESPACE
{'schema': 'treeeval/1', 'version': '0.1.0', 'command': 'bracket',
 'signature': 'cmd:bracket|version:0.1.0', 'gold': 'g'}
>>> schema_path("ud").name
'ud.json'
"""

from __future__ import annotations

from pathlib import Path

from ..bundled import bundled_dir
from ..version import __version__
from .inputs import shown_in

#: the document family of every --json output
SCHEMA = "treeeval/1"
#: the commands that write a --json document (one schema file each)
COMMANDS = ("bracket", "dep", "ud", "lin", "errors", "task", "disco")


def envelope(command: str, signature: str, **fields: object) -> dict[str, object]:
    """A ``--json`` document of ``command``: the envelope's keys, then ``fields`` in order."""
    return {"schema": SCHEMA, "version": __version__, "command": command,
            "signature": signature, **shown_in(fields)}


def schema_path(command: str) -> Path:
    """The JSON Schema file of ``command``'s ``--json`` document (shipped with treeeval)."""
    return bundled_dir("treeeval") / "schemas" / f"{command}.json"
