"""The one way the batch compiles: numba's ``njit``, cached on disk.

Every compiled function of the package is made by :func:`jit` (no Python objects inside, the
GIL released, the machine code kept in numba's cache so that a later process loads it instead
of compiling again), :func:`kernel` (the same, for a loop over the tables that Python calls)
or :func:`counted_kernel`. None is compiled with numba's ``parallel``: ``Tables`` runs a
kernel on parts of the tables from Python threads instead (each kernel releases the GIL),
since a parallel twin of a kernel compiled its whole tree of laws over again (measured: 42 s
of the 135 s of CPU of a cold compile, for the two of them).

Without numba's reference counting (``_nrt=False``): every array the laws touch is a field
of the ``State`` tuple, owned by :class:`~pokerlaws.batch._arrays.Arrays` for the whole call,
and numba would otherwise count a reference each time a field is read out of the tuple (an
atomic increment and decrement: measured, 52 ns against 6 ns a table for a loop reading two
fields of a 50-array tuple). The price: compiled code may not allocate an array, so the
laws work in the arrays they are given (``scratch`` where they need room).

A law (:func:`jit`) is compiled without the wrappers that let Python call it: only the
kernels call the laws, and a wrapper is large for the ``State`` (it unboxes 77 fields), so
that it cost more to compile than the law itself and was linked and optimized again into
every function above it (measured: ``python -m pokerlaws.batch`` from a cold cache, 172 s
of CPU with the wrappers, 135 s without). A law called from Python (a test does so) goes
through a twin compiled with its wrappers, made at that first call and not cached (numba's
cache tells the two apart only by their signature).

Called from Python, a kernel skips numba's dispatcher after its first call with arguments of
a given kind (:class:`Kernel`): the dispatcher types every argument again at every call, and
for the ``State`` tuple of 77 fields that took 1.5 ms a call (measured, under load; a step
makes three such calls), where the compiled entry point, given arguments of the kind it was
compiled for, is called in 2 us.

Where the cache goes: numba writes it beside the source (``__pycache__``) when that folder is
writable, and otherwise in the user's cache folder (numba's own fallback), or wherever the
environment variable ``NUMBA_CACHE_DIR`` points, if it is set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numba.core.registry import CPUDispatcher
from numba.core.typing.typeof import Purpose, typeof_impl
from numba.core.typing.typeof import typeof as _untyped_typeof

__all__ = [
    "Kernel",
    "counted_kernel",
    "jit",
    "kernel",
    "kind",
]

F = TypeVar("F", bound=Callable[..., Any])
typeof: Callable[[object, Any], Any] = _untyped_typeof  # numba's, untyped in its stubs

_UNCOUNTED: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
"""numba's options for every law and kernel (``_nrt`` is not in numba's typed signature)."""


_INNER: dict[str, Any] = {"nogil": True, "_nrt": False, "no_cfunc_wrapper": True}
_INNER["no_cpython_wrapper"] = True
"""numba's options for a law, which only compiled code calls (caching is enabled apart)."""


class _Law(CPUDispatcher):
    """A law compiled for compiled callers only (no wrapper for Python); called from Python
    it runs its :attr:`twin`, the same function compiled with its wrappers (without them
    the call would enter machine code that expects none and crash the process)."""

    twin: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.twin is None:
            self.twin = numba.njit(**_UNCOUNTED | {"cache": False})(self.py_func)
        return self.twin(*args, **kwargs)


def jit(function: F) -> F:
    """Compile a function of scalar code over arrays that compiled code calls, cached (its
    signature kept for the type checker: a compiled function is called as the Python
    one)."""
    if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        return function
    law = _Law(py_func=function, locals={}, targetoptions=dict(_INNER))
    law.enable_caching()
    return cast("F", law)


def kernel(function: F) -> F:
    """Compile a loop over the tables that Python calls (:mod:`._kernel`'s entry points)."""
    return cast("F", Kernel(numba.njit(**_UNCOUNTED)(function)))


def counted_kernel(function: F) -> F:
    """Compile a kernel that takes a numpy ``Generator``, with numba's reference counting:
    numba holds the Generator it unboxes by a reference that only the count gives back
    (measured: without it each call leaves the Generator one reference more, never freed).
    Such a kernel only hands its arguments to a :func:`jit` function, so that the count is
    paid once a call, never at a field read inside the loops."""
    return cast("F", Kernel(numba.njit(cache=True, nogil=True)(function)))


def kind(value: object) -> object:
    """What numba's type of an argument is made of: an array's dtype, dimensions, layout and
    writability (as numba's ``typeof`` reads them), a tuple's type and its items' kinds, a
    number's type (and, for an int, whether it is past int64, which numba types apart)."""
    if isinstance(value, np.ndarray):
        flags = value.flags
        return (value.dtype, value.ndim, flags.c_contiguous, flags.f_contiguous, flags.writeable)
    if isinstance(value, tuple):
        return (type(value), *map(kind, value))
    if type(value) is int:
        return (int, not -(2**63) <= value < 2**63)
    return type(value)


class Kernel:
    """A compiled kernel called from Python through its entry point for the kind of its
    arguments: the first call of each kind goes through numba's dispatcher (which compiles,
    or loads the cache, and types the arguments), later ones straight to the code compiled
    for exactly those types. Arguments whose types numba converts to another compiled
    signature keep going through the dispatcher."""

    def __init__(self, dispatcher: Any) -> None:
        self.dispatcher = dispatcher
        self._entries: dict[object, Callable[..., Any]] = {}
        # Defaults are passed as arguments: an omitted one is typed apart by numba.
        self._defaults: tuple[Any, ...] = dispatcher.py_func.__defaults__ or ()
        self._arity = dispatcher.py_func.__code__.co_argcount

    def __call__(self, *args: Any) -> Any:
        missing = self._arity - len(args)
        if missing > 0:
            args = (*args, *self._defaults[len(self._defaults) - missing :])
        key = kind(args)
        entry = self._entries.get(key)
        if entry is not None:
            return entry(*args)
        result = self.dispatcher(*args)
        types = tuple(typeof(arg, Purpose.argument) for arg in args)
        compiled = self.dispatcher.overloads.get(types)
        if compiled is not None:
            self._entries[key] = compiled.entry_point
        return result


@typeof_impl.register(Kernel)
def _typeof_kernel(value: Kernel, context: Any) -> Any:
    """A kernel called from compiled code is its numba dispatcher there."""
    return typeof_impl(value.dispatcher, context)
