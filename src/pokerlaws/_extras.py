"""What an edge says when the extra it needs is not installed (issue 33).

Every edge that imports a package beyond ``attrs`` (numpy, Gymnasium, OpenSpiel, Starlette,
Hypothesis, tqdm...) imports it inside :func:`needs_extra`, so a reader without it learns,
in one message made here and nowhere else, which extra to install and how: from a checkout
(the way pokerlaws is installed today) and from the package index once it is published. The
original ``ImportError`` stays the message's ``__cause__``, and its text (``No module named
'pyspiel'``) is quoted, so the missing module is named too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "EXTRAS",
    "MissingExtra",
    "checkout_command",
    "install_commands",
    "missing_extra_message",
    "needs_extra",
]

EXTRAS = frozenset(
    {"batch", "gymnasium", "hypothesis", "openspiel", "pettingzoo", "progress", "service"}
)
"""The extras an edge of the package may need (pyproject.toml's, less the tools')."""


def install_commands(extra: str) -> tuple[str, str]:
    """The two commands that install ``extra``: from a checkout of pokerlaws (its root the
    working directory), and from the package index once pokerlaws is published there.

    Raises:
        ValueError: ``extra`` is no extra of pokerlaws.
    """
    if extra not in EXTRAS:
        raise ValueError(f"no extra of pokerlaws is named {extra!r}: one of {sorted(EXTRAS)}")
    return checkout_command(extra), f'python -m pip install "pokerlaws[{extra}]"'


def checkout_command(extra: str) -> str:
    """The command that installs ``extra`` into a checkout's environment, the tools' extras
    (``dev``, ``dask``...) as well as the edges': the tests' skips name it too."""
    return f'python -m pip install -e ".[{extra}]"'


def missing_extra_message(needer: str, extra: str, missing: str) -> str:
    """The one message for ``needer`` (a module, a command, an option) without ``extra``;
    ``missing`` says what failed to import (the original error's text)."""
    checkout, published = install_commands(extra)
    return (
        f"{needer} needs the {extra} extra ({missing}). Install it from a checkout of "
        f"pokerlaws with: {checkout} (or, once pokerlaws is published: {published})"
    )


class MissingExtra(ModuleNotFoundError):
    """An import an edge needs failed: its message names the extra and how to install it.

    A :class:`ModuleNotFoundError` (so an ``ImportError``), named by the module that was
    missing, so ``pytest.importorskip`` and ``except ImportError`` treat it as they did the
    original. ``extra`` is the extra to install. Its arguments are the message alone, so it
    pickles (from a worker process) as any ImportError does.
    """

    def __init__(self, message: str, *, name: str | None = None, extra: str = "") -> None:
        super().__init__(message, name=name)
        self.extra = extra

    @classmethod
    def of(cls, needer: str, extra: str, missing: ImportError) -> MissingExtra:
        """The error for ``needer`` without ``extra``, ``missing`` the import that failed."""
        message = missing_extra_message(needer, extra, str(missing))
        return cls(message, name=missing.name, extra=extra)


@contextmanager
def needs_extra(extra: str, needer: str) -> Iterator[None]:
    """Run the imports of ``needer`` (``"pokerlaws.openspiel"``) that need ``extra``; a
    failed one raises :class:`MissingExtra` from the original error.

    An ``ImportError`` of pokerlaws' own modules is a bug, not a missing extra, and passes
    unchanged. One raised by an inner edge (``pokerlaws.gymnasium`` imports
    ``pokerlaws.pettingzoo``) is told again for the outer one, whose extra brings both.
    """
    try:
        yield
    except ImportError as error:
        root = error.name or ""
        if root == "pokerlaws" or root.startswith("pokerlaws."):
            raise
        missing: ImportError = error
        if isinstance(error, MissingExtra) and isinstance(error.__cause__, ImportError):
            missing = error.__cause__
        raise MissingExtra.of(needer, extra, missing) from missing
