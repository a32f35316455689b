"""The game page as a whole: its one model and one door (``update``), the parts of
the door for each feature's controls, how it starts, and the runner that carries
out its effects."""
