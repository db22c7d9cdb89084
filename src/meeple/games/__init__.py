"""The built-in games; each registers itself lazily by import path."""

from meeple.core.registry import register_own_game

register_own_game("anludim", "meeple.games.anludim.game:AnludimGame")
register_own_game("aridnyk", "meeple.games.aridnyk.game:AridnykGame")
register_own_game("arnak", "meeple.games.arnak.game:ArnakGame")
