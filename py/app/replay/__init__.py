"""Records looked at again: the replay view, the analysis in words, practice from a
step, and share links."""
