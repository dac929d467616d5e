"""Real VICE x64sc: the program run in the real emulator, as a judge of the harness."""
