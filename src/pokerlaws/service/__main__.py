"""``python -m pokerlaws.service``: the same as ``pokerlaws serve``."""

import sys

from pokerlaws.cli.serve import serve_main

sys.exit(serve_main(sys.argv[1:]))
