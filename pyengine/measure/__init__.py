"""Measuring the engine and its players: the arena (duplicate matches with intervals),
the strength report and audit, the speed bench, the test vectors, progress bars."""
