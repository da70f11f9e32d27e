"""The HTTP + WebSocket server: lobby, seats with secret tokens, per-seat views, SQLite persistence."""
