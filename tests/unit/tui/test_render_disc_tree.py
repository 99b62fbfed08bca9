"""The browser's drawings of discontinuous trees (``tui.render_disc_tree``): the bracketing
with gap marks, the drawing with crossing branches, and the marks of a gold and a system
tree compared as ``discodop eval`` compares brackets."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from treeeval.bracket.reference import MATCHED, NOT_COUNTED, UNMATCHED
from treeeval.disco.pairs import WordMismatch
from treeeval.disco.params import DiscoParams
from treeeval.model.disc_trees import DiscNode as N
from treeeval.model.disc_trees import DiscSentence
from treeeval.tui.disc_marks import disc_marks as pair_marks
from treeeval.tui.disc_marks import score_pair
from treeeval.tui.render_disc_tree import DiscMarks, disc_legend, draw_disc_outline, draw_disc_tree

WORDS = "Ein Buch hat sie gelesen , das ihr gefiel .".split()
GOLD_TAGS = ["ART", "NN", "VAFIN", "PPER", "VVPP", "$,", "PRELS", "PPER", "VVFIN", "$."]
#: proper.prm's deletions that matter here: the root and the punctuation tags
PROPER = DiscoParams(delete_label=["VROOT", "$,", "$.", "$("])
M, U, X = MATCHED, UNMATCHED, NOT_COUNTED


def disc_marks(gold: DiscSentence, system: DiscSentence, params: DiscoParams | None = None,
               disc_only: bool = False) -> tuple[DiscMarks, DiscMarks]:
    """The marks of a pair compared by treeeval disco's scorer (``pairs.compare``)."""
    return pair_marks(score_pair("1", gold, system, params or DiscoParams(), disc_only))


def gold() -> DiscSentence:
    """'Ein Buch hat sie gelesen, das ihr gefiel.': the fronted object NP with its
    extraposed relative clause (discontinuous) inside the VP (discontinuous), a unary NP
    over a pronoun, the punctuation hanging from the root."""
    relative = N("S", [N("PRELS", [6], "SB"), N("PPER", [7], "DA"), N("VVFIN", [8], "HD")], "RC")
    object_ = N("NP", [N("ART", [0], "NK"), N("NN", [1], "NK"), relative], "OA")
    verb = N("VP", [object_, N("VVPP", [4], "HD")], "OC")
    clause = N("S", [verb, N("VAFIN", [2], "HD"), N("NP", [N("PPER", [3], "HD")], "SB")])
    return DiscSentence(WORDS, GOLD_TAGS,
                        N("VROOT", [clause, N("$,", [5], "--"), N("$.", [9], "--")]))


def system() -> DiscSentence:
    """A parse: the object NP without its clause, a unary chain NP over NP over the
    pronoun, the relative clause in the VP, ``das`` tagged ART."""
    relative = N("S", [N("ART", [6], "SB"), N("PPER", [7], "DA"), N("VVFIN", [8], "HD")], "RC")
    clause = N("S", [N("NP", [N("ART", [0], "NK"), N("NN", [1], "NK")], "OA"),
                     N("VAFIN", [2], "HD"), N("NP", [N("NP", [N("PPER", [3], "HD")], "HD")], "SB"),
                     N("VP", [N("VVPP", [4], "HD"), relative], "OC")])
    tags = GOLD_TAGS[:6] + ["ART"] + GOLD_TAGS[7:]
    return DiscSentence(WORDS, tags,
                        N("VROOT", [clause, N("$,", [5], "--"), N("$.", [9], "--")]))


def plain(lines) -> list[str]:
    return [line.plain for line in lines]


def test_marks_match_brackets_as_multisets_of_label_and_words() -> None:
    gold_marks, system_marks = disc_marks(gold(), system(), PROPER)
    # gold pre-order: VROOT S VP NP ART NN S-RC PRELS PPER VVFIN VVPP VAFIN NP PPER $, $.
    assert gold_marks.nodes == (X, M, U, U, None, None, M, None, None, None, None, None, M,
                                None, None, None)
    # system: VROOT S NP-OA ART NN VAFIN NP-SB NP-HD PPER VP VVPP S-RC ART PPER VVFIN $, $.
    # one gold NP [sie] against two system ones: the first matched, the second extra
    assert system_marks.nodes == (X, M, U, None, None, None, M, U, None, U, None, M, None,
                                  None, None, None, None)
    assert gold_marks.words == system_marks.words == (M, M, M, M, M, X, U, M, M, X)
    # discodop eval's row for these trees (discbracket files, proper.prm):
    # 10 words, matched 3, gold 5, cand 6, 8 words scored, 7 tags right
    gold_counted = [fate for fate in gold_marks.nodes if fate in (M, U)]
    system_counted = [fate for fate in system_marks.nodes if fate in (M, U)]
    scored = [fate for fate in gold_marks.words if fate != X]
    assert (gold_counted.count(M), len(gold_counted), len(system_counted), len(scored),
            scored.count(M)) == (3, 5, 6, 8, 7)


def test_disc_only_judges_gaps_once_punctuation_is_gone() -> None:
    """discodop eval --disconly on these trees: gold brackets 2 (VP, NP), candidate 0 (the
    system's VP [5,7-9] has only the comma in its gap)."""
    gold_marks, system_marks = disc_marks(gold(), system(), PROPER, disc_only=True)
    assert gold_marks.nodes == (X, X, U, U, None, None, X, None, None, None, None, None, X,
                                None, None, None)
    assert set(system_marks.nodes) == {X, None}


def test_bracketing_with_gap_marks() -> None:
    gold_marks, system_marks = disc_marks(gold(), system(), PROPER)
    assert plain(draw_disc_outline(gold(), gold_marks, "gold")) == [
        "·  VROOT [1-10]",
        "✓¦   S [1-5,7-9]",
        "-¦     VP-OC [1-2,5,7-9]",
        "-¦       NP-OA [1-2,7-9]",
        "           ART-NK Ein",
        "           NN-NK Buch",
        "✓          S-RC [7-9]",
        "~            PRELS-SB das",
        "             PPER-DA ihr",
        "             VVFIN-HD gefiel",
        "         VVPP-HD gelesen",
        "       VAFIN-HD hat",
        "✓      NP-SB [4]",
        "         PPER-HD sie",
        "·    $, ,",
        "·    $. .",
    ]
    assert plain(draw_disc_outline(system(), system_marks, "test")) == [
        "·  VROOT [1-10]",
        "✓¦   S [1-5,7-9]",
        "+      NP-OA [1-2]",
        "         ART-NK Ein",
        "         NN-NK Buch",
        "       VAFIN-HD hat",
        "✓      NP-SB [4]",
        "+        NP-HD [4]",
        "           PPER-HD sie",
        "+¦     VP-OC [5,7-9]",
        "         VVPP-HD gelesen",
        "✓        S-RC [7-9]",
        "~          ART-SB das",
        "           PPER-DA ihr",
        "           VVFIN-HD gefiel",
        "·    $, ,",
        "·    $. .",
    ]


def test_bracketing_colours_each_mark() -> None:
    gold_marks, _ = disc_marks(gold(), system(), PROPER)
    lines = draw_disc_outline(gold(), gold_marks, "gold")
    styles = [{str(span.style) for span in line.spans if span.start == 0} for line in lines]
    assert styles[1] == {"green"} and styles[2] == {"red"} and styles[7] == {"yellow"}
    assert styles[0] == {"dim"} and styles[14] == {"dim"}
    assert {str(span.style) for span in lines[1].spans if span.start == 1} == {"cyan"}


def test_drawing_with_crossing_branches() -> None:
    gold_marks, system_marks = disc_marks(gold(), system(), PROPER)
    assert plain(draw_disc_tree(gold(), gold_marks, "gold")) == [
        "                                       ·VROOT",
        "                 ┌────────────────────────┼───────────────────────────────┐",
        "                ✓S                        │                               │",
        "          ┌──────┼────────┐               │                               │",
        "       -VP-OC    │        │               │                               │",
        "          ├──────│────────│───────┐       │                               │",
        "       -NP-OA    │        │       │       │                               │",
        "  ┌───────┼──────│────────│───────│───────│────────────────┐              │",
        "  │       │      │     ✓NP-SB     │       │              ✓S-RC            │",
        "  │       │      │        │       │       │       ┌────────┼───────┐      │",
        "ART-NK  NN-NK VAFIN-HD PPER-HD VVPP-HD   ·$,  ~PRELS-SB PPER-DA VVFIN-HD ·$.",
        " Ein     Buch   hat      sie   gelesen    ,      das      ihr    gefiel   .",
    ]
    assert plain(draw_disc_tree(system(), system_marks, "test")) == [
        "                                       ·VROOT",
        "                 ┌────────────────────────┼─────────────────────────────┐",
        "                ✓S                        │                             │",
        "   ┌─────────────┼────────┬───────┐       │                             │",
        "   │             │     ✓NP-SB  +VP-OC     │                             │",
        "   │             │        │       ├───────│──────────────┐              │",
        "+NP-OA           │     +NP-HD     │       │            ✓S-RC            │",
        "   ├──────┐      │        │       │       │      ┌───────┼───────┐      │",
        " ART-NK NN-NK VAFIN-HD PPER-HD VVPP-HD   ·$,  ~ART-SB PPER-DA VVFIN-HD ·$.",
        "  Ein    Buch   hat      sie   gelesen    ,     das     ihr    gefiel   .",
    ]


def test_drawing_in_ascii_without_marks() -> None:
    assert plain(draw_disc_tree(gold(), ascii=True)) == [
        "                                      VROOT",
        "                +-----------------------+-----------------------------+",
        "                S                       |                             |",
        "         +------+--------+              |                             |",
        "       VP-OC    |        |              |                             |",
        "         +------|--------|-------+      |                             |",
        "       NP-OA    |        |       |      |                             |",
        "  +------+------|--------|-------|------|---------------+             |",
        "  |      |      |      NP-SB     |      |              S-RC           |",
        "  |      |      |        |       |      |      +--------+-------+     |",
        "ART-NK NN-NK VAFIN-HD PPER-HD VVPP-HD   $,  PRELS-SB PPER-DA VVFIN-HD $.",
        " Ein    Buch   hat      sie   gelesen   ,     das      ihr    gefiel  .",
    ]
    marks, _ = disc_marks(gold(), system(), PROPER)
    assert plain(draw_disc_tree(gold(), marks, ascii=True))[0].strip() == ".VROOT"
    assert plain(draw_disc_tree(gold(), marks, ascii=True))[2].strip().startswith("=S")


def test_overlapping_bars_take_separate_rows() -> None:
    """X [a c] and Y [b d] would share a row: Y is placed first, X one row up."""
    chunk = N("P", [N("X", [N("A", [0]), N("B", [2])]), N("Y", [N("A", [1]), N("B", [3])])])
    drawing = plain(draw_disc_tree(DiscSentence(["w0", "w1", "w2", "w3"], [], chunk)))
    assert drawing == [
        "P",
        "├──┐",
        "X  │",
        "├──│──┐",
        "│  Y  │",
        "│  ├──│──┐",
        "A  A  B  B",
        "w0 w1 w2 w3",
    ]


# small trees for the rules: gold NP over words 1 and 3 with word 2 under the root
def small(label: str = "NP", root: str = "S") -> DiscSentence:
    tree = N(root, [N(label, [N("A", [0]), N("B", [2])]), N("C", [1])])
    return DiscSentence(["x", "y", "z"], ["A", "C", "B"], tree)


ROOT_PRETERMS = {**DiscoParams().numbers, "DELETE_ROOT_PRETERMS": 1}


@pytest.mark.parametrize(("params", "disc_only", "gold_fates", "system_fates"), [
    (DiscoParams(), False, (M, U), (M, U)),
    (DiscoParams(eq_label={"NP": "NP", "PP": "NP"}), False, (M, M), (M, M)),
    (DiscoParams(numbers={**DiscoParams().numbers, "LABELED": 0}), False, (M, M), (M, M)),
    (DiscoParams(delete_label=["NP"]), False, (M, X), (M, U)),
    (DiscoParams(), True, (X, U), (X, U)),
    # the word under the root dropped, the NP is no longer discontinuous
    (DiscoParams(numbers=ROOT_PRETERMS), True, (X, X), (X, X)),
    (DiscoParams(delete_word=["y"]), True, (X, X), (X, X)),
    (DiscoParams(delete_label=["C"]), True, (X, X), (X, X)),
])
def test_rules(params: DiscoParams, disc_only: bool, gold_fates, system_fates) -> None:
    gold_marks, system_marks = disc_marks(small(), small("PP"), params, disc_only)
    assert gold_marks.nodes[:2] == gold_fates and system_marks.nodes[:2] == system_fates
    assert gold_marks.nodes[2:] == (None, None, None)


def test_root_label_is_compared_as_spelt() -> None:
    """discodop maps every label through EQ_LABEL but the root's."""
    params = DiscoParams(eq_label={"S": "S", "ROOT": "S"})
    assert disc_marks(small(), small(root="ROOT"), params)[0].nodes[:2] == (U, M)
    assert disc_marks(small(label="ROOT"), small(label="S"), params)[0].nodes[:2] == (M, M)


def test_dropped_words_leave_tags_uncompared() -> None:
    """The scorer compares the preterminals' labels (the tags the readers give both)."""
    other = DiscSentence(["x", "y", "z"], ["A", "D", "E"],
                         N("S", [N("NP", [N("A", [0]), N("E", [2])]), N("D", [1])]))
    assert disc_marks(small(), other)[0].words == (M, U, U)
    assert disc_marks(small(), other, DiscoParams(delete_word=["y"]))[0].words == (M, X, U)


def test_length_mismatch() -> None:
    with pytest.raises(WordMismatch, match="sentence length mismatch"):
        disc_marks(small(), DiscSentence(["x"], ["A"], N("S", [N("A", [0])])))


def test_legend() -> None:
    assert disc_legend().plain == ("✓ matched  - missing (recall)  + extra (precision)  "
                                   "~ wrong tag  · not counted  ¦ discontinuous")


def long_sentence(words: int) -> DiscSentence:
    """Crossing pairs in chunks of four words under a balanced binary tree."""
    parts = [N("P", [N("X", [N("A", [i]), N("B", [i + 2])]),
                     N("Y", [N("A", [i + 1]), N("B", [i + 3])])]) for i in range(0, words, 4)]
    while len(parts) > 1:
        parts = [N("Q", parts[j:j + 2]) for j in range(0, len(parts), 2)]
    return DiscSentence([f"w{i}" for i in range(words)], ["A", "B"] * (words // 2), parts[0])


def test_long_sentence_is_not_quadratic() -> None:
    """16,384 words: 32 rows, one column a word; about 2 s (a quadratic layout, 16,384
    squared cells or node pairs, would take minutes)."""
    sentence = long_sentence(16384)
    start = time.perf_counter()
    drawing = draw_disc_tree(sentence)
    outline = draw_disc_outline(sentence)
    gold_marks, _ = disc_marks(sentence, sentence)
    elapsed = time.perf_counter() - start
    assert len(drawing) == 2 * 15 + 2 and drawing[-1].plain.startswith("w0 w1 w2 w3 w4")
    assert len(outline) == len(gold_marks.nodes) == 8192 + 4096 * 2 - 1 + 16384
    assert set(gold_marks.nodes) == {MATCHED, None}
    assert elapsed < 20


def test_deep_chain_past_the_recursion_limit() -> None:
    tree = N("A", [0])
    for _ in range(3000):
        tree = N("S", [tree])
    sentence = DiscSentence(["w"], ["A"], tree)
    assert len(draw_disc_outline(sentence)) == 3001
    assert plain(draw_disc_tree(sentence))[-3:] == ["│", "A", "w"]
    assert disc_marks(sentence, sentence)[0].nodes[:2] == (M, M)


def test_browse_md_shows_these_drawings() -> None:
    """docs/browse.md's two drawings (after its screen) are this file's gold tree, drawn as
    it is drawn."""
    text = (Path(__file__).parents[3] / "docs" / "browse.md").read_text(encoding="utf-8")
    section = text[text.index("## Discontinuous trees"):text.index("## Python")]
    blocks = [block.strip("\n").split("\n") for block in section.split("```")[1::2]][-2:]
    gold_marks, _ = disc_marks(gold(), system(), PROPER)
    assert blocks == [plain(draw_disc_outline(gold(), gold_marks, "gold")),
                      plain(draw_disc_tree(gold(), gold_marks, "gold"))]
