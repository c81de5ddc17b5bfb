"""Tables over SSH: several people at one game, each on their own terminal (issue #15).

- `wire`: the newline-delimited JSON between sessions, the host and table processes.
- `client`: the app's end of its private channel (`TableClient`).
- `table`: `Table`, the one authority of a table (seats, lobby, the game, records).
- `process`: the table process's main, reading the host's socket.
"""
