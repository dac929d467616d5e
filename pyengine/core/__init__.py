"""The rules of the game: cards and suits, the RNG and the deal, the rule switches of
every seed's variant, the events a game writes, and :class:`~pyengine.core.game.GameState`
itself. Nothing here knows a player, a file or a terminal."""
