"""Playing at a terminal: the ``euchre play`` shell, how it draws cards and the table
in text, the hints (``pimc``'s rating of each choice), the terminal's abilities (colour,
Unicode), and the shell's help."""
