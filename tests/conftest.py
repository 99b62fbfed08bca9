import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import profiles  # noqa: E402,F401  (registers and loads the Hypothesis profiles)
