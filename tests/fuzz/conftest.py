import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzzing  # noqa: E402,F401  (registers the fuzz profile before pytest loads it)
