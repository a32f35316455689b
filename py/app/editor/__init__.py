"""The deal editor for authors: lay out a deal, play it, caption it, publish it."""
