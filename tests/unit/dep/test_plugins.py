"""GroupBy plug-ins: the protocol, loading by MODULE:CLASS and by entry point, the example."""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from treeeval.dep.grouping import plugins
from treeeval.dep.grouping.plugin_example import ArcDirectionAndDeprel
from treeeval.dep.grouping.plugins import (
    ENTRY_POINT_GROUP,
    GroupingBase,
    check_grouping,
    default_attributes,
    entry_point_groupings,
    find_grouping,
    group_order,
    grouping_keys,
    java_string_order,
    load_plugin,
    self_hits,
)
from treeeval.errors import UsageError

EXAMPLE = "treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel"


@dataclass
class Arcs:
    """The columns the example reads, for sentences of (head, label) pairs."""

    heads: np.ndarray
    labels: np.ndarray
    positions: np.ndarray
    sizes: np.ndarray
    sentence: np.ndarray

    @classmethod
    def of(cls, *sentences: list[tuple[int, str]]) -> Arcs:
        sizes = np.array([len(sentence) for sentence in sentences])
        return cls(np.array([head for s in sentences for head, _ in s]),
                   np.array([label for s in sentences for _, label in s], dtype=object),
                   np.concatenate([np.arange(1, len(s) + 1) for s in sentences]),
                   sizes, np.repeat(np.arange(len(sentences)), sizes))


# "The dog barks ." and "Stop it" (the second with a token that is its own head)
GOLD = Arcs.of([(2, "det"), (3, "nsubj"), (0, "root"), (3, "punct")],
               [(0, "root"), (1, "obj")])
PARSED = Arcs.of([(2, "det"), (3, "nsubj"), (0, "root"), (2, "punct")],
                 [(0, "root"), (2, "dep")])


def test_example_keys():
    assert ArcDirectionAndDeprel().keys(GOLD).tolist() == [
        "right / det", "right / nsubj", "to_root / root", "left / punct",
        "to_root / root", "left / obj"]
    assert ArcDirectionAndDeprel().keys(PARSED).tolist() == [
        "right / det", "right / nsubj", "to_root / root", "left / punct",
        "to_root / root", "self / dep"]


def test_example_follows_the_protocol():
    example = check_grouping(ArcDirectionAndDeprel(), "example")
    assert isinstance(example, plugins.Grouping)
    assert example.name == "ArcDirectionAndDeprel" and example.two_sided is True
    assert default_attributes(example) == ["parseraccuracy", "treebankaccuracy"]
    assert default_attributes(example, self_metric=True) == ["precision", "recall"]


def test_example_as_its_own_metric():
    assert self_hits(ArcDirectionAndDeprel(), GOLD, PARSED).tolist() == [
        True, True, True, True, True, False]


def test_example_groups_in_java_string_order():
    keys = grouping_keys(ArcDirectionAndDeprel(), GOLD)
    assert group_order(ArcDirectionAndDeprel(), keys) == [
        "left / obj", "left / punct", "right / det", "right / nsubj", "to_root / root"]


def test_java_string_order_compares_utf16_code_units():
    assert java_string_order(["\uff41", "\U0001d400", "Z", "a"]) == [
        "Z", "a", "\U0001d400", "\uff41"]


def test_load_by_module_and_class():
    plugin = load_plugin(EXAMPLE)
    assert isinstance(plugin, ArcDirectionAndDeprel)
    assert plugin.keys(GOLD).tolist()[0] == "right / det"


PLUGIN_FILE = '''
import numpy as np
from treeeval.dep.grouping.plugins import GroupingBase

class HeadIsNext(GroupingBase):
    name = "HeadIsNext"
    two_sided = False
    default_attributes = ("accuracy", "counter")

    def keys(self, treebank):
        return np.where(treebank.heads == treebank.positions + 1, "yes", "no").astype(object)

    def order(self, keys):
        return sorted(set(keys), reverse=True)

INSTANCE = HeadIsNext()

class NeedsArguments(HeadIsNext):
    def __init__(self, size):
        self.size = size

class NoKeys:
    name = "NoKeys"
    two_sided = "yes"

class BadName(HeadIsNext):
    name = "Head;Next"
'''


@pytest.fixture
def plugin_file(tmp_path: Path) -> Path:
    path = tmp_path / "my_groupings.py"
    path.write_text(PLUGIN_FILE, encoding="utf-8")
    return path


def test_load_from_a_file_and_an_instance(plugin_file: Path, monkeypatch):
    plugin = load_plugin(f"{plugin_file}:HeadIsNext")
    assert plugin.name == "HeadIsNext" and plugin.two_sided is False
    assert grouping_keys(plugin, GOLD).tolist() == ["yes", "yes", "no", "no", "no", "no"]
    assert group_order(plugin, ["no", "yes", "no"]) == ["yes", "no"]
    assert default_attributes(plugin) == ["accuracy", "counter"]
    monkeypatch.syspath_prepend(str(plugin_file.parent))
    monkeypatch.delitem(sys.modules, "my_groupings", raising=False)
    assert load_plugin("my_groupings:INSTANCE").name == "HeadIsNext"


@pytest.mark.parametrize("spec, message", [
    ("ArcDirectionAndDeprel", "expected MODULE:CLASS or FILE.py:CLASS"),
    ("treeeval.dep.grouping.plugin_example:", "expected MODULE:CLASS or FILE.py:CLASS"),
    ("no_such_module_here:Thing", "no module named no_such_module_here (install it, put it "
                                  "on PYTHONPATH, or give its file: path/to/file.py:CLASS)"),
    ("treeeval.dep.no_such:Thing", "no module named treeeval.dep.no_such"),
    ("treeeval.dep.grouping.plugin_example:ArcDirection", "module treeeval.dep.grouping.plugin_example has "
                                                 "no attribute 'ArcDirection' (GroupBy "
                                                 "classes there: ArcDirectionAndDeprel)"),
    ("treeeval.dep.grouping.plugin_example:np", "is not a GroupBy plug-in: it has no str attribute "
                                       "'name'"),
    ("missing/dir/groupings.py:Thing", "no such file: missing/dir/groupings.py"),
])
def test_bad_specs_are_usage_errors(spec, message):
    with pytest.raises(UsageError) as caught:
        load_plugin(spec)
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"plug-in {spec}")


@pytest.mark.parametrize("name, message", [
    ("NeedsArguments", "cannot create NeedsArguments(): TypeError:"),
    ("NoKeys", "is not a GroupBy plug-in: it has no bool attribute 'two_sided'; it has no "
               "method keys(treebank)"),
    ("BadName", "its name 'Head;Next' holds one of the characters"),
])
def test_classes_that_do_not_fit(plugin_file: Path, name, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_plugin(f"{plugin_file}:{name}")


def test_a_module_that_fails_to_import(tmp_path: Path):
    path = tmp_path / "broken.py"
    path.write_text("import no_such_dependency_xyz\n", encoding="utf-8")
    with pytest.raises(UsageError, match="loading .*broken.py failed: ModuleNotFoundError"):
        load_plugin(f"{path}:Thing")


def test_keys_are_checked():
    class Short(GroupingBase):
        def keys(self, treebank):
            return np.array(["x"], dtype=object)

    class Numbers(GroupingBase):
        def keys(self, treebank):
            return treebank.heads

    with pytest.raises(UsageError, match=r"Short gave keys of shape \(1,\) for 6 tokens"):
        grouping_keys(Short(), GOLD)
    with pytest.raises(UsageError, match="Numbers gave keys that are not all str"):
        grouping_keys(Numbers(), GOLD)


def fake_entry_points(*points: tuple[str, str]):
    entries = [importlib.metadata.EntryPoint(name, value, ENTRY_POINT_GROUP)
               for name, value in points]
    entries.append(importlib.metadata.EntryPoint("Other", "x:y", "some.other.group"))

    def entry_points(*, group: str):
        return [entry for entry in entries if entry.group == group]

    return entry_points


def test_entry_point_plugins_are_found(monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points(
        ("ArcDirectionAndDeprel", EXAMPLE), ("Broken", "no_such_module_here:Thing")))
    assert sorted(entry_point_groupings()) == ["ArcDirectionAndDeprel", "Broken"]
    found = find_grouping("ArcDirectionAndDeprel", {"Token": "built-in"})
    assert isinstance(found, ArcDirectionAndDeprel)
    with pytest.raises(UsageError, match=r"GroupBy plug-in Broken \(entry point "
                                         r"no_such_module_here:Thing\): loading failed"):
        find_grouping("Broken", {})


def test_lookup_order_builtins_then_plugins_then_entry_points(monkeypatch, plugin_file):
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        fake_entry_points(("HeadIsNext", EXAMPLE)))
    mine = load_plugin(f"{plugin_file}:HeadIsNext")
    assert find_grouping("HeadIsNext", {"HeadIsNext": "built-in"}, [mine]) == "built-in"
    assert find_grouping("HeadIsNext", {}, [mine]) is mine
    assert isinstance(find_grouping("HeadIsNext", {}), ArcDirectionAndDeprel)


def test_unknown_names_list_what_is_known(monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        fake_entry_points(("ArcDirectionAndDeprel", EXAMPLE)))
    with pytest.raises(UsageError) as caught:
        find_grouping("arcdirectionanddeprel", {"Token": 1, "Deprel": 2})
    assert str(caught.value) == (
        "unknown GroupBy 'arcdirectionanddeprel' (did you mean ArcDirectionAndDeprel?); "
        "built-in: Token, Deprel; plug-ins: ArcDirectionAndDeprel. A plug-in is given with "
        "--plugin MODULE:CLASS or installed under the entry point group treeeval.groupings")
    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points())
    with pytest.raises(UsageError, match="unknown GroupBy 'Tokn' \\(did you mean Token\\?\\); "
                                         "built-in: Token, Deprel\\. A plug-in"):
        find_grouping("Tokn", {"Token": 1, "Deprel": 2})


def test_the_example_is_registered_as_an_entry_point():
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    table = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    assert table["project"]["entry-points"][ENTRY_POINT_GROUP] == {
        "ArcDirectionAndDeprel": EXAMPLE}


def test_a_failing_plugin_is_a_usage_error_in_a_run() -> None:
    from treeeval.dep.grouping.groupings import group
    from treeeval.dep.metrics import token_hits
    from treeeval.model.dependencies import DependencySentence
    from treeeval.model.treebank import Treebank

    class Broken:
        name = "Broken"
        two_sided = True

        def keys(self, treebank):
            raise KeyError("lemma")

    tb = Treebank.from_sentences([DependencySentence(["a"], ["X"], [0], ["root"])])
    with pytest.raises(UsageError, match="Broken: keys\\(\\) failed: KeyError"):
        group(Broken(), token_hits("LAS", tb, tb), tb, tb)


def test_plugins_of_one_run_do_not_leak_into_the_next(plugin_file: Path, tmp_path: Path,
                                                      monkeypatch) -> None:
    """--plugin builds a registry for its run only: the same GroupBy in a later run of the
    same process, without --plugin, is unknown again (and the built-in registry unchanged)."""
    import io

    from treeeval.commands.dep import run_dep
    from treeeval.dep.grouping.registry import BUILTIN

    monkeypatch.setattr("treeeval.dep.grouping.plugins.entry_point_groupings", lambda: {})
    conll = "1\tIt\t_\tX\tX\t_\t2\tnsubj\t_\t_\n2\trains\t_\tX\tX\t_\t0\troot\t_\t_\n\n"
    gold = tmp_path / "gold.conll"
    gold.write_text(conll, encoding="utf-8")
    argv = ["-g", str(gold), "-s", str(gold), "--GroupBy", "HeadIsNext"]
    out = io.BytesIO()
    assert run_dep([*argv, "--plugin", f"{plugin_file}:HeadIsNext"], out, io.BytesIO()) == 0
    assert b"HeadIsNext" in out.getvalue()
    with pytest.raises(UsageError, match="unknown GroupBy 'HeadIsNext'"):
        run_dep(argv, io.BytesIO(), io.BytesIO())
    assert dict(BUILTIN.plugins) == {}
    mine = BUILTIN.with_plugins([f"{plugin_file}:HeadIsNext"])
    assert mine.find("HeadIsNext").name == "HeadIsNext" and "HeadIsNext" not in BUILTIN.plugins
