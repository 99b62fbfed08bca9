"""``treeeval.metrics.Attachment`` fed the sentences of the real files, in batches of 32,
against the stored outputs of MaltEval 1.0 and eval.pl / eval07.pl (../shared/data/conllx).

Every stored MaltEval run that is Token's table (GroupBy Token, no evaluation file), with
its Metric values, Exclude parameters and ``--pattern``, and every stored eval.pl and
eval07.pl report (the three overall scores, with or without ``-p``): the streamed scores
print the reference's numbers, and the signature is ``treeeval dep``'s for the same run.
"""

from __future__ import annotations

import io
import json
import re
import shlex
from functools import cache
from pathlib import Path

import pytest

from treeeval.commands.dep import run_dep
from treeeval.errors import InputError
from treeeval.metrics import Attachment

CONLLX = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conllx"
MALTEVAL = CONLLX / "malteval_out"
EVALPL = CONLLX / "evalpl_out"
#: MaltEval's flags of a run Attachment streams (each with one value)
STREAMED = {"--Metric", "--ExcludeWordforms", "--ExcludeLemmas", "--ExcludeCpostags",
            "--ExcludePostags", "--ExcludeFeats", "--ExcludeDeprels", "--ExcludePdeprels",
            "--ExcludeUnicodePunc", "--MinSentenceLength", "--MaxSentenceLength", "--pattern"}
BATCH = 32
OVERALL = re.compile(r"^  (Labeled   attachment score|Unlabeled attachment score|"
                     r"Label accuracy score): +(\d+) / (\d+) \* 100 = ([0-9.]+) %$", re.M)
SCORES = {"Labeled   attachment score": "LAS", "Unlabeled attachment score": "UAS",
          "Label accuracy score": "LA"}


def _absent(folder: Path) -> list:
    return [pytest.param("", marks=pytest.mark.skip(
        reason=f"shared reference data not found at {folder} (parity tests need ../shared)"))]


@cache
def sentences(path: Path) -> list[str]:
    """The sentences of a CoNLL file, each its lines without the blank line."""
    text = path.read_text(encoding="utf-8")
    return [block for block in text.split("\n\n") if block.strip("\n")]


def stream(metric: Attachment, gold: Path, parsed: Path) -> Attachment:
    golds, parseds = sentences(gold), sentences(parsed)
    for start in range(0, len(golds), BATCH):
        metric.update(golds[start:start + BATCH], parseds[start:start + BATCH])
    return metric


# -- MaltEval ----------------------------------------------------------------------------------
def malteval_arguments(name: str) -> list[str]:
    command = (MALTEVAL / f"{name}.cmd").read_text(encoding="utf-8").splitlines()[0]
    return shlex.split(command)[3:]


def _streamed(args: list[str]) -> bool:
    """Token's table alone, of options Attachment takes."""
    flags = [arg for arg in args if arg.startswith("-")]
    return flags[:2] == ["-g", "-s"] and set(flags[2:]) <= STREAMED


def _malteval_runs() -> list:
    if not MALTEVAL.is_dir():
        return _absent(MALTEVAL)
    return [path.stem for path in sorted(MALTEVAL.glob("*.cmd"))
            if not path.stem.startswith("ERROR") and _streamed(malteval_arguments(path.stem))]


def split_run(args: list[str]) -> tuple[str, list[str], dict[str, str]]:
    """The gold file, the parsed files and the other options of a MaltEval command line."""
    gold = args[args.index("-g") + 1]
    at = args.index("-s") + 1
    parsed = []
    while at < len(args) and not args[at].startswith("--"):
        parsed.append(args[at])
        at += 1
    options = {flag.removeprefix("--"): value for flag, value in zip(args[at::2], args[at + 1::2])}
    return gold, parsed, options


def tables(output: str) -> list[tuple[list[str], list[str], list[str]]]:
    """Each Token table of a MaltEval output: its metrics (in column order), Row means and
    Row counts."""
    found = []
    lines = output.splitlines()
    metric = re.search(r"^Metric-> (\S+)$", output, re.M)
    for number, line in enumerate(lines):
        if line.startswith("accuracy") and line.rstrip().endswith("Token"):
            headers = re.split(r"\s{3,}|\t", line.strip())[:-1]
            names = [header.partition("Metric:")[2] or (metric[1] if metric else "LAS")
                     for header in headers]
            means = re.split(r"\s{3,}|\t", lines[number + 2].strip())
            counts = re.split(r"\s{3,}|\t", lines[number + 3].strip())
            found.append((names, means[:len(names)], counts[:len(names)]))
    return found


@pytest.mark.parametrize("name", _malteval_runs())
def test_malteval_runs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args = malteval_arguments(name)
    gold, parsed, options = split_run(args)
    pattern = options.pop("pattern", None)
    metric = options.pop("Metric", None)
    stored = tables((MALTEVAL / f"{name}.txt").read_text(encoding="utf-8"))
    assert len(stored) == len(parsed)
    for path, (names, means, counts) in zip(parsed, stored):
        scores = stream(Attachment(metric, **options), CONLLX / gold, CONLLX / path).compute()
        assert [scores.text(metric, pattern) for metric in names] == means
        assert [str(scores.tokens)] * len(names) == counts
    monkeypatch.chdir(CONLLX)
    out = io.BytesIO()
    assert run_dep([*args, "--signature"], out, io.BytesIO()) == 0
    assert out.getvalue().decode().splitlines()[-1] == (
        f"signature: {Attachment(metric, **options).signature}")


# -- eval.pl -----------------------------------------------------------------------------------
def _evalpl_reports() -> list:
    if not EVALPL.is_dir():
        return _absent(EVALPL)
    return sorted(path.name for path in EVALPL.glob("*.txt")
                  if not path.name.startswith("ERROR") and not path.name.endswith(".stderr.txt")
                  and path.name != "README.md")


def report_setting(name: str) -> tuple[Path, Path, str]:
    """The gold and system files of a stored report (named in its pair's full report) and
    the ``report`` that reproduces its scores."""
    pair, tool, options = re.fullmatch(r"(.+)\.(eval(?:07)?)\.pl-?([a-z-]*)\.txt", name).groups()
    full = (EVALPL / f"{pair}.eval.pl.txt").read_text(encoding="utf-8").splitlines()
    system = full[6].split(" in ", 1)[1]
    gold = full[7].split("gold standard ", 1)[1].rstrip(":")
    report = ("evalpl" if tool == "eval" else "eval07") + (":p" if "p" in options else "")
    return CONLLX / gold, CONLLX / system, report


@pytest.mark.parametrize("name", _evalpl_reports())
def test_evalpl_reports(name: str) -> None:
    gold, system, report = report_setting(name)
    scores = stream(Attachment(report=report), gold, system).compute()
    stored = OVERALL.findall((EVALPL / name).read_text(encoding="utf-8"))
    assert [(SCORES[label], int(correct), int(tokens), value)
            for label, correct, tokens, value in stored] == [
        (metric, scores.correct[metric], scores.tokens, scores.text(metric))
        for metric in ("LAS", "UAS", "LA")]


# -- every CoNLL-X pair, against the file API ---------------------------------------------------
def _pairs() -> list:
    if not CONLLX.is_dir():
        return _absent(CONLLX)
    plank = [(f"plank_conll2015/datapackage/{lang}/gold.conll",
              f"plank_conll2015/datapackage/{lang}/{parser}.conll")
             for lang in ("da", "de", "en", "es", "hr") for parser in ("parser1", "parser2")]
    ud = [(f"udeval-maltparser-ud1.2/gold/{lang}.gold{coarse}.conllx",
           f"udeval-maltparser-ud1.2/{run}/{lang}.conllx")
          for lang in ("English", "Finnish")
          for run, coarse in (("maltdefault_output_1-2", ""), ("maltopt_output_1-2", ""),
                              ("maltdefault_coarse_output_test_1-2", ".coarse"))]
    return [f"{gold} {parsed}" for gold, parsed in plank + ud]


@pytest.mark.parametrize("args", [["--Metric", "LAS;UAS;LA"], ["--ExcludeUnicodePunc", "1"],
                                  ["--ExcludeDeprels", "punct|P|PUNCT"],
                                  ["--report", "evalpl"], ["--report", "eval07"]],
                         ids=lambda args: " ".join(args))
@pytest.mark.parametrize("pair", _pairs())
def test_every_pair_as_the_file_api(pair: str, args: list[str], monkeypatch: pytest.MonkeyPatch
                                    ) -> None:
    """The streamed counts are ``treeeval dep``'s (its JSON for MaltEval's, eval.pl's -q
    report), or both refuse the pair (MaltEval aborts on a PHEAD ``-``)."""
    gold, parsed = pair.split()
    keywords = {"metric" if flag == "--Metric" else flag.removeprefix("--"): value
                for flag, value in zip(args[::2], args[1::2])}
    monkeypatch.chdir(CONLLX)
    out, err = io.BytesIO(), io.BytesIO()
    command = [gold, parsed, *args] + ([] if "--report" in args else ["--json"])
    metric = Attachment(**keywords)
    try:
        assert run_dep([*command[:-1], f"{command[-1]}:q"] if "--report" in args else command,
                       out, err) == 0
    except InputError as refused:  # MaltEval aborts: a PHEAD "-", other words
        with pytest.raises(InputError) as caught:
            stream(metric, CONLLX / gold, CONLLX / parsed).compute()
        lines = (CONLLX / parsed).read_text(encoding="utf-8").split("\n")[:refused.line]
        sentence = sum(1 for line in lines[:-1] if not line.strip())
        expected = ("PHEAD must be _ or a whole number" if "PHEAD" in refused.message else
                    "word \\d+: FORM '.*', but gold has '.*'")
        assert (caught.value.path, caught.value.sentence) == ("predicted", sentence)
        assert re.match(expected, caught.value.message), str(caught.value)
        return
    scores = stream(metric, CONLLX / gold, CONLLX / parsed).compute()
    if "--report" in args:
        assert [(SCORES[label], int(correct), int(tokens), value) for label, correct, tokens, value
                in OVERALL.findall(out.getvalue().decode())] == [
            (m, scores.correct[m], scores.tokens, scores.text(m)) for m in ("LAS", "UAS", "LA")]
        return
    system = json.loads(out.getvalue())["systems"][0]
    assert system["tokens"] == scores.tokens
    for name in metric.metrics:
        assert system[name] == {"correct": scores.correct[name], "score": scores.score(name)}
