"""Tests of pokerlaws.service (Starlette, SQLite, PostgreSQL), run whole by .ci/agents."""
