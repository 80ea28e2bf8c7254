"""Property tests: the engine's invariants, built on :mod:`pokerlaws.strategies`."""
