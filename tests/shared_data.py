"""Where the shared reference data lives (../shared beside the repository), for parity tests."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
DATA = SHARED / "data"


def require(*parts: str) -> Path:
    """The path under ../shared/data, or skip the test with a clear message if it is absent."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path
