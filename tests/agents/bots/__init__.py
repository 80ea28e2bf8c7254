"""Bot programs the seat-protocol tests run in processes of their own (never imported)."""
