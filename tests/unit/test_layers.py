"""The layer contract of docs/architecture.md, read from the source: imports only point down,
a command module (one that defines ``add_arguments`` and ``run``) lives in ``commands/`` and
no module imports one, no two modules import each other (directly or in a circle) and no two
packages do either, function-level imports included."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2] / "treeeval"

#: each package's layer; a module may import its own package and packages of lower layers
LAYERS: dict[str, float] = {
    "errors": 0, "version": 0, "lazy": 0, "arrays": 0,
    # the fast and exact paths' protocol: the exception a fast path raises to fall back
    "fallback": 0, "collector": 0, "bundled": 0,
    # how a count is worded in what a user reads (1 error, 2 errors)
    "wording": 0,
    "model": 1, "columnar": 1,
    # the policies every command shares (standard library only), under every reader: the
    # file API reads its inputs through policy.inputs
    "policy": 1.5,
    "formats": 2, "stats": 2,
    # tables for papers: a model and its renderers, on policy (the JSON envelope) and stats;
    # below the command-line framework, which may offer --format with their choices
    "tables": 2.25,
    # the command-line framework every command module builds on, above the policies it
    # applies (the command modules themselves it imports by name, only to dispatch)
    "arguments": 2.5,
    "bracket": 3,
    "conversion": 4,
    "dep": 5, "lin": 5, "ud": 5, "errorclasses": 5, "disco": 5,
    # the streaming metrics of training loops: each scorer fed sentence by sentence
    "metrics": 5.1,
    # a whole shared task (teams x treebanks): scores each run with ud, aggregates, ranks
    "task": 5.25,
    # figures for papers: the numbers from the scorers' results, then drawn (matplotlib)
    "figures": 5.5,
    # the self-contained HTML report: tables, figures and worst sentences in one page
    "html": 5.75,
    # the comparison driver over any scorer's adapter (tables, tests, figures, HTML report),
    # each scorer's adapter and its command's run
    "compare": 5.9,
    "tui": 6,
    # each command's command line (``treeeval.commands.X``): its options, its settings
    # object, one call into the library
    "commands": 6.5,
    "cli": 7, "__main__": 8, "": 8,
}
#: packages held to a narrower list than their layer allows (besides themselves)
ONLY_FROM: dict[str, set[str]] = {
    "tables": {"errors", "version", "lazy", "model", "policy", "stats"},
    "figures": {"errors", "version", "model", "stats", "tables", "formats", "policy", "bracket",
                "dep", "ud"},
    "html": {"errors", "version", "model", "policy", "stats", "tables", "figures"},
}
#: besides the command modules, the modules that may import one (the dispatcher imports
#: them by name: ``arguments.COMMANDS``)
COMMAND_IMPORTERS = {"treeeval", "treeeval.__main__"}


def module_name(path: Path) -> str:
    """``treeeval/dep/cli.py`` -> ``treeeval.dep.cli``; a package is named by its folder."""
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The treeeval modules (or packages) a file imports, wherever the import statement is."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("treeeval"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "treeeval":
                continue
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.add(submodule if _exists(submodule) else target)
    return found


def _exists(module: str) -> bool:
    path = ROOT.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or path.is_dir()


def layer_of(module: str) -> str:
    """The layer's name of a module: its package (``treeeval.dep.engine`` -> ``dep``).

    >>> layer_of("treeeval.dep.engine"), layer_of("treeeval.commands.dep"), layer_of("treeeval.cli")
    ('dep', 'commands', 'cli')
    """
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def defines(path: Path) -> set[str]:
    """The names of the functions a file defines at its top level."""
    return {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def command_modules() -> set[str]:
    """The modules that are a command's command line: those that define both
    ``add_arguments`` and ``run``, wherever they are."""
    return {module_name(path) for path in ROOT.rglob("*.py")
            if {"add_arguments", "run"} <= defines(path)}


def graph() -> nx.DiGraph:
    edges = nx.DiGraph()
    for path in ROOT.rglob("*.py"):
        source = module_name(path)
        edges.add_node(source)
        for target in imports(path):
            if target != source:
                edges.add_edge(source, target)
    return edges


def test_every_package_has_a_layer() -> None:
    packages = {layer_of(module) for module in graph()}
    assert packages <= set(LAYERS), f"give these packages a layer: {packages - set(LAYERS)}"


def test_imports_only_point_down() -> None:
    wrong = [f"{source} -> {target}" for source, target in graph().edges
             if layer_of(source) != layer_of(target)
             and LAYERS[layer_of(target)] >= LAYERS[layer_of(source)]]
    assert not wrong, "imports that do not point down:\n" + "\n".join(sorted(wrong))


def test_packages_held_to_a_list_import_only_from_it() -> None:
    wrong = [f"{source} -> {target}" for source, target in graph().edges
             if layer_of(source) in ONLY_FROM and layer_of(target) != layer_of(source)
             and layer_of(target) not in ONLY_FROM[layer_of(source)]]
    assert not wrong, "imports outside the package's list:\n" + "\n".join(sorted(wrong))


def test_command_modules_are_in_commands_and_only_there() -> None:
    commands = command_modules()
    elsewhere = sorted(module for module in commands if layer_of(module) != "commands")
    assert not elsewhere, f"command modules outside treeeval/commands/: {elsewhere}"
    folder = {module_name(path) for path in (ROOT / "commands").glob("*.py")
              if path.name != "__init__.py"}
    assert folder == commands, f"modules of commands/ that are no command: {folder - commands}"


def test_no_module_imports_a_command_module() -> None:
    commands = command_modules()
    wrong = [f"{source} -> {target}" for source, target in graph().edges
             if target in commands and source not in COMMAND_IMPORTERS]
    assert not wrong, "modules importing a command module:\n" + "\n".join(sorted(wrong))


def test_no_cycles_between_packages() -> None:
    packages = nx.DiGraph()
    for source, target in graph().edges:
        if layer_of(source) != layer_of(target):
            packages.add_edge(layer_of(source), layer_of(target))
    cycles = list(nx.simple_cycles(packages))
    assert not cycles, f"packages that import each other: {cycles}"


def test_no_import_cycles() -> None:
    cycles = [sorted(component) for component in nx.strongly_connected_components(graph())
              if len(component) > 1]
    assert not cycles, f"modules that import each other: {cycles}"


def test_the_reader_sees_function_level_and_relative_imports() -> None:
    # the contract is only as good as the import reader: check it on the real tree
    edges = graph()
    assert edges.has_edge("treeeval.dep.compare", "treeeval.stats")
    assert edges.has_edge("treeeval.cli", "treeeval.errors")
    assert "treeeval.conversion.finders" in edges


def test_public_api_is_listed_and_in_the_readme() -> None:
    """``dir(treeeval)`` lists the whole public API (lazily imported functions included),
    each name resolves, and every ``evaluate_*`` function has an example in README.md."""
    import treeeval

    listed = set(dir(treeeval))
    assert set(treeeval.__all__) <= listed
    assert all(getattr(treeeval, name) is not None for name in treeeval.__all__)
    readme = (ROOT.parent / "README.md").read_text(encoding="utf-8")
    for name in (n for n in treeeval.__all__ if n.startswith("evaluate_")):
        assert f"treeeval.{name}(" in readme, f"README.md has no example of {name}"


def test_every_package_is_installed() -> None:
    """pyproject.toml lists every folder of treeeval/ (a normal, non-editable install
    would leave out one that is missing) and every data file pattern it needs."""
    import tomllib

    project = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    folders = {module_name(init) for init in ROOT.rglob("__init__.py")}
    assert folders <= listed, f"add to pyproject.toml's packages: {sorted(folders - listed)}"
