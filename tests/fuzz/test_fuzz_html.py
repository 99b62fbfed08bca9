"""Fuzzing ``treeeval ud --html FILE`` (and ``--plot``): the files and options of
test_fuzz_ud_compare.py (a gold file, two or three systems, one perhaps mutated), or one
system alone.  Each run ends in success or one located error; a successful run wrote a page
that parses, holds no address outside itself and one comparison table, and the figures;
a failed run wrote nothing (but under --strict, which fails the run after its outputs).

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=500 python -m pytest tests/fuzz/test_fuzz_html.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import shutil
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from fuzzing import check_run, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_ud_compare import OPTIONS, systems

#: CI cases (each draws two figures: the file stays under about 20 s on the shared machine)
CI_CASES = 15


class _Page(HTMLParser):
    """The tags of a page, and any attribute that points outside it."""

    def __init__(self) -> None:
        super().__init__()
        self.tables = 0
        self.outside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tables += tag == "table" and ("class", "comparison") in attrs
        self.outside += [f"{tag} {name}={value}" for name, value in attrs
                         if name == "src" or (name.endswith("href")
                                              and not (value or "").startswith("#"))]


@fuzz_settings(CI_CASES)
@given(systems(), OPTIONS, st.booleans(), st.booleans())
def test_fuzz_ud_html(files: dict[str, bytes], options: list[list[str]], alone: bool,
                      plot: bool) -> None:
    args = [item for option in options for item in option]
    if "--conll17" in args and "--metrics" in args:  # MLAS and BLEX are not conll17 metrics
        args.remove("--conll17")
    if alone:   # one system: no comparison options
        files = dict(list(files.items())[:2])
        args = [a for a in args if a in ("-v", "--conll17", "--signature", "--strict")]
    out = Path(tempfile.mkdtemp(prefix="treeeval-fuzz-html-"))
    try:
        extra = ["--plot", str(out / "f.svg")] if plot else []
        ran = check_run(["ud", *args, "--html", str(out / "r.html"), *extra, *files], files)
        written = sorted(path.name for path in out.iterdir())
        if ran.status != 0:   # --strict fails a run after its outputs, for its notices
            assert written == [] or b"(--strict)" in ran.stderr, f"a failed run wrote {written}"
            return
        assert written == sorted(["r.html", *(["f.deprel_f1.svg", "f.f1_by_length.svg"]
                                              if plot else [])])
        page = _Page()
        page.feed((out / "r.html").read_text(encoding="utf-8"))
        page.close()
        assert page.tables == 1 and page.outside == []
    finally:
        shutil.rmtree(out)
