"""The one way the batch compiles: numba's ``njit``, cached on disk.

Every compiled function of the package is made by :data:`jit` (no Python objects inside, the
GIL released, the machine code kept in numba's cache so that a later process loads it instead
of compiling again) or :data:`parallel_jit` (the same, its ``prange`` loops run on threads).

Where the cache goes: numba writes it beside the source (``__pycache__``) when that folder is
writable, and otherwise in the user's cache folder (numba's own fallback), or wherever the
environment variable ``NUMBA_CACHE_DIR`` points, if it is set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["jit", "parallel_jit", "prange"]

F = TypeVar("F", bound=Callable[..., Any])

prange: Any = numba.prange


def jit(function: F) -> F:
    """Compile a function of scalar code over arrays, cached (its signature kept for the
    type checker: a compiled function is called as the Python one)."""
    return cast("F", numba.njit(cache=True, nogil=True)(function))


def parallel_jit(function: F) -> F:
    """Compile a loop over the tables whose ``prange`` runs on numba's threads, cached."""
    return cast("F", numba.njit(cache=True, nogil=True, parallel=True)(function))
