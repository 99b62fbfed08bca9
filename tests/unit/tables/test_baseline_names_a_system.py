"""``--baseline`` names one of the systems, with ``--stat`` or without it (issue 25: ``ud
--baseline Foo`` was accepted in silence without ``--stat``, as it was by ``bracket``,
``lin`` and ``errors``; ``dep`` refused it): a name that is none of them is a usage error in
every command that compares systems, and a system's short name is taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import run_treeeval

TREE = "(TOP (S (NP (DT a) (NN dog)) (VP (VBZ barks))))\n"
OTHER = "(TOP (S (NP (DT a)) (VP (NN dog) (VBZ barks))))\n"
WORDS = "1\tDogs\t_\tX\tX\t_\t2\tnsubj\t_\t_\n2\tbark\t_\tX\tX\t_\t0\troot\t_\t_\n\n"
WRONG = WORDS.replace("\t2\tnsubj", "\t2\tobj")

#: each command and its gold file and two systems
COMMANDS = {
    "bracket": {"g.mrg": TREE, "a.mrg": TREE, "b.mrg": OTHER},
    "lin": {"g.mrg": TREE, "a.mrg": TREE, "b.mrg": OTHER},
    "errors": {"g.mrg": TREE, "a.mrg": TREE, "b.mrg": OTHER},
    "ud": {"g.conllu": WORDS, "a.conllu": WORDS, "b.conllu": WRONG},
    "dep": {"g.conll": WORDS, "a.conll": WORDS, "b.conll": WRONG},
}


def compare(folder: Path, command: str, *args: str):
    files = COMMANDS[command]
    for name, text in files.items():
        (folder / name).write_text(text)
    extra = ["--format", "text"] if command == "dep" else []  # dep compares with a table
    return run_treeeval([command, *args, *extra, *files], folder)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_baseline_that_is_no_system_is_refused(tmp_path: Path, command: str) -> None:
    ran = compare(tmp_path, command, "--baseline", "Foo")
    # errors writes its report before the table, whose baseline is then refused (as with --stat)
    assert ran.status == 2 and (ran.stdout == b"" or command == "errors")
    assert ran.stderr.decode().startswith("treeeval: error: --baseline Foo is none of the "
                                          "systems (a."), ran.stderr


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_baseline_named_by_its_short_name_is_taken(tmp_path: Path, command: str) -> None:
    ran = compare(tmp_path, command, "--baseline", "b")
    assert ran.status == 0, ran.stderr
