"""Tests of the researchers' interfaces (Gymnasium, OpenSpiel), run whole by .ci/agents."""
