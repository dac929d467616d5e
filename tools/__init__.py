"""Euchre 64's 6502 toolchain, one folder per concern (tools/README.md lists them)."""
