"""The page's shell: the DOM patcher, storage, the words, the background thinker and
the browser's hand-over; it knows no feature and imports only the engine."""
