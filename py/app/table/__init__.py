"""The game at the table: a session (the engine state, seats, bots, saves, undo),
who sits where, the deal's story in words, the hint, and the table's view and dialogs."""
