"""The user's commands: the ``euchre`` console command, the C64 in a terminal, benchmarks."""
