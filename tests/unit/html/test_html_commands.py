"""``--html FILE`` on bracket, dep, lin and errors, on small files written here: one
self-contained page with the comparison table (also with one system), the command's figures
(inline SVG), each system's worst sentences (trees or arcs), every text escaped, the same
bytes on two runs, the target checked before anything is scored, and the command's own
output unchanged."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_runner import run_treeeval

#: a word every page must escape
WORD = "<b>&"
ESCAPED = "&lt;b&gt;&amp;"

BRACKET_GOLD = (f"(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (DT a) (NN {WORD}))))\n"
                "(S (NP (PRP I)) (VP (VBD ran)))\n"
                "(S (NP (NNP Kim)) (VP (VBD saw) (NP (PRP it)) (PP (IN with) (NN care))))\n")
BRACKET_A = (f"(S (NP (DT The) (NN dog)) (VP (VBD saw) (X (DT a) (NN {WORD}))))\n"
             "(S (NP (PRP I)) (VP (VBD ran)))\n"
             "(S (NP (NNP Kim)) (VP (VBD saw) (NP (NP (PRP it)) (PP (IN with) (NN care)))))\n")


def conll(rows: list[str]) -> str:
    return "".join(row.replace(" ", "\t") + "\n" for row in rows) + "\n"


DEP_GOLD = (conll(["1 Dogs _ N N _ 2 nsubj _ _", f"2 {WORD} _ V V _ 0 root _ _"])
            + conll(["1 I _ P P _ 2 nsubj _ _", "2 saw _ V V _ 0 root _ _",
                     "3 it _ P P _ 2 obj _ _"]))
DEP_A = DEP_GOLD.replace("\t2\tobj\t", "\t1\tiobj\t")

LIN_KEY = f"Rain N < fell\nfell V *\n\nI N < saw\nsaw V *\n{WORD} N > saw\n"
LIN_A = f"Rain N ?\nfell V *\n\nI N < saw\nsaw V *\n{WORD} N > I\n"

ERRORS_GOLD = ("(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) "
               f"(PP (IN with) (NN {WORD}))))\n(S (NP (DT a)) (VP (VB b)))\n")
ERRORS_A = ("(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) "
            f"(PP (IN with) (NN {WORD})))))\n(S (NP (DT a)) (VP (VB b)))\n")

#: command -> (gold, system a; system b is the gold itself), the figures, what the worst
#: sentences show, and the metric they are ordered by
CASES = {
    "bracket": ("g.mrg", BRACKET_GOLD, BRACKET_A, 2, '<div class="trees">', "F1"),
    "dep": ("g.conll", DEP_GOLD, DEP_A, 4, '<table class="arcs">', "LAS"),
    "lin": ("g.lin", LIN_KEY, LIN_A, 0, '<table class="arcs">', "errors"),
    "errors": ("g.mrg", ERRORS_GOLD, ERRORS_A, 0, '<div class="trees">', "bracket errors"),
}


def write(folder: Path, command: str) -> list[str]:
    """The files of ``command``'s case: gold, a system, and a second system (the gold)."""
    gold, gold_text, system, *_ = CASES[command]
    suffix = Path(gold).suffix
    (folder / gold).write_text(gold_text)
    (folder / f"a{suffix}").write_text(system)
    (folder / f"b{suffix}").write_text(gold_text)
    return [gold, f"a{suffix}", f"b{suffix}"]


class _Tags(HTMLParser):
    """The start tags of a page with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


@pytest.mark.parametrize("command", CASES)
def test_the_page_holds_the_table_figures_and_worst_sentences(tmp_path: Path,
                                                                command: str) -> None:
    files = write(tmp_path, command)
    run = run_treeeval([command, "--html", "r.html", *files], tmp_path)
    alone = run_treeeval([command, *files], tmp_path)
    assert run.status == 0, run.stderr
    assert (run.stdout, run.stderr) == (alone.stdout, alone.stderr)  # nothing else changes
    text = (tmp_path / "r.html").read_text()
    _, _, _, figures, analysis, metric = CASES[command]
    assert text.count('<table class="comparison">') == 1
    assert text.count("<svg") == figures
    assert "Worst sentences: a" in text and "Worst sentences: b" in text
    assert analysis in text and f'class="score">{metric} ' in text
    assert f"cmd:{command}|" in text
    assert ESCAPED in text and WORD not in text
    parser = _Tags()
    parser.feed(text)
    assert all("src" not in attributes for _, attributes in parser.tags)
    assert "http" not in text
    again = run_treeeval([command, "--html", "r2.html", *files], tmp_path)
    assert again.status == 0
    assert (tmp_path / "r2.html").read_bytes() == (tmp_path / "r.html").read_bytes()


@pytest.mark.parametrize("command", CASES)
def test_one_system_has_its_table_too(tmp_path: Path, command: str) -> None:
    files = write(tmp_path, command)
    run = run_treeeval([command, "--html", "r.html", *files[:2]], tmp_path)
    alone = run_treeeval([command, *files[:2]], tmp_path)
    assert run.status == 0 and run.stdout == alone.stdout
    text = (tmp_path / "r.html").read_text()
    assert text.count('<table class="comparison">') == 1
    assert text.count("Worst sentences: a") == 2  # the contents and the heading


@pytest.mark.parametrize("command", CASES)
def test_the_target_is_checked_before_scoring(tmp_path: Path, command: str) -> None:
    files = write(tmp_path, command)
    run = run_treeeval([command, "--html", files[1], *files], tmp_path)
    assert (run.status, run.stdout) == (1, b"")
    assert run.stderr.decode() == (f"treeeval: error: {files[1]}: is an input of this run; "
                                   "it is never written\n")
    assert (tmp_path / files[1]).read_text() == CASES[command][2]
    run = run_treeeval([command, "--html", "no/r.html", *files], tmp_path)
    assert (run.status, run.stdout) == (1, b"")
    assert b"no/r.html: cannot write: No such folder" in run.stderr


def test_bracket_worst_sentences_by_f1_with_both_trees(tmp_path: Path) -> None:
    files = write(tmp_path, "bracket")
    run = run_treeeval(["bracket", "--html", "r.html", *files[:2]], tmp_path)
    assert run.status == 0
    text = (tmp_path / "r.html").read_text()
    summaries = [line for line in text.splitlines() if line.startswith("<details><summary>")]
    # EVALB's rows: 1: recall 75.00, precision 75.00; 3: 100.00 and 83.33; 2: 100.00
    assert [line.split("</span>")[0][len("<details><summary>"):] for line in summaries] == [
        'Sentence 1: <span class="score">F1 75.00', 'Sentence 3: <span class="score">F1 90.91',
        'Sentence 2: <span class="score">F1 100.00']
    assert '<mark title="not in the other tree">(X</mark>' in text


def test_bracket_leaves_out_skip_sentences(tmp_path: Path) -> None:
    (tmp_path / "g.mrg").write_text("(S (A a) (B b))\n\n")
    (tmp_path / "t.mrg").write_text("(S (A a) (C b))\n\n")
    run = run_treeeval(["bracket", "--html", "r.html", "g.mrg", "t.mrg"], tmp_path)
    assert run.status == 0
    assert (tmp_path / "r.html").read_text().count("<details><summary>") == 1


def test_dep_html_with_a_test_and_the_report_refused(tmp_path: Path) -> None:
    files = write(tmp_path, "dep")
    run = run_treeeval(["dep", "--stat", "ar", "--resamples", "50", "--html", "r.html",
                        *files], tmp_path)
    assert run.status == 0, run.stderr
    text = (tmp_path / "r.html").read_text()
    assert "approximate randomization" in text
    assert '<td class="system wrong">1</td><td class="wrong">iobj</td>' in text
    run = run_treeeval(["dep", "--report", "evalpl", "--html", "r.html", *files], tmp_path)
    assert run.status == 2 and b"--html cannot go with --report" in run.stderr
    run = run_treeeval(["dep", "--ExcludeDeprels", ";obj", "--html", "r.html", *files],
                       tmp_path)
    assert (run.status, run.stdout) == (2, b"")  # said before anything is scored
    assert b"--html compares the systems: give one value of each parameter" in run.stderr


def test_lin_and_errors_show_counts_most_first(tmp_path: Path) -> None:
    files = write(tmp_path, "lin")
    assert run_treeeval(["lin", "--html", "r.html", *files[:2]], tmp_path).status == 0
    text = (tmp_path / "r.html").read_text()
    assert "with the most errors, most first" in text
    assert '(key line 4)</span>: <span class="score">errors 1</span>' in text
    assert '<td class="system wrong">?</td>' in text
    files = write(tmp_path, "errors")
    assert run_treeeval(["errors", "--html", "e.html", *files[:2]], tmp_path).status == 0
    text = (tmp_path / "e.html").read_text()
    assert ('Sentence 1 <span class="where">(PP Attachment)</span>: '
            '<span class="score">bracket errors 2</span>') in text
