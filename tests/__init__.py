"""The test suite (a package, so tests/screens/ never shadows the top-level screens package)."""
