"""The one output writer (treeeval.policy.outputs) and every command that writes a file.

Each writer refuses any input of its run (the treebanks and the .prm, head-table, tag,
class files), whether named by the same path, a symbolic link or a hard link, with one line
and exit status 1; a run that fails or is interrupted leaves no output file behind.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from treeeval.cli import main
from treeeval.errors import InputError
from treeeval.policy.outputs import output_file

TREE = "(TOP (S (NP (DT a) (NN b)) (VP (VB c)) (. .)))\n"
ROW = "{}\t{}\t_\t{}\t{}\t_\t{}\t{}\t_\t_\n"
CONLL = ROW.format(1, "Rain", "NN", "NN", 2, "nsubj") + ROW.format(2, "fell", "VB", "VB", 0, "root")


def write(folder: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: folder / name for name in files}


def bracket(folder: Path, out: str) -> tuple[list[str], list[Path]]:
    f = write(folder, {"gold.mrg": TREE, "test.mrg": TREE, "mine.prm": "DELETE_LABEL TOP\n"})
    return (["bracket", "-p", str(f["mine.prm"]), "--per-sentence", out, str(f["gold.mrg"]),
             str(f["test.mrg"])], list(f.values()))


def errors(folder: Path, out: str) -> tuple[list[str], list[Path]]:
    f = write(folder, {"gold.mrg": TREE, "test.mrg": TREE, "mine.prm": "DELETE_LABEL TOP\n"})
    return (["errors", "-p", str(f["mine.prm"]), "--per-sentence", out, str(f["gold.mrg"]),
             str(f["test.mrg"])], list(f.values()))


def convert(folder: Path, out: str) -> tuple[list[str], list[Path]]:
    heads = (Path(__file__).parents[3] / "headrules" / "collins.heads").read_text()
    f = write(folder, {"in.mrg": TREE, "mine.heads": heads, "mine.prm": "DELETE_LABEL .\n"})
    return (["convert", "--heads", str(f["mine.heads"]), "-p", str(f["mine.prm"]),
             str(f["in.mrg"]), "-o", out], list(f.values()))


def dep(folder: Path, out: str) -> tuple[list[str], list[Path]]:
    f = write(folder, {"gold.conll": CONLL + "\n", "sys.conll": CONLL + "\n",
                       "tags": "NN\nVB\n", "labels": "nsubj\nroot\n"})
    return (["dep", "-g", str(f["gold.conll"]), "-s", str(f["sys.conll"]), "--postag",
             str(f["tags"]), "--deprel", str(f["labels"]), "--output", out], list(f.values()))


def wde(folder: Path, out: str) -> tuple[list[str], list[Path]]:
    f = write(folder, {"t.conllu": CONLL + "\n", "classes.tsv": "root\tother\n"})
    return (["wde", str(f["t.conllu"]), "--classes", str(f["classes.tsv"]), "-o", out],
            list(f.values()))


WRITERS: dict[str, Callable[[Path, str], tuple[list[str], list[Path]]]] = {
    "bracket": bracket, "errors": errors, "convert": convert, "dep": dep, "wde": wde}


def link(kind: str, target: Path, folder: Path) -> Path:
    if kind == "same path":
        return target
    alias = folder / f"alias-{target.name}"
    (os.symlink if kind == "symlink" else os.link)(target, alias)
    return alias


@pytest.mark.parametrize("kind", ["same path", "symlink", "hard link"])
@pytest.mark.parametrize("command", WRITERS)
def test_every_input_is_refused(command: str, kind: str, tmp_path: Path,
                                capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    _, inputs = WRITERS[command](tmp_path, "unused")
    for target in inputs:
        before = {path: path.read_bytes() for path in inputs}
        alias = link(kind, target, tmp_path)
        args, _ = WRITERS[command](tmp_path, str(alias))
        assert main(args) == 1, (command, target.name)
        captured = capsysbinary.readouterr()
        assert captured.err == (f"treeeval: error: {alias}: is an input of this run; "
                                "it is never written\n").encode()
        assert {path: path.read_bytes() for path in inputs} == before
        if alias != target:
            alias.unlink()
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in inputs)


@pytest.mark.parametrize("command", WRITERS)
def test_a_successful_run_writes_the_file(command: str, tmp_path: Path,
                                          capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    out = tmp_path / "out.txt"
    args, inputs = WRITERS[command](tmp_path, str(out))
    assert main(args) == 0 and out.read_text(encoding="utf-8")
    assert sorted(tmp_path.iterdir()) == sorted([*inputs, out])


#: for each writer, where to make the run fail once the output is open
FAILURES = {"bracket": "treeeval.bracket.api.write_jsonl",
            "errors": "treeeval.errorclasses.report.write_sentences",
            "convert": "treeeval.formats.conll.write_conll",
            "dep": "treeeval.compare.dep.run_inputs",
            "wde": "treeeval.ud.wde.write_weights"}


@pytest.mark.parametrize("error", [KeyboardInterrupt, InputError])
@pytest.mark.parametrize("command", WRITERS)
def test_a_failed_run_leaves_no_file(command: str, error: type[BaseException], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch,
                                     capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        for value in args:  # write a part first where a stream is given
            if hasattr(value, "write"):
                value.write(b"partial" if "b" in getattr(value, "mode", "") else "partial")
        raise error("stopped") if error is InputError else error()

    out = tmp_path / "out.txt"
    args, inputs = WRITERS[command](tmp_path, str(out))
    monkeypatch.setattr(FAILURES[command], fail)
    assert main(args) == (130 if error is KeyboardInterrupt else 1)
    assert sorted(tmp_path.iterdir()) == sorted(inputs)
    out.write_text("before\n")
    main(args)
    assert out.read_text() == "before\n"


def test_a_killed_bracket_run_keeps_no_per_sentence_file(
        tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """MAX_ERROR ends the run with status 1: its per-sentence file is not kept."""
    f = write(tmp_path, {"gold": TREE * 3, "test": TREE.replace("(DT a)", "(DT x)") * 3})
    out = tmp_path / "rows.jsonl"
    assert main(["bracket", "-e", "0", "--per-sentence", str(out), str(f["gold"]),
                 str(f["test"])]) == 1
    assert not out.exists()


def test_writing_through_a_symlink_replaces_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    alias = tmp_path / "alias.txt"
    alias.symlink_to(target)
    with output_file(alias, []) as stream:
        stream.write("new\n")
    assert alias.is_symlink() and target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_has_the_permissions_open_gives(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        with output_file(tmp_path / "new.txt", [], binary=True) as stream:
            stream.write(b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


def test_an_unwritable_place_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no/such: cannot write: No such file or directory"):
        with output_file(tmp_path / "no" / "such", []):
            pass
    (tmp_path / "folder").mkdir()
    with pytest.raises(InputError, match="folder: cannot write: Is a directory"):
        with output_file(tmp_path / "folder", []):
            pass
