"""The command-line options of the enhanced rules (``--udeval``, ``--iwpt20`` and theirs),
declared once for every command that scores CoNLL-U with them (``treeeval ud``, ``treeeval
browse``), and the :class:`~.enhanced.EnhancedRules` they give.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_enhanced_arguments(parser)
>>> enhanced_rules(parser.parse_args(["--iwpt20", "--enhancements", "16"]))
EnhancedRules(scorer='iwpt20', scored=True, enhancements='16', no_empty_nodes=False)
>>> enhanced_rules(parser.parse_args([])) is None
True
"""

from __future__ import annotations

import argparse

from ..errors import UsageError
from .enhanced import EnhancedRules


def add_enhanced_arguments(parser: argparse.ArgumentParser) -> None:
    """``--udeval`` or ``--iwpt20``, ``--no-enhanced``, ``--enhancements``,
    ``--no-empty-nodes``."""
    scorer = parser.add_mutually_exclusive_group()
    scorer.add_argument("--udeval", action="store_true",
                        help="the UD team's current scorer (udeval, udtools): its rules and "
                             "report, with the enhanced metrics ELAS and EULAS")
    scorer.add_argument("--iwpt20", action="store_true",
                        help="iwpt20_xud_eval.py's rules and report (IWPT 2020/2021): ELAS and "
                             "EULAS after LAS, empty nodes refused")
    parser.add_argument("--no-enhanced", action="store_true",
                        help="--udeval: leave ELAS and EULAS out (DEPS is still checked)")
    parser.add_argument("--enhancements", metavar="DIGITS", default="0",
                        help="--udeval/--iwpt20: the enhancements absent from the gold data, "
                             "switched off on both sides: 1 gapping, 2 shared parents, "
                             "3 shared dependents, 4 control, 5 external arguments of "
                             "relative clauses, 6 case information; combined as 12 (default "
                             "0: all)")
    parser.add_argument("--no-empty-nodes", metavar="VALUE",
                        help="--udeval: any non-empty VALUE refuses empty nodes (as udeval "
                             "reads this option)")


def enhanced_rules(args: argparse.Namespace) -> EnhancedRules | None:
    """The enhanced rules of ``--udeval`` or ``--iwpt20`` (None: neither; an option of
    theirs without them is a usage error).

    >>> parser = argparse.ArgumentParser()
    >>> add_enhanced_arguments(parser)
    >>> enhanced_rules(parser.parse_args(["--udeval", "--no-empty-nodes", "0"]))
    EnhancedRules(scorer='udeval', scored=True, enhancements='0', no_empty_nodes=True)
    >>> enhanced_rules(parser.parse_args(["--enhancements", "1"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --enhancements needs --udeval or --iwpt20
    """
    scorer = "udeval" if args.udeval else "iwpt20" if args.iwpt20 else None
    given = [name for name, value in (("--no-enhanced", args.no_enhanced),
                                      ("--enhancements", args.enhancements != "0"),
                                      ("--no-empty-nodes", args.no_empty_nodes is not None))
             if value]
    if scorer is None:
        if given:
            raise UsageError(f"{given[0]} needs --udeval or --iwpt20")
        return None
    if scorer == "iwpt20" and set(given) - {"--enhancements"}:
        raise UsageError(f"{sorted(set(given) - {'--enhancements'})[0]} is not an option of "
                         "--iwpt20")
    return EnhancedRules(scorer, not args.no_enhanced, args.enhancements,
                         bool(args.no_empty_nodes))
