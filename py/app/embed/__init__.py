"""``embed.html``: the replay view alone, a guest in other people's pages."""
