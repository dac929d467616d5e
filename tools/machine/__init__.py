"""The C64 model: a 6502 (compiled core or py65), memory and I/O, keyboard, screen, frames."""
