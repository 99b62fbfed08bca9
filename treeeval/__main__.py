"""``python -m treeeval``: the same as the ``treeeval`` command."""

import sys

from .cli import main

sys.exit(main())
