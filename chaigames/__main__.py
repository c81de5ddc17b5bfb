"""`python -m chaigames` does what the `chaigames` command does."""

from chaigames.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
