"""The HTML report in a real browser: headless Chromium (through Playwright, with the
system's Chromium) opens the page of ``treeeval ud --html`` with the network cut off, and
the page renders without a console message, without a page error and without asking for
any resource but itself; its tables, figures and worst sentences are in the DOM, and the
screenshot is not blank.  Skipped, with the reason, when Playwright or Chromium is missing
(.ci/run installs Chromium where it can)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_treeeval

playwright = pytest.importorskip("playwright.sync_api",
                                 reason="Playwright is not installed (pip install -e '.[test]')")

#: where a Chromium may be, first found used
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium() -> str:
    found = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    if found is None:
        pytest.skip(f"no Chromium found on PATH (tried {', '.join(BROWSERS)}); .ci/run installs "
                    "Debian's chromium when it can")
    return found


@dataclass
class Session:
    """A page opened offline in headless Chromium, and what it said and asked for."""

    page: Any = None
    messages: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


@contextmanager
def opened(path: Path) -> Iterator[Session]:
    """``path`` opened in headless Chromium with the network cut off: every console
    message, page error, failed request and request is recorded in the session."""
    executable = chromium()
    session = Session()
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable,
                                         args=["--no-sandbox", "--disable-gpu"])
        try:
            context = browser.new_context(offline=True, viewport={"width": 1200, "height": 900})
            page = session.page = context.new_page()
            page.on("console", lambda message: session.messages.append(
                f"{message.type}: {message.text}"))
            page.on("pageerror", lambda error: session.messages.append(f"page error: {error}"))
            page.on("request", lambda request: session.requests.append(request.url))
            page.on("requestfailed", lambda request: session.messages.append(
                f"failed: {request.url}"))
            page.goto(path.as_uri(), wait_until="load")
            yield session
        finally:
            browser.close()


def conllu(rows: list[str]) -> str:
    return "".join(row.replace(" ", "\t") + "\n" for row in rows) + "\n"


GOLD = (conllu(["1 Dogs dog NOUN _ _ 2 nsubj _ _", "2 <bark> bark VERB _ _ 0 root _ _"])
        + conllu(["1 I I PRON _ _ 2 nsubj _ _", "2 saw see VERB _ _ 0 root _ _",
                  "3 it it PRON _ _ 2 obj _ _", "4 . . PUNCT _ _ 2 punct _ _"]))
SYSTEMS = {
    "a.conllu": GOLD.replace("\t2\tobj\t", "\t2\tiobj\t"),
    "b&c.conllu": GOLD.replace("I\tPRON\t_\t_\t2\t", "I\tPRON\t_\t_\t4\t"),
}


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    (folder / "gold.conllu").write_text(GOLD)
    for name, text in SYSTEMS.items():
        (folder / name).write_text(text)
    run = run_treeeval(["ud", "--stat", "ar", "--resamples", "200", "--html", "report.html",
                        "gold.conllu", *SYSTEMS], folder)
    assert run.status == 0, run.stderr
    return folder / "report.html"


def test_the_report_renders_in_chromium(report: Path) -> None:
    with opened(report) as session:
        page = session.page
        tables = page.locator("table.comparison")
        assert tables.count() == 1
        assert tables.locator("tbody tr").count() == 2
        assert page.locator("table.comparison caption").inner_text() == "gold"
        assert page.locator("figure svg").count() == 2
        assert page.locator("figure svg").first.bounding_box()["width"] > 200
        assert page.locator("details:not(.numbers)").count() == 4   # 2 sentences each
        assert page.locator("details.numbers table").count() == 2
        page.locator("details:not(.numbers)").first.locator("summary").click()
        assert page.locator("table.arcs").first.is_visible()
        assert page.locator("td.wrong").count() >= 2
        assert "Dogs <bark>" in page.locator("body").inner_text()
        shot = page.screenshot(full_page=True)
    assert session.messages == []
    assert session.requests == [report.as_uri()]
    assert len(shot) > 20_000   # a blank page is a few kilobytes


BRACKET_GOLD = ("(S (NP (DT The) (NN <dog>)) (VP (VBD saw) (NP (DT a) (NN cat))))\n"
                "(S (NP (PRP I)) (VP (VBD ran) (PP (IN to) (NP (NN A&B)))))\n")
BRACKET_SYSTEMS = {
    "a.mrg": BRACKET_GOLD.replace("(NP (DT a)", "(X (DT a)"),
    "b&c.mrg": BRACKET_GOLD.replace("(PP (IN to) (NP (NN A&B)))", "(IN to) (NN A&B)"),
}


@pytest.fixture(scope="module")
def bracket_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bracket")
    (folder / "gold.mrg").write_text(BRACKET_GOLD)
    for name, text in BRACKET_SYSTEMS.items():
        (folder / name).write_text(text)
    run = run_treeeval(["bracket", "--stat", "ar", "--resamples", "200", "--html", "report.html",
                        "gold.mrg", *BRACKET_SYSTEMS], folder)
    assert run.status == 0, run.stderr
    return folder / "report.html"


def test_the_bracket_report_renders_in_chromium(bracket_report: Path) -> None:
    with opened(bracket_report) as session:
        page = session.page
        assert page.locator("table.comparison tbody tr").count() == 2
        assert page.locator("figure svg").count() == 2
        assert page.locator("details:not(.numbers)").count() == 4   # 2 sentences each
        page.locator("details:not(.numbers)").first.locator("summary").click()
        assert page.locator("div.trees pre").first.is_visible()
        assert page.locator("mark").count() >= 2
        text = page.locator("body").inner_text()
        assert "The <dog> saw a cat" in text and "Worst sentences: b&c" in text
    assert session.messages == []
    assert session.requests == [bracket_report.as_uri()]
