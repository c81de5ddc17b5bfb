"""How the games word a list of players for people: log lines, results and screens all say it alike."""

from __future__ import annotations


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """'Asha', 'Asha and Ravi', 'Asha, Ravi and Meera' ('' for none): how every screen, log line and
    result lists players."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
