import gc
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import profiles  # noqa: E402,F401  (registers and loads the Hypothesis profiles)

from treeeval import collector  # noqa: E402

# The tests run as a command does: with its garbage-collector thresholds (which a command run
# in process sets anyway), and with what collection built (modules, test items, Hypothesis'
# strategies) out of the collector's way, so that a test's collections walk its own objects
# only; under Python's defaults the collector took a sixth of the suite's time.
collector.for_a_command()


def pytest_collection_finish() -> None:
    gc.collect()
    gc.freeze()


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Temporary files go to a folder of the test's own, checked empty after the test (the
    input policy's copies must not outlive a run or a call)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield folder
    assert list(folder.iterdir()) == [], "a temporary copy of an input was left behind"
