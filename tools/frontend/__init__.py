"""The front-end checks: the whole program driven by keys, its screens and timing judged."""
