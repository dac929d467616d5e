"""Mutation testing: single-instruction mutants of euchre.prg and the judges that kill them."""
