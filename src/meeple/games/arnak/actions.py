"""Arnak's fixed action ids. The same id means the same thing in every state; blocks
whose meaning depends on the pending decision (a card in hand played, spent for travel,
exiled or put into play unused) say which by the decision's prompt and action text."""

from __future__ import annotations

NUM_CARD_TYPES = 80
NUM_SITES = 17
NUM_NODES = 15

HAND = 0  # + card type: a card of that type in your hand (play / spend / exile / discard)
PLAY_AREA = HAND + NUM_CARD_TYPES  # + card type: that card in your play area (exile)
CARD = PLAY_AREA + NUM_CARD_TYPES  # + card type: a card on show (row, deck top, drawn, exile)
SITE = CARD + NUM_CARD_TYPES  # + site: send an archaeologist there / choose that site
OVERCOME = SITE + NUM_SITES  # + site: overcome the guardian there
GLASS = OVERCOME + NUM_SITES  # + node: move your magnifying glass there
NOTEBOOK = GLASS + NUM_NODES  # + node: move your notebook there
TEMPLE = NOTEBOOK + NUM_NODES  # + stack: buy a temple tile from that stack
IDOL_SLOT = TEMPLE + 6  # + slot effect: put an idol in your next slot for that effect
UNSLOT = IDOL_SLOT + 5  # + slot: take the idol out of that slot (Stone Key)
ASSISTANT = UNSLOT + 4  # + assistant: use / choose that assistant
BOON = ASSISTANT + 12  # + guardian: use that guardian's boon
OPTION = BOON + 15  # + k: the k-th option of the pending choice
UPGRADE = OPTION + 6  # + 0: tablet -> arrowhead, + 1: arrowhead -> jewel
COINS_FOR_PLANE = UPGRADE + 2  # pay 2 coins for one plane
POOL = COINS_FOR_PLANE + 1  # + icon: spend a travel icon gained this turn
BONUS = POOL + 4  # + bonus kind: take that research bonus tile
FEAR_TILE = BONUS + 6  # exile a fear tile from your play area
YES = FEAR_TILE + 1  # accept the offer (pay the price, resolve the effect)
DONE = YES + 1  # decline / stop / keep the rest
END_TURN = DONE + 1
PASS = END_TURN + 1
ALTAR = PASS + 1  # + altar: invoke that Spider Temple altar
NUM_ALTARS = 5
LANTERN = ALTAR + NUM_ALTARS  # + node: move your lantern there (the Owl Temple)
PASSAGE = LANTERN + NUM_NODES  # + passage: your glass into that secret passage
NUM_PASSAGES = 6
TRACK_TILE = PASSAGE + NUM_PASSAGES  # + tile: buy that Owl tile lying on the track
NUM_TRACK_TILES = 11
OWL_UNSLOT = TRACK_TILE + NUM_TRACK_TILES  # take the idol out of an Owl tiles' slot
NUM_ACTIONS = OWL_UNSLOT + 1
