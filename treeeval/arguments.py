"""The one argparse tree of the ``treeeval`` command: its parser class, its errors and the
command registry.

Each command lives in its own module, which exports ``add_arguments(parser)`` (the options,
usage, description and an epilog of examples) and ``run(args, out, err) -> int``.  The
modules are imported only for the command being run, so ``treeeval bracket`` never imports
nltk, lark or Textual.  Options are never abbreviated (EVALB's and MaltEval's spellings are
taken literally), options and file names may be intermixed, and every usage error is one
line with a suggestion for a near miss:

>>> parse_command("lin", ["key.lin", "--tupels"])
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown option --tupels (see treeeval lin -h); did you mean --tuples?
>>> parse_command("lin", ["key.lin", "answer.conllx", "--heads=modcollins"]).heads
'modcollins'
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn

from .errors import UsageError, nearest
from .stats.defaults import DEFAULT_RESAMPLES, DEFAULT_SEED, METHODS
from .version import __version__

if TYPE_CHECKING:
    from .tables.settings import ComparisonSettings

#: every command: the module that exports add_arguments and run, and its one-line summary
COMMANDS: dict[str, tuple[str, str]] = {
    "bracket": ("treeeval.commands.bracket", "score constituency trees as EVALB does"),
    "convert": ("treeeval.commands.convert", "convert constituency trees to CoNLL dependencies"),
    "lin": ("treeeval.commands.lin", "Lin's (1995) dependency error count"),
    "disco": ("treeeval.commands.disco",
              "score discontinuous constituency trees as discodop eval does"),
    "dep": ("treeeval.commands.dep", "score dependencies as MaltEval does"),
    "wde": ("treeeval.commands.wde", "word dependency entropy of UD relations, WLAS weights"),
    "ud": ("treeeval.commands.ud", "score CoNLL-U as the CoNLL 2018/2017 UD scorers do"),
    "task": ("treeeval.commands.task", "score a shared task: teams x treebanks, averages, ranking"),
    "browse": ("treeeval.commands.browse", "browse parse errors sentence by sentence in the terminal"),
    "errors": ("treeeval.commands.errors", "parse error classes of Kummerfeld et al. 2012"),
}

ROOT_EPILOG = """\
examples:
  treeeval bracket -p COLLINS.prm gold.txt test.txt
  treeeval dep -g gold.conll -s parser1.conll parser2.conll --Metric "LAS;UAS"
  treeeval ud -v gold.conllu system.conllu

Each command has its own help: treeeval COMMAND -h
"""


class HelpShown(Exception):
    """``-h`` or ``--version`` printed its text: the run ends here with status 0."""


class Parser(argparse.ArgumentParser):
    """treeeval's parsers: no abbreviations, help text kept as written, usage errors raised
    as :class:`UsageError` in treeeval's words (printed as one line, exit status 2).

    ``rewrite``, when a command sets it, maps the argument list before parsing (EVALB
    reads only the first letter of a cluster such as ``-dD``).
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(**kwargs)
        self.rewrite: Callable[[list[str]], list[str]] | None = None

    # argparse's own signature is overloaded on the namespace's type; this one narrows it
    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        args = glue_values(self, list(args or []))
        return super().parse_known_args(self.rewrite(args) if self.rewrite else args, namespace)

    def error(self, message: str) -> NoReturn:
        raise UsageError(usage_message(self, message))

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        # only help and --version exit (errors raise in error() above)
        raise HelpShown()


def glue_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """An option that takes one value takes the next word, even one that starts with a
    dash, as EVALB and MaltEval take it (``--ExcludePostags -NONE-``): ``OPTION=VALUE``.

    >>> parser = Parser(prog="treeeval x")
    >>> _ = parser.add_argument("--ExcludePostags"), parser.add_argument("-v", action="store_true")
    >>> glue_values(parser, ["--ExcludePostags", "-NONE-", "-v", "-", "--ExcludePostags"])
    ['--ExcludePostags=-NONE-', '-v', '-', '--ExcludePostags']
    """
    glued: list[str] = []
    words = iter(argv)
    for word in words:
        action = parser._option_string_actions.get(word)
        if action is not None and action.nargs is None:
            value = next(words, None)
            glued.append(word if value is None else f"{word}={value}")
        else:
            glued.append(word)
    return glued


def usage_message(parser: argparse.ArgumentParser, message: str) -> str:
    """argparse's message in treeeval's words, with ``did you mean`` for a near miss.

    >>> parser = Parser(prog="treeeval x")
    >>> _ = parser.add_argument("--Metric")
    >>> usage_message(parser, "unrecognized arguments: --metric LAS")
    'unknown option --metric (see treeeval x -h); did you mean --Metric?'
    >>> usage_message(parser, "argument --Metric: expected one argument")
    'option --Metric needs a value'
    """
    unknown = re.fullmatch(r"unrecognized arguments: (.*)", message)
    if unknown:
        words = unknown.group(1).split(" ")
        option = next((w for w in words if w.startswith("-") and w != "-"), None)
        if option is None:
            return f"unexpected argument {words[0]!r} (see {parser.prog} -h)"
        text = f"unknown option {option} (see {parser.prog} -h)"
        near = suggestion(parser, option.split("=", 1)[0])
        return f"{text}; did you mean {near}?" if near else text
    missing = re.fullmatch(r"argument (\S+): expected (one|at least one) argument", message)
    if missing:
        action = parser._option_string_actions.get(missing.group(1).split("/")[0])
        return f"option {missing.group(1)} needs {getattr(action, 'needs', 'a value')}"
    explicit = re.fullmatch(r"argument (\S+): ignored explicit argument (.*)", message)
    if explicit:
        return f"option {explicit.group(1)} takes no value, got {explicit.group(2)}"
    return message


def suggestion(parser: argparse.ArgumentParser, option: str) -> str | None:
    """The option string of ``parser`` nearest to ``option`` (None: none is near): the one
    option that ``option`` abbreviates (options are never abbreviated, but an abbreviation
    says which was meant), else a near spelling.

    >>> parser = Parser(prog="treeeval x")
    >>> _ = parser.add_argument("--GroupBy"), parser.add_argument("--per-sentence")
    >>> _ = parser.add_argument("--signature"), parser.add_argument("--stat")
    >>> suggestion(parser, "--Groupby"), suggestion(parser, "--per-sentense")
    ('--GroupBy', '--per-sentence')
    >>> suggestion(parser, "--sig"), suggestion(parser, "--s") is None
    ('--signature', True)
    >>> suggestion(parser, "--frobnicate") is None
    True
    """
    options = [o for o in parser._option_string_actions if o not in ("-h", "--help")]
    longer = [o for o in options if o.startswith(option)] if option.startswith("--") else []
    near = longer if len(longer) == 1 else nearest(option, options, cutoff=0.75)
    return near[0] if near else None


def build_parser(commands: Iterable[str] = COMMANDS) -> Parser:
    """The root parser; the sub-parsers of ``commands`` get their options (the others only
    their summary, enough for ``treeeval -h``).

    >>> root = build_parser(["lin"])
    >>> command_parser(root, "lin").prog
    'treeeval lin'
    """
    root = Parser(prog="treeeval", epilog=ROOT_EPILOG,
                  description="Evaluate parsers exactly as EVALB, MaltEval, eval.pl and the "
                              "CoNLL UD scorers do.")
    add_version(root)
    subparsers = root.add_subparsers(title="commands", metavar="COMMAND", dest="command",
                                     parser_class=Parser)
    chosen = set(commands)
    for name, (_, summary) in COMMANDS.items():
        parser = subparsers.add_parser(name, help=summary, description=summary)
        if name in chosen:
            command_module(name).add_arguments(parser)
            add_version(parser)
    return root


def add_version(parser: argparse.ArgumentParser) -> None:
    """``--version``, the same on the top level and on every command (``treeeval bracket
    --version``)."""
    parser.add_argument("--version", action="version", version=f"treeeval {__version__}",
                        help="print treeeval's version and exit")


def command_parser(root: argparse.ArgumentParser, name: str) -> Parser:
    """The sub-parser of command ``name`` in the tree ``root`` (made by build_parser)."""
    subparsers = next(action for action in root._actions
                      if isinstance(action, argparse._SubParsersAction))
    return subparsers.choices[name]


def command_module(name: str) -> ModuleType:
    """The module of command ``name`` (imported now, not before)."""
    return importlib.import_module(COMMANDS[name][0])


def parse_command(name: str, argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments of ``treeeval NAME ARGV...``; None when help was printed.  They carry
    the run's :class:`~treeeval.policy.notices.Notices` as ``notices`` (strict under
    ``--strict``), where the command records what a user could miss.

    >>> parse_command("lin", ["--strict", "key.lin", "answer.lin"]).notices.strict
    True
    """
    parser = command_parser(build_parser([name]), name)
    try:
        args = parser.parse_intermixed_args(list(argv))
    except HelpShown:
        return None
    from .policy.notices import Notices  # not on the path of --help (dataclasses, inspect)

    args.notices = Notices(strict=getattr(args, "strict", False))
    return args


def parse(argv: Sequence[str]) -> tuple[str, argparse.Namespace] | None:
    """The command and its arguments of a whole ``treeeval`` command line; None when help
    or the version was printed.

    >>> parse(["lin", "key.lin", "answer.lin"])[0]
    'lin'
    >>> parse(["brackt"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown command 'brackt' (commands: bracket, ...); did you mean bracket?
    """
    if not argv or argv[0].startswith("-"):
        try:
            build_parser([]).parse_args(list(argv))
        except HelpShown:
            return None
        raise UsageError("expected a command (see treeeval -h)")
    name = argv[0]
    if name not in COMMANDS:
        text = f"unknown command {name!r} (commands: {', '.join(COMMANDS)})"
        near = nearest(name, COMMANDS)
        raise UsageError(f"{text}; did you mean {near[0]}?" if near else text)
    args = parse_command(name, argv[1:])
    return None if args is None else (name, args)


def run_command(name: str, argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """Parse ``argv`` with command ``name``'s parser and run it: the exit status."""
    args = parse_command(name, argv)
    return 0 if args is None else run_parsed(name, args, out, err)


def run_parsed(name: str, args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """Run command ``name`` on its parsed arguments, then say its notices after its output:
    the exit status (1 under ``--strict`` when there was anything to say).  The inputs are
    read as users have them (``-``, compressed files: treeeval.policy.inputs)."""
    from .policy.inputs import materialised

    with materialised(args):
        status = command_module(name).run(args, out, err)
        out.flush()
    return args.notices.finish(err, status)


class InOrder(argparse.Action):
    """Records EVALB's options as (option, value) pairs in the order given (``args.evalb``),
    to be applied left to right once parsing is done."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        namespace.evalb = [*getattr(namespace, "evalb", []), (option_string, values)]


def needs(action: argparse.Action, what: str) -> None:
    """What the usage error of ``action`` without its value says it needs (``a file name``;
    by default ``a value``)."""
    vars(action)["needs"] = what


def examples(*lines: str) -> str:
    """An epilog of example command lines, as every command's help ends.

    >>> print(examples("treeeval lin key.lin answer.lin"), end="")
    examples:
      treeeval lin key.lin answer.lin
    """
    return "examples:\n" + "".join(f"  {line}\n" for line in lines)


def add_signature(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                  **how: Any) -> None:
    """The ``--signature`` option every scoring command has (treeeval.policy.signature);
    ``how`` overrides its action (a command that records its options in order)."""
    parser.add_argument("--signature", **{"action": "store_true", **how},
                        help="end the output with one line naming treeeval's version and every "
                             "setting that changes a number, to quote with the scores")


#: the check of every command that tests systems against a baseline (tables.systems)
NOTHING_TESTED_CHECK = "--stat on a gold file without a sentence"
#: the check of an incomplete system in a comparison (treeeval.tables.systems.incomplete_notice)
INCOMPLETE_CHECK = "an incomplete system in a comparison (never its best, never tested)"


def add_strict(parser: argparse.ArgumentParser | argparse._ArgumentGroup, *checks: str) -> None:
    """The ``--strict`` option of a command that warns (treeeval.policy.notices); ``checks``
    names what the command's warnings say, for its help.

    >>> parser = Parser(prog="treeeval x")
    >>> add_strict(parser, "an empty file", "files of different lengths")
    >>> parser._option_string_actions["--strict"].help  # doctest: +NORMALIZE_WHITESPACE
    'exit 1 when the run warns (an empty file; files of different lengths), each warning
    then an error; the report itself is unchanged'
    """
    parser.add_argument("--strict", action="store_true",
                        help=f"exit 1 when the run warns ({'; '.join(checks)}), each warning "
                             "then an error; the report itself is unchanged")


def whole_number(value: str, option: str, minimum: int | None = None) -> int:
    """An option's whole-number value, or a UsageError naming the option.

    >>> whole_number("3", "-c"), whole_number("many", "-e")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: option -e needs a whole number, got 'many'
    """
    try:
        number = int(value)
    except ValueError:
        raise UsageError(f"option {option} needs a whole number, got {value!r}") from None
    if minimum is not None and number < minimum:
        raise UsageError(f"option {option} needs a number of at least {minimum}, got {number}")
    return number


#: the tests of ``--stat``
STATS = tuple(METHODS)


def add_comparison(parser: argparse.ArgumentParser, *, stat_help: str, metrics_example: str,
                   plot: str | None = None, html: str | None = None,
                   title: bool = False) -> None:
    """The options of several systems on one gold file (``GOLD SYS1 SYS2 ...``), the same in
    every scoring command: ``--stat``, ``--seed``, ``--resamples``, ``--baseline``,
    ``--metrics``, ``--format``, when the command draws figures (``plot`` says which)
    ``--plot``, when it writes the HTML report (``html`` says what it shows) ``--html`` and,
    when it writes one table (``title``), ``--title`` (read back by
    :func:`comparison_settings`)."""
    from .tables.rendering import FORMATS

    group = parser.add_argument_group("several systems (GOLD SYS1 SYS2 ...)")
    group.add_argument("--stat", choices=STATS, help=stat_help)
    group.add_argument("--seed", metavar="N", help="seed of --stat (default 1)")
    group.add_argument("--resamples", metavar="N",
                       help="resamples (shuffles) of --stat (default 10000)")
    group.add_argument("--baseline", metavar="SYS",
                       help="the system the others are tested against (its file or short "
                            "name; default: the first system)")
    group.add_argument("--metrics", metavar="LIST",
                       help=f"the metrics of the table and tests, e.g. '{metrics_example}', "
                            "each by its column's header or its --json key (default: every "
                            "metric of the report)")
    group.add_argument("--format", choices=FORMATS,
                       help="write the comparison table alone in this format (default: the "
                            "reports, then the table as text)")
    if title:
        group.add_argument("--title", "--caption", metavar="TEXT",
                           help="the table's title, instead of the gold file's name: its "
                                "first line, LaTeX's \\caption, the HTML caption, JSON's title "
                                "('' for none)")
    if plot is not None:
        group.add_argument("--plot", metavar="FILE", action="append",
                           help=f"draw {plot} into FILE (.png, .svg or .pdf), each figure "
                                "with its name before the suffix when there are several "
                                "(dev.png: dev.f1_by_length.png ...); repeatable")
    if html is not None:
        group.add_argument("--html", metavar="FILE",
                           help=f"write one self-contained HTML page to FILE: {html}")


def comparison_settings(args: argparse.Namespace) -> ComparisonSettings:
    """The comparison settings of a parsed command line (:func:`add_comparison`'s options,
    ``--signature``), their numbers checked.

    >>> args = argparse.Namespace(stat="ar", seed="7", resamples=None, baseline=None,
    ...                           metrics="LAS", format=None, title="WSJ 23")
    >>> settings = comparison_settings(args)
    >>> settings.stat, settings.seed, settings.given, settings.signature, settings.title
    ('ar', 7, ('--stat', '--seed'), False, 'WSJ 23')
    """
    from .tables.settings import ComparisonSettings

    return ComparisonSettings(
        args.stat,
        DEFAULT_SEED if args.seed is None else whole_number(args.seed, "--seed", 0),
        DEFAULT_RESAMPLES if args.resamples is None
        else whole_number(args.resamples, "--resamples", 1),
        args.baseline, args.metrics, args.format,
        tuple(getattr(args, "plot", None) or ()), getattr(args, "html", None),
        bool(getattr(args, "signature", False)),
        given=tuple(f"--{name}" for name in ("stat", "seed", "resamples", "baseline")
                    if getattr(args, name) is not None), title=getattr(args, "title", None))
