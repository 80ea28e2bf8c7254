"""Kernels called from Python through their compiled entry points (``batch/_jit.py``): the
entry of one kind of arguments is never handed arguments of another kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))
numba = pytest.importorskip("numba", reason=extra_reason("numba", "batch"))

from pokerlaws.batch._jit import Kernel, kernel, kind  # noqa: E402


def _fill(out: Any, value: Any, start: int = 0) -> int:
    for i in range(start, len(out)):
        out[i] = value
    return len(out) - start


def _kernel() -> Kernel:
    # A fresh dispatcher, not cached on disk: each test sees its own first calls.
    made = Kernel(numba.njit(_fill))
    assert isinstance(kernel(_fill), Kernel)
    return made


def test_a_second_call_of_the_same_kind_takes_the_entry_point() -> None:
    fill = _kernel()
    first, second = np.zeros(3, np.int64), np.zeros(5, np.int64)
    assert fill(first, 7) == 3
    assert len(fill._entries) == 1
    assert fill(second, 8) == 5  # through the entry: no new kind
    assert len(fill._entries) == 1
    assert first.tolist() == [7] * 3
    assert second.tolist() == [8] * 5


def test_another_dtype_is_another_kind_and_is_compiled_for() -> None:
    """Were the int64 entry given a float64 array, it would write integers' bits into it."""
    fill = _kernel()
    fill(np.zeros(3, np.int64), 7)
    floats = np.zeros(3, np.float64)
    fill(floats, 7)
    assert floats.tolist() == [7.0] * 3
    assert len(fill._entries) == 2


def test_a_read_only_array_never_reaches_the_writing_entry() -> None:
    """numba refuses to compile a write into a read-only array; the entry compiled for a
    writable one would write into it."""
    fill = _kernel()
    fill(np.zeros(3, np.int64), 7)
    frozen = np.zeros(3, np.int64)
    frozen.flags.writeable = False
    with pytest.raises(numba.core.errors.TypingError):
        fill(frozen, 9)
    assert frozen.tolist() == [0, 0, 0]


def test_a_strided_view_is_another_layout() -> None:
    fill = _kernel()
    fill(np.zeros(6, np.int64), 1)
    wide = np.zeros(6, np.int64)
    fill(wide[::2], 4)
    assert wide.tolist() == [4, 0, 4, 0, 4, 0]


def test_defaults_are_passed_so_one_entry_serves_both_calls() -> None:
    fill = _kernel()
    out = np.zeros(4, np.int64)
    assert fill(out, 3) == 4
    assert fill(out, 5, 2) == 2
    assert out.tolist() == [3, 3, 5, 5]
    assert len(fill._entries) == 1


def test_kinds_tell_apart_what_numba_types_apart() -> None:
    a = np.zeros((2, 3), np.int64)
    assert kind(a) == kind(np.ones((2, 3), np.int64))
    assert kind(a) != kind(a.T)  # Fortran order
    assert kind(a) != kind(a.astype(np.int32))
    assert kind(2**63) != kind(1)  # numba types it uint64
    assert kind((a, 1)) != kind((a, True))
    assert kind((a, 1)) != kind([a, 1])
