"""Tests of pokerlaws.service (Starlette, SQLite, PostgreSQL); CI skips none (.ci/skips.py)."""
