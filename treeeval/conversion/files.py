"""A file of bracketed trees converted to a CoNLL file (``treeeval convert``): read, with the
``-p`` deletions, converted with the head table, and written whole or not at all; what a
user could miss (a head table without a rule for some parent, the ``.prm`` file's ignored
lines) is said through the notices.

>>> import io, os, tempfile
>>> from treeeval.policy.notices import Notices
>>> from treeeval.conversion.settings import ConvertSettings
>>> path = os.path.join(tempfile.mkdtemp(), "in.mrg")
>>> _ = open(path, "w").write("( (S (NP (NNP Rain)) (VP (VBD fell))))\\n")
>>> out = io.BytesIO()
>>> convert_file(ConvertSettings(path), out, Notices())
>>> print(out.getvalue().decode().replace("\\t", " "), end="")
1 Rain _ NNP NNP _ 2 dep _ _
2 fell _ VBD VBD _ 0 root _ _
<BLANKLINE>
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import BinaryIO

from ..errors import InputError
from ..model.dependencies import DependencySentence
from ..policy.notices import Notices
from ..policy.outputs import Name
from ..wording import counted
from .settings import ConvertSettings


def convert_file(settings: ConvertSettings, out: BinaryIO, notices: Notices) -> None:
    """Convert ``settings.input`` and write it to ``settings.output`` (else ``out``)."""
    from ..bracket.params import load_params
    from ..formats.brackets import read_trees, tree_start_line
    from ..formats.headrules import find_heads
    from ..formats.prm import find_prm
    from . import ConversionError, Converter
    from .deletion import delete_labels

    converter = Converter(settings.table, settings.labels)
    trees = read_trees(settings.input)
    if settings.prm:
        params, messages = load_params([settings.prm])
        for message in messages:
            notices.add(message, path=settings.prm)
        trees = (delete_labels(tree, params) for tree in trees)
    inputs = [find_heads(settings.table), find_prm(settings.prm) if settings.prm else None]
    try:
        write_converted(settings, converter.sentences(trees), out, inputs)
    except ConversionError as exc:
        line = tree_start_line(settings.input, exc.sentence)
        raise InputError(str(exc), path=settings.input, line=line or None) from None
    note_unknown(converter.unknown, notices)


def write_converted(settings: ConvertSettings, sentences: Iterable[DependencySentence],
                    out: BinaryIO, inputs: Iterable[Name | None],
                    ids: Iterable[str] | None = None) -> None:
    """Write converted ``sentences`` in ``settings.format`` to ``settings.output`` (whole or
    not at all; never one of ``settings.input`` and the other ``inputs``), else to ``out``;
    ``ids`` are the CoNLL-U ``sent_id`` values (default: the numbers from 1)."""
    from ..formats.conll import write_conll
    from ..policy.outputs import output_file
    from .conllu import as_conllu

    if settings.format == "conllu":
        sentences = as_conllu(sentences, ids)
    with contextlib.ExitStack() as stack:
        target = out
        if settings.output:
            target = stack.enter_context(output_file(settings.output, [settings.input, *inputs],
                                                     binary=True))
        write_conll(sentences, target, settings.format)


def note_unknown(unknown: dict[str, int], notices: Notices) -> None:
    """Say which parent categories had no rule in the head table, and how often."""
    for category, count in sorted(unknown.items()):
        notices.add(f"no head rule for {category} ({counted(count, 'time')}); used the table's * "
                    "rule")
