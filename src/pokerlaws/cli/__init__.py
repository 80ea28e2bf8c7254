"""The ``pokerlaws`` command: ``check`` and ``replay`` a record or a sitting record.

An edge of the library: it reads files and prints, the core never does. ``main`` is the
console script's entry point (``pokerlaws.cli:main``).
"""

from pokerlaws.cli.main import main

__all__ = ["main"]
