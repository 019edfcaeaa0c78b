"""``python -m pod_resources_cli``."""

import sys

from pod_resources_cli.cli import main

sys.exit(main())
