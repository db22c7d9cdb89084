"""Aridnyk's fixed action space: every id means the same thing in every state.

Ids are built from component ids (tile 0..44, Plot index 0..53, Trinket index 0..41),
never from positions on the table, so the space is bounded however the board drifts:
a cell is named by the lowest-numbered placed tile it touches and that tile's side.
"""

from __future__ import annotations

NUM_TILES = 45
NUM_PLOTS = 54
NUM_TRINKETS = 42
NUM_SPIRITS = 5
NUM_EFFECTS = 11
NUM_CHARACTERS = 10

HAND_TILE = 0  # + tile: choose this tile of your hand (to place it, or to swap it)
ROTATE = HAND_TILE + NUM_TILES  # + quarter turns clockwise
CELL = ROTATE + 4  # + tile * 4 + side: the empty cell on that side of that board tile
DISCARD_TILE = CELL + NUM_TILES * 4  # + tile: discard a tile of your hand that fits nowhere
BOARD_TILE = DISCARD_TILE + NUM_TILES  # + tile: choose a tile on the board
EFFECT = BOARD_TILE + NUM_TILES  # + effect kind (components.EFFECT_KINDS)
DONE = EFFECT + NUM_EFFECTS  # finish this step: stop a move, end effects, decline the rest
SHEPHERD_STEP = DONE + 1  # + side: move your Shepherd one tile
SPIRIT_STEP = SHEPHERD_STEP + 4  # + side: move the chosen Spirit one tile
SPIRIT = SPIRIT_STEP + 4  # + spirit: choose a Spirit
TRADE = SPIRIT + NUM_SPIRITS  # + spirit: trade with that Spirit
DRAW_KIND = TRADE + NUM_SPIRITS  # + 0 Plot / 1 Trinket: the kind of card to draw
DRAW_ROW = DRAW_KIND + 2  # + kind * 3 + slot: take that face-up card
DRAW_DECK = DRAW_ROW + 6  # + kind: take the top card of the deck (revealed or not)
REFRESH_ROW = DRAW_DECK + 2  # discard the row of the kind being drawn and reveal three
DISCARD_CARD = REFRESH_ROW + 1  # + card: discard a card (Plots 0..53, Trinkets 54..95)
CLAIM = DISCARD_CARD + NUM_PLOTS + NUM_TRINKETS  # + plot: fulfil that Plot
USE_TRINKET = CLAIM + NUM_PLOTS  # + trinket: use it (on your turn, or as a reaction)
NO_REACTION = USE_TRINKET + NUM_TRINKETS  # let another player's trade or Trinket stand
HORIZON = NO_REACTION + 1  # + tile: take that tile from the Horizon
STACK_TOP = HORIZON + NUM_TILES  # the Tracker takes the revealed top tile of the stack
CHARACTER = STACK_TOP + 1  # + character: keep this Unsimple card
KEEP_ROW = CHARACTER + NUM_CHARACTERS  # decline a trade's refresh (then the Dreamer or
# Crafter sees the deck top); last, so the ids before it stay those of older records
NUM_ACTIONS = KEEP_ROW + 1

PLOT_KIND, TRINKET_KIND = 0, 1
