"""Tests of the researchers' interfaces (Gymnasium, OpenSpiel); CI skips none (.ci/skips.py)."""
