"""The one way the batch compiles: numba's ``njit``, cached on disk.

Every compiled function of the package is made by :func:`jit` (no Python objects inside, the
GIL released, the machine code kept in numba's cache so that a later process loads it instead
of compiling again) or :func:`parallel_jit` (the same, its ``prange`` loops run on threads).

Without numba's reference counting (``_nrt=False``): every array the laws touch is a field
of the ``State`` tuple, owned by :class:`~pokerlaws.batch._arrays.Arrays` for the whole call,
and numba would otherwise count a reference each time a field is read out of the tuple (an
atomic increment and decrement: measured, 52 ns against 6 ns a table for a loop reading two
fields of a 50-array tuple). The price: compiled code may not allocate an array, so the
laws work in the arrays they are given (``scratch`` where they need room).

Where the cache goes: numba writes it beside the source (``__pycache__``) when that folder is
writable, and otherwise in the user's cache folder (numba's own fallback), or wherever the
environment variable ``NUMBA_CACHE_DIR`` points, if it is set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["jit", "kernel", "parallel_jit", "prange", "use_threads"]

F = TypeVar("F", bound=Callable[..., Any])

prange: Any = numba.prange
_UNCOUNTED: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
"""numba's options for every law and kernel (``_nrt`` is not in numba's typed signature)."""
_LAW: dict[str, Any] = {**_UNCOUNTED, "no_cpython_wrapper": True}
"""The same for a law, which only compiled code calls (nor is this option typed)."""


def jit(function: F) -> F:
    """Compile a function of scalar code over arrays, cached, for compiled callers only (its
    signature kept for the type checker: a compiled function is called as the Python one).

    Without the wrapper that lets Python call it: that wrapper unboxes every array of the
    ``State`` tuple, and building one for each law was most of the cold compile (measured:
    111 s of CPU for the first step, mask and observation of a new install)."""
    return cast("F", numba.njit(**_LAW)(function))


def kernel(function: F) -> F:
    """Compile a loop over the tables that Python calls (:mod:`._kernel`'s entry points)."""
    return cast("F", numba.njit(**_UNCOUNTED)(function))


def parallel_jit(function: F) -> F:
    """Compile a loop over the tables whose ``prange`` runs on numba's threads, cached."""
    # numba's parallel loops allocate their schedule: these keep its reference counting (the
    # laws they call do without it, each compiled with its own options).
    return cast("F", numba.njit(cache=True, nogil=True, parallel=True)(function))


def use_threads(count: int) -> None:
    """Run the next parallel loops of this thread on ``count`` threads (at most numba's)."""
    numba.set_num_threads(max(1, min(count, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
