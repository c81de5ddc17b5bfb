"""Chai's own screen (game id `chai`): see screen.py."""

from .screen import ChaiScreen

__all__ = ["ChaiScreen"]
