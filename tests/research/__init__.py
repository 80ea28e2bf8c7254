"""Tests of the researchers' interfaces (Gymnasium, OpenSpiel), none skipped in CI (.ci/skips.py)."""
