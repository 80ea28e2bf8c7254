"""Tests of pokerlaws.batch (numpy): none skipped in CI (.ci/skips.py)."""
