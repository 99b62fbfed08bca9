"""Small bracket, CoNLL-X and export files for the browser's tests (written into a tmp_path)."""

from __future__ import annotations

from pathlib import Path

GOLD_TREES = [
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))",
    "(TOP (S (NP (NNP John)) (VP (VBZ runs)) (. .)))",
    "(TOP (S (NP (DT a) (NN dog)) (VP (VBD barked) (ADVP (RB loudly)))))",
    "(TOP (S (NP (PRP It)) (VP (VBZ rains))))",
    "(TOP (NP (DT the) (JJ big) (JJ red) (NN ball)))",
]
#: 1 wrong (VP/PP), 2 right, 3 ADVP missing, 4 Error (length), 5 Skip (empty line)
SYSTEM_TREES = [
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (IN on)) (NP (DT the) (NN mat)) (. .)))",
    GOLD_TREES[1],
    "(TOP (S (NP (DT a) (NN dog)) (VP (VBD barked) (RB loudly))))",
    "(TOP (S (NP (PRP It)) (VP (VBZ rains) (NN extra))))",
    "",
]
#: a second system: wrong only in sentence 2
SYSTEM2_TREES = [GOLD_TREES[0], "(TOP (S (NNP John) (VP (VBZ runs)) (. .)))"] + GOLD_TREES[2:]

#: 'Ein Buch hat sie gelesen, das ihr gefiel.' (VP and object NP discontinuous) and
#: 'Gestern hat er geschlafen.'
DISCO_GOLD = """#FORMAT 3
#BOS 1
Ein\tART\tNom\tNK\t503
Buch\tNN\tNom\tNK\t503
hat\tVAFIN\t3.Sg\tHD\t501
sie\tPPER\tNom\tSB\t501
gelesen\tVVPP\tPsp\tHD\t502
,\t$,\t--\t--\t0
das\tPRELS\tNom\tSB\t500
ihr\tPPER\tDat\tDA\t500
gefiel\tVVFIN\t3.Sg\tHD\t500
.\t$.\t--\t--\t0
#500\tS\t--\tRC\t503
#501\tS\t--\t--\t0
#502\tVP\t--\tOC\t501
#503\tNP\t--\tOA\t502
#EOS 1
#BOS 2
Gestern\tADV\t--\tMO\t502
hat\tVAFIN\t3.Sg\tHD\t501
er\tPPER\tNom\tSB\t501
geschlafen\tVVPP\tPsp\tHD\t502
.\t$.\t--\t--\t0
#501\tS\t--\t--\t0
#502\tVP\t--\tOC\t501
#EOS 2
"""
#: the parse: the object NP without its clause, the clause in the VP, a unary NP over
#: 'sie', 'das' tagged ART; sentence 2 right
DISCO_PARSE = DISCO_GOLD.replace("Ein\tART\tNom\tNK\t503", "Ein\tART\tNom\tNK\t504").replace(
    "Buch\tNN\tNom\tNK\t503", "Buch\tNN\tNom\tNK\t504").replace(
    "sie\tPPER\tNom\tSB\t501", "sie\tPPER\tNom\tHD\t505").replace(
    "das\tPRELS", "das\tART").replace(
    "#500\tS\t--\tRC\t503", "#500\tS\t--\tRC\t502").replace(
    "#503\tNP\t--\tOA\t502", "#504\tNP\t--\tOA\t501\n#505\tNP\t--\tSB\t501")

ROW = "{id}\t{form}\t_\t{tag}\t{tag}\t_\t{head}\t{label}\t_\t_"


def conll(sentences: list[list[tuple[str, str, int, str]]]) -> str:
    return "".join("\n".join(ROW.format(id=i, form=f, tag=t, head=h, label=lab)
                             for i, (f, t, h, lab) in enumerate(sentence, 1)) + "\n\n"
                   for sentence in sentences)


GOLD_DEPS = [
    [("Rain", "NN", 2, "nsubj"), ("fell", "VB", 0, "root"), (".", "PU", 2, "punct")],
    [("John", "NN", 2, "nsubj"), ("saw", "VB", 0, "root"), ("Mary", "NN", 2, "obj"),
     ("today", "NN", 2, "advmod")],
    [("Stop", "VB", 0, "root"), ("!", "PU", 1, "punct")],
]
#: sentence 1: label wrong on Rain; 2: head wrong on today; 3: right
SYSTEM_DEPS = [
    [("Rain", "NN", 2, "obj"), ("fell", "VB", 0, "root"), (".", "PU", 2, "punct")],
    [("John", "NN", 2, "nsubj"), ("saw", "VB", 0, "root"), ("Mary", "NN", 2, "obj"),
     ("today", "NN", 3, "advmod")],
    GOLD_DEPS[2],
]
SYSTEM2_DEPS = [GOLD_DEPS[0], GOLD_DEPS[1],
                [("Stop", "VB", 0, "root"), ("!", "PU", 1, "discourse")]]


def write_brackets(folder: Path, two: bool = False) -> list[str]:
    """Write gold and system bracket files; return [gold, system(, system2)]."""
    files = [("gold.mrg", GOLD_TREES), ("sys.mrg", SYSTEM_TREES)]
    if two:
        files.append(("sys2.mrg", SYSTEM2_TREES))
    paths = []
    for name, lines in files:
        path = folder / name
        path.write_text("\n".join(lines) + "\n")
        paths.append(str(path))
    return paths


def write_conll(folder: Path, two: bool = False) -> list[str]:
    """Write gold and system CoNLL-X files; return [gold, system(, system2)]."""
    files = [("gold.conll", GOLD_DEPS), ("sys.conll", SYSTEM_DEPS)]
    if two:
        files.append(("sys2.conll", SYSTEM2_DEPS))
    paths = []
    for name, sentences in files:
        path = folder / name
        path.write_text(conll(sentences))
        paths.append(str(path))
    return paths

UD_ROW = "{id}\t{form}\t{form}\t{upos}\t_\t_\t{head}\t{deprel}\t_\t_"


def conllu(sentences: list[list[tuple[str, str, str, int, str]]]) -> str:
    """CoNLL-U text; a word with UPOS ``MWT`` is a multiword token line (HEAD unused)."""
    blocks = []
    for sentence in sentences:
        lines, number = [], 0
        for form, upos, deprel, head, _ in sentence:
            if upos == "MWT":
                lines.append(f"{deprel}\t{form}\t_\t_\t_\t_\t_\t_\t_\t_")
                continue
            number += 1
            lines.append(UD_ROW.format(id=number, form=form, upos=upos, head=head,
                                       deprel=deprel))
        blocks.append(f"# sent_id = {len(blocks) + 1}\n" + "\n".join(lines) + "\n\n")
    return "".join(blocks)


#: (FORM, UPOS, DEPREL, HEAD, -); an ``MWT`` row holds the token's ID range as DEPREL
GOLD_UD = [
    [("I'm", "MWT", "1-2", 0, ""), ("I", "PRON", "nsubj", 3, ""), ("'m", "AUX", "cop", 3, ""),
     ("ok", "ADJ", "root", 0, ""), (".", "PUNCT", "punct", 3, "")],
    [("New", "PROPN", "compound", 2, ""), ("York", "PROPN", "nsubj", 3, ""),
     ("rocks", "VERB", "root", 0, ""), ("!", "PUNCT", "punct", 3, "")],
    [("Stop", "VERB", "root", 0, ""), ("now", "ADV", "advmod:tmod", 1, "")],
]
#: sentence 1: the MWT's second word differs ('m / am: not aligned); 2: one token NewYork
#: for two (not aligned), and a system sentence break before "!" (a second root: wrong
#: head); 3: a wrong label (advmod / obl; the subtype is cut)
SYSTEM_UD = [
    [("I'm", "MWT", "1-2", 0, ""), ("I", "PRON", "nsubj", 3, ""), ("am", "AUX", "cop", 3, ""),
     ("ok", "ADJ", "root", 0, ""), (".", "PUNCT", "punct", 3, "")],
    [("NewYork", "PROPN", "nsubj", 2, ""), ("rocks", "VERB", "root", 0, "")],
    [("!", "PUNCT", "root", 0, "")],
    [("Stop", "VERB", "root", 0, ""), ("now", "ADV", "obl", 1, "")],
]


def write_conllu(folder: Path) -> list[str]:
    """Write gold and system CoNLL-U files; return [gold, system]."""
    paths = []
    for name, sentences in (("gold.conllu", GOLD_UD), ("sys.conllu", SYSTEM_UD)):
        path = folder / name
        path.write_text(conllu(sentences))
        paths.append(str(path))
    return paths


#: CoNLL-U with enhanced graphs (FORM, HEAD, DEPREL, DEPS). Sentence 1: a controlled subject
#: (4:nsubj:xsubj) the system misses, and "to" attached to the wrong head (2:mark for 4:mark);
#: 2: New and York one system token NewYork (aligned with nothing), whose edge is wrong, and
#: an edge of "rocks" from it (a head aligned with no gold word); 3: the same in both, its
#: root word with a path through an empty node (enhancement 1 replaces it by the basic edge,
#: whose head is none)
GOLD_ENHANCED = [
    [("They", 2, "nsubj", "2:nsubj|4:nsubj:xsubj"), ("like", 0, "root", "0:root"),
     ("to", 4, "mark", "4:mark"), ("swim", 2, "xcomp", "2:xcomp")],
    [("New", 2, "compound", "2:compound"), ("York", 3, "nsubj", "3:nsubj"),
     ("rocks", 0, "root", "0:root")],
    [("Stop", 0, "root", "0:root|2:conj>obj"), ("now", 1, "advmod", "1:advmod")],
]
SYSTEM_ENHANCED = [
    [("They", 2, "nsubj", "2:nsubj"), ("like", 0, "root", "0:root"),
     ("to", 4, "mark", "2:mark"), ("swim", 2, "xcomp", "2:xcomp")],
    [("NewYork", 2, "nsubj", "2:nsubj"), ("rocks", 0, "root", "0:root|1:dep")],
    GOLD_ENHANCED[2],
]
#: a second system: sentence 1 right
SYSTEM2_ENHANCED = [GOLD_ENHANCED[0]] + SYSTEM_ENHANCED[1:]


def enhanced_conllu(sentences: list[list[tuple[str, int, str, str]]]) -> str:
    return "".join("".join(f"{i}\t{form}\t{form}\tX\t_\t_\t{head}\t{deprel}\t{deps}\t_\n"
                           for i, (form, head, deprel, deps) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


def write_enhanced(folder: Path, two: bool = False) -> list[str]:
    """Write gold and system CoNLL-U files with DEPS; return [gold, system(, system2)]."""
    files = [("deps-gold.conllu", GOLD_ENHANCED), ("deps-sys.conllu", SYSTEM_ENHANCED)]
    if two:
        files.append(("deps-sys2.conllu", SYSTEM2_ENHANCED))
    paths = []
    for name, sentences in files:
        path = folder / name
        path.write_text(enhanced_conllu(sentences))
        paths.append(str(path))
    return paths
