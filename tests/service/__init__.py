"""Tests of pokerlaws.service (Starlette, SQLite, PostgreSQL), none skipped in CI (.ci/skips.py)."""
