"""What a game leaves behind: transcripts (their JSON Schema, reading and writing them
safely), their replay and judgement, and the hand-by-hand log printed from them."""
