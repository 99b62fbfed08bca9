"""A large parsed file is read in a second process while the gold file is read: every output
and every error is the same as reading the two files in turn (treeeval/dep/read_ahead.py).

The threshold is lowered to 0 bytes so that these small files take the second process."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval

from treeeval.dep import read_ahead as read_ahead_module
from treeeval.model.treebank import Treebank
from treeeval.model.vocabulary import Vocabularies
from treeeval.policy import processes


def row(i: int, form: str, head: int | str, label: str, tag: str = "NN") -> str:
    return f"{i}\t{form}\t{form.lower()}\t{tag}\t{tag}\t_\t{head}\t{label}\t_\t_\n"


GOLD = (row(1, "Rain", 2, "nsubj") + row(2, "fell", 0, "root", "VBD") + "\n"
        + row(1, "Café", 2, "nsubj") + row(2, "closed", 0, "root", "VBD") + row(3, ".", 2, "p", ".")
        + "\n")
PARSED = (row(1, "Rain", 0, "root") + row(2, "fell", 1, "dep", "VBD") + "\n"
          + row(1, "Café", 2, "nsubj", "NNP") + row(2, "closed", 0, "root", "VBD")
          + row(3, ".", 2, "punct", ".") + "\n")


def dep(tmp_path: Path, gold: str | bytes, parsed: str | bytes, *options: str,
        parsed_name: str = "parsed.conll") -> Run:
    for name, text in (("gold.conll", gold), (parsed_name, parsed)):
        (tmp_path / name).write_bytes(text.encode() if isinstance(text, str) else text)
    return run_treeeval(["dep", "-g", "gold.conll", "-s", parsed_name, *options], tmp_path)


@pytest.fixture
def ahead_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file as small as these read in a second process; the names of those read so,
    each followed by "sent" when the second process's columns were used."""
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", -1)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)
    started: list[str] = []
    real, real_treebank = read_ahead_module.ReadAhead.__init__, read_ahead_module.ReadAhead.treebank

    def counted(self: read_ahead_module.ReadAhead, path: str, charset: str,
                conllu: bool) -> None:
        started.append(Path(path).name)
        real(self, path, charset, conllu)

    def used(self: read_ahead_module.ReadAhead, vocabulary: Vocabularies) -> Treebank | None:
        treebank = real_treebank(self, vocabulary)
        if treebank is not None:
            started.append("sent")
        return treebank

    monkeypatch.setattr(read_ahead_module.ReadAhead, "__init__", counted)
    monkeypatch.setattr(read_ahead_module.ReadAhead, "treebank", used)
    return started


CASES = {
    "plain": (GOLD, PARSED, ()),
    "GroupBy Deprel": (GOLD, PARSED, ("--GroupBy", "Deprel")),
    # POSTAG is read on first use: from the parsed file again, in the main process
    "GroupBy Postag, LAS;UAS;LA": (GOLD, PARSED, ("--GroupBy", "Postag",
                                                  "--Metric", "LAS;UAS;LA")),
    "the parsed file's error (HEAD _)": (GOLD, PARSED.replace("\t0\troot", "\t_\troot", 1), ()),
    "the gold file's error comes first": (GOLD.replace("\t2\tnsubj", "\tx\tnsubj", 1),
                                          PARSED.replace("\t0\troot", "\t_\troot", 1), ()),
    "another text": (GOLD, PARSED.replace("fell", "fall"), ()),
}


@pytest.mark.parametrize("name", CASES)
def test_the_same_output_as_reading_in_turn(tmp_path: Path, ahead_counted: list[str],
                                           monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    gold, parsed, options = CASES[name]
    ahead = dep(tmp_path, gold, parsed, *options)
    # the parsed file with the HEAD _ is the exact reader's, in the main process; the gold
    # file's error stops the run before the second process is asked
    sent = [] if "error" in name else ["sent"]
    assert ahead_counted == ["parsed.conll", *sent]
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", 16 << 20)  # now in turn
    in_turn = dep(tmp_path, gold, parsed, *options)
    assert ahead_counted == ["parsed.conll", *sent]
    assert (ahead.stdout, ahead.stderr, ahead.status) == (
        in_turn.stdout, in_turn.stderr, in_turn.status)
    if "error" in name or "text" in name:
        assert ahead.status == 1 and ahead.stderr.startswith(b"treeeval: error: ")
    else:
        assert ahead.status == 0 and b"Metric" in ahead.stdout


def test_conllu_and_latin1(tmp_path: Path, ahead_counted: list[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    conllu = "# sent_id = 1\n" + GOLD.split("\n\n")[0] + "\n\n"
    ahead = dep(tmp_path, conllu, conllu.replace("nsubj", "obj"), parsed_name="p.conllu")
    latin1 = dep(tmp_path, GOLD.encode("latin-1"), PARSED.encode("latin-1"),
                 "--charset", "ISO-8859-1")
    assert ahead_counted == ["p.conllu", "sent", "parsed.conll", "sent"]
    assert ahead.status == latin1.status == 0
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", 16 << 20)
    assert dep(tmp_path, conllu, conllu.replace("nsubj", "obj"),
               parsed_name="p.conllu").stdout == ahead.stdout
    assert dep(tmp_path, GOLD.encode("latin-1"), PARSED.encode("latin-1"),
               "--charset", "ISO-8859-1").stdout == latin1.stdout


def test_a_second_process_that_sends_nothing_leaves_the_file_to_the_main_one(
        tmp_path: Path, ahead_counted: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(*_: object) -> None:
        raise SystemExit(3)  # the process ends without sending

    monkeypatch.setattr(read_ahead_module, "_read", fails)
    ahead = dep(tmp_path, GOLD, PARSED)
    assert ahead_counted == ["parsed.conll"] and ahead.status == 0
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", 16 << 20)
    assert ahead == dep(tmp_path, GOLD, PARSED)


def test_small_files_stay_in_one_process(tmp_path: Path) -> None:
    (tmp_path / "small.conll").write_text(PARSED)
    assert read_ahead_module.read_ahead(str(tmp_path / "small.conll"), "utf-8") is None


def test_the_python_api_stays_in_one_process(tmp_path: Path, ahead_counted: list[str]) -> None:
    from treeeval import evaluate_dependencies

    (tmp_path / "gold.conll").write_text(GOLD)
    (tmp_path / "parsed.conll").write_text(PARSED)
    result = evaluate_dependencies(str(tmp_path / "gold.conll"), [str(tmp_path / "parsed.conll")],
                                   stat=None)
    assert ahead_counted == [] and len(result.tables) == 1
