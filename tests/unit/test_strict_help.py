"""Each command's ``--strict`` help names the checks of that command (issue 25): every
warning a command can give is made here on small files of our own, under ``--strict`` (an
error line, exit status 1), and the command's help must name it; a check of another command
(bracket's MAX_ERROR and Error/Skip sentences) is named by no other help."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.arguments import COMMANDS, build_parser, command_parser

TREE = "(TOP (S (NP (DT a) (NN dog)) (VP (VBZ barks))))\n"
ROOT = TREE.replace("(TOP", "(ROOT")
OTHER = "(TOP (S (NP (DT a) (NN cat)) (VP (VBZ barks))))\n"
UNKNOWN = "(TOP (S (ZZZ (DT a) (NN dog)) (VP (VBZ barks))))\n"


def conll(*words: tuple[str, int, str]) -> str:
    return "".join(f"{index}\t{form}\t_\tX\tX\t_\t{head}\t{label}\t_\t_\n"
                   for index, (form, head, label) in enumerate(words, 1)) + "\n"


DISC = "(S (VP (NN 0=a) (VB 2=c)) (XX 1=b))\n"
WORDS = conll(("Dogs", 2, "nsubj"), ("bark", 0, "root"))

#: (command, files, arguments, a word of the check its help must name, a part of the notice)
CHECKS = [
    ("bracket", {"g.mrg": TREE, "t.conll": WORDS}, ["g.mrg", "t.conll"],
     "another format", "looks like CoNLL-X"),
    ("bracket", {"g.mrg": TREE, "t.mrg": ""}, ["g.mrg", "t.mrg"], "no tree",
     "has no bracketed tree"),
    ("bracket", {"g.mrg": TREE * 2, "t.mrg": TREE}, ["g.mrg", "t.mrg"], "different lengths",
     "has 1 line, g.mrg has 2"),
    ("bracket", {"g.mrg": TREE * 3, "t.mrg": OTHER * 3}, ["-e", "1", "g.mrg", "t.mrg"],
     "MAX_ERROR", "(MAX_ERROR 1)"),
    ("bracket", {"g.mrg": TREE, "t.mrg": ROOT}, ["-p", "COLLINS.prm", "g.mrg", "t.mrg"],
     "root label", "the test root label ROOT"),
    ("bracket", {"g.mrg": TREE, "t.mrg": OTHER}, ["g.mrg", "t.mrg"], "Error and Skip",
     "1 sentence not scored (1 Error, 0 Skip)"),
    ("bracket", {"g.mrg": "", "a.mrg": "", "b.mrg": ""}, ["--stat", "ar", "g.mrg", "a.mrg",
                                                         "b.mrg"],
     "--stat on a gold file", "--stat tests nothing"),
    ("bracket", {"g.mrg": TREE * 2, "a.mrg": TREE * 2, "b.mrg": TREE}, ["g.mrg", "a.mrg",
                                                                        "b.mrg"],
     "an incomplete system", "incomplete (1 of 2 sentences)"),
    ("dep", {"g.conll": "", "p.conll": ""}, ["g.conll", "p.conll"], "no sentence",
     "holds no sentence"),
    ("dep", {"g.conll": "", "a.conll": "", "b.conll": ""}, ["--stat", "ar", "g.conll",
                                                            "a.conll", "b.conll"],
     "--stat on a gold file", "--stat tests nothing"),
    ("ud", {"g.conllu": "", "s.conllu": ""}, ["g.conllu", "s.conllu"], "no word",
     "the system file holds no word"),
    ("ud", {"g.conllu": WORDS, "s.conllu": WORDS, "w.txt": "nsubj inf\n"},
     ["--conll17", "-w", "w.txt", "g.conllu", "s.conllu"], "finite number",
     "is not a finite number"),
    ("ud", {"gold/a.conllu": WORDS, "sys/a.conllu": WORDS, "sys/b.conllu": WORDS},
     ["gold", "sys"], "no gold file", "no gold file b.conllu"),
    ("ud", {"g.conllu": "", "a.conllu": "", "b.conllu": ""}, ["--stat", "ar", "g.conllu",
                                                              "a.conllu", "b.conllu"],
     "--stat on a gold file", "--stat tests nothing"),
    ("lin", {"k.mrg": UNKNOWN, "a.mrg": UNKNOWN}, ["k.mrg", "a.mrg"], "no head rule",
     "no head rule for"),
    ("errors", {"g.mrg": TREE * 2, "t.mrg": TREE}, ["g.mrg", "t.mrg"],
     "shorter or longer", "has 1 line, g.mrg has 2"),
    ("errors", {"g.mrg": TREE * 2, "a.mrg": TREE * 2, "b.mrg": TREE},
     ["--format", "text", "g.mrg", "a.mrg", "b.mrg"], "an incomplete system",
     "incomplete (1 of 2 sentences)"),
    ("errors", {"g.mrg": TREE, "t.mrg": ""}, ["g.mrg", "t.mrg"], "no tree",
     "has no bracketed tree"),
    ("errors", {"g.mrg": "", "a.mrg": "", "b.mrg": ""}, ["--stat", "ar", "g.mrg", "a.mrg",
                                                        "b.mrg"],
     "--stat on a gold file", "--stat tests nothing"),
    ("disco", {"g.dbr": DISC * 2, "a.dbr": DISC * 2, "b.dbr": DISC},
     ["--param", "none", "--fmt=discbracket", "g.dbr", "a.dbr", "b.dbr"],
     "an incomplete system", "incomplete (1 of 2 sentences)"),
    ("task", {"gold/aa.conllu": WORDS, "gold/bb.conllu": WORDS, "sys/t/aa.conllu": WORDS},
     ["gold", "sys"], "counts 0", "the run of t on bb counts 0"),
    ("task", {"gold/aa.conllu": WORDS, "sys/t/aa.conllu": WORDS, "sys/t/zz.conllu": WORDS},
     ["gold", "sys"], "no treebank's run", "no treebank of the task has this file"),
    ("wde", {"a.conllu": WORDS, "b.conllu": ""}, ["a.conllu", "b.conllu"], "no word",
     "holds no word"),
    ("convert", {"t.mrg": UNKNOWN}, ["t.mrg"], "no head rule", "no head rule for ZZZ"),
    ("convert", {"t.mrg": TREE, "x.prm": "BOGUS 1\n"}, ["-p", "x.prm", "t.mrg"],
     "-p file EVALB ignores", "Unknown keyword (BOGUS 1)"),
]


def strict_help(command: str) -> str:
    """The help of ``--strict`` of ``command`` ('' when it has none)."""
    parser = command_parser(build_parser([command]), command)
    action = parser._option_string_actions.get("--strict")
    return " ".join((action.help or "").split()) if action else ""


@pytest.mark.parametrize("command, files, args, check, notice", CHECKS,
                         ids=[f"{case[0]}-{case[3]}" for case in CHECKS])
def test_each_warning_is_named_by_the_help_of_its_command(
        tmp_path: Path, command: str, files: dict[str, str], args: list[str], check: str,
        notice: str) -> None:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    ran = run_treeeval([command, "--strict", *args], tmp_path)
    said = [line for line in ran.stderr.decode().splitlines() if line.endswith("(--strict)")]
    assert ran.status == 1 and any(notice in line for line in said), ran.stderr
    assert check in strict_help(command)


def test_every_command_that_warns_is_checked() -> None:
    """A command with --strict has its warnings above; browse, which warns nothing, has none."""
    assert {name for name in COMMANDS if strict_help(name)} == {case[0] for case in CHECKS}


@pytest.mark.parametrize("command", sorted({case[0] for case in CHECKS} - {"bracket"}))
def test_no_help_names_the_checks_of_bracket(command: str) -> None:
    text = strict_help(command)
    assert "MAX_ERROR" not in text and "Skip" not in text
