"""``treeeval ud`` against the stored outputs of the CoNLL 2018/2017 UD scorers.

* ../shared/data/ud/conll2018: every system with ``TB.eval*.txt`` beside it (en_ewt, he_htb;
  6 systems, 3 modes) must print the same bytes; the other pairs must be scored sanely.
* ../shared/data/ud/conll2017: the 2018 scorer's ``en.eval*.txt`` and the 2017 scorer's
  ``en.eval17-v.txt`` (``--conll17 -v``).
* ../shared/data/conllx: conll18 outputs on CoNLL-X files (Plank et al., MaltParser UD 1.2),
  including its refusals (several roots), and the UD tools scorer's
  ``--multiple-roots-okay`` outputs.
* ../shared/data/ud/edge_cases: one test per case: the reference numbers where the scorers
  succeed, their message and line where they refuse, a result where they crash.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.commands.ud import run_ud
from treeeval.errors import TreeevalError
from treeeval.ud.api import evaluate_ud
from treeeval.ud.enhanced import EnhancedRules
from treeeval.ud.report import render
from treeeval.ud.settings import UDSettings

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
UD = SHARED / "ud"
CONLLX = SHARED / "conllx"
MODES = {"eval.txt": [], "eval-v.txt": ["-v"], "eval-c.txt": ["-c"]}
TEAMS = ["HIT-SCIR-18", "ICS-PAS", "Stanford-18", "TurkuNLP-18", "UDPipe-Future",
         "conll18-baseline"]


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


def run(*args: str | Path) -> bytes:
    out, err = io.BytesIO(), io.BytesIO()
    status = run_ud([str(a) for a in args], out, err)
    assert status == 0 and err.getvalue() == b""
    return out.getvalue()


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("treebank", ["en_ewt", "he_htb"])
@pytest.mark.parametrize("suffix", list(MODES))
def test_conll2018_outputs(team: str, treebank: str, suffix: str) -> None:
    expected = need(UD / "conll2018" / "systems" / team / f"{treebank}.{suffix}").read_bytes()
    gold = UD / "conll2018" / "gold" / f"{treebank}.conllu"
    system = UD / "conll2018" / "systems" / team / f"{treebank}.conllu"
    assert run(*MODES[suffix], gold, system) == expected


@pytest.mark.parametrize("team", ["HIT-SCIR-18", "LATTICE-18", "UDPipe-Future",
                                  "conll18-baseline"])
@pytest.mark.parametrize("treebank", ["fi_tdt", "cs_pud", "ja_gsd"])
def test_conll2018_pairs_without_outputs_are_sane(team: str, treebank: str) -> None:
    system = need(UD / "conll2018" / "systems" / team / f"{treebank}.conllu")
    result = evaluate_ud(str(UD / "conll2018" / "gold" / f"{treebank}.conllu"), str(system))
    _check_sane(result.scores)


def _check_sane(scores: dict) -> None:
    words = scores["Words"]
    assert words.gold > 1000 and 80 < words.f1 <= 100
    for name in ("UPOS", "UAS", "LAS", "CLAS", "MLAS", "BLEX"):
        value = scores[name]
        # CLAS, MLAS, BLEX count system words by their own relation, aligned ones by gold's
        assert value.correct <= value.aligned <= value.gold
        assert value.correct <= value.system
    assert scores["UPOS"].aligned == words.correct <= min(words.gold, words.system)
    assert scores["LAS"].correct <= scores["UAS"].correct <= words.correct
    assert scores["MLAS"].correct <= scores["CLAS"].correct
    assert scores["BLEX"].correct <= scores["CLAS"].correct
    assert 40 < scores["LAS"].f1 < 100


CONLL2017_SYSTEMS = ["Stanford", "UFAL-UDPipe-1-2", "conll17-baseline"]


@pytest.mark.parametrize("system", CONLL2017_SYSTEMS)
@pytest.mark.parametrize("suffix", [*MODES, "eval17-v.txt"])
def test_conll2017_outputs(system: str, suffix: str) -> None:
    expected = need(UD / "conll2017" / system / f"en.{suffix}").read_bytes()
    options = ["--conll17", "-v"] if suffix == "eval17-v.txt" else MODES[suffix]
    gold = UD / "conll2017" / "gold" / "en-ud-test.conllu"
    assert run(*options, gold, UD / "conll2017" / system / "en.conllu") == expected


@pytest.mark.parametrize("system", CONLL2017_SYSTEMS)
@pytest.mark.parametrize("conll17", [False, True])
def test_conll2017_finnish_runs_are_sane(system: str, conll17: bool) -> None:
    path = need(UD / "conll2017" / system / "fi.conllu")
    result = evaluate_ud(str(UD / "conll2017" / "gold" / "fi-ud-test.conllu"), str(path),
                         conll17=conll17)
    if conll17:
        assert "MLAS" not in result.scores and "Feats" in result.scores
        result.scores["MLAS"] = result.scores["BLEX"] = result.scores["CLAS"]
    _check_sane(result.scores)


def test_udtools_cs_pud_is_sane() -> None:
    folder = need(UD / "udtools-cs_pud")
    result = evaluate_ud(str(folder / "cs_pud-gold.conllu"),
                         str(folder / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu"))
    _check_sane(result.scores)
    assert result.scores["Words"].gold == 18609
    per_sentence = result.per_sentence["LAS"].sum(axis=0).tolist()
    las = result.scores["LAS"]
    assert per_sentence == [las.correct, las.gold, las.system, las.aligned]


def test_udtools_stored_udeval_output_byte_for_byte() -> None:
    """The UD tools' own stored ``udeval -v`` output for their test pair (ELAS and EULAS
    rows included: 0, the system has no enhanced graph)."""
    folder = need(UD / "udtools-cs_pud")
    scores = evaluate_ud(str(folder / "cs_pud-gold.conllu"),
                         str(folder / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu"),
                         enhanced=EnhancedRules()).scores
    ordered = {name: scores[name] for name in UDSettings((("g", "s"),),
                                                          enhanced=EnhancedRules()).metrics}
    stored = (folder / "udeval-v.txt").read_text(encoding="utf-8")
    assert render(ordered, "verbose", "udeval") == stored
    assert scores["ELAS"].gold == 19653 and scores["ELAS"].system == 0


def _conllx_runs() -> list[tuple[str, str, str]]:
    runs = [(f"plank_conll2015/datapackage/{lang}/gold.conll",
             f"plank_conll2015/datapackage/{lang}/{parser}.conll",
             f"plank_conll2015/datapackage/{lang}/{parser}")
            for lang in ("da", "de", "en", "es", "hr") for parser in ("parser1", "parser2")]
    for run_name in ("maltdefault_output_1-2", "maltopt_output_1-2",
                     "maltdefault_coarse_output_test_1-2"):
        coarse = ".coarse" if "coarse" in run_name else ""
        for lang in ("English", "Finnish"):
            base = "udeval-maltparser-ud1.2"
            runs.append((f"{base}/gold/{lang}.gold{coarse}.conllx",
                         f"{base}/{run_name}/{lang}.conllx", f"{base}/{run_name}/{lang}"))
    return runs


CONLLX_OUTPUTS = {".conll18.eval.txt": [], ".conll18.eval-v.txt": ["-v"],
                  ".udtools-multiroots-okay.eval-v.txt": ["-v", "--multiple-roots-okay"]}


@pytest.mark.parametrize("gold,system,stem", _conllx_runs(), ids=lambda v: v.split("/")[-1])
@pytest.mark.parametrize("suffix", list(CONLLX_OUTPUTS))
def test_conllx_outputs(gold: str, system: str, stem: str, suffix: str) -> None:
    expected = need(CONLLX / (stem + suffix)).read_text(encoding="utf-8")
    args = [*CONLLX_OUTPUTS[suffix], str(CONLLX / gold), str(CONLLX / system)]
    if not expected.startswith("Traceback"):
        assert run(*args).decode() == expected
        return
    last = expected.strip().splitlines()[-1]
    if "UDError" not in last:
        # the UD tools scorer crashed on this file (ValueError) or on a text mismatch that
        # conll18 never reached: treeeval scores it or reports the mismatch
        try:
            _check_sane(evaluate_ud(str(CONLLX / gold), str(CONLLX / system),
                                    multiple_roots_okay=True).scores)
        except TreeevalError as exc:
            assert "The concatenation of tokens" in str(exc) and last.split(": ", 1)[0] in str(exc)
        return
    message, line = last.split("UDError: ", 1)[1].rsplit(" at line ", 1)
    which = system if "system_ud = load" in expected else gold
    with pytest.raises(TreeevalError) as caught:
        run(*args)
    assert caught.value.message == message  # type: ignore[attr-defined]
    assert caught.value.line == int(line)  # type: ignore[attr-defined]
    assert caught.value.path == str(CONLLX / which)  # type: ignore[attr-defined]


EDGE = UD / "edge_cases"
EDGE_CASES = ["ok-identical", "too-few-columns", "bad-word-id", "bad-mwt-id", "id-gap",
              "head-underscore", "head-negative", "head-out-of-range", "cycle", "two-roots",
              "zero-roots-all-cycle", "empty-form-only-spaces", "no-final-blank-line",
              "double-blank-line", "blank-line-with-space", "text-mismatch",
              "sys-prefix-of-gold", "bom-at-start", "comment-inside-sentence",
              "crlf-line-endings", "empty-node-skipped", "mwt-word-head-underscore",
              "empty-node-inside-mwt", "mwt-vs-split-tokens", "mwt-case-insensitive-lcs",
              "space-inside-form", "deprel-subtype-and-case", "unknown-deprel-not-content",
              "gold-lemma-underscore", "feats-order-and-nonuniversal", "deep-chain-1500",
              "enhanced-deps-duplicate"]
#: where the reference scorers crash or refuse, what treeeval does instead
IMPROVED = {"bom-at-start", "deep-chain-1500", "empty-node-inside-mwt",
            "mwt-word-head-underscore"}


def _reference(case: str, scorer: str) -> tuple[bool, str]:
    """(succeeded, output or the error's last lines) of a stored reference run."""
    text = need(EDGE / "results" / f"{case}.{scorer}.txt").read_text(encoding="utf-8")
    if text.startswith("$ "):
        _, status, text = text.split("\n", 2)
        if status == "exit=0":
            return True, text
    return False, text


def _case_files(case: str) -> tuple[str, str]:
    return str(EDGE / "cases" / f"{case}.gold.conllu"), str(EDGE / "cases" / f"{case}.sys.conllu")


@pytest.mark.parametrize("case", EDGE_CASES)
def test_edge_case(case: str, tmp_path: Path) -> None:
    gold, system = _case_files(case)
    for scorer, options in (("conll18", ["-v"]), ("conll17", ["-v", "--conll17"])):
        succeeded, reference = _reference(case, scorer)
        if case in IMPROVED:
            continue
        if succeeded:
            assert run(*options, gold, system).decode() == reference, scorer
            continue
        with pytest.raises(TreeevalError) as caught:
            run(*options, gold, system)
        _check_reference_error(caught.value, reference, gold, system)
    if case in IMPROVED:
        _check_improvement(case, gold, system, tmp_path)
    counts = EDGE / "results" / f"{case}.conll18-counts.txt"
    if counts.exists():
        assert run("-c", gold, system).decode() == counts.read_text(encoding="utf-8")


def _check_reference_error(error: BaseException, reference: str, gold: str,
                           system: str) -> None:
    last = reference.strip().splitlines()[-1]
    message = str(error)
    if last.startswith("First 20 differing characters"):
        assert message.endswith("The concatenation of tokens in gold file and in system file "
                                "differ! " + last)
        return
    text = last.split("UDError: ", 1)[1]
    line = None
    if " at line " in text and not text.endswith("'"):
        text, number = text.rsplit(" at line ", 1)
        line = int(number)
    elif " at line " in text:
        head, rest = text.split(" at line ", 1)
        number, quoted = rest.split(": ", 1)
        text, line = f"{head}: {quoted}", int(number)
    assert error.message == text  # type: ignore[attr-defined]
    if line is not None:
        assert error.line == line  # type: ignore[attr-defined]
    which = system if "system_ud = load" in reference else gold
    assert error.path == which  # type: ignore[attr-defined]


def _check_improvement(case: str, gold: str, system: str, tmp_path: Path) -> None:
    if case == "bom-at-start":
        # the BOM is dropped: the same result as the files without it
        plain = []
        for name in (gold, system):
            data = Path(name).read_bytes()
            copy = tmp_path / Path(name).name
            copy.write_bytes(data.removeprefix(b"\xef\xbb\xbf"))
            plain.append(copy)
        assert Path(system).read_bytes().startswith(b"\xef\xbb\xbf")
        assert run("-v", gold, system) == run("-v", *plain)
        assert run("-v", *plain).splitlines()[-1].endswith(b"100.00 |    100.00")
    elif case == "deep-chain-1500":
        # a chain of 1,500 words: scored, no RecursionError (gold and system point opposite
        # ways, so every word is aligned and no head is right)
        scores = evaluate_ud(gold, system).scores
        assert scores["Words"].correct == scores["Words"].gold == 1500
        assert scores["UAS"].correct == 0 and scores["UPOS"].correct == 1500
        assert evaluate_ud(system, system).scores["LAS"].f1 == 100.0
    elif case == "empty-node-inside-mwt":
        # the empty node is skipped, as the UD tools scorer does (its first 13 rows)
        _, udtools = _reference(case, "udtools")
        assert run("-v", gold, system).decode() == "".join(udtools.splitlines(True)[:15])
    elif case == "mwt-word-head-underscore":
        with pytest.raises(TreeevalError) as caught:
            evaluate_ud(gold, system)
        assert caught.value.message == "Cannot parse HEAD '_'"  # type: ignore[attr-defined]
        assert caught.value.line == 2 and caught.value.path == system  # type: ignore


def test_every_stored_output_has_a_parity_test() -> None:
    """The parametrised tests above cover every stored reference output and edge case, so
    that a file added to ../shared goes untested only if this test fails."""
    stored = {str(path.relative_to(UD / "conll2018" / "systems"))
              for path in need(UD / "conll2018" / "systems").glob("*/*.eval*.txt")}
    assert stored == {f"{team}/{treebank}.{suffix}" for team in TEAMS
                      for treebank in ("en_ewt", "he_htb") for suffix in MODES}
    stored = {str(path.relative_to(UD / "conll2017"))
              for path in (UD / "conll2017").glob("*/*.eval*.txt")}
    assert stored == {f"{system}/en.{suffix}" for system in CONLL2017_SYSTEMS
                      for suffix in [*MODES, "eval17-v.txt"]}
    stored = {str(path.relative_to(CONLLX)) for pattern in ("*.conll18.*", "*.udtools-*")
              for path in CONLLX.rglob(pattern)}
    assert stored == {stem + suffix for _, _, stem in _conllx_runs() for suffix in CONLLX_OUTPUTS}
    cases = {path.name.rsplit(".", 2)[0] for path in (EDGE / "cases").glob("*.conllu")}
    assert cases == set(EDGE_CASES) and len(EDGE_CASES) == 32
