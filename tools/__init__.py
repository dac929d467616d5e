"""Euchre 64 toolchain: build (Ophis), the py65 harness, screen capture."""
