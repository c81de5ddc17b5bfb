"""Tables over SSH: several people at one game, each on their own terminal.

The messages they exchange and the app's end of the channel are in the play layer
(`chaigames.play.wire`, `chaigames.play.client`): the app speaks them without importing a host.

- `table`: `Table`, the one authority of a table (seats, lobby, the game, records).
- `process`: the table process's main, reading the host's socket.
"""

PROFILE_ENV = "CHAIGAMES_TABLE_PROFILE"
"""The folder a table writes its profile to, from its environment (none: no profile; the host passes its own on)."""
