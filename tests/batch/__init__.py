"""Tests of pokerlaws.batch (numpy): run with nothing skipped by .ci/agents."""
