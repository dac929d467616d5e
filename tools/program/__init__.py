"""The program: build euchre.prg from the 6502 sources, find it, read its symbol map."""
