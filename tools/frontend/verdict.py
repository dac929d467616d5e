"""The front-end judge's one failure: :class:`Verdict`, whose message says which check failed."""

from __future__ import annotations


class Verdict(Exception):
    """A check failed (the message says which)."""
