"""The game-core checks: the 6502 core run and compared with pyengine, event by event."""
