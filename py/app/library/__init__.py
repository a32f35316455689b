"""The player's own things in the browser: saved games, rule sets and statistics,
and the conventions editor."""
