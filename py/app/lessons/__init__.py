"""*Learn to play*: the guided games (the lesson records in this folder) and their table."""
