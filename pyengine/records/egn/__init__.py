"""Euchre Game Notation (EGN): reading, judging, writing and analysing the open JSON
notation of Euchre games (NextSuit-Labs/euchre-game-notation; docs/egn.md).

* :mod:`.model` - a record as values: metadata, ruleset, deals, phases, annotations
* :mod:`.parse` - a file (or JSON) into a record: legacy names, the schema, the cards
* :mod:`.cardtext` - EGN's card strings (``Jc``, ``Nc``, ``R``, ``L``, ``B``, ``Xx``)
* :mod:`.rules_map` - the ruleset to the project's :class:`~pyengine.core.rules.Rules`
* :mod:`.recover` - each seat's cards, from the play (EGN records no hands)
* :mod:`.judge` - a record through the engine, call by call and card by card
* :mod:`.export` - a game (a transcript) as EGN, and a record as a transcript
* :mod:`.analyze` - every decision weighed by the ``hard`` player
"""
