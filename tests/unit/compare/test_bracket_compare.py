"""``treeeval bracket GOLD SYS1 SYS2 ...``: the reports, the comparison table, the tests against
the baseline checked by straightforward loops over EVALB's per-sentence table (parsed from the
one-system report, independent of treeeval.stats), ``--per-label``, ``--json``, ``--plot``."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from html import escape
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.policy.envelope import schema_path

GOLD = """\
(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))
(TOP (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN dog)) (PP (IN with) (NP (NNS eyes))))))
(TOP (S (NP (NNS Birds)) (VP (VBP sing))))
(TOP (S (NP (NNP John)) (VP (VBZ thinks) (SBAR (IN that) (S (NP (PRP it)) (VP (VBZ rains)))))))
(TOP (S (NP (DT The) (JJ old) (NN man)) (VP (VBD left) (ADVP (RB early)))))
(TOP (S (VP (VB Go) (ADVP (RB home)))))
(TOP (S (NP (PRP We)) (VP (VBD ate) (NP (NP (NN rice)) (PP (IN with) (NP (NNS sticks)))))))
(TOP (S (NP (PRP She)) (VP (VBZ runs) (ADVP (RB fast)) (PP (IN in) (NP (DT the) (NN park))))))
(TOP (S (NP (NNS Dogs)) (VP (VBP bark))))
(TOP (S (NP (PRP It)) (VP (VBZ is) (ADJP (JJ red)))))
"""


def edited(changes: dict[int, str]) -> str:
    """The gold file with some lines replaced (0-based line -> tree)."""
    lines = GOLD.splitlines()
    return "".join(changes.get(k, line) + "\n" for k, line in enumerate(lines))


SYSTEMS = {
    "alpha.mrg": edited({
        0: "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (NP (IN on) (NP (DT the) (NN mat)))) (. .)))",
        1: "(TOP (S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT a) (NN dog)) (PP (IN with) (NP (NNS eyes)))))))",
        6: "(TOP (S (NP (PRP We)) (VP (VBD ate) (NP (NN rice)) (PP (IN with) (NP (NNS sticks))))))"}),
    "beta.mrg": edited({
        1: "(TOP (S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT a) (NN dog)) (PP (IN with) (NP (NNS eyes)))))))",
        3: "(TOP (S (NP (NNP John)) (VP (VBZ thinks) (SBAR (IN that) (NP (PRP it)) (VP (VBZ rains))))))",
        4: "(TOP (S (NP (DT The) (JJ old) (NN man)) (VP (VBD left) (PRT (RB early)))))",
        7: "(TOP (S (NP (PRP She)) (VP (VBZ runs) (ADVP (RB fast)) (PP (IN in) (DT the) (NN park)))))",
        9: "(TOP (S (NP (PRP It)) (VP (VBZ is) (NP (JJ red)))))"}),
    "gamma.mrg": edited({
        2: "(TOP (S (NP (NNS Birds)) (VP (VBP sing) (RB loud))))",
        5: "(TOP (S (VB Go) (ADVP (NN home))))",
        8: "(TOP (S (NP (NNS Dogs)) (VP (NN bark))))"}),
}
METRICS = ("recall", "precision", "fmeasure", "complete_match", "tagging_accuracy")
#: the columns' headers, as papers write them
HEADERS = ("LR", "LP", "F1", "EX", "Tag")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "gold.mrg").write_text(GOLD, encoding="utf-8")
    for name, text in SYSTEMS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def bracket(folder: Path, *args: str, systems: tuple[str, ...] = tuple(SYSTEMS)) -> str:
    run = run_treeeval(["bracket", "-p", "COLLINS.prm", *args, "gold.mrg", *systems], folder)
    assert run.status == 0, run.stderr
    return run.stdout.decode()


def fails(folder: Path, args: list[str], status: int = 2) -> str:
    """The error message of a run that must fail with ``status`` and write nothing."""
    run = run_treeeval(["bracket", *args], folder)
    assert run.status == status and not run.stdout
    return run.stderr.decode()


def evalb_rows(folder: Path, name: str) -> list[dict[str, int]]:
    """EVALB's per-sentence table of one system, parsed from its one-system report."""
    report = bracket(folder, systems=(name,))
    table = report.split("=" * 76 + "\n")[1]
    keys = ("id", "length", "status", "recall", "precision", "matched", "gold", "test",
            "crossing", "words", "correct", "accuracy")
    return [{k: float(v) if "." in v else int(v) for k, v in zip(keys, line.split())}
            for line in table.splitlines()]


def figure(rows: list[dict[str, int]], metric: str) -> float:
    """An EVALB summary figure from per-sentence rows, as a loop: an Error or Skip sentence
    counts 0; F1 is 2PR / (P + R) of the summed counts."""
    valid = [row for row in rows if row["status"] == 0]

    def rate(part: float, whole: float) -> float:
        return 100.0 * part / whole if whole else 0.0

    recall = rate(sum(r["matched"] for r in valid), sum(r["gold"] for r in valid))
    precision = rate(sum(r["matched"] for r in valid), sum(r["test"] for r in valid))
    if metric == "recall":
        return recall
    if metric == "precision":
        return precision
    if metric == "fmeasure":
        return 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    if metric == "complete_match":
        return rate(sum(complete(r) for r in valid), len(valid))
    return rate(sum(r["correct"] for r in valid), sum(r["words"] for r in valid))


def complete(row: dict[str, int]) -> bool:
    return row["status"] == 0 and row["gold"] == row["test"] == row["matched"]


def loop_randomization(mine: list, base: list, metric: str, resamples: int, seed: int) -> float:
    """Bikel's comparator written out: each shuffle swaps each sentence's rows between the
    systems with probability 1/2 (bit j of the shuffle's raw 64-bit word: fewer than 64
    sentences here), scores both from the summed counts, and counts the shuffles whose
    absolute difference is at least the observed one; p = (count + 1) / (shuffles + 1)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    words = rng.bit_generator.random_raw(resamples)
    observed = abs(figure(mine, metric) - figure(base, metric))
    extreme = 0
    for word in words.tolist():
        swap = [(word >> j) & 1 for j in range(len(mine))]
        a = [b if s else m for m, b, s in zip(mine, base, swap)]
        b = [m if s else b for m, b, s in zip(mine, base, swap)]
        extreme += abs(figure(a, metric) - figure(b, metric)) >= observed - 1e-9
    return (extreme + 1) / (resamples + 1)


def loop_bootstrap(mine: list, base: list, metric: str, resamples: int,
                   seed: int) -> tuple[float, list[float]]:
    """The paired bootstrap written out: one draw of every sentence index, in one call."""
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = rng.integers(0, len(mine), size=(resamples, len(mine)))
    observed = figure(mine, metric) - figure(base, metric)
    differences = [figure([mine[i] for i in draw], metric) - figure([base[i] for i in draw],
                                                                     metric)
                   for draw in draws]
    extreme = sum(abs(d - observed) >= abs(observed) - 1e-9 for d in differences)
    return (1 + extreme) / (resamples + 1), list(np.percentile(differences, [2.5, 97.5]))


def test_each_report_is_the_one_system_report(folder: Path) -> None:
    out = bracket(folder)
    for name in SYSTEMS:
        alone = bracket(folder, systems=(name,))
        assert f"=== {name[:-4]}: gold.mrg {name}\n{alone}" in out
    table = out.split("\n\n")[-1].splitlines()
    assert table[0] == "gold" and table[1].split() == ["system", *HEADERS]
    assert [line.split()[0] for line in table[2:5]] == ["alpha", "beta", "gamma"]


def test_values_are_evalbs_figures(folder: Path) -> None:
    text = bracket(folder, "-c", "5", "--format", "csv", "--metrics",
                   ";".join(METRICS + tuple(f"{m}_5" for m in METRICS)))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert len(rows) == 3 * 10
    for name in SYSTEMS:
        report = run_treeeval(["bracket", "-p", "COLLINS.prm", "-c", "5", "gold.mrg", name],
                              folder).stdout.decode()
        everything, cut = report.split("-- All --")[1].split("-- len<=5 --")
        labels = ("Bracketing Recall", "Bracketing Precision", "Bracketing FMeasure",
                  "Complete match", "Tagging accuracy")
        for block, suffix in ((everything, ""), (cut, "_5")):
            for metric, label in zip(METRICS, labels):
                printed = re.search(rf"^{label} +=\s+(\S+)$", block, re.M).group(1)
                value = next(float(r["value"]) for r in rows
                             if r["system"] == name[:-4] and r["metric"] == metric + suffix)
                assert f"{value:.2f}" == printed, (name, metric + suffix)


@pytest.mark.parametrize("stat", ["ar", "bootstrap"])
def test_significance_is_the_straightforward_loop(folder: Path, stat: str) -> None:
    resamples, seed = 200, 5
    document = json.loads(bracket(folder, "--stat", stat, "--seed", str(seed), "--resamples",
                                  str(resamples), "--baseline", "beta", "--format", "json"))
    assert document["baseline"] == "beta" and document["correction"] == "holm"
    assert f"stat:{stat}|resamples:{resamples}|seed:{seed}|baseline:beta" in \
        document["signature"]
    rows = {name[:-4]: evalb_rows(folder, name) for name in SYSTEMS}
    assert [r["status"] for r in rows["gamma"]].count(1) == 1  # an Error sentence counts 0
    p_values: dict[str, list[tuple[float, float]]] = {}
    for system in document["systems"]:
        for cell in system["cells"]:
            assert cell["value"] == pytest.approx(figure(rows[system["name"]], cell["metric"]),
                                                  abs=1e-9)
            if system["baseline"]:
                assert cell["significance"] is None
                continue
            mine, base, test = rows[system["name"]], rows["beta"], cell["significance"]
            if stat == "ar":
                p = loop_randomization(mine, base, cell["metric"], resamples, seed)
            else:
                p, interval = loop_bootstrap(mine, base, cell["metric"], resamples, seed)
                assert test["difference_interval"] == pytest.approx(interval, abs=1e-9)
            assert test["p_value"] == pytest.approx(p, abs=1e-12), (system["name"], cell)
            p_values.setdefault(cell["metric"], []).append((p, test["p_adjusted"]))
    for pair in p_values.values():  # Holm over two tests: the smaller times 2, then monotone
        (p1, a1), (p2, a2) = sorted(pair)
        assert a1 == pytest.approx(min(1, 2 * p1)) and a2 == pytest.approx(min(1, max(2 * p1, p2)))


def test_mcnemar_on_complete_match(folder: Path) -> None:
    document = json.loads(bracket(folder, "--stat", "mcnemar", "--metrics", "complete_match",
                                  "--format", "json", systems=("beta.mrg", "gamma.mrg")))
    cell = document["systems"][1]["cells"][0]
    beta, gamma = evalb_rows(folder, "beta.mrg"), evalb_rows(folder, "gamma.mrg")
    only_gamma = sum(complete(g) and not complete(b) for b, g in zip(beta, gamma))
    only_beta = sum(complete(b) and not complete(g) for b, g in zip(beta, gamma))
    z = (abs(only_gamma - only_beta) - 1) / math.sqrt(only_gamma + only_beta)
    assert only_gamma and only_beta
    assert cell["significance"]["p_value"] == pytest.approx(
        1.0 if z <= 0 else math.erfc(z / math.sqrt(2)))
    assert document["correction"] is None


def test_per_label(folder: Path) -> None:
    out = bracket(folder, "--per-label", systems=("beta.mrg",))
    alone = bracket(folder, systems=("beta.mrg",))
    assert out.startswith(alone + "\n-- Per label (labels cut at - or =) --\n")
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines()[-9:]}
    # COLLINS.prm pairs ADVP and PRT: beta's PRT matches the gold ADVP, under its own label
    assert lines["ADVP"] == ["3", "2", "3", "2", "100.00", "100.00", "100.00"]
    # a recall without a gold bracket, a precision without a test one: undefined (—)
    assert lines["PRT"] == ["0", "1", "0", "1", "—", "100.00", "0.00"]
    assert lines["ADJP"] == ["1", "0", "0", "0", "0.00", "—", "0.00"]
    document = json.loads(bracket(folder, "--json", "--per-label", systems=("beta.mrg",)))
    labels = {row["label"]: row for row in document["per_label"]}
    assert labels["NP"]["gold"] == sum(1 for _ in re.finditer(r"\(NP ", GOLD))
    assert (labels["PRT"]["recall"], labels["PRT"]["fmeasure"]) == (None, 0.0)  # null in data
    assert (labels["ADJP"]["precision"], labels["ADJP"]["recall"]) == (None, 0.0)
    assert sum(row["matched_gold"] for row in labels.values()) == document["all"]["matched"]
    jsonschema.Draft202012Validator(json.loads(schema_path("bracket").read_text())).validate(
        document)


def label_blocks(text: str) -> list[str]:
    """The ``--per-label`` blocks of a report: the heading and the lines up to the next
    system's heading or the table."""
    return re.findall(r"^-- Per label.*\n(?:(?!===|\n).*\n)*", text, re.M)


def test_per_label_under_debug_is_the_same(folder: Path) -> None:
    plain = label_blocks(bracket(folder, "--per-label"))
    assert len(plain) == 3 and all(block.count("\n") > 5 for block in plain)
    assert label_blocks(bracket(folder, "-d", "--per-label")) == plain


def test_json_of_several_systems(folder: Path) -> None:
    document = json.loads(bracket(folder, "--json", "--per-label"))
    jsonschema.Draft202012Validator(json.loads(schema_path("bracket").read_text())).validate(
        document)
    assert [s["name"] for s in document["systems"]] == ["alpha", "beta", "gamma"]
    one = json.loads(bracket(folder, "--json", systems=("gamma.mrg",)))
    assert document["systems"][2]["all"] == one["all"]
    assert document["systems"][2]["notices"] == one["notices"] != []


def test_signature_and_text_table(folder: Path) -> None:
    out = bracket(folder, "--stat", "ar", "--resamples", "50", "--metrics", "fmeasure",
                  "--signature")
    assert "alpha (baseline)" in out and "Holm–Bonferroni" in out
    assert out.rstrip().splitlines()[-1] == (
        "signature: cmd:bracket|prm:COLLINS.prm#8142942c|lab:1|cut:40|maxerr:10|"
        "params:4df1bb59|metrics:fmeasure|stat:ar|resamples:50|seed:1|baseline:alpha|"
        "version:0.1.0")


def test_formats(folder: Path) -> None:
    assert "| gamma | " in bracket(folder, "--format", "markdown")
    assert "\\toprule" in bracket(folder, "--format", "latex")
    one = bracket(folder, "--format", "csv", systems=("alpha.mrg",))
    assert one.count("\n") == 1 + len(METRICS)


def test_plot(folder: Path) -> None:
    bracket(folder, "--plot", "dev.png", "--plot", "dev.svg")
    for name in ("f1_by_length", "label_f1"):
        assert (folder / f"dev.{name}.png").read_bytes().startswith(b"\x89PNG")
        assert b"<svg" in (folder / f"dev.{name}.svg").read_bytes()


def short_copy(folder: Path, lines: int = 2) -> None:
    """``short.mrg``: gamma's first ``lines`` lines (its first two trees are right)."""
    text = SYSTEMS["gamma.mrg"]
    (folder / "short.mrg").write_text("".join(text.splitlines(keepends=True)[:lines]))


def test_a_shorter_system_is_incomplete_never_best_never_tested(folder: Path) -> None:
    short_copy(folder)
    run = run_treeeval(["bracket", "--stat", "ar", "--resamples", "20", "--format", "csv",
                        "gold.mrg", "beta.mrg", "short.mrg", "alpha.mrg"], folder)
    assert run.status == 0 and b"short.mrg: has 2 lines, gold.mrg has 10" in run.stderr
    assert (b"short.mrg: incomplete (2 of 10 sentences): marked in the comparison, never its "
            b"best, not tested") in run.stderr
    cells = {(row["system"], row["metric"]): row
             for row in csv.DictReader(io.StringIO(run.stdout.decode(), newline=""))}
    short = cells["short", "fmeasure"]
    # two right trees score higher than all of alpha: the rule, not the numbers, ranks
    assert float(short["value"]) == 100.0 > float(cells["alpha", "fmeasure"]["value"])
    assert short["best"] == "false" and cells["alpha", "fmeasure"]["best"] == "true"
    assert (short["incomplete"], short["test"]) == ("2 of 10 sentences", "")
    assert short["untested"] == "it is incomplete (2 of 10 sentences)"
    assert cells["alpha", "fmeasure"]["test"] == "ar"  # the complete system is still tested


def test_a_run_stopped_by_max_error_is_incomplete_in_every_format(folder: Path) -> None:
    bad = edited({k: "(TOP (S (NN x)))" for k in range(1, 10)})  # 9 Length unmatch errors
    (folder / "bad.mrg").write_text(bad)
    why = "stopped by MAX_ERROR at sentence 5 of 10"  # EVALB dies inside error N + 2
    for fmt in ("text", "markdown", "latex", "csv", "json"):
        run = run_treeeval(["bracket", "-e", "2", "--stat", "bootstrap", "--resamples", "20",
                            "--format", fmt, "gold.mrg", "alpha.mrg", "bad.mrg"], folder)
        out = run.stdout.decode().replace("\\", "")
        assert run.status == 1 and why in out, fmt
        assert "bad (incomplete)" in out or '"incomplete": "stopped' in out \
            or ",stopped by" in out.replace('"', ""), fmt
    run = run_treeeval(["bracket", "-e", "2", "--json", "gold.mrg", "alpha.mrg", "bad.mrg"],
                       folder)
    document = json.loads(run.stdout)
    assert [system["incomplete"] for system in document["systems"]] == [None, why]


def test_strict_refuses_an_incomplete_comparison(folder: Path) -> None:
    short_copy(folder)
    run = run_treeeval(["bracket", "--strict", "gold.mrg", "alpha.mrg", "short.mrg"], folder)
    assert run.status == 1
    assert b"treeeval: error: short.mrg: incomplete (2 of 10 sentences)" in run.stderr


def test_the_figures_mark_an_incomplete_system(folder: Path) -> None:
    short_copy(folder)
    bracket(folder, "--plot", "dev.svg", systems=("alpha.mrg", "short.mrg"))
    assert b"short (incomplete)" in (folder / "dev.f1_by_length.svg").read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--stat", "mcnemar"], "--stat mcnemar applies to complete_match only"),
    (["--stat", "ar", "--baseline", "delta"], "--baseline delta is none of the systems"),
    (["--metrics", "recall;f1"], "unknown metric 'f1'"),
    (["--stat", "ar", "--resamples", "0"], "--resamples needs a number of at least 1"),
    (["--per-sentence", "s.jsonl"], "--per-sentence writes one system's sentences"),
    (["--json", "--stat", "ar"], "use --format json, not --json"),
    (["--format", "csv", "--json"], "--format cannot go with --json"),
    (["--format", "csv", "--per-label", "--stat", "ar"], "--stat goes with the comparison "
                                                          "table: --per-label --format"),
    (["--format", "csv", "--per-label", "--metrics", "F1"], "--metrics goes with the"),
    (["--json", "--title", "x"], "--title names the comparison table: use --format"),
    (["--plot", "x.gif"], "cannot write a figure as .gif"),
])
def test_usage_errors(folder: Path, args: list[str], message: str) -> None:
    assert message in fails(folder, [*args, "gold.mrg", *SYSTEMS])


def test_comparison_options_need_several_systems(folder: Path) -> None:
    assert "--stat needs several systems" in fails(
        folder, ["--stat", "ar", "gold.mrg", "alpha.mrg"])
    assert "--metrics chooses the comparison table's metrics" in fails(
        folder, ["--metrics", "recall", "gold.mrg", "alpha.mrg"])


def test_empty_gold_tests_nothing_loudly(tmp_path: Path) -> None:
    for name in ("gold.mrg", "a.mrg", "b.mrg"):
        (tmp_path / name).write_text("", encoding="utf-8")
    run = run_treeeval(["bracket", "--stat", "ar", "--format", "csv", "gold.mrg", "a.mrg",
                        "b.mrg"], tmp_path)
    assert run.status == 0 and b",ar," not in run.stdout
    assert b"gold.mrg: the gold file holds no sentence: --stat tests nothing" in run.stderr
    assert b"b,false,fmeasure,F1,percent,true,," in run.stdout  # EVALB's -nan: no value


def test_evalbs_messages_are_headed_by_their_system_and_quiet_drops_them(folder: Path) -> None:
    (folder / "odd.mrg").write_text(edited({3: "(TOP (S (NN x)))"}))  # a Length unmatch
    short_copy(folder)
    args = ["bracket", "-p", "COLLINS.prm", "gold.mrg", "alpha.mrg", "odd.mrg", "short.mrg"]
    loud = run_treeeval(args, folder).stderr.decode()
    assert loud.startswith("=== odd: gold.mrg odd.mrg\n4 : Length unmatch (5|1)\n"
                           "=== short: gold.mrg short.mrg\n3 : Number of lines unmatch")
    assert "=== alpha" not in loud  # no message, no heading
    quiet = run_treeeval([args[0], "--quiet", *args[1:]], folder).stderr.decode()
    assert quiet == "".join(line + "\n" for line in loud.splitlines()
                            if line.startswith("treeeval: warning: "))
    one = run_treeeval(["bracket", "gold.mrg", "odd.mrg"], folder).stderr.decode()
    assert one == "4 : Length unmatch (5|1)\n"  # one system: EVALB's bytes, no heading
    assert run_treeeval(["bracket", "--quiet", "gold.mrg", "odd.mrg"], folder).stderr == b""


# --- tables a paper can use as they are -----------------------------------------------------

def test_columns_are_headed_as_papers_write_them_and_metrics_takes_either_name(folder: Path
                                                                              ) -> None:
    by_key = bracket(folder, "--format", "json", "--metrics",
                     "recall;fmeasure_40;complete_match")
    by_header = bracket(folder, "--format", "json", "--metrics", "LR,F1 (≤40);EX")
    assert by_key == by_header  # the same table, data and signature
    document = json.loads(by_key)
    assert [(metric["name"], metric["header"]) for metric in document["metrics"]] == [
        ("recall", "LR"), ("complete_match", "EX"), ("fmeasure_40", "F1 (≤40)")]
    assert "|metrics:recall;complete_match;fmeasure_40|" in document["signature"]
    assert [cell["metric"] for cell in document["systems"][0]["cells"]] == [
        "recall", "complete_match", "fmeasure_40"]  # the data keep the stable keys
    latex = bracket(folder, "--format", "latex", "--metrics", "F1;fmeasure_40")
    assert "System & F1 & F1 ($\\leq$40) \\\\\n" in latex
    assert "| System | F1 | F1 (≤40) |" in bracket(folder, "--format", "markdown", "--metrics",
                                                   "F1;F1 (≤40)")
    (folder / "unlabelled.prm").write_text("LABELED 0\n")
    text = bracket(folder, "-p", "unlabelled.prm", "--metrics", "UR;precision_40")
    assert text.split("\n\n")[-1].splitlines()[1].split() == ["system", "UR", "UP", "(≤40)"]
    error = fails(folder, ["--metrics", "F1;LF", "gold.mrg", *SYSTEMS])
    assert "unknown metric 'LF' (choose from LR (recall), LP (precision), F1 (fmeasure)" in error


def test_title_replaces_the_gold_file_s_name_in_every_format(folder: Path) -> None:
    title = "WSJ & co_1"
    assert bracket(folder, "--title", title).split("\n\n")[-1].startswith(f"{title}\n")
    assert bracket(folder, "--caption", title, "--format", "markdown").startswith(
        "**WSJ \\& co\\_1**\n")
    latex = bracket(folder, "--title", title, "--format", "latex")
    assert "\\caption{WSJ \\& co\\_1}\n" in latex and "\\caption{gold}" not in latex
    assert json.loads(bracket(folder, "--title", title, "--format", "json"))["title"] == title
    assert "\\caption" not in bracket(folder, "--title", "", "--format", "latex")
    bracket(folder, "--title", title, "--html", "report.html")
    assert f"<caption>{escape(title)}</caption>" in (folder / "report.html").read_text()
    assert "--title names the comparison table: give several systems or --format" in fails(
        folder, ["--title", title, "gold.mrg", "alpha.mrg"])
    one = bracket(folder, "--title", title, "--format", "csv", systems=("alpha.mrg",))
    assert one.count("\n") == 1 + len(METRICS)  # CSV has no title


def label_f1(folder: Path, name: str) -> dict[str, str]:
    """A system's F1 of each label, as its ``--per-label`` block prints it alone."""
    out = bracket(folder, "--per-label", systems=(name,))
    block = out.split("-- Per label (labels cut at - or =) --\n")[1].splitlines()[1:]
    return {line.split()[0]: line.split()[-1] for line in block}


def test_per_label_table_of_several_systems_in_every_format(folder: Path) -> None:
    short_copy(folder)  # gamma's first two trees: incomplete, never best
    names = ("alpha.mrg", "beta.mrg", "short.mrg")
    csv_text = bracket(folder, "--per-label", "--format", "csv", systems=names)
    rows = list(csv.DictReader(io.StringIO(csv_text, newline="")))
    assert csv_text.startswith("label,baseline,metric,header,")
    cells = {(row["label"], row["metric"]): row for row in rows}
    labels = list(dict.fromkeys(row["label"] for row in rows))
    gold = {label: int(cells[label, "gold"]["value"]) for label in labels}
    assert gold["NP"] == GOLD.count("(NP ") and gold["ADVP"] == 3
    assert [gold[label] for label in labels] == sorted(gold.values(), reverse=True)
    printed = {name[:-4]: label_f1(folder, name) for name in names}
    for (label, metric), row in cells.items():
        if metric == "gold":
            assert row["best"] == "false"
            continue
        value = row["value"]
        shown = printed[metric].get(label)
        assert (f"{float(value):.2f}" if value else None) == shown, (label, metric)
    for label in labels:  # the best of each label among the complete systems that have it
        shown = {name: round(float(cells[label, name]["value"]), 2) for name in ("alpha", "beta")
                 if cells[label, name]["value"]}
        best = {name for name, value in shown.items() if value == max(shown.values())}
        assert {name for name in ("alpha", "beta", "short")
                if cells[label, name]["best"] == "true"} == (best if len(shown) > 1 else set())
    assert cells["NP", "alpha"]["best"] == "true" != cells["NP", "short"]["best"]
    assert cells["NP", "short"]["header"] == "short (incomplete)"
    document = json.loads(bracket(folder, "--per-label", "--format", "json", systems=names))
    jsonschema.Draft202012Validator(json.loads(schema_path("table").read_text())).validate(
        document)
    assert document["row_label"] == "label" and document["title"] == "gold: F1 by label"
    assert [system["name"] for system in document["systems"]] == labels
    markdown = bracket(folder, "--per-label", "--format", "markdown", systems=names)
    assert "| Label | gold | alpha | beta | short (incomplete) |" in markdown
    assert "short is incomplete (2 of 10 sentences): never the best of a row." in markdown
    assert "Best score of each row in bold." in markdown
    latex = bracket(folder, "--per-label", "--format", "latex", "--title", "Per label",
                    systems=names)
    assert "Label & gold & alpha & beta & short (incomplete) \\\\" in latex
    assert "\\caption{Per label}" in latex  # --title names the table --format writes
    text = bracket(folder, "--per-label", "--format", "text", systems=names)
    assert text.startswith("gold: F1 by label\nlabel ") and "=== " not in text


def test_per_label_text_after_the_reports(folder: Path) -> None:
    out = bracket(folder, "--per-label", "--title", "Dev")
    assert len(label_blocks(out)) == 3  # each system's block after its report, as before
    table, labels = out.split("\n\nDev\n")[1].split("\n\nDev: F1 by label\n")
    assert table.startswith("system ") and labels.startswith("label ")
    assert labels.splitlines()[0].split() == ["label", "gold", "alpha", "beta", "gamma"]
    bracket(folder, "--per-label", "--html", "report.html")
    page = (folder / "report.html").read_text()
    assert "<caption>gold</caption>" in page and "<caption>gold: F1 by label</caption>" in page
    assert '<th scope="col">Label</th>' in page
