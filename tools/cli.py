"""The ``euchre`` console command: the engine's subcommands plus the 6502 tools.

Data flows one way: this module imports :mod:`pyengine`; the engine never
imports :mod:`tools`.
"""

from __future__ import annotations

from pyengine.cli import cli


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
