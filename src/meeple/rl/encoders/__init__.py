"""The per-game observation encoders, registered by game name in meeple.rl.encoding."""
