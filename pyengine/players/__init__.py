"""Who decides: the :class:`~pyengine.players.player.Player` protocol, the random and the
reference (``ref``, the C64's) players, the variant player, the search player ``pimc`` with
its double-dummy solver, and the runner that plays whole games."""
