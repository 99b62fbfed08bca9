"""The one argparse tree of ``treeeval``: --version, the examples of every --help, usage
errors and near misses, EVALB's left-to-right options and ``treeeval dep GOLD PARSED...``."""

from __future__ import annotations

import io
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from treeeval.arguments import COMMANDS, build_parser, command_parser, parse, parse_command
from treeeval.cli import main
from treeeval.commands.bracket import bracket_settings as bracket_options
from treeeval.commands.dep import run_dep
from treeeval.dep.options import parse_dep_args
from treeeval.errors import UsageError
from treeeval.version import __version__


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"treeeval {__version__}\n"


def test_root_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-h"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: treeeval") and "examples:\n  treeeval bracket" in text
    for name in COMMANDS:
        assert f"\n    {name} " in text


def example_lines(help_text: str) -> list[str]:
    """The command lines of the ``examples:`` epilog at the end of a help text."""
    assert "\nexamples:\n" in help_text
    tail = help_text.split("\nexamples:\n", 1)[1]
    return [line.strip() for line in tail.splitlines() if line.startswith("  treeeval ")]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_help_ends_with_examples_that_parse(name: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"usage: treeeval {name}")
    lines = example_lines(text)
    assert 2 <= len(lines) <= 3
    for line in lines:
        words = shlex.split(line)
        assert words[:2] == ["treeeval", name]
        parsed = parse(words[1:])
        assert parsed is not None and parsed[0] == name, line
    assert example_lines(command_parser(build_parser(), name).format_help()) == lines


@pytest.mark.parametrize("name, argv, typed, near", [
    ("dep", ["--metric", "LAS", "g", "p"], "--metric", "--Metric"),
    ("dep", ["-g", "g", "-s", "p", "--Groupby", "Deprel"], "--Groupby", "--GroupBy"),
    ("dep", ["g", "p", "--excludedeprels=punct"], "--excludedeprels=punct", "--ExcludeDeprels"),
    ("bracket", ["--per-sentense", "x.jsonl", "gold", "test"], "--per-sentense",
     "--per-sentence"),
    ("errors", ["gold", "test", "--per-sentense", "x.jsonl"], "--per-sentense", "--per-sentence"),
    ("ud", ["--multiple-roots-ok", "gold", "sys"], "--multiple-roots-ok", "--multiple-roots-okay"),
])
def test_near_misses_are_suggested(name: str, argv: list[str], typed: str, near: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_command(name, argv)
    assert str(caught.value) == (f"unknown option {typed} (see treeeval {name} -h); "
                                 f"did you mean {near}?")


def unique_abbreviations(name: str) -> dict[str, str]:
    """Each long option of command ``name`` and its shortest abbreviation no other option
    shares (none for an option that starts another one)."""
    options = [o for o in command_parser(build_parser([name]), name)._option_string_actions
               if o.startswith("--") and o != "--help"]
    found = {}
    for option in options:
        for end in range(4, len(option)):
            cut = option[:end]
            if [o for o in options if o.startswith(cut)] == [option]:
                found[option] = cut
                break
    return found


@pytest.mark.parametrize("name", list(COMMANDS))
def test_an_abbreviation_suggests_its_option(name: str) -> None:
    """Options are never abbreviated, but every command says which one was meant (``--sig``:
    did you mean --signature?, issue 25)."""
    found = unique_abbreviations(name)
    assert found
    for option, cut in found.items():
        with pytest.raises(UsageError) as caught:
            parse_command(name, [cut, "a", "b"])
        assert str(caught.value).endswith(f"; did you mean {option}?"), (cut, str(caught.value))
    if "--signature" in found:
        assert found["--signature"] in ("--si", "--sig")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_version(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--version"]) == 0
    assert capsys.readouterr().out == f"treeeval {__version__}\n"


def test_far_misses_and_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(UsageError, match=r"^unknown option --frobnicate \(see treeeval lin -h\)$"):
        parse_command("lin", ["--frobnicate", "a", "b"])
    assert main(["brackets", "g", "t"]) == 2
    assert capsys.readouterr().err.endswith("; did you mean bracket?\n")


def test_usage_errors_are_one_line_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bracket", "gold", "test", "--jobs"]) == 2
    assert capsys.readouterr().err == "treeeval: error: option --jobs needs a value\n"
    assert main([]) == 2
    assert capsys.readouterr().out.startswith("usage: treeeval")
    assert main(["--frob"]) == 2
    assert capsys.readouterr().err == "treeeval: error: unknown option --frob (see treeeval -h)\n"


def test_options_are_never_abbreviated() -> None:
    with pytest.raises(UsageError, match="unknown option --per "):
        parse_command("bracket", ["--per", "x.jsonl", "gold", "test"])
    with pytest.raises(UsageError, match="unknown option --Met "):
        parse_command("dep", ["--Met", "LAS", "g", "p"])


def test_evalb_options_apply_left_to_right() -> None:
    def options(*argv: str):
        return bracket_options(parse_command("bracket", [*argv, "gold", "test"]))

    # COLLINS.prm sets MAX_ERROR 10 and CUTOFF_LEN 40: what stands after it wins
    assert options("-e", "3", "-p", "COLLINS.prm").params.max_error == 10
    assert options("-p", "COLLINS.prm", "-e", "3").params.max_error == 3
    assert options("-c5", "-p", "COLLINS.prm").params.cutoff_len == 40
    assert options("-pCOLLINS.prm", "-c", "5").params.cutoff_len == 5
    # only the first letter of a cluster counts, as in EVALB
    assert options("-dD").params.debug == 1 and options("-Dd").params.debug == 2
    assert options("-d", "-D").params.debug == 2
    assert bracket_options(parse_command("bracket", ["gold", "-d", "test"])).test == "test"
    with pytest.raises(UsageError, match="option -c needs a whole number, got 'x'"):
        options("-c", "x")


def conll(path: Path, heads: list[int]) -> str:
    words = ["The", "dog", "barks", "."]
    rows = [f"{i}\t{w}\t_\tX\tX\t_\t{h}\t{'root' if h == 0 else 'dep'}\t_\t_"
            for i, (w, h) in enumerate(zip(words, heads), 1)]
    path.write_text("\n".join(rows) + "\n\n", encoding="utf-8")
    return str(path)


def test_dep_positional_is_g_and_s(tmp_path: Path) -> None:
    gold = conll(tmp_path / "g.conll", [2, 3, 0, 3])
    parsed = conll(tmp_path / "p.conll", [2, 3, 0, 2])
    other = conll(tmp_path / "q.conll", [3, 3, 0, 3])

    def output(*argv: str) -> bytes:
        out = io.BytesIO()
        assert run_dep(list(argv), out, io.BytesIO()) == 0
        return out.getvalue()

    flags = ["--Metric", "LAS;UAS", "--details", "1"]
    assert output(gold, parsed, *flags) == output("-g", gold, "-s", parsed, *flags)
    assert output(*flags, gold, parsed, other) == output("-g", gold, "-s", parsed, other, *flags)
    assert parse_dep_args([gold, parsed]).arguments == ("-g", gold, "-s", parsed)
    with pytest.raises(UsageError, match="not both"):
        parse_dep_args([gold, parsed, "-g", other])
    with pytest.raises(UsageError, match="expected GOLD and PARSED files, got 1"):
        parse_dep_args([gold])


def test_dep_keeps_maltevals_rules() -> None:
    with pytest.raises(UsageError, match="--Metric is given twice"):
        parse_dep_args(["g", "p", "--Metric", "LAS", "--Metric=UAS"])
    with pytest.raises(UsageError, match="-e must come before"):
        parse_dep_args(["--Metric", "LAS", "-e", "e.xml", "g", "p"])
    with pytest.raises(UsageError, match="option --GroupBy needs a value"):
        parse_dep_args(["g", "p", "--GroupBy"])
    options = parse_dep_args(["-g", "g", "-s", "p1", "p2", "--ExcludeDeprels", "punct",
                              "--heads", "collins", "--heads", "modcollins"])
    assert options.parsed == ("p1", "p2") and options.heads == "modcollins"
    # the echo names every option that changes a number, treeeval's --heads too (issue 15)
    assert options.arguments == ("-g", "g", "-s", "p1", "p2", "--ExcludeDeprels", "punct",
                                 "--heads", "collins", "--heads", "modcollins")


def test_a_value_may_start_with_a_dash() -> None:
    options = parse_dep_args(["g", "p", "--ExcludePostags", "-NONE-", "--ExcludeWordforms",
                              "-LRB-|-RRB-"])
    assert options.parameters == {"ExcludePostags": ("-NONE-",),
                                  "ExcludeWordforms": ("-LRB-|-RRB-",)}
    assert options.arguments[-4:] == ("--ExcludePostags", "-NONE-", "--ExcludeWordforms",
                                      "-LRB-|-RRB-")
    args = parse_command("bracket", ["-p", "-odd.prm", "-dD", "gold", "test"])
    assert args.evalb == [("-p", "-odd.prm"), ("-d", [])] and args.files == ["gold", "test"]


def test_bracket_imports_neither_nltk_lark_nor_textual() -> None:
    # a real process: what a run imports shows only in a fresh interpreter's sys.modules (in
    # process, other tests have imported nltk, lark and textual already)
    code = ("import sys; from treeeval.cli import main; main(['bracket', '-h']); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'nltk', 'lark', 'textual'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "[]"


def test_the_comparison_options_are_built_without_numpy() -> None:
    # --stat's defaults and --format's names come from numpy-free modules
    # (stats.defaults, tables.rendering): `treeeval bracket -h` and a small run's start-up
    # do not pay for numpy's import while the options are built
    code = ("import sys, argparse; from treeeval.arguments import add_comparison, comparison_settings; "
            "from treeeval.cli import main; main(['bracket', '-h']); "
            "add_comparison(argparse.ArgumentParser(), stat_help='', metrics_example='', "
            "plot='figures', html='a report'); print('numpy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "False", result.stderr


def test_one_disco_report_is_made_without_numpy(tmp_path: Path) -> None:
    # one system's report (with --la --ted) needs no numpy: its start-up is most of a small
    # run; the paired tests and figures import it when asked
    tree = "(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\n"
    (tmp_path / "t.dbr").write_text(tree)
    code = ("import os, sys; from treeeval.cli import main; sys.stdout = open(os.devnull, 'w'); "
            f"status = main(['disco', {str(tmp_path / 't.dbr')!r}, {str(tmp_path / 't.dbr')!r}, "
            "'--fmt=discbracket', '--la', '--ted']); sys.stdout = sys.__stdout__; "
            "print(status, 'numpy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "0 False", result.stderr


def test_a_small_bracket_run_is_made_without_numpy(tmp_path: Path) -> None:
    # two small files are scored line by line (treeeval.bracket.sequential): numpy's import
    # would be most of the run's time; a larger pair, --jobs or a test take the block path
    (tmp_path / "g.mrg").write_text("(S (NP (NN a)) (VP (VB b)))\n(S (NN c))\n")
    (tmp_path / "t.mrg").write_text("(S (NP (NN a) (VB b)))\n(S (NN c) (VB d))\n")
    (tmp_path / "big.mrg").write_text("(S (NP (NN a)) (VP (VB b)))\n" * 3000)
    runs = [["g.mrg", "t.mrg"], ["g.mrg", "t.mrg", "--jobs", "1"], ["big.mrg", "big.mrg"]]
    code = ("import os, sys; from treeeval.cli import main; sys.stdout = open(os.devnull, 'w'); "
            "status = main(['bracket', '-p', 'COLLINS.prm', *sys.argv[1:]]); "
            "sys.stdout = sys.__stdout__; print(status, 'numpy' in sys.modules)")
    seen = [subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                           cwd=tmp_path).stdout.splitlines()[-1:] for args in runs]
    assert seen == [["0 False"], ["0 True"], ["0 True"]]


def test_help_imports_no_dataclasses_nor_numpy() -> None:
    # `treeeval --help` builds the argparse tree and stops: the policies a run needs
    # (inputs, notices: dataclasses, inspect) are imported when a command runs
    code = ("import sys; from treeeval.cli import main; sys.stdout = open(__import__('os').devnull, 'w'); "
            "main(['--help']); sys.stdout = sys.__stdout__; "
            "print(sorted(name for name in ('dataclasses', 'numpy', 'inspect') if name in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "[]", result.stderr


@pytest.mark.parametrize("command", ["dep", "ud"])
def test_a_small_pair_imports_no_multiprocessing(tmp_path: Path, command: str) -> None:
    # a second process pays only for large files (policy/processes.py): a small run does not
    # pay for importing multiprocessing (6 ms)
    row = "1\tRain\t_\tX\tX\t_\t0\troot\t_\t_\n\n"
    for name in ("gold.conllu", "system.conllu"):
        (tmp_path / name).write_text(row)
    files = ["-g", "gold.conllu", "-s", "system.conllu"] if command == "dep" else [
        "gold.conllu", "system.conllu"]
    code = ("import sys; from treeeval.cli import main; sys.stdout = open(__import__('os').devnull, 'w'); "
            f"status = main({[command, *files]!r}); sys.stdout = sys.__stdout__; "
            "print(status, 'multiprocessing' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=tmp_path)
    assert result.stdout.splitlines()[-1] == "0 False", result.stderr
