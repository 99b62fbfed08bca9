"""Random MaltEval cases: an input (gold and parsed files) and a MaltEval command line.

A case is drawn from one ``random.Random``: the input is a random sentence subset of a real
CoNLL-X pair (:data:`dependency_cases.REAL_SETS`) or small generated trees, and the command
line combines every Metric, GroupBy (with formats, ``;``-separated lists and complex values),
every Exclude* parameter, the sentence length bounds, the formatting flags, several parsed
files, cross-validation and evaluation files (``-e``).

Every option family of :data:`ALL_FAMILIES` is drawn; ``draw_case(rng, families=...)``
draws from fewer (to narrow a divergence down), and ``Case.families`` names those a case
uses.  The MaltEval defects of docs/differences.md (crashes, ArcDepth looping on cycles)
are always kept out.

>>> case = draw_case(random.Random(3))
>>> case.args[:1] == ["-g"] or case.args[:1] == ["-e"]
True
>>> sorted(case.files) == sorted(set(case.files))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from dependency_cases import CPOS, FORMS, LABELS, REAL_SETS, Sentence, perturb, random_sentence, real_subset

METRICS = ["LAS", "UAS", "LA", "AnyRight", "AnyWrong", "BothRight", "BothWrong", "HeadRight",
           "HeadWrong", "LabelRight", "LabelWrong", "DirectionRight", "HeadToChildDistanceRight",
           "GroupedHeadToChildDistanceRight", "self"]
#: the groupings that count one accuracy per group (one side's key)
ONE_SIDED = ["Wordform", "Lemma", "Cpostag", "Postag", "Feats", "SentenceLength",
             "StartWordPosition", "EndWordPosition", "RelativeWordPosition"]
#: the groupings with a gold and a parsed key (precision and recall)
TWO_SIDED = ["Deprel", "RelationLength", "GroupedRelationLength", "ArcDirection", "ArcDepth",
             "BranchingFactor", "ArcProjectivity", "Frame"]
#: with MaltEval 1.0's groupings the guide does not document (``--help`` lists them)
GROUPINGS = ["Token", "Sentence", *ONE_SIDED, *TWO_SIDED, "PreAndPost", "Clustering",
             "Clustering2"]
COMPLEX_PARTS = ["Wordform", "Lemma", "Cpostag", "Postag", "Feats"]

ACCURACY_ATTRIBUTES = ["accuracy", "counter", "correctcounter"]
TWO_SIDED_ATTRIBUTES = ["parseraccuracy", "treebankaccuracy", "parsercounter", "treebankcounter",
                        "parsercorrectcounter", "treebankcorrectcounter"]
SELF_ATTRIBUTES = ["precision", "recall", "fscore", "parsercounter", "treebankcounter",
                   "correctcounter"]
SENTENCE_ATTRIBUTES = ["accuracy", "exactmatch", "correctcounter", "includedtokenscount",
                       "sentencelength", "isparserconnected", "istreebankconnected",
                       "hasparsercycle", "hastreebankcycle", "isparserprojective",
                       "istreebankprojective"]
PATTERNS = ["0.0000", "0.00%", "#.##", "0.0", "0", "##0.000", "0.00000"]

#: every option family the generator knows
ALL_FAMILIES = frozenset({
    "self",              # Metric self
    "multi-parsed",      # several parsed files
    "crossval",          # several gold files (cross-validation, macro and micro)
    "multi-groupby-details",  # ;-separated GroupBy values with --details
    "frame-cut",         # Frame with a cut format (accuracy-5 ...)
    "stat-nontoken",     # --stat 1 with another grouping than Token, or several values
    "details0",          # --details 0 given explicitly
    "sentence-id",       # the Sentence attribute id
    "cycles",            # cycles in the parser's output (not with ArcDepth)
    "multi-value",       # several values of GroupBy or of another parameter but Metric
    "metric-cut",        # several metrics and a GroupBy format with a cut (merging)
    "corresponding-metric",  # a grouping's own metric: Deprel with LA, ArcDirection with
                             # DirectionRight, RelationLength with HeadToChildDistanceRight ...
    "confusion-exclusions",  # --confusion-matrix 1 with Exclude* or sentence lengths
    "header-order",      # parameters whose header lines share a hash bucket: ExcludeUnicodePunc
                         # with ExcludeLemmas, MaxSentenceLength with ExcludePostags
    "stat-empty",        # --stat 1 with Exclude* or length bounds (no token may be left)
    "postprocess-column",  # PreAndPost/Clustering(2) with counter or correctcounter as their
                           # first column (the one they read), or with Metric self
    "stat-rows",         # --stat 1 with a grouping whose rows may differ between parsed files
    "eval-order",        # several values both in the evaluation file and on the command line
    "cut-details",       # a cut format with --details 1 given
    "confusion-metrics",  # --confusion-matrix 1 with several metrics
})
#: the groupings whose rows are the same for every parsed file (for --stat 1)
SAME_ROWS = {"Token", "Sentence", "SentenceLength", "StartWordPosition", "EndWordPosition",
             "RelativeWordPosition", "PreAndPost", "Clustering"}
#: the metrics MaltEval treats as a grouping's own (``correspondingMetric``): they change
#: the grouping's attributes
CORRESPONDING = {"Deprel": {"LA", "LabelRight"}, "ArcDirection": {"DirectionRight"},
                 "RelationLength": {"HeadToChildDistanceRight"},
                 "GroupedRelationLength": {"GroupedHeadToChildDistanceRight",
                                           "HeadToChildDistanceRight"}}


@dataclass
class Case:
    """One differential case: the files to write (name -> sentences or text) and MaltEval's
    arguments, which treeeval takes as they are."""

    files: dict[str, list[Sentence] | str]
    args: list[str]
    description: str
    families: set[str] = field(default_factory=set)


def draw_case(rng: random.Random, families: frozenset[str] = ALL_FAMILIES) -> Case:
    """A random case (input and command line) using only the option ``families`` given."""
    used: set[str] = set()
    gold_files, parsed_files, description = _inputs(rng, families, used)
    params, formatting = _options(rng, families, used, len(parsed_files),
                                  crossval=len(gold_files) > 1, cycles="cycles" in used)
    files: dict[str, list[Sentence] | str] = {**gold_files, **parsed_files}
    args: list[str] = []
    if rng.random() < 0.2:
        # MaltEval 1.0 crashes without a Metric and ignores the default GroupBy when an
        # evaluation file leaves them out (differences.md): they are always given
        params.setdefault("Metric", ["LAS"])
        params.setdefault("GroupBy", ["Token"])
        moved = [name for name in params if rng.random() < 0.7]
        moved_fmt = [name for name in formatting if rng.random() < 0.5]
        in_file = {n: params[n] for n in moved}
        for name in moved:
            if rng.random() < 0.85:
                del params[name]
        several_values = [name for name in params if len(params[name]) > 1]
        if several_values and any(len(in_file[n]) > 1 for n in moved if n not in params):
            # the evaluations of the file's parameters nest outside the command line's
            if "eval-order" in families:
                used.add("eval-order")
            else:
                for name in several_values:
                    in_file[name] = params.pop(name)
        files["eval.xml"] = _evaluation_file(in_file, {n: formatting[n] for n in moved_fmt})
        args += ["-e", "eval.xml"]
        for name in moved_fmt:
            del formatting[name]
    gold_names, parsed_names = list(gold_files), list(parsed_files)
    rng.shuffle(parsed_names)
    if len(gold_names) > 1:
        rng.shuffle(gold_names)
    flags: list[list[str]] = [["-g", *gold_names], ["-s", *parsed_names]]
    flags += [[f"--{name}", ";".join(values)] for name, values in params.items()]
    flags += [[f"--{name}", value] for name, value in formatting.items()]
    rng.shuffle(flags)
    for flag in flags:
        args += flag
    return Case(files, args, description, families=used)


# --- inputs ---------------------------------------------------------------------------------

def _inputs(rng: random.Random, families: frozenset[str], used: set[str]
            ) -> tuple[dict[str, list[Sentence]], dict[str, list[Sentence]], str]:
    """The gold files and parsed files of a case, with a short description."""
    folds = 1
    if "crossval" in families and rng.random() < 0.12:
        folds = rng.choice([2, 3])
        used.add("crossval")
    parsers = 1
    if folds == 1 and "multi-parsed" in families and rng.random() < 0.3:
        parsers = rng.choice([2, 3])
        used.add("multi-parsed")
    cycles = "cycles" in families and rng.random() < 0.15
    gold_files: dict[str, list[Sentence]] = {}
    parsed_files: dict[str, list[Sentence]] = {}
    description = []
    for fold in range(folds):
        gold, parsed, what = _one_input(rng, parsers if folds == 1 else 1, cycles)
        description.append(what)
        gold_files[f"gold{fold + 1 if folds > 1 else ''}.conll"] = gold
        for index, sentences in enumerate(parsed):
            name = f"p{fold + 1}.conll" if folds > 1 else rng.choice(
                ["parsed", "sys", "out", "b", "A"]) + f"{index}.conll"
            parsed_files[name] = sentences
    if cycles:
        used.add("cycles")
    return gold_files, parsed_files, "; ".join(description)


def _one_input(rng: random.Random, parsers: int, cycles: bool
               ) -> tuple[list[Sentence], list[list[Sentence]], str]:
    if rng.random() < 0.6:
        name, gold, parsed = real_subset(rng, size=rng.choice([1, 2, 3, 5, 10, 30, 60]))
        parsed = (parsed * parsers)[:parsers] if len(parsed) < parsers else parsed[:parsers]
        if len(parsed) < parsers:
            parsed += [[perturb(rng, s) for s in gold] for _ in range(parsers - len(parsed))]
        if rng.random() < 0.9:  # MaltEval aborts on a PHEAD "-": only sometimes
            for sentences in parsed:
                for sentence in sentences:
                    for row in sentence:
                        row[8:10] = [v if v != "-" else "_" for v in row[8:10]]
        what = f"real {name}, {len(gold)} sentences"
    else:
        gold = [random_sentence(rng) for _ in range(rng.choice([1, 2, 3, 5, 8]))]
        parsed = [[perturb(rng, sentence) for sentence in gold] for _ in range(parsers)]
        what = f"generated, {len(gold)} sentences"
    if cycles:
        for sentences in parsed:
            _add_cycle(rng, rng.choice(sentences))
        what += ", cycles"
    return gold, parsed, what


def _add_cycle(rng: random.Random, sentence: Sentence) -> None:
    """Make a cycle in a parsed sentence (a self-loop in a one-word sentence)."""
    if len(sentence) == 1 or rng.random() < 0.2:
        word = rng.randrange(len(sentence))
        sentence[word][6] = str(word + 1)
        return
    a, b = rng.sample(range(len(sentence)), 2)
    sentence[a][6], sentence[b][6] = str(b + 1), str(a + 1)


# --- options --------------------------------------------------------------------------------

def _options(rng: random.Random, families: frozenset[str], used: set[str], parsers: int,
             crossval: bool, cycles: bool) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The evaluation parameters and formatting arguments of a case.  With ``cycles`` in the
    parsed files no ArcDepth (MaltEval loops forever there: docs/differences.md)."""
    params: dict[str, list[str]] = {}
    formatting: dict[str, str] = {}
    if rng.random() < 0.75:
        metrics = [_metric(rng, families, used) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        params["Metric"] = metrics
    groupings = [_groupby(rng, families, used, cycles) for _ in range(rng.choice([1, 1, 1, 1, 2]))]
    if groupings != ["Token"] or rng.random() < 0.3:
        params["GroupBy"] = groupings
    for name, column in [("ExcludeWordforms", 1), ("ExcludeLemmas", 2), ("ExcludeCpostags", 3),
                         ("ExcludePostags", 4), ("ExcludeFeats", 5), ("ExcludeDeprels", 7),
                         ("ExcludePdeprels", 9)]:
        if rng.random() < 0.07:
            params[name] = _exclude_values(rng, column)
    if rng.random() < 0.12:
        params["ExcludeUnicodePunc"] = [rng.choice(["0", "1", "1"])]
    if rng.random() < 0.12:
        params["MinSentenceLength"] = [str(rng.choice([0, 1, 2, 5, 10, 20]))]
    if rng.random() < 0.12:
        params["MaxSentenceLength"] = [str(rng.choice([0, 1, 3, 8, 15, 30]))]
    several_groupby = len(groupings) > 1
    if rng.random() < 0.3:
        if several_groupby and "multi-groupby-details" not in families:
            pass
        else:
            details = "1" if "details0" not in families or rng.random() < 0.7 else "0"
            if details == "0":
                used.add("details0")
            elif several_groupby:
                used.add("multi-groupby-details")
            formatting["details"] = details
    for name, chance in [("header-info", 0.12), ("row-header", 0.12), ("tab", 0.15),
                         ("merge-tables", 0.1), ("confusion-matrix", 0.12)]:
        if rng.random() < chance:
            formatting[name] = rng.choice(["0", "1"])
    if rng.random() < 0.12:
        formatting["pattern"] = rng.choice(PATTERNS)
    if crossval and rng.random() < 0.5:
        formatting["micro-average"] = rng.choice(["0", "1"])
    if parsers > 1 and rng.random() < 0.4:
        token_only = groupings == ["Token"] or groupings == ["Token:accuracy"]
        simple = all(len(v) == 1 for k, v in params.items() if k not in ("Metric",))
        if token_only and simple or "stat-nontoken" in families:
            if not (token_only and simple):
                used.add("stat-nontoken")
            formatting["stat"] = "1"
    _restrict(params, formatting, families, used)
    return params, formatting


def _restrict(params: dict[str, list[str]], formatting: dict[str, str],
              families: frozenset[str], used: set[str]) -> None:
    """Take out of a drawn command line what the enabled ``families`` leave out, and note in
    ``used`` the families it keeps."""
    for name, values in list(params.items()):
        if name != "Metric" and len(values) > 1:
            if "multi-value" in families:
                used.add("multi-value")
            else:
                params[name] = values[:1]
    metrics = set(params.get("Metric", ["LAS"]))
    groupings = [value.partition(":") for value in params.get("GroupBy", ["Token"])]
    if len(metrics) > 1 and any(ch in spec for _, _, spec in groupings for ch in "+-"):
        if "metric-cut" in families:
            used.add("metric-cut")
        else:  # no sort: the tables of the metrics would not have the same rows
            params["GroupBy"] = [base + sep + "|".join(item.rstrip("0123456789+-")
                                                        for item in spec.split("|"))
                                 for base, sep, spec in groupings]
            groupings = [value.partition(":") for value in params["GroupBy"]]
    if any(name.startswith("Exclude") for name in params):
        # MaltEval 1.0 crashes sorting a Token column that mixes Integer and NaN cells
        # (docs/differences.md): no sort on Token with exclusions
        params["GroupBy"] = [base + sep + ("|".join(item.rstrip("0123456789+-")
                                                    for item in spec.split("|"))
                                           if base == "Token" else spec)
                             for base, sep, spec in groupings]
        groupings = [value.partition(":") for value in params["GroupBy"]]
    cut = any(any(ch.isdigit() for ch in spec) for _, _, spec in groupings)
    if cut and formatting.get("details") == "1":
        if "cut-details" in families:
            used.add("cut-details")
        else:
            del formatting["details"]
    if len(metrics) > 1 and formatting.get("confusion-matrix") == "1":
        if "confusion-metrics" in families:
            used.add("confusion-metrics")
        else:
            del formatting["confusion-matrix"]
    if any(metrics & CORRESPONDING.get(base, set()) for base, _, _ in groupings):
        if "corresponding-metric" in families:
            used.add("corresponding-metric")
        else:
            params["Metric"] = [metric for metric in params["Metric"] if not any(
                metric in CORRESPONDING.get(base, set()) for base, _, _ in groupings)] or ["LAS"]
    bounded = any(name.startswith(("Exclude", "Min", "Max")) for name in params)
    if formatting.get("confusion-matrix") == "1" and bounded:
        if "confusion-exclusions" in families:
            used.add("confusion-exclusions")
        else:
            del formatting["confusion-matrix"]
    if formatting.get("stat") == "1" and any(base not in SAME_ROWS for base, _, _ in groupings):
        if "stat-rows" in families:
            used.add("stat-rows")
        else:
            del formatting["stat"]
    for one, other in (("ExcludeUnicodePunc", "ExcludeLemmas"),
                       ("MaxSentenceLength", "ExcludePostags")):
        if one in params and other in params:
            if "header-order" in families:
                used.add("header-order")
            else:
                del params[other]
    if formatting.get("stat") == "1" and any(name.startswith(("Exclude", "Min", "Max"))
                                             for name in params):
        if "stat-empty" in families:
            used.add("stat-empty")
        else:
            for name in [name for name in params if name.startswith(("Exclude", "Min", "Max"))]:
                del params[name]
    for index, (base, _sep, spec) in enumerate(groupings):
        items = [item for item in spec.split("|") if item]
        names = [item.rstrip("0123456789+-") for item in items]
        if base in ("PreAndPost", "Clustering", "Clustering2") and (
                "self" in metrics or "all" not in names and names and (
                    names[0] == "counter" or "accuracy" not in names
                    or base == "Clustering" and names != ["accuracy"])):
            if "postprocess-column" in families:
                used.add("postprocess-column")
            else:
                params["GroupBy"][index] = base + ":" + "|".join(
                    ["accuracy", *(items if base != "Clustering" else [])])
                params["Metric"] = [m for m in params.get("Metric", ["LAS"]) if m != "self"] or [
                    "LAS"]
    if "self" in params.get("Metric", []) and any("@" in base or "#" in base
                                                  for base, _, _ in groupings):
        # MaltEval 1.0 crashes on self with a complex grouping; treeeval refuses it too, so
        # the case would only test that both give up
        params["Metric"] = [metric for metric in params["Metric"] if metric != "self"] or ["LAS"]


def _metric(rng: random.Random, families: frozenset[str], used: set[str]) -> str:
    choices = METRICS if "self" in families else METRICS[:-1]
    metric = rng.choice(choices)
    if metric == "self":
        used.add("self")
    return metric


def _groupby(rng: random.Random, families: frozenset[str], used: set[str], cycles: bool) -> str:
    roll = rng.random()
    if roll < 0.1:
        base = _complex(rng)
    else:
        base = rng.choice([g for g in GROUPINGS if not (cycles and g == "ArcDepth")])
    if rng.random() < 0.45:
        return base
    fmt = _format(rng, base, families, used)
    if "#" in base:  # MaltEval 1.0 crashes on "all" with two or more parts (differences.md)
        fmt = "|".join(part for part in fmt.split("|") if part != "all")
    if base == "Frame" and any(ch.isdigit() for ch in fmt):
        if "frame-cut" not in families:
            fmt = fmt.rstrip("0123456789")
        else:
            used.add("frame-cut")
    return f"{base}:{fmt}" if fmt else base


def _complex(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.choice([1, 2, 2, 3])):
        part = rng.choice(COMPLEX_PARTS)
        offset = rng.choice([None, 0, -1, 1, -2, 2, 3])
        parts.append(part if offset is None else f"{part}@{offset}")
    return "#".join(parts)


def _format(rng: random.Random, base: str, families: frozenset[str], used: set[str]) -> str:
    """A format: ``all``, a selection of attributes, a sort (``+``/``-``) and a cut."""
    if base == "Token":
        pool = ["accuracy"]
    elif base == "Sentence":
        pool = list(SENTENCE_ATTRIBUTES) + (["id"] if "sentence-id" in families else [])
    elif base in TWO_SIDED:
        pool = TWO_SIDED_ATTRIBUTES + ["precision", "recall", "fscore", "correctcounter"]
    else:
        pool = ACCURACY_ATTRIBUTES
    if rng.random() < 0.05:
        pool = pool + ["accuracy", "precision", "bogus"]
    picks: list[str] = []
    if rng.random() < 0.4:
        picks.append("all")
    for _ in range(rng.choice([0, 1, 1, 2])):
        picks.append(rng.choice(pool))
    if not picks:
        picks.append(rng.choice(pool))
    if rng.random() < 0.5:
        index = rng.randrange(len(picks))
        if picks[index] != "all":
            cut = rng.choice(["", "", "1", "3", "5", "20"])
            picks[index] += rng.choice("+-") + cut
    if base == "Sentence" and "all" in picks and "sentence-id" not in families:
        picks.remove("all")  # MaltEval's all includes id
        picks = picks or ["accuracy"]
    if "id" in picks or any(p.startswith("id") for p in picks) or (
            base == "Sentence" and "all" in picks):
        used.add("sentence-id")
    return "|".join(picks)


def _exclude_values(rng: random.Random, column: int) -> list[str]:
    """Values for an Exclude* parameter: one or more ``|``-joined sets, ``;``-separated."""
    pools = {1: FORMS + [".", ",", "the", "of"], 2: ["_", "the", "be"],
             3: CPOS + ["PUNCT", "NOUN", "."], 4: CPOS + ["NN", "DT", ",", "NOUNS"],
             5: ["_", "a=b", "a=b|c=d"], 7: LABELS + ["punct", "P", "ROOT"],
             9: ["_", "ROOT"]}
    sets = []
    for _ in range(rng.choice([1, 1, 1, 2])):
        values = rng.sample(pools[column], min(len(pools[column]), rng.choice([1, 1, 2, 3])))
        sets.append("|".join(values) if rng.random() < 0.9 else "")
    if len(sets) > 1 and not any(sets):  # ";" alone: MaltEval 1.0 crashes (differences.md)
        sets[0] = values[0]
    return sets


def _evaluation_file(params: dict[str, list[str]], formatting: dict[str, str]) -> str:
    """A MaltEval evaluation file with these parameters and formatting arguments."""
    lines = ["<evaluation>"]
    for name, values in params.items():
        lines.append(f"  <parameter name={quoteattr(name)}>")
        for value in values:
            base, _, fmt = value.partition(":") if name == "GroupBy" else (value, "", "")
            attribute = f" format={quoteattr(fmt)}" if fmt else ""
            lines.append(f"    <value{attribute}>{escape(base)}</value>")
        lines.append("  </parameter>")
    for name, value in formatting.items():
        lines.append(f"  <formatting argument={quoteattr(name)} format={quoteattr(value)}/>")
    lines.append("</evaluation>")
    return "\n".join(lines) + "\n"


__all__ = ["ALL_FAMILIES", "Case", "draw_case", "REAL_SETS"]
