"""``treeeval dep`` with several systems: the command line's order, the metrics compared
(Lin's error count among them), the echo and the signature, ``--baseline`` with the Holm
correction, the five ``--format`` tables and ``--plot``, on small inline CoNLL-X files.

The three systems are given as ``zeta``, ``alpha``, ``mid``: the alphabet and the command
line disagree, so a renumbering by name would show.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from cli_runner import Run, run_treeeval
from table_checks import check_every_format, markdown_tables, validate_json

from treeeval.dep.api import evaluate_dependencies
from treeeval.stats.correction import holm

#: (form, head, deprel) of each word of each gold sentence
GOLD = [[("Rain", 2, "nsubj"), ("fell", 0, "root"), (".", 2, "punct")],
        [("Dogs", 2, "nsubj"), ("bark", 0, "root"), ("loudly", 2, "advmod"), (".", 2, "punct")],
        [("We", 2, "nsubj"), ("saw", 0, "root"), ("the", 4, "det"), ("cat", 2, "obj")],
        [("It", 2, "nsubj"), ("works", 0, "root")],
        [("Birds", 2, "nsubj"), ("sing", 0, "root"), ("songs", 2, "obj"), ("daily", 2, "advmod"),
         (".", 2, "punct")],
        [("Go", 0, "root"), ("home", 1, "advmod"), ("now", 1, "advmod"), ("!", 1, "punct")]]
#: each system's changes: (sentence, word, head, deprel)
EDITS = {"zeta": [(0, 0, 2, "obj"), (1, 2, 3, "advmod"), (2, 3, 2, "nsubj"), (4, 3, 3, "advmod")],
         "alpha": [(1, 0, 3, "nsubj"), (2, 2, 2, "det"), (4, 2, 0, "obj"), (5, 1, 3, "obj"),
                   (5, 2, 2, "advmod"), (3, 0, 2, "obj")],
         "mid": [(0, 2, 1, "punct"), (2, 0, 2, "obj")]}
ORDER = ["zeta", "alpha", "mid"]


def conll(sentences: list[list[tuple[str, int, str]]]) -> str:
    return "".join("".join(f"{k}\t{form}\t_\tX\tX\t_\t{head}\t{label}\t_\t_\n"
                           for k, (form, head, label) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


def edited(name: str) -> list[list[tuple[str, int, str]]]:
    sentences = [list(sentence) for sentence in GOLD]
    for sentence, word, head, label in EDITS[name]:
        sentences[sentence][word] = (sentences[sentence][word][0], head, label)
    return sentences


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "gold.conll").write_text(conll(GOLD))
    for name in ORDER:
        (tmp_path / f"{name}.conll").write_text(conll(edited(name)))
    return tmp_path


def dep(folder: Path, *args: str) -> Run:
    return run_treeeval(["dep", "gold.conll", *(f"{n}.conll" for n in ORDER), *args], folder)


def ok(run: Run) -> str:
    assert run.status == 0, run.stderr.decode()
    return run.stdout.decode()


def lin_errors(name: str) -> list[int]:
    """Each sentence's words with a wrong head, counted the plain way."""
    return [sum(head != gold[1] for (_, head, _), gold in zip(sentence, gold_sentence))
            for sentence, gold_sentence in zip(edited(name), GOLD)]


def las(name: str) -> float:
    pairs = [(word, gold) for sentence, gold_sentence in zip(edited(name), GOLD)
             for word, gold in zip(sentence, gold_sentence)]
    return 100 * sum(word[1:] == gold[1:] for word, gold in pairs) / len(pairs)


# -- order ---------------------------------------------------------------------------------

def test_the_systems_keep_the_command_line_order_everywhere(folder: Path) -> None:
    text = ok(dep(folder, "--stat", "ar", "--resamples", "99"))
    rows = re.findall(r"^<(\d)>\s+(\w+)\.conll", text, re.M)
    assert rows == [("1", "zeta"), ("2", "alpha"), ("3", "mid")]
    assert [line.split()[1] for line in text.splitlines() if line.startswith("Parsed:")] == [
        f"{name}.conll" for name in ORDER]
    document = json.loads(ok(dep(folder, "--json", "--stat", "ar", "--resamples", "99")))
    assert [s["path"] for s in document["systems"]] == [f"{n}.conll" for n in ORDER]
    first = document["significance"][0]  # <1> - <2> is zeta - alpha, whatever the alphabet
    assert first["systems"] == ["<1>", "<2>"] and first["metric"] == "LAS"
    assert first["difference"] == pytest.approx(las("zeta") - las("alpha"))
    table = csv.DictReader(io.StringIO(ok(dep(folder, "--format", "csv"))))
    assert list(dict.fromkeys(row["system"] for row in table)) == ORDER


# -- metrics -------------------------------------------------------------------------------

@pytest.mark.parametrize(("flags", "tested"), [
    ([], ["LAS", "UAS", "LA", "Lin errors"]),
    (["--Metric", "UAS;LAS"], ["UAS", "LAS"]),
    (["--Metric", "LAS", "--metrics", "Lin errors"], ["Lin errors"]),
    (["--metrics", "UAS,Lin errors"], ["UAS", "Lin errors"]),
    (["--Metric", "AnyRight;self"], ["AnyRight"]),
])
def test_stat_tests_the_metrics_asked_for_and_no_others(folder: Path, flags: list[str],
                                                        tested: list[str]) -> None:
    document = json.loads(ok(dep(folder, "--json", "--stat", "mcnemar", *flags)))
    assert document["metrics"] == tested
    assert list(dict.fromkeys(t["metric"] for t in document["significance"])) == tested
    assert len(document["significance"]) == 3 * len(tested)  # three pairs per metric
    text = ok(dep(folder, "--stat", "mcnemar", *flags))
    block = text[text.index("All systems"):]
    assert block.splitlines()[2].split()[3:] == " ".join(tested).split()
    assert sorted({line.split()[0] for line in block.splitlines()
                   if "McNemar" in line}) == sorted({t.split()[0] for t in tested})


def test_lin_errors_are_a_lower_is_better_count(folder: Path) -> None:
    document = json.loads(ok(dep(folder, "--format", "json", "--metrics", "LAS;Lin errors")))
    metrics = {m["name"]: m for m in document["metrics"]}
    assert metrics["Lin errors"]["unit"] == "count"
    assert metrics["Lin errors"]["higher_is_better"] is False
    values = [system["cells"][1]["value"] for system in document["systems"]]
    assert values == [sum(lin_errors(name)) for name in ORDER]
    best = [system["cells"][1]["best"] for system in document["systems"]]
    assert best == [value == min(values) for value in values]


@pytest.mark.parametrize(("flags", "message"), [
    (["--stat", "ar", "--metrics", "LAS;ELAS"], "--metrics: unknown metric 'ELAS'"),
    (["--stat", "ar", "--Metric", "self"], "--Metric self is none"),
    (["--metrics", "LAS"], "--metrics needs a comparison"),
    (["--baseline", "alpha"], "--baseline needs a comparison"),
    (["--stat", "ar", "--baseline", "omega"], "--baseline omega is none of the systems"),
    (["--json", "--baseline", "alpha"], "--baseline cannot go with --json"),
    (["--json", "--format", "csv"], "--format cannot go with --json"),
    (["--format", "html"], "option --format needs one of text, markdown"),
    (["--plot", "figure.gif"], "cannot write a figure as .gif"),
])
def test_misused_comparison_options_are_usage_errors(folder: Path, flags: list[str],
                                                     message: str) -> None:
    run = dep(folder, *flags)
    assert run.status == 2 and run.stdout == b""
    assert message in run.stderr.decode()


def test_an_evaluation_file_without_a_token_metric_is_blamed_at_its_line(folder: Path) -> None:
    (folder / "eval.xml").write_text('<evaluation>\n <parameter name="Metric">\n'
                                     '  <value>self</value>\n </parameter>\n'
                                     ' <formatting argument="stat" format="ar"/>\n'
                                     '</evaluation>\n')
    run = run_treeeval(["dep", "-e", "eval.xml", "-g", "gold.conll", "-s", "zeta.conll",
                        "alpha.conll"], folder)
    assert run.status == 1
    assert re.match(r"treeeval: error: eval\.xml:\d+:\d+: .*--Metric self is none",
                    run.stderr.decode())


# -- significance of Lin's error count against a plain loop -------------------------------

def loop_bootstrap_p(a: list[int], b: list[int], resamples: int, seed: int) -> float:
    """The paired bootstrap's p of sum(a) - sum(b), one resample at a time."""
    rng = np.random.Generator(np.random.PCG64(seed))
    drawn = rng.integers(0, len(a), size=(resamples, len(a)))
    observed = sum(a) - sum(b)
    extreme = 0
    for row in drawn:
        difference = sum(a[k] for k in row) - sum(b[k] for k in row)
        extreme += abs(difference - observed) >= abs(observed)
    return (1 + extreme) / (resamples + 1)


def loop_randomization_p(a: list[int], b: list[int], resamples: int, seed: int) -> float:
    """Approximate randomization's p of sum(a) - sum(b): each shuffle swaps sentence k when
    bit k of the shuffle's random 64-bit words (least significant first) is set."""
    rng = np.random.Generator(np.random.PCG64(seed))
    words = -(-len(a) // 64)
    raw = [int(w) for w in rng.bit_generator.random_raw(resamples * words)]
    observed, extreme = sum(a) - sum(b), 0
    for shuffle in range(resamples):
        bits = raw[shuffle * words:(shuffle + 1) * words]
        swapped = [bits[k // 64] >> (k % 64) & 1 for k in range(len(a))]
        first = sum(y if s else x for x, y, s in zip(a, b, swapped))
        second = sum(x if s else y for x, y, s in zip(a, b, swapped))
        extreme += abs(first - second) >= abs(observed)
    return (1 + extreme) / (resamples + 1)


@pytest.mark.parametrize(("stat", "loop"), [("bootstrap", loop_bootstrap_p),
                                            ("ar", loop_randomization_p)])
@pytest.mark.parametrize("seed", [1, 12345])
def test_lin_error_significance_equals_a_plain_loop(folder: Path, stat: str, loop: object,
                                                    seed: int) -> None:
    document = json.loads(ok(dep(folder, "--format", "json", "--stat", stat, "--metrics",
                                 "Lin errors", "--resamples", "500", "--seed", str(seed),
                                 "--baseline", "mid")))
    found = {system["name"]: system["cells"][0] for system in document["systems"]}
    assert found["mid"]["significance"] is None
    for name in ("zeta", "alpha"):
        expected = loop(lin_errors(name), lin_errors("mid"), 500, seed)  # type: ignore[operator]
        assert found[name]["significance"]["p_value"] == pytest.approx(expected, abs=1e-12)
        assert found[name]["value"] == sum(lin_errors(name))


# -- echo and signature --------------------------------------------------------------------

def test_the_echo_names_every_option_that_changes_a_number(folder: Path) -> None:
    (folder / "punct.prm").write_text('DELETE_LABEL .\n')
    text = ok(dep(folder, "--heads", "collins", "-p", "punct.prm", "--charset", "utf-8",
                  "--stat", "bootstrap", "--seed", "7", "--resamples", "99", "--baseline",
                  "alpha", "--metrics", "LAS", "--metric-order", "malteval"))
    echo = text.splitlines()[0]
    assert echo == ("Evaluation arguments: -g gold.conll -s zeta.conll alpha.conll mid.conll "
                    "--heads collins -p punct.prm --charset utf-8 --stat bootstrap --seed 7 "
                    "--resamples 99 --baseline alpha --metrics LAS")
    assert text.count("Evaluation arguments:") == 1


def test_the_signature_names_the_comparison(folder: Path) -> None:
    text = ok(dep(folder, "--stat", "ar", "--seed", "3", "--resamples", "99", "--baseline",
                  "alpha", "--metrics", "LAS;Lin errors", "--signature"))
    assert text.splitlines()[-1] == (
        "signature: cmd:dep|metric:LAS|group:Token|metrics:LAS;Lin%20errors|stat:ar|"
        "resamples:99|seed:3|baseline:alpha|version:0.1.0")
    pairwise = ok(dep(folder, "--stat", "mcnemar", "--signature")).splitlines()[-1]
    assert pairwise == "signature: cmd:dep|metric:LAS|group:Token|stat:mcnemar|version:0.1.0"


# -- baseline ------------------------------------------------------------------------------

def test_without_a_baseline_every_pair_is_tested_holm_corrected(folder: Path) -> None:
    text = ok(dep(folder, "--stat", "ar", "--resamples", "99", "--Metric", "LAS"))
    heading = ("Significance of each difference (A - B), p-values adjusted by the "
               "Holm–Bonferroni correction over each metric's pairs:")
    tests = text[text.index(heading):].splitlines()[1:4]
    assert [line.split()[1:4:2] for line in tests] == [["<1>", "<2>"], ["<1>", "<3>"],
                                                       ["<2>", "<3>"]]
    p_values = [float(re.search(r" p = ([0-9.]+)", line)[1]) for line in tests]
    adjusted = [float(re.search(r"adjusted p = ([0-9.]+)", line)[1]) for line in tests]
    assert adjusted == pytest.approx(holm(p_values).tolist(), abs=1e-4)
    document = json.loads(ok(dep(folder, "--stat", "ar", "--resamples", "99", "--json")))
    assert document["correction"] == "holm"
    assert all(test["p_adjusted"] >= test["p_value"] for test in document["significance"])
    # two systems: one pair per metric, nothing to correct
    two = ok(run_treeeval(["dep", "gold.conll", "zeta.conll", "alpha.conll", "--stat", "ar",
                           "--resamples", "99"], folder))
    assert "Significance of each difference (A - B):" in two and "adjusted" not in two


def test_with_a_baseline_each_system_is_tested_against_it_with_holm(folder: Path) -> None:
    text = ok(dep(folder, "--stat", "ar", "--resamples", "99", "--baseline", "alpha.conll",
                  "--metrics", "LAS;UAS"))
    assert "Significance of each difference" not in text
    table = text[text.rindex("\nsystem ") + 1:]
    assert [line.split()[0] for line in table.splitlines()[1:4]] == ORDER
    assert "alpha (baseline)" in table and "Holm–Bonferroni correction" in table
    assert [line.split()[:2] for line in table.splitlines() if "adjusted p" in line] == [
        ["zeta", "LAS"], ["zeta", "UAS"], ["mid", "LAS"], ["mid", "UAS"]]
    # two systems: one test per metric, nothing to correct
    two = ok(run_treeeval(["dep", "gold.conll", "zeta.conll", "alpha.conll", "--stat", "ar",
                           "--resamples", "99", "--baseline", "alpha"], folder))
    assert "Holm" not in two and "alpha (baseline)" in two


# -- formats and figures -------------------------------------------------------------------

def test_every_format_is_the_table_of_the_api(folder: Path) -> None:
    paths = [str(folder / f"{name}.conll") for name in ORDER]
    result = evaluate_dependencies(folder / "gold.conll", paths, stat="ar", resamples=200,
                                   baseline="mid")
    assert result.comparison is not None
    table = result.comparison.table()
    assert [row.name for row in table.rows] == ORDER and table.correction == "holm"
    check_every_format(table, folder)
    for fmt in ("text", "markdown", "latex", "csv", "json"):
        run = run_treeeval(["dep", "gold.conll", *(f"{n}.conll" for n in ORDER), "--stat", "ar",
                            "--resamples", "200", "--baseline", "mid", "--format", fmt],
                           folder)
        shown = ok(run)
        if fmt == "json":
            document = validate_json(table)
            found = json.loads(shown)
            assert found["signature"].startswith("cmd:dep|metric:LAS|group:Token|stat:ar|")
            assert found["systems"] == document["systems"]
        elif fmt == "markdown":
            tables, html = markdown_tables(shown)
            assert "<table>" in html and len(tables[0]) == 4
        else:
            assert "Evaluation arguments" not in shown and "mid" in shown


def test_format_without_stat_is_the_table_of_scores(folder: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(ok(dep(folder, "--format", "csv")))))
    assert {row["test"] for row in rows} == {""}  # nothing tested, no baseline marked
    assert [float(row["value"]) for row in rows if row["metric"] == "LAS"] == pytest.approx(
        [las(name) for name in ORDER])
    assert {row["baseline"] for row in rows} == {"false"}


def test_plot_draws_each_figure_of_every_system(folder: Path) -> None:
    pytest.importorskip("matplotlib")
    text = ok(dep(folder, "--plot", "figures.svg", "--Metric", "LAS"))
    assert text == ok(dep(folder, "--Metric", "LAS"))  # the report is unchanged
    for name in ("by_arc_length", "by_root_distance", "by_sentence_length", "deprel_f1"):
        drawn = (folder / f"figures.{name}.svg").read_text()
        assert all(system in drawn for system in ORDER), name


@pytest.mark.parametrize("stat", ["bootstrap", "ar", "mcnemar"])
def test_pairwise_tests_are_each_pair_tested_alone(folder: Path, stat: str) -> None:
    from treeeval.stats import compare_all

    paths = [str(folder / f"{name}.conll") for name in ORDER]
    result = evaluate_dependencies(folder / "gold.conll", paths, stat=stat, resamples=300,
                                   seed=9)
    alone = [test for metric in ("LAS", "UAS", "LA", "Lin errors") for test in compare_all(
        [system.sentences[metric] for system in result.systems], stat, resamples=300, seed=9,
        metric=metric)]
    assert [replace(test, p_adjusted=None) for test in result.tests] == alone
    for start in range(0, len(alone), 3):  # three pairs per metric, Holm-corrected
        assert [test.p_adjusted for test in result.tests[start:start + 3]] == pytest.approx(
            holm([test.p_value for test in alone[start:start + 3]]).tolist())


@pytest.mark.parametrize("flags", [[], ["--baseline", "b"], ["--format", "csv"], ["--json"]])
def test_an_empty_gold_file_tests_nothing_and_says_so(tmp_path: Path, flags: list[str]) -> None:
    for name in ("gold", "a", "b"):
        (tmp_path / f"{name}.conll").write_text("")
    run = run_treeeval(["dep", "gold.conll", "a.conll", "b.conll", "--stat", "ar", *flags],
                       tmp_path)
    assert run.status == 0
    assert "gold.conll: the gold file holds no sentence: --stat tests nothing" in \
        run.stderr.decode()
    strict = run_treeeval(["dep", "gold.conll", "a.conll", "b.conll", "--stat", "ar", "--strict",
                           *flags], tmp_path)
    assert strict.status == 1 and strict.stdout == run.stdout


def test_plot_s_figures_are_those_of_dependency_figures(folder: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """--plot makes one evaluation with every grouping; its figures are those of one
    evaluation per grouping and metric (treeeval.figures.dependency_figures)."""
    import treeeval.figures
    from treeeval.figures import dependency_figures

    drawn: dict[str, object] = {}
    monkeypatch.setattr(treeeval.figures, "draw",
                        lambda data, path: drawn.setdefault(Path(path).name, data))
    ok(dep(folder, "--plot", "f.svg", "--header-info", "0"))
    expected = dependency_figures(folder / "gold.conll",
                                  [folder / f"{name}.conll" for name in ORDER], ORDER, stat=None)
    assert sorted(drawn) == sorted(f"f.{name}.svg" for name in expected)
    for name, data in expected.items():
        found = drawn[f"f.{name}.svg"]
        assert found.rows() == data.rows(), name  # type: ignore[attr-defined]
        assert [s.label for p in found.panels for s in p.series] == [  # type: ignore[attr-defined]
            s.label for p in data.panels for s in p.series]


def maltevals_accuracy(folder: Path, system: str) -> float:
    """The LAS ``treeeval dep`` prints for ``system`` alone (MaltEval's report) with
    punctuation relations excluded, in percent."""
    run = run_treeeval(["dep", "gold.conll", f"{system}.conll", "--ExcludeDeprels", "punct"],
                       folder)
    return 100 * float(re.search(r"^([\d.]+)\s+Row mean", run.stdout.decode(), re.M).group(1))


def test_exclusions_count_each_systems_own_tokens(folder: Path) -> None:
    """MaltEval's ExcludeDeprels looks at each system's own labels, so two systems may be
    scored on different tokens: each system's value in the comparison is its own report's
    (not the first system's tokens for all), whatever the order of the command line."""
    (folder / "punct.conll").write_text(conll([[(form, head, "punct" if label == "nsubj"
                                                 else label) for form, head, label in sentence]
                                                for sentence in edited("zeta")]))
    values = {}
    for order in (["zeta", "punct"], ["punct", "zeta"]):
        run = run_treeeval(["dep", "gold.conll", *(f"{name}.conll" for name in order),
                            "--ExcludeDeprels", "punct", "--metrics", "LAS", "--format",
                            "csv"], folder)
        rows = csv.DictReader(io.StringIO(run.stdout.decode()))
        values[tuple(order)] = {row["system"]: float(row["value"]) for row in rows}
    assert values[("zeta", "punct")] == values[("punct", "zeta")]
    for name in ("zeta", "punct"):
        assert round(values[("zeta", "punct")][name], 1) == round(
            maltevals_accuracy(folder, name), 1)
    assert values[("zeta", "punct")]["zeta"] != values[("zeta", "punct")]["punct"]


def test_title_names_the_table(folder: Path) -> None:
    paths = [f"{name}.conll" for name in ORDER]
    for fmt, first in (("markdown", "**WSJ 23**"), ("latex", r"\caption{WSJ 23}")):
        out = ok(run_treeeval(["dep", "gold.conll", *paths, "--format", fmt, "--title",
                               "WSJ 23"], folder))
        assert first in out and "**gold**" not in out
