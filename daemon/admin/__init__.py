"""Administration for operators (library functions behind ``memoryd dlq``, ``sessions``,
``runs``, ``memories`` and ``erase``): dead letters, sessions and their cursors, runs,
memories with their history, export/import, and erasure of a user's or a project's data."""
