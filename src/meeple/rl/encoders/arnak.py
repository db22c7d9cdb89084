"""Lost Ruins of Arnak's observation encoding: `observation(p)` as one flat vector in [0, 1].

Seats are relative: "seat r" is the seat r places after you in turn order, so r = 0 is
always you, whatever your seat number. Card types are indexed as the action ids index
them (0..79: 40 items, 35 artifacts, 4 basic cards, Fear); sites in board order (camps
C1..C5, level I sites L1-1..L1-8, level II sites L2-1..L2-4); research nodes by the
number in their id (0..14, the same on every side; the Owl Temple's node 14 is an
ordinary top-row node, that side having no Lost Temple). Every block is listed, with its
meaning, in docs/rl.md; the layout for a configuration is `encoder.describe()`.

Only the observation is read: its names (card, tile, guardian, assistant, node, idol,
bonus, temple-tile and rival-tile ids, frame kinds) are the vocabulary of the rulebook
and of the game's observation, written out here so this module needs nothing from the
game package (the tests check them against it).
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator, Mapping, Sequence
from operator import ne
from typing import Any, cast

from meeple.errors import MeepleError
from meeple.rl.encoding import Encoder, Layout, fractions
from meeple.rl.errors import missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

ITEM_IDS = (
    "item.sea_turtle",
    "item.ostrich",
    "item.pack_donkey",
    "item.horse",
    "item.steam_boat",
    "item.automobile",
    "item.sturdy_boots",
    "item.gold_pan",
    "item.trowel",
    "item.pickaxe",
    "item.hot_air_balloon",
    "item.aeroplane",
    "item.journal",
    "item.parrot",
    "item.watch",
    "item.army_knife",
    "item.binoculars",
    "item.tent",
    "item.fishing_rod",
    "item.precision_compass",
    "item.bow_and_arrows",
    "item.carrier_pigeon",
    "item.whip",
    "item.rough_map",
    "item.airdrop",
    "item.flask",
    "item.machete",
    "item.torch",
    "item.large_backpack",
    "item.rope",
    "item.revolver",
    "item.hat",
    "item.bear_trap",
    "item.grappling_hook",
    "item.lantern",
    "item.dog",
    "item.brush",
    "item.axe",
    "item.chronometer",
    "item.theodolite",
)
ARTIFACT_IDS = (
    "art.pathfinders_sandals",
    "art.pathfinders_staff",
    "art.war_mask",
    "art.treasure_chest",
    "art.ritual_dagger",
    "art.crystal_earring",
    "art.mortar",
    "art.serpents_gold",
    "art.serpent_idol",
    "art.monkey_medallion",
    "art.idol_of_ara_anu",
    "art.inscribed_blade",
    "art.guardians_ocarina",
    "art.tigerclaw_hairpin",
    "art.war_club",
    "art.sundial",
    "art.traders_scales",
    "art.hunting_arrows",
    "art.coconut_flask",
    "art.cleansing_cauldron",
    "art.ancient_wine",
    "art.decorated_horn",
    "art.ornate_hammer",
    "art.star_charts",
    "art.stone_jar",
    "art.passage_shell",
    "art.ceremonial_rattle",
    "art.sacred_drum",
    "art.traders_coins",
    "art.stone_key",
    "art.obsidian_earring",
    "art.guiding_stone",
    "art.guiding_skull",
    "art.runes_of_the_dead",
    "art.guardians_crown",
)
BASIC_IDS = (
    "basic.funding_car",
    "basic.funding_boat",
    "basic.exploration_car",
    "basic.exploration_boat",
)
FEAR_ID = "fear"
CARD_IDS = (*ITEM_IDS, *ARTIFACT_IDS, *BASIC_IDS, FEAR_ID)
"""Card types in the order of the action ids (HAND + type, CARD + type)."""
NUM_CARDS = len(CARD_IDS)
FEAR = NUM_CARDS - 1

SITE_IDS = (
    *(f"C{i}" for i in range(1, 6)),
    *(f"L1-{i}" for i in range(1, 9)),
    *(f"L2-{i}" for i in range(1, 5)),
)
"""The 17 sites of either board, in the order of the SITE and OVERCOME action ids."""
NUM_SITES = len(SITE_IDS)
CAMPS = 5
SPACES = 2
"""Archaeologist spaces per site: a camp has two, every other site one."""
TILE_IDS = (
    *(f"L1-{i:02d}" for i in range(1, 11)),
    *(f"L2-{i:02d}" for i in range(1, 7)),
    "L1-T1",
    "L1-T2",
    "L2-T1",
    "L2-T2",
)
"""The level I and level II site tiles, Twisted Paths' last (a camp's tile is the camp
itself)."""
GUARDIAN_IDS = tuple(f"G{i:02d}" for i in range(1, 16))
ASSISTANT_IDS = tuple(f"A{i:02d}" for i in range(1, 13))
BOARDS = ("bird", "snake", "spider", "owl")
NUM_NODES = 15
NODE_IDS = {board: tuple(f"{board}.{i}" for i in range(NUM_NODES)) for board in BOARDS}
"""Research-track nodes per board: row 0 the start, node 14 the Lost Temple (an
ordinary node of the top row on the Owl Temple side)."""
RANKS = 4
"""Arrival ranks at the Lost Temple (its four VP tiles)."""
RESOURCES = ("coin", "compass", "tablet", "arrowhead", "jewel")
ICONS = ("boot", "car", "boat", "plane")
IDOL_KINDS = (
    "coin",
    "compass",
    "tablet",
    "exile",
    "upgrade",
    "refresh",
    "refresh_spent_guardian",
    "fear_and_arrowhead",
    "coin_or_compass",
)
"""Idol rewards (the face of an idol on a site); the last three are Twisted Paths'
(Owl Temple games)."""
BONUS_KINDS = ("coin", "compass", "tablet", "exile", "draw", "upgrade")
"""Research bonus tiles."""
TEMPLE_STACKS = ("bronze_A", "bronze_B", "bronze_C", "silver_AB", "silver_BC", "gold_ABC")
IDOL_SLOTS = 4
SUPPLY_STACKS = 3
SOLO_TILES = (
    "dig_coin",
    "dig_compass",
    "dig_tablet",
    "dig_arrowhead",
    "dig_jewel",
    "green_discover",
    "red_discover",
    "green_research",
    "red_research",
    "green_overcome",
    "red_overcome",
    "green_buy_item",
    "red_buy_item",
    "green_buy_artifact",
    "red_buy_artifact",
    "purple_discover",
    "purple_research",
    "purple_overcome",
    "purple_buy_item",
    "purple_buy_artifact",
    "spider_temple",
    "owl_temple",
)
"""The solo rival's action tiles (the purple ones: Twisted Paths' Purple Actions; the
last two, the Spider and Owl Temple sides' own)."""
OBJECTIVES = ("item", "artifact", "site", "research", "arch")
"""Twisted Paths' Rival Objectives."""
FRAMES = (
    "seq",
    "travel",
    "hand_cards",
    "choose",
    "distinct",
    "exile",
    "offer",
    "upgrade",
    "dig",
    "relocate_from",
    "relocate_to",
    "activate",
    "buy",
    "gain_card",
    "research",
    "overcome_free",
    "refresh",
    "supply_assistant",
    "swap_own",
    "swap_supply",
    "recall",
    "look_count",
    "look_keep",
    "look_return",
    "hammer",
    "guardian_from",
    "guardian_to",
    "unslot",
    "take_assistant",
    "upgrade_assistant",
    "rescue",
    "bonus_pick",
    "order",
    "keep",
    "altar",
    "idol_reward",
    "refresh_guardian",
)
"""The stable names of the pending decision (`pending["frame"]`), as the game writes them."""
ROUNDS = 5
DECKS = ("items", "artifacts", "fear", "guardians", "level1", "level2")

RESOURCE_BOUNDS = (12, 12, 8, 6, 6)
"""Divisors of the resources: coins, compasses, tablets, arrowheads, jewels."""
DECK_BOUNDS = (40, 35, 19, 15, 10, 6)
"""Divisors of the deck sizes, in the order of DECKS (each the full deck)."""
MAX_FEAR = 8
"""Divisor of a count of Fear cards; every other card type is unique to its holder."""
MAX_HAND = 10
MAX_DECK = 30
MAX_POOL = 4
MAX_FEAR_TILES = 4
MAX_CRATES = 8
MAX_TRAVEL = 2
MAX_BONUS = 3
MAX_STACK = 4
MAX_SCORE = 150
MAX_RIVAL_SCORE = 200
"""The solo rival's bound: Purple Actions and Rival Objectives take it past 150."""
MAX_MINUS = 16
DARK_SPACES = 7
"""The Spider Temple's dark tablet supply: its spaces, left to right."""
ALTARS = 5
"""The Spider Temple's altars."""
MAX_DARK = 8
"""Divisor of a seat's dark tablets (they are among its tablets, which divide by 8)."""
MAX_PER_ALTAR = 3
"""Divisor of the dark tablets one seat has under one altar (the most it may place)."""
OWL_TRACK_TILES = 11
"""The Owl tiles (and face-down idols) lying on the Owl Temple's track at the start."""
PASSAGES = 6
"""The Owl Temple's secret passages."""
OWL_TOP = 6
"""The piles at the top of the Owl Temple (they take `temple_stacks`' place)."""
MAX_OWL_TILES = 10
"""Divisor of a count of Owl tiles."""
MAX_OWL_POINTS = 50
"""Divisor of Owl tiles' points."""
MAX_OWL_SLOTS = 5
"""Divisor of the idol slots pairs of Owl tiles make, and of the idols in them."""

_CARD = {name: i for i, name in enumerate(CARD_IDS)}
_SITE = {name: i for i, name in enumerate(SITE_IDS)}
_TILE = {name: i for i, name in enumerate(TILE_IDS)}
_GUARDIAN = {name: i for i, name in enumerate(GUARDIAN_IDS)}
_ASSISTANT = {name: i for i, name in enumerate(ASSISTANT_IDS)}
_NODE = {name: i for ids in NODE_IDS.values() for i, name in enumerate(ids)}
_IDOL = {name: i for i, name in enumerate(IDOL_KINDS)}
_BONUS = {name: i for i, name in enumerate(BONUS_KINDS)}
_TEMPLE = {name: i for i, name in enumerate(TEMPLE_STACKS)}
_SOLO = {name: i for i, name in enumerate(SOLO_TILES)}
_OBJECTIVE = {name: i for i, name in enumerate(OBJECTIVES)}
_FRAME = {name: i for i, name in enumerate(FRAMES)}
_ICON = {name: i for i, name in enumerate(ICONS)}
_NO_TRAVEL = array("H", bytes(2 * len(ICONS)))
_FREE, _BLOCKED, _RIVAL = -1, -2, 8
"""Marks of an archaeologist space in `observation_ids`: empty, blocked, the rival's."""


_Base = tuple[Any, "NDArray[np.float32]", tuple[int, ...]]
"""(the board's travel section, the vector of the fixed blocks, each archaeologist
space's offset in "spaces")."""
_Memo = tuple[tuple[Any, ...], "NDArray[np.float32]", "memoryview[float]"]
"""A viewer's last ids, their vector, and a view of it to write through."""


def _changed(new: Sequence[Any], old: Sequence[Any]) -> Iterator[int]:
    """The positions where two sequences of one length differ, found by C-level calls
    (a step changes one or two values of a section; a Python loop over all of them
    costs more than the writes)."""
    return itertools.compress(itertools.count(), map(ne, new, old))


class ArnakEncoder(Encoder):
    game_name = "arnak"
    shown_options = (("board", "board"),)

    def build(self, layout: Layout) -> None:
        n = self.info.players
        c = NUM_CARDS
        s = NUM_SITES
        self.players = n
        self.board: str = self.info.values.get("board", "bird")
        bounds: dict[str, int | Sequence[int]] = {}

        def add(name: str, shape: tuple[int, ...] | int, meaning: str, bound: Any = 1) -> int:
            bounds[name] = bound
            return layout.add(name, shape, meaning)

        # The configuration and the turn.
        self._config = add(
            "config",
            len(BOARDS) + 6,
            "the configuration, the same in every observation: one-hot, the board side "
            "(Bird, Snake, Spider, Owl Temple); solo difficulty / 10 (one per red tile, two per "
            "purple); the solo rival skips green Buy Item in round V; purple tiles / 5; "
            "objectives dealt per round / 4; the first objective is doubled; Twisted Paths' "
            "site tiles are in the piles",
            (1,) * len(BOARDS) + (10, 1, 5, 4, 1, 1),
        )
        self._round = add("round", ROUNDS, "one-hot: the round, I..V")
        self._current = add("current_player", n, "one-hot: the seat that decides now")
        self._start = add("start_player", n, "one-hot: the seat that started this round")
        self._flags = add("flags", 2, "the main action of this turn is taken; the game is over")
        self._frame = add(
            "pending_frame", len(FRAMES), "one-hot: the pending decision's kind (see docs)"
        )
        self._pool = add(
            "travel_pool",
            len(ICONS),
            f"travel icons gained this turn, unspent: boot, car, boat, plane / {MAX_POOL}",
            MAX_POOL,
        )
        self._travel_cost = add(
            "travel_cost",
            len(ICONS),
            f"the pending travel payment's cost: boot, car, boat, plane / {MAX_POOL}",
            MAX_POOL,
        )
        self._travel_paid = add(
            "travel_paid", len(ICONS), f"icons paid toward it so far / {MAX_POOL}", MAX_POOL
        )
        self._travel_site = add(
            "travel_site", s, "one-hot: the site it is for (none: a guardian's or a card's cost)"
        )
        self._moving_from = add(
            "moving_from", s, "one-hot: the site an archaeologist or guardian being moved leaves"
        )
        card_bound = [1] * (c - 1) + [MAX_FEAR]
        self._drawn = add(
            "drawn",
            c,
            f"cards you drew for the pending choice (Fear / {MAX_FEAR})",
            card_bound,
        )
        # Your cards.
        self._hand = add(
            "hand", c, f"cards in your hand, by type (Fear: count / {MAX_FEAR})", card_bound
        )
        self._deck_known = add(
            "deck_known",
            c,
            "cards known to lie in your deck (put under it in public, or back on top)",
            card_bound,
        )
        self._deck_top = add("deck_top", c, "one-hot: the top card of your deck, if you know it")
        # Per seat.
        self._play = add(
            "play_area",
            (n, c),
            f"cards in seat r's play area, by type (Fear: count / {MAX_FEAR})",
            card_bound * n,
        )
        self._owned = add(
            "owned_cards",
            (n, c),
            f"cards seat r owns (hand, deck, play area, a pending draw), by type (Fear: "
            f"count / {MAX_FEAR}): public, as every card joins a seat face up",
            card_bound * n,
        )
        self._resources = add(
            "resources",
            (n, len(RESOURCES)),
            "seat r's coins / 12, compasses / 12, tablets / 8, arrowheads / 6, jewels / 6",
            list(RESOURCE_BOUNDS) * n,
        )
        self._sizes = add(
            "card_counts",
            (n, 3),
            f"seat r's hand / {MAX_HAND}, deck / {MAX_DECK}, Fear tiles / {MAX_FEAR_TILES}",
            [MAX_HAND, MAX_DECK, MAX_FEAR_TILES] * n,
        )
        self._passed = add("passed", n, "seat r has passed this round")
        self._scores = add(
            "scores", n, f"seat r's score so far / {MAX_SCORE} (0 if below 0)", MAX_SCORE
        )
        self._glass = add("glass", (n, NUM_NODES), "one-hot: the node of seat r's magnifying glass")
        self._notebook = add("notebook", (n, NUM_NODES), "one-hot: the node of seat r's notebook")
        self._rank = add(
            "temple_rank", (n, RANKS), "one-hot: seat r's arrival rank at the Lost Temple"
        )
        self._crates = add(
            "idols",
            (n, 1 + IDOL_SLOTS),
            f"seat r's idols not slotted / {MAX_CRATES}; slot k filled",
            [MAX_CRATES, 1, 1, 1, 1] * n,
        )
        self._assistants = add(
            "assistants",
            (n, len(ASSISTANT_IDS), 3),
            "seat r holds assistant a; on its gold side; exhausted",
        )
        self._guardians = add(
            "guardians", (n, len(GUARDIAN_IDS), 2), "seat r holds guardian g; its boon is used"
        )
        self._temples = add(
            "temple_tiles",
            (n, len(TEMPLE_STACKS)),
            f"temple tiles seat r holds from each stack / {MAX_STACK}",
            MAX_STACK,
        )
        # Cards on show and decks.
        self._row = add("card_row", c, "card is in the card row (artifacts and items)")
        self._revealed = add("revealed", c, "deck top revealed for the pending buy")
        self._exiled = add("exiled", c, "card is in the item or artifact exile pile")
        self._decks = add(
            "decks",
            len(DECKS),
            "cards left: item deck / 40, artifact deck / 35, Fear cards / 19, guardians / 15, "
            "level I tiles / 10, level II tiles / 6",
            DECK_BOUNDS,
        )
        # Sites.
        self._discovered = add("discovered", s, "site is discovered")
        self._tile = add(
            "site_tile",
            (s, len(TILE_IDS)),
            "one-hot: site's tile, L1-01..L1-10, L2-01..L2-06, L1-T1, L1-T2, L2-T1, L2-T2",
        )
        self._site_guardian = add(
            "site_guardian", (s, len(GUARDIAN_IDS)), "one-hot: the guardian on site"
        )
        self._idol = add("site_idol", (s, len(IDOL_KINDS)), "one-hot: the face-up idol on site")
        self._hidden = add("hidden_idols", s, "site has a face-down idol")
        self._spaces = add(
            "spaces",
            (s, SPACES, n + 2),
            "space j of the site: seat r's archaeologist there (column r), the rival's "
            "(column n), a blocking tile (column n + 1)",
        )
        self._travel = add(
            "space_travel",
            (s, SPACES, len(ICONS)),
            f"travel cost of space j: boots, cars, boats, planes / {MAX_TRAVEL}",
            MAX_TRAVEL,
        )
        # The research track, assistants, temple.
        self._bonus = add(
            "bonus_tiles",
            (NUM_NODES, len(BONUS_KINDS)),
            f"research bonus tiles of each kind on node k / {MAX_BONUS}",
            MAX_BONUS,
        )
        self._lost_temple = add(
            "lost_temple",
            2 + len(BONUS_KINDS),
            "Lost Temple: bonus tiles left / 4; VP tiles left / 4; the bonus tiles you have "
            "seen there, by kind / 4",
            4,
        )
        self._supply_top = add(
            "supply_top",
            (SUPPLY_STACKS + 1, len(ASSISTANT_IDS)),
            "one-hot: the top assistant of supply stack i; row 3: of the rescue stack "
            "(Snake Temple)",
        )
        self._supply_count = add(
            "supply_count",
            SUPPLY_STACKS + 1,
            f"assistants in supply stack i / {MAX_STACK}; index 3: rescue stack",
            MAX_STACK,
        )
        self._rescue_known = add(
            "rescue_known", len(ASSISTANT_IDS), "assistant is in the rescue stack, once you looked"
        )
        self._temple_left = add(
            "temple_stacks",
            len(TEMPLE_STACKS),
            f"temple tiles left in each stack / {MAX_STACK} (Owl Temple: Owl tiles left in "
            "each pile at the top of the temple, top.1..top.6)",
            MAX_STACK,
        )
        # The solo rival.
        self.solo = n == 1
        if self.solo:
            self._rival_glass = add(
                "rival_glass", NUM_NODES, "one-hot: the node of the rival's magnifying glass"
            )
            self._rival_rank = add(
                "rival_temple_rank", RANKS, "one-hot: the rival's arrival rank at the Lost Temple"
            )
            self._rival_guardians = add(
                "rival_guardians", len(GUARDIAN_IDS), "rival holds guardian g"
            )
            self._rival_cards = add("rival_cards", c, "rival holds card")
            self._rival_idols = add(
                "rival_idols", len(IDOL_KINDS), "idol kind among the rival's face-up idols"
            )
            self._rival_temples = add(
                "rival_temple_tiles",
                len(TEMPLE_STACKS),
                f"temple tiles the rival holds from each stack / {MAX_STACK}",
                MAX_STACK,
            )
            self._rival_used = add(
                "rival_used", len(SOLO_TILES), "rival tile already used this round"
            )
            self._rival_counts = add(
                "rival_counts",
                5,
                f"rival archaeologists at home / 2; idols in its minus-one pile / {MAX_MINUS}; "
                f"tiles left in its stack / 15; next arrow points right; score / "
                f"{MAX_RIVAL_SCORE}",
                (2, MAX_MINUS, 15, 1, MAX_RIVAL_SCORE),
            )
            self._rival_tiles = add(
                "rival_tiles", len(SOLO_TILES), "tile is one of the rival's ten (public)"
            )
            self._rival_notebook = add(
                "rival_notebook",
                NUM_NODES,
                "one-hot: the node of the rival's notebook (purple tiles only; else zeros)",
            )
            self._rival_objectives = add(
                "rival_objectives",
                (len(OBJECTIVES), 4),
                "Rival Objectives, per objective: turned up this round and not yet done; "
                "done first by you; done first by the rival; worth 4 (the doubled first)",
            )
        # The Spider Temple (that board side only).
        self.spider = self.board == "spider"
        if self.spider:
            self._supply_cap = 2 if self.solo else n  # each space holds a table's worth
            self._dark = add(
                "spider_dark_tablets",
                n,
                f"seat r's dark tablets / {MAX_DARK} (they are among its tablets)",
                MAX_DARK,
            )
            self._dark_supply = add(
                "spider_dark_supply",
                DARK_SPACES,
                "dark tablets on supply space i, left to right / the players (2 solo)",
                self._supply_cap,
            )
            self._altars = add(
                "spider_altars",
                (ALTARS, n + 2),
                f"altar k holds an artifact (column 0); seat r's dark tablets under it / "
                f"{MAX_PER_ALTAR} (column 1 + r); the rival's (column n + 1)",
                ([1] + [MAX_PER_ALTAR] * (n + 1)) * ALTARS,
            )
            self._altar_card = add(
                "spider_altar_artifact", (ALTARS, c), "one-hot: the artifact on altar k"
            )
        # The Owl Temple (that board side only).
        self.owl = self.board == "owl"
        if self.owl:
            owl_bounds = (MAX_OWL_TILES, MAX_OWL_POINTS, MAX_OWL_SLOTS, MAX_OWL_SLOTS)
            self._lantern = add(
                "owl_lantern",
                (n, NUM_NODES),
                "one-hot: the node of seat r's lantern (all 0: still on its player board)",
            )
            self._passage = add(
                "owl_passage", (n, PASSAGES), "one-hot: the secret passage seat r's glass took"
            )
            self._owl_tiles = add(
                "owl_tiles",
                (n, 4),
                f"seat r's Owl tiles / {MAX_OWL_TILES}; their points / {MAX_OWL_POINTS}; "
                f"the idol slots they make / {MAX_OWL_SLOTS}; idols in those slots / "
                f"{MAX_OWL_SLOTS}",
                owl_bounds * n,
            )
            self._owl_track = add(
                "owl_track_tiles",
                (OWL_TRACK_TILES, 2),
                "Owl tile t (tile 1..11) still lies on the track; the rival has marked it",
            )
            self._passages = add(
                "owl_passages",
                (PASSAGES, n + 1),
                "secret passage k taken by seat r (column r), by the rival (column n)",
            )
            if self.solo:
                self._rival_lantern = add(
                    "owl_rival_lantern",
                    NUM_NODES,
                    "one-hot: the node of the rival's lantern (all 0: not yet out)",
                )
                self._rival_passage = add(
                    "owl_rival_passage",
                    PASSAGES,
                    "one-hot: the secret passage the rival's glass took",
                )
                self._rival_owl = add(
                    "owl_rival_tiles",
                    2,
                    f"the rival's Owl tiles / {MAX_OWL_TILES}; their points / {MAX_OWL_POINTS}",
                    owl_bounds[:2],
                )

        self._relative = [[(seat - you) % n for seat in range(n)] for you in range(n)]
        bound = np.ones(layout.size, np.float64)
        for block in layout.blocks:
            bound[block.offset : block.end] = bounds[block.name]
        self._bound = bound.astype(np.uint16)
        self._scale = (1.0 / bound).astype(np.float32)
        # The configuration and the board's fixed travel costs: written once, here.
        zeros = array("H", bytes(2 * layout.size))
        values = self.info.values
        zeros[self._config + BOARDS.index(self.board)] = 1
        zeros[self._config + len(BOARDS) + 5] = bool(values.get("twisted_paths_sites", False))
        if self.solo:
            at = self._config + len(BOARDS)
            purple = int(values.get("purple", 0))
            zeros[at] = int(values.get("difficulty", 0)) + 2 * purple
            zeros[at + 1] = bool(values.get("rival_skips_green_buy_item", False))
            zeros[at + 2] = purple
            zeros[at + 3] = int(values.get("objectives", 0))
            zeros[at + 4] = bool(values.get("first_objective_doubled", False))
        self._doubled = self.solo and bool(values.get("first_objective_doubled", False))
        self._zeros = zeros
        self._travel_size = s * SPACES * len(ICONS)
        # The board's travel costs never change: the first observation read gives them,
        # and later calls start from a copy of `zeros` with them written in, rewriting
        # only a space whose cost differs. One attribute, replaced whole: (the costs
        # seen, by site and space; that start), or None before the first observation.
        self._travel_known: tuple[tuple[tuple[dict[str, int], ...], ...], array[int]] | None
        self._travel_known = None
        self._build_ids()

    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
        self._check_seats(observation)
        obs = observation
        n = self.players
        c = NUM_CARDS
        card = _CARD
        you: int = obs["you"]
        rel = self._relative[you]  # seat -> r
        # Integer numerators in one machine array, capped and scaled by numpy at the end.
        sites = obs["sites"]
        known_travel = self._travel_known
        expected: tuple[tuple[dict[str, int], ...], ...] = ()
        if known_travel is not None and len(sites) == len(known_travel[0]):
            expected, start = known_travel
            v = start[:]
        else:
            v = self._zeros[:]

        # The turn.
        v[self._round + min(max(obs["round"], 1), ROUNDS) - 1] = 1
        current = obs["current_player"]
        if current >= 0:
            v[self._current + rel[current]] = 1
        if "final_scores" in obs:
            v[self._flags + 1] = 1
        v[self._start + rel[obs["start_player"]]] = 1
        v[self._flags] = bool(obs["main_action_used"])
        at = self._pool
        for i, count in enumerate(obs["travel_pool"].values()):
            v[at + i] = count
        pending = obs["pending"]
        if pending is not None:
            v[self._frame + _FRAME[pending["frame"]]] = 1
            at = self._drawn
            for cid in pending.get("drawn", ()):
                v[at + card[cid]] += 1
            travel = pending.get("travel")
            if travel is not None:
                cost, paid = travel["cost"], travel["paid"]
                for i, icon in enumerate(ICONS):
                    v[self._travel_cost + i] = cost.get(icon, 0)
                    v[self._travel_paid + i] = paid.get(icon, 0)
                if travel["site"] is not None:
                    v[self._travel_site + _SITE[travel["site"]]] = 1
            moving = pending.get("from")
            if moving is not None:
                v[self._moving_from + _SITE[moving]] = 1

        # Your cards.
        at = self._hand
        for cid in obs["hand"]:
            v[at + card[cid]] += 1
        known = obs.get("deck_known")
        if known is not None:
            at = self._deck_known
            top = known["top"]
            for cid in top:
                v[at + card[cid]] += 1
            public = known["public"]
            for cid in public:
                if cid is not None:
                    v[at + card[cid]] += 1
            if top:
                v[self._deck_top + card[top[0]]] = 1
            elif public and public[-1] is not None:
                v[self._deck_top + card[public[-1]]] = 1

        # Per seat.
        play = self._play
        resources = self._resources
        sizes = self._sizes
        hand_sizes = obs["hand_sizes"]
        deck_sizes = obs["deck_sizes"]
        fear_tiles = obs["fear_tiles"]
        passed = obs["passed"]
        scores = obs["scores_so_far"]
        research = obs["research"]
        idols = obs["idols"]
        assistants = obs["assistants"]["players"]
        guardians = obs["guardians"]
        temples = obs["temple_tiles"]["players"]
        owned = obs["cards_owned"]
        for seat, cards in enumerate(obs["play_area"]):
            r = rel[seat]
            at = play + r * c
            for cid in cards:
                v[at + card[cid]] += 1
            at = self._owned + r * c
            for cid in owned[seat]:
                v[at + card[cid]] += 1
            at = resources + r * 5
            for i, amount in enumerate(obs["resources"][seat].values()):
                v[at + i] = amount
            at = sizes + r * 3
            v[at] = hand_sizes[seat]
            v[at + 1] = deck_sizes[seat]
            v[at + 2] = fear_tiles[seat]
            v[self._passed + r] = bool(passed[seat])
            score = scores[seat]
            v[self._scores + r] = score if score > 0 else 0
            place = research[seat]
            v[self._glass + r * NUM_NODES + _NODE[place["glass"]]] = 1
            v[self._notebook + r * NUM_NODES + _NODE[place["notebook"]]] = 1
            rank = place["temple_rank"]
            if rank is not None:
                v[self._rank + r * RANKS + min(rank, RANKS - 1)] = 1
            at = self._crates + r * (1 + IDOL_SLOTS)
            v[at] = idols[seat]["crates"]
            for k, filled in enumerate(idols[seat]["slots"]):
                v[at + 1 + k] = bool(filled)
            at = self._assistants + r * len(ASSISTANT_IDS) * 3
            for assistant in assistants[seat]:
                a = at + 3 * _ASSISTANT[assistant["id"]]
                v[a] = 1
                v[a + 1] = bool(assistant["gold"])
                v[a + 2] = bool(assistant["exhausted"])
            at = self._guardians + r * len(GUARDIAN_IDS) * 2
            for guardian in guardians[seat]:
                g = at + 2 * _GUARDIAN[guardian["id"]]
                v[g] = 1
                v[g + 1] = bool(guardian["boon_used"])
            at = self._temples + r * len(TEMPLE_STACKS)
            for tid in temples[seat]:
                v[at + _TEMPLE[tid]] += 1

        # Cards on show and decks.
        row = obs["card_row"]
        at = self._row
        for cid in row["artifacts"]:
            if cid is not None:  # None: an empty space once the deck ran out
                v[at + card[cid]] = 1
        for cid in row["items"]:
            if cid is not None:
                v[at + card[cid]] = 1
        at = self._revealed
        for cid in obs["revealed"]:
            v[at + card[cid]] = 1
        exile = obs["exile"]
        at = self._exiled
        for cid in exile["items"]:
            v[at + card[cid]] = 1
        for cid in exile["artifacts"]:
            v[at + card[cid]] = 1
        at = self._decks
        decks = obs["decks"]
        for i, name in enumerate(DECKS):
            v[at + i] = decks[name]

        # Sites.
        spaces = self._spaces
        width = n + 2
        icons = len(ICONS)
        discovered = self._discovered
        site_tile = self._tile
        site_guardian = self._site_guardian
        site_idol = self._idol
        hidden = self._hidden
        travel_base = self._travel
        for i, site in enumerate(sites):
            if site["discovered"]:
                v[discovered + i] = 1
                if i >= CAMPS:
                    v[site_tile + i * len(TILE_IDS) + _TILE[site["tile"]]] = 1
            guardian = site["guardian"]
            if guardian is not None:
                v[site_guardian + i * len(GUARDIAN_IDS) + _GUARDIAN[guardian]] = 1
            idol = site["idol"]
            if idol is not None:
                v[site_idol + i * len(IDOL_KINDS) + _IDOL[idol]] = 1
            v[hidden + i] = site["hidden_idols"]
            at = spaces + i * SPACES * width
            travel = travel_base + i * SPACES * icons
            costs = expected[i] if expected else ()
            j = 0
            for space in site["spaces"]:
                occupant = space["occupant"]
                if occupant >= 0:
                    v[at + rel[occupant]] = 1
                if space["rival"]:
                    v[at + n] = 1
                if space["blocked"]:
                    v[at + n + 1] = 1
                cost = space["travel"]
                if j >= len(costs) or cost != costs[j]:
                    if j < len(costs):
                        v[travel : travel + icons] = _NO_TRAVEL
                    for icon, count in cost.items():
                        v[travel + _ICON[icon]] = count
                at += width
                travel += icons
                j += 1
            while j < len(costs):  # a space the costs seen have and this site has not
                v[travel : travel + icons] = _NO_TRAVEL
                travel += icons
                j += 1
        if known_travel is None:
            self._learn_travel(sites, v)

        # The research track, assistants, temple.
        track = obs["research_track"]
        base = self._bonus
        for node, kinds in track["bonus"].items():
            at = base + _NODE[node] * len(BONUS_KINDS)
            for kind in kinds:
                v[at + _BONUS[kind]] += 1
        at = self._lost_temple
        v[at] = track["lost_temple_bonus"]
        v[at + 1] = len(track["lost_temple_vp_left"])
        for kind in track.get("lost_temple_known", ()):
            v[at + 2 + _BONUS[kind]] += 1
        supply = obs["assistants"]
        tops = self._supply_top
        counts = self._supply_count
        stacks = list(supply["supply"])
        rescue = supply["rescue"]
        if rescue is not None:
            stacks.append(rescue)
            at = self._rescue_known
            for aid in rescue.get("known", ()):
                v[at + _ASSISTANT[aid]] = 1
        for i, stack in enumerate(stacks):
            top = stack["top"]
            if top is not None:
                v[tops + i * len(ASSISTANT_IDS) + _ASSISTANT[top]] = 1
            v[counts + i] = stack["count"]
        at = self._temple_left
        for tid, left in obs["temple_tiles"]["stacks"].items():
            v[at + _TEMPLE[tid]] = left
        if self.owl:  # the top of the temple's piles, in the stacks' place
            for i, pile in enumerate(obs["owl"]["top"]):
                v[at + i] = pile["left"]

        # The solo rival.
        rival = obs["rival"]
        if self.solo and rival is not None:
            v[self._rival_glass + _NODE[rival["glass"]]] = 1
            rank = rival["temple_rank"]
            if rank is not None:
                v[self._rival_rank + min(rank, RANKS - 1)] = 1
            at = self._rival_guardians
            for gid in rival["guardians"]:
                v[at + _GUARDIAN[gid]] = 1
            at = self._rival_cards
            for cid in rival["cards"]:
                v[at + card[cid]] = 1
            at = self._rival_idols
            for kind in rival["idols_face_up"]:
                v[at + _IDOL[kind]] = 1
            at = self._rival_temples
            for tid in rival["temple_tiles"]:
                v[at + _TEMPLE[tid]] += 1
            at = self._rival_used
            for sid in rival["used"]:
                v[at + _SOLO[sid]] = 1
            at = self._rival_counts
            v[at] = rival["archaeologists_home"]
            v[at + 1] = rival["idols_minus_one"]
            v[at + 2] = rival["stack_left"]
            v[at + 3] = rival["next_arrow"] == "right"
            score = rival["score"]
            v[at + 4] = score if score > 0 else 0
            at = self._rival_tiles
            for sid in rival["tiles"]:
                v[at + _SOLO[sid]] = 1
            if "notebook" in rival:
                v[self._rival_notebook + _NODE[rival["notebook"]]] = 1
            at = self._rival_objectives
            for goal in rival.get("objectives", ()):
                done_by = goal["done_by"]
                column = 0 if done_by is None else 1 if done_by == "you" else 2
                row = at + 4 * _OBJECTIVE[goal["id"]]
                v[row + column] = 1
                v[row + 3] = goal["points"] > 2

        # The Spider Temple.
        if self.spider:
            spider = obs["spider"]
            at = self._dark
            for seat, count in enumerate(spider["dark_tablets"]):
                v[at + rel[seat]] = count
            at = self._dark_supply
            for i, space in enumerate(spider["dark_supply"]):
                v[at + i] = space["tablets"]
            width = n + 2
            for k, altar in enumerate(spider["altars"]):
                at = self._altars + k * width
                artifact = altar["artifact"]
                if artifact is not None:
                    v[at] = 1
                    v[self._altar_card + k * c + card[artifact]] = 1
                for seat, count in enumerate(altar["tablets"]):
                    v[at + 1 + rel[seat]] = count
                if altar["rival_tablets"]:
                    v[at + 1 + n] = altar["rival_tablets"]

        # The Owl Temple.
        if self.owl:
            owl = obs["owl"]
            for seat, place in enumerate(owl["seats"]):
                r = rel[seat]
                lantern = place["lantern"]
                if lantern is not None:
                    v[self._lantern + r * NUM_NODES + _NODE[lantern]] = 1
                passage = place["passage"]
                if passage is not None:
                    v[self._passage + r * PASSAGES + passage - 1] = 1
                at = self._owl_tiles + r * 4
                tiles = place["owl_tiles"]
                v[at] = len(tiles)
                v[at + 1] = sum(tiles)
                v[at + 2] = place["owl_slots"]
                v[at + 3] = place["owl_slotted"]
            for tile in owl["track_tiles"]:
                at = self._owl_track + 2 * (tile["tile"] - 1)
                v[at] = 1
                v[at + 1] = bool(tile["marked"])
            width = n + 1
            for k, passage in enumerate(owl["passages"]):
                taken = passage["taken_by"]
                if taken is not None:
                    v[self._passages + k * width + (n if taken == "rival" else rel[taken])] = 1
            if self.solo and rival is not None:
                lantern = rival["lantern"]
                if lantern is not None:
                    v[self._rival_lantern + _NODE[lantern]] = 1
                passage = rival["passage"]
                if passage is not None:
                    v[self._rival_passage + passage - 1] = 1
                tiles = rival["owl_tiles"]
                v[self._rival_owl] = len(tiles)
                v[self._rival_owl + 1] = sum(tiles)

        raw = np.frombuffer(v, np.uint16)
        vector: NDArray[np.float32] = np.minimum(raw, self._bound) * self._scale
        return vector

    # ------------------------------------------------------------ the compact view

    reads_ids = True

    def _build_ids(self) -> None:
        """Tables for `encode_ids`: exact scaled values, the ranges the rarely changed
        sections rewrite whole, and per-viewer memos."""
        n = self.players
        self._f = {
            b: fractions(b, b)
            for b in (1, 2, 3, 4, 5, 8, 10, 15, 16, 30, 50, MAX_SCORE, MAX_RIVAL_SCORE)
        }
        self._f_resources = tuple(fractions(b, b) for b in RESOURCE_BOUNDS)
        self._f_decks = tuple(fractions(b, b) for b in DECK_BOUNDS)
        self._track_range = (self._bonus, self._lost_temple + 2 + len(BONUS_KINDS))
        self._supply_range = (self._supply_top, self._rescue_known + len(ASSISTANT_IDS))
        if self.solo:
            self._rival_range = (self._rival_glass, self._rival_objectives + 4 * len(OBJECTIVES))
        if self.spider:
            self._spider_range = (self._dark, self._altar_card + ALTARS * NUM_CARDS)
        if self.owl:
            end = self._rival_owl + 2 if self.solo else self._passages + PASSAGES * (n + 1)
            self._owl_range = (self._lantern, end)
        self._zero_f = array("f", bytes(4 * len(self._zeros)))
        # Per viewer: (the ids last encoded, their vector, a view of it to write through).
        self._memos: dict[int, _Memo] = {}
        # What a fresh vector is patched from: sections that wrote nothing, with marks
        # (None, -1) no real section has where a writer must tell "nothing" apart.
        self._empty_sites = (
            (-1,) * NUM_SITES,
            (-1,) * NUM_SITES,
            (-1,) * NUM_SITES,
            (0,) * NUM_SITES,
        )
        self._empty_ids: tuple[Any, ...] = (
            None,
            (None, -1, -1, 0, 0, -1, (0,) * len(ICONS), (), None, -1),
            ((), (), (), -1),
            tuple(
                (((), (0,) * len(RESOURCES), 0, 0, 0, 0, 0), (-1, -1, -1, 0, 0, (), (), ()))
                for _ in range(n)
            ),
            ((), (), (), (), (), (0,) * len(DECKS)),
            (None, None),
            None,
            None,
            None,
            False,
            None,
            ((),) * n,
            None,
            None,
        )
        # (the board's travel section, the vector of the fixed blocks, each archaeologist
        # space's offset in "spaces"), keyed by that section.
        self._ids_base: _Base | None = None

    def _base(self, travel: tuple[Any, ...]) -> _Base:
        """The vector of the configuration and `travel` (the board's costs), and each
        space's offset in "spaces", for the ids whose travel section is `travel`."""
        known = self._ids_base
        if known is not None and (known[0] is travel or known[0] == travel):
            return known
        v = self._zeros[:]
        for i in range(CAMPS):
            v[self._discovered + i] = 1
        width = self.players + 2
        slots = []
        for i, site in enumerate(travel):
            for j, cost in enumerate(site):
                at = self._travel + (i * SPACES + j) * len(ICONS)
                for k, count in enumerate(cost):
                    v[at + k] = count
                slots.append(self._spaces + (i * SPACES + j) * width)
        raw = np.frombuffer(v, np.uint16)
        scaled = np.minimum(raw, self._bound) * self._scale
        base = (travel, scaled.astype(np.float32), tuple(slots))
        self._ids_base = base
        return base

    def encode_ids(self, ids: tuple[Any, ...]) -> NDArray[np.float32]:
        # The vector of the ids this viewer last had, patched where a section differs:
        # a step of the game changes a few sections, and each writer below changes
        # only the values of what differs, knowing the old section wrote the rest.
        you: int = ids[0]
        base = self._ids_base
        travel = ids[10]
        if base is None or base[0] is not travel:
            base = self._base(travel)
        # Patched in place, one copy fewer: taken out (one C call, so no two threads get
        # it) until the patching is done, so an error halfway cannot leave a vector that
        # disagrees with its ids.
        memo = self._memos.pop(you, None)
        rel = self._relative[you]
        if memo is not None and memo[0][10] is base[0]:
            prev, out, v = memo
        else:
            prev = self._empty_ids
            out = base[1].copy()
            # written through a memoryview: its item writes are the cheapest there are
            v = cast("memoryview[float]", out.data)
        new = ids[1]
        old = prev[1]
        if new != old:
            self._turn_ids(v, new, old, rel)
        new = ids[2]
        old = prev[2]
        if new != old:
            self._private_ids(v, new, old)
        # Some seat's part differs at nearly every step: compared seat by seat at once.
        for seat, ((fast, slow), before) in enumerate(zip(ids[3], prev[3], strict=True)):
            if fast != before[0]:
                self._seat_fast_ids(v, fast, before[0], rel[seat])
            if slow != before[1]:
                self._seat_slow_ids(v, slow, before[1], rel[seat])
        new = ids[4]
        old = prev[4]
        if new != old:
            self._cards_ids(v, new, old)
        new = ids[5]
        old = prev[5]
        if new != old:
            if new[0] != old[0]:
                self._occupant_ids(v, new[0], old[0], rel, base[2])
            if new[1] != old[1]:
                self._site_ids(v, new[1], old[1])
        new = ids[6]
        if new != prev[6]:
            self._track_ids(v, new)
        new = ids[7]
        if new != prev[7]:
            self._supply_ids(v, new)
        new = ids[8]
        if new != prev[8]:
            self._temple_left_ids(v, new)
        if self.solo:
            new = ids[9]
            if new != prev[9]:
                self._rival_ids(v, new)
        if self.spider:
            new = ids[12]
            if new != prev[12]:
                self._spider_ids(v, new, rel)
        if self.owl:
            new = ids[13]
            if new != prev[13]:
                self._owl_ids(v, new, rel)
        new = ids[11]
        old = prev[11]
        if new is not old:
            at = self._owned
            for seat, (cards, before) in enumerate(zip(new, old, strict=True)):
                if cards != before:
                    self._recount(v, at + rel[seat] * NUM_CARDS, cards, before)
        # copied before it is put back: from then on another thread may take and patch it
        vector: NDArray[np.float32] = out.copy()
        self._memos[you] = (ids, out, v)
        return vector

    def _card_counts(self, v: memoryview[float], at: int, cards: Sequence[int]) -> None:
        """Cards by type at `at`: 1 each, Fear counted (the blocks' bounds)."""
        fear = 0
        for card in cards:
            if card == FEAR:
                fear += 1
            else:
                v[at + card] = 1.0
        if fear:
            v[at + FEAR] = self._f[MAX_FEAR][min(fear, MAX_FEAR)]

    def _recount(
        self, v: memoryview[float], at: int, cards: Sequence[int], old: Sequence[int]
    ) -> None:
        """A card block at `at` that held `old`, made to hold `cards`."""
        for card in old:
            v[at + card] = 0.0
        self._card_counts(v, at, cards)

    def _turn_ids(
        self, v: memoryview[float], turn: tuple[Any, ...], old: tuple[Any, ...], rel: list[int]
    ) -> None:
        rnd, current, start, main, over, kind, pool, drawn, travel, moving = turn
        o_rnd, o_current, o_start, _, _, o_kind, o_pool, o_drawn, o_travel, o_moving = old
        if rnd != o_rnd:
            if o_rnd is not None:
                v[self._round + min(max(o_rnd, 1), ROUNDS) - 1] = 0.0
            v[self._round + min(max(rnd, 1), ROUNDS) - 1] = 1.0
        if current != o_current:
            if o_current >= 0:
                v[self._current + rel[o_current]] = 0.0
            if current >= 0:
                v[self._current + rel[current]] = 1.0
        if start != o_start:
            if o_start >= 0:
                v[self._start + rel[o_start]] = 0.0
            v[self._start + rel[start]] = 1.0
        v[self._flags] = 1.0 if main else 0.0
        v[self._flags + 1] = 1.0 if over else 0.0
        if kind != o_kind:
            if o_kind >= 0:
                v[self._frame + o_kind] = 0.0
            if kind >= 0:
                v[self._frame + kind] = 1.0
        if pool != o_pool:
            four = self._f[MAX_POOL]
            at = self._pool
            for i in _changed(pool, o_pool):
                v[at + i] = four[min(pool[i], MAX_POOL)]
        if drawn != o_drawn:
            self._recount(v, self._drawn, drawn, o_drawn)
        if travel != o_travel:
            self._travel_ids(v, travel, o_travel)
        if moving != o_moving:
            if o_moving >= 0:
                v[self._moving_from + o_moving] = 0.0
            if moving >= 0:
                v[self._moving_from + moving] = 1.0

    def _travel_ids(
        self, v: memoryview[float], travel: tuple[Any, ...] | None, old: tuple[Any, ...] | None
    ) -> None:
        """The pending travel payment's blocks, which held `old` (None: no payment)."""
        cost_at, paid_at, site_at = self._travel_cost, self._travel_paid, self._travel_site
        if old is not None:
            for i in range(len(ICONS)):
                v[cost_at + i] = v[paid_at + i] = 0.0
            if old[2] >= 0:
                v[site_at + old[2]] = 0.0
        if travel is not None:
            cost, paid, site = travel
            four = self._f[MAX_POOL]
            for i in range(len(ICONS)):
                v[cost_at + i] = four[min(cost[i], MAX_POOL)]
                v[paid_at + i] = four[min(paid[i], MAX_POOL)]
            if site >= 0:
                v[site_at + site] = 1.0

    def _private_ids(
        self, v: memoryview[float], private: tuple[Any, ...], old: tuple[Any, ...]
    ) -> None:
        hand, tops, known, top = private
        o_hand, o_tops, o_known, o_top = old
        if hand != o_hand:
            self._recount(v, self._hand, hand, o_hand)
        if tops != o_tops or known != o_known:
            self._recount(v, self._deck_known, tops + known, o_tops + o_known)
        if top != o_top:
            if o_top >= 0:
                v[self._deck_top + o_top] = 0.0
            if top >= 0:
                v[self._deck_top + top] = 1.0

    def _seat_fast_ids(
        self, v: memoryview[float], fast: tuple[Any, ...], old: tuple[Any, ...], r: int
    ) -> None:
        play, res, hand, deck, fear_tiles, passed, score = fast
        o_play, o_res, o_hand, o_deck, o_fear_tiles, o_passed, o_score = old
        if play != o_play:
            # Mostly one card played onto the area: a type is marked 1 however many
            # times it is there, so only Fear (counted) needs _recount.
            n = len(o_play)
            if len(play) == n + 1 and play[n] != FEAR and play[:n] == o_play:
                v[self._play + r * NUM_CARDS + play[n]] = 1.0
            else:
                self._recount(v, self._play + r * NUM_CARDS, play, o_play)
        if res != o_res:
            at = self._resources + r * len(RESOURCES)
            tables = self._f_resources
            for i in _changed(res, o_res):
                table = tables[i]
                v[at + i] = table[min(res[i], len(table) - 1)]
        f = self._f
        at = self._sizes + r * 3
        if hand != o_hand:
            v[at] = f[MAX_HAND][min(hand, MAX_HAND)]
        if deck != o_deck:
            v[at + 1] = f[MAX_DECK][min(deck, MAX_DECK)]
        if fear_tiles != o_fear_tiles:
            v[at + 2] = f[MAX_FEAR_TILES][min(fear_tiles, MAX_FEAR_TILES)]
        if passed != o_passed:
            v[self._passed + r] = 1.0 if passed else 0.0
        if score != o_score:
            v[self._scores + r] = f[MAX_SCORE][min(score, MAX_SCORE)] if score > 0 else 0.0

    def _seat_slow_ids(
        self, v: memoryview[float], slow: tuple[Any, ...], old: tuple[Any, ...], r: int
    ) -> None:
        glass, notebook, rank, crates, slots, assistants, guardians, temples = slow
        o_glass, o_notebook, o_rank, o_crates, o_slots, o_assistants, o_guardians, o_temples = old
        if glass != o_glass:
            at = self._glass + r * NUM_NODES
            if o_glass >= 0:
                v[at + o_glass] = 0.0
            v[at + glass] = 1.0
        if notebook != o_notebook:
            at = self._notebook + r * NUM_NODES
            if o_notebook >= 0:
                v[at + o_notebook] = 0.0
            v[at + notebook] = 1.0
        if rank != o_rank:
            at = self._rank + r * RANKS
            if o_rank >= 0:
                v[at + min(o_rank, RANKS - 1)] = 0.0
            if rank >= 0:
                v[at + min(rank, RANKS - 1)] = 1.0
        at = self._crates + r * (1 + IDOL_SLOTS)
        if crates != o_crates:
            v[at] = self._f[MAX_CRATES][min(crates, MAX_CRATES)]
        if slots != o_slots:
            for k in range(IDOL_SLOTS):
                v[at + 1 + k] = 1.0 if slots >> k & 1 else 0.0
        if assistants != o_assistants:
            at = self._assistants + r * len(ASSISTANT_IDS) * 3
            for a in o_assistants:
                i = at + 3 * (a & 15)
                v[i] = v[i + 1] = v[i + 2] = 0.0
            for a in assistants:
                i = at + 3 * (a & 15)
                v[i] = 1.0
                v[i + 1] = 1.0 if a & 16 else 0.0
                v[i + 2] = 1.0 if a & 32 else 0.0
        if guardians != o_guardians:
            at = self._guardians + r * len(GUARDIAN_IDS) * 2
            for g in o_guardians:
                i = at + 2 * (g & 15)
                v[i] = v[i + 1] = 0.0
            for g in guardians:
                i = at + 2 * (g & 15)
                v[i] = 1.0
                v[i + 1] = 1.0 if g & 16 else 0.0
        if temples != o_temples:
            self._counts(v, self._temples + r * len(TEMPLE_STACKS), temples, o_temples, MAX_STACK)

    def _counts(
        self, v: memoryview[float], at: int, kinds: Sequence[int], old: Sequence[int], bound: int
    ) -> None:
        """Counts by kind at `at` (each scaled by `bound`), where `old`'s were."""
        for kind in old:
            v[at + kind] = 0.0
        table = self._f[bound]
        for kind in set(kinds):
            v[at + kind] = table[min(kinds.count(kind), bound)]

    def _cards_ids(
        self, v: memoryview[float], cards: tuple[Any, ...], old: tuple[Any, ...]
    ) -> None:
        row_art, row_item, revealed, item_exile, art_exile, decks = cards
        o_art, o_item, o_revealed, o_item_exile, o_art_exile, o_decks = old
        if row_art != o_art or row_item != o_item:
            at = self._row
            for card in o_art + o_item:
                if card >= 0:
                    v[at + card] = 0.0
            for card in row_art + row_item:
                if card >= 0:  # else an empty space once the deck ran out
                    v[at + card] = 1.0
        if revealed != o_revealed:
            at = self._revealed
            for card in o_revealed:
                v[at + card] = 0.0
            for card in revealed:
                v[at + card] = 1.0
        if item_exile != o_item_exile or art_exile != o_art_exile:
            at = self._exiled
            for card in o_item_exile + o_art_exile:
                v[at + card] = 0.0
            for card in item_exile + art_exile:
                v[at + card] = 1.0
        if decks != o_decks:
            at = self._decks
            tables = self._f_decks
            for i in _changed(decks, o_decks):
                table = tables[i]
                v[at + i] = table[min(decks[i], len(table) - 1)]

    def _occupant_ids(
        self,
        v: memoryview[float],
        occupants: tuple[int, ...],
        old: tuple[int, ...] | None,
        rel: list[int],
        slots: tuple[int, ...],
    ) -> None:
        n = self.players
        if old is None:
            old = (_FREE,) * len(slots)
        for i in _changed(occupants, old):
            at = slots[i]
            before = old[i]
            occupant = occupants[i]
            if before != _FREE:
                v[at + self._mark(before, n, rel)] = 0.0
            if occupant != _FREE:
                v[at + self._mark(occupant, n, rel)] = 1.0

    @staticmethod
    def _mark(occupant: int, n: int, rel: list[int]) -> int:
        """The column of a space's occupant: seat r, the rival (n), a block (n + 1)."""
        if occupant == _RIVAL:
            return n
        if occupant == _BLOCKED:
            return n + 1
        return rel[occupant]

    def _site_ids(
        self, v: memoryview[float], sites: tuple[Any, ...], old: tuple[Any, ...] | None
    ) -> None:
        tiles, guardians, idols, hidden = sites
        if old is None:
            old = self._empty_sites
        o_tiles, o_guardians, o_idols, o_hidden = old
        if tiles != o_tiles:
            width = len(TILE_IDS)
            for i in range(CAMPS, NUM_SITES):
                tile = tiles[i]
                before = o_tiles[i]
                if tile != before:
                    if before >= 0:
                        v[self._tile + i * width + before] = 0.0
                    if tile >= 0:
                        v[self._tile + i * width + tile] = 1.0
                    v[self._discovered + i] = 1.0 if tile >= 0 else 0.0
        if guardians != o_guardians:
            width = len(GUARDIAN_IDS)
            for i, (guardian, before) in enumerate(zip(guardians, o_guardians, strict=True)):
                if guardian != before:
                    if before >= 0:
                        v[self._site_guardian + i * width + before] = 0.0
                    if guardian >= 0:
                        v[self._site_guardian + i * width + guardian] = 1.0
        if idols != o_idols:
            width = len(IDOL_KINDS)
            for i, (idol, before) in enumerate(zip(idols, o_idols, strict=True)):
                if idol != before:
                    if before >= 0:
                        v[self._idol + i * width + before] = 0.0
                    if idol >= 0:
                        v[self._idol + i * width + idol] = 1.0
        if hidden != o_hidden:
            one = self._f[1]
            for i, down in enumerate(hidden):
                v[self._hidden + i] = one[min(down, 1)]

    def _track_ids(self, v: memoryview[float], track: tuple[Any, ...]) -> None:
        bonus, temple, vp_left, known = track
        start, end = self._track_range
        v[start:end] = self._zero_f[: end - start]
        kinds = len(BONUS_KINDS)
        for node, tiles in enumerate(bonus):
            if tiles:
                self._counts(v, self._bonus + node * kinds, tiles, (), MAX_BONUS)
        four = self._f[4]
        at = self._lost_temple
        v[at] = four[min(temple, 4)]
        v[at + 1] = four[min(vp_left, 4)]
        if known:
            self._counts(v, at + 2, known, (), 4)

    def _supply_ids(self, v: memoryview[float], supply: tuple[Any, ...]) -> None:
        stacks, rescue, known = supply
        start, end = self._supply_range
        v[start:end] = self._zero_f[: end - start]
        if rescue is not None:
            stacks = (*stacks, rescue)
        four = self._f[MAX_STACK]
        for i, (top, count) in enumerate(stacks):
            if top >= 0:
                v[self._supply_top + i * len(ASSISTANT_IDS) + top] = 1.0
            v[self._supply_count + i] = four[min(count, MAX_STACK)]
        at = self._rescue_known
        for a in known:
            v[at + a] = 1.0

    def _temple_left_ids(self, v: memoryview[float], left: tuple[int, ...]) -> None:
        four = self._f[MAX_STACK]
        at = self._temple_left
        for i, count in enumerate(left):
            v[at + i] = four[min(count, MAX_STACK)]

    def _rival_ids(self, v: memoryview[float], rival: tuple[Any, ...] | None) -> None:
        start, end = self._rival_range
        v[start:end] = self._zero_f[: end - start]
        if rival is None:
            return
        (home, glass, rank, guardians, cards, idols, minus, temples, left, used, arrow, score) = (
            rival[:12]
        )
        tiles, notebook, goals, owners = rival[12:16]
        v[self._rival_glass + glass] = 1.0
        if rank >= 0:
            v[self._rival_rank + min(rank, RANKS - 1)] = 1.0
        for g in guardians:
            v[self._rival_guardians + g] = 1.0
        for card in cards:
            v[self._rival_cards + card] = 1.0
        for kind in idols:
            v[self._rival_idols + kind] = 1.0
        if temples:
            self._counts(v, self._rival_temples, temples, (), MAX_STACK)
        for tile in used:
            v[self._rival_used + tile] = 1.0
        f = self._f
        at = self._rival_counts
        v[at] = f[2][min(home, 2)]
        v[at + 1] = f[MAX_MINUS][min(minus, MAX_MINUS)]
        v[at + 2] = f[15][min(left, 15)]
        if arrow:
            v[at + 3] = 1.0
        if score > 0:
            v[at + 4] = f[MAX_RIVAL_SCORE][min(score, MAX_RIVAL_SCORE)]
        for tile in tiles:
            v[self._rival_tiles + tile] = 1.0
        if notebook >= 0:
            v[self._rival_notebook + notebook] = 1.0
        at = self._rival_objectives
        for goal, owner in zip(goals, owners, strict=True):
            v[at + 4 * goal + owner + 1] = 1.0  # owner: -1 open, 0 yours, 1 the rival's
        if goals and self._doubled:
            v[at + 4 * goals[0] + 3] = 1.0

    def _spider_ids(self, v: memoryview[float], spider: tuple[Any, ...], rel: list[int]) -> None:
        """The Spider Temple's blocks, written whole (they change a few times a game)."""
        dark, supply, cards, tablets = spider
        start, end = self._spider_range
        v[start:end] = self._zero_f[: end - start]
        f = self._f
        table = f[MAX_DARK]
        at = self._dark
        for seat, count in enumerate(dark):
            v[at + rel[seat]] = table[min(count, MAX_DARK)]
        cap = self._supply_cap
        table = f[cap]
        at = self._dark_supply
        for i, count in enumerate(supply):
            v[at + i] = table[min(count, cap)]
        n = self.players
        width = n + 2
        table = f[MAX_PER_ALTAR]
        for k, (card, tabs) in enumerate(zip(cards, tablets, strict=True)):
            at = self._altars + k * width
            if card >= 0:
                v[at] = 1.0
                v[self._altar_card + k * NUM_CARDS + card] = 1.0
            for column, count in enumerate(tabs):  # the seats', then the solo rival's
                if count:
                    v[at + 1 + (rel[column] if column < n else n)] = table[
                        min(count, MAX_PER_ALTAR)
                    ]

    def _owl_ids(self, v: memoryview[float], owl: tuple[Any, ...], rel: list[int]) -> None:
        """The Owl Temple's blocks, written whole (they change a few times a game)."""
        seats, lying, used, marked, rival = owl
        start, end = self._owl_range
        v[start:end] = self._zero_f[: end - start]
        f = self._f
        tiles_f, points_f, slots_f = f[MAX_OWL_TILES], f[MAX_OWL_POINTS], f[MAX_OWL_SLOTS]
        for seat, (lantern, passage, tiles, slotted) in enumerate(seats):
            r = rel[seat]
            if lantern >= 0:
                v[self._lantern + r * NUM_NODES + lantern] = 1.0
            if passage >= 0:
                v[self._passage + r * PASSAGES + passage] = 1.0
            if tiles or slotted:
                at = self._owl_tiles + r * 4
                v[at] = tiles_f[min(len(tiles), MAX_OWL_TILES)]
                v[at + 1] = points_f[min(sum(tiles), MAX_OWL_POINTS)]
                v[at + 2] = slots_f[min(len(tiles) // 2, MAX_OWL_SLOTS)]
                v[at + 3] = slots_f[min(slotted, MAX_OWL_SLOTS)]
        at = self._owl_track
        for t, here in enumerate(lying):
            if here:
                v[at + 2 * t] = 1.0
                if marked[t]:  # a mark shows while its tile lies there
                    v[at + 2 * t + 1] = 1.0
        n = self.players
        width = n + 1
        for k, taken in enumerate(used):
            if taken != _FREE:
                column = rel[taken] if 0 <= taken < n else n  # else RIVAL
                v[self._passages + k * width + column] = 1.0
        if rival is not None:
            lantern, passage, tiles = rival
            if lantern >= 0:
                v[self._rival_lantern + lantern] = 1.0
            if passage >= 0:
                v[self._rival_passage + passage] = 1.0
            if tiles:
                v[self._rival_owl] = tiles_f[min(len(tiles), MAX_OWL_TILES)]
                v[self._rival_owl + 1] = points_f[min(sum(tiles), MAX_OWL_POINTS)]

    def _learn_travel(self, sites: Sequence[Mapping[str, Any]], v: array[int]) -> None:
        """Keep the travel costs of `sites` (an observation's, encoded into `v`) as the
        start of later encodings, if the observation has the usual shape."""
        if len(sites) != len(SITE_IDS) or any(len(site["spaces"]) > SPACES for site in sites):
            return
        expected = tuple(tuple(dict(space["travel"]) for space in site["spaces"]) for site in sites)
        start = self._zeros[:]
        at = self._travel
        start[at : at + self._travel_size] = v[at : at + self._travel_size]
        self._travel_known = (expected, start)

    def check(self, observation: Mapping[str, Any]) -> None:
        """Raise if `observation` is not one this encoder understands (game data changed)."""
        super().check(observation)
        obs = observation
        if obs.get("players") != self.players or obs.get("board") != self.board:
            raise MeepleError(
                f"the Arnak encoder for {self.players} players on the {self.board} board "
                f"cannot read an observation of {obs.get('game')!r} for "
                f"{obs.get('players')!r} players on the {obs.get('board')!r} board"
            )
        names = {
            "resources": (tuple(obs["resources"][0]), RESOURCES),
            "travel_pool": (tuple(obs["travel_pool"]), ICONS),
            "sites": (tuple(site["id"] for site in obs["sites"]), SITE_IDS),
            # the Owl Temple's own piles replace the stacks (its "owl" key, checked below)
            "temple stacks": (
                tuple(obs["temple_tiles"]["stacks"]),
                () if self.owl else TEMPLE_STACKS,
            ),
        }
        for key, (got, expected) in names.items():
            if got != expected:
                raise MeepleError(
                    f"the Arnak encoder expects {key} {', '.join(expected)}; "
                    f"the game sent {', '.join(got)}"
                )
        if any(len(site["spaces"]) > SPACES for site in obs["sites"]):
            raise MeepleError(f"the Arnak encoder knows at most {SPACES} spaces per site")
        if len(obs["assistants"]["supply"]) != SUPPLY_STACKS:
            raise MeepleError(f"the Arnak encoder expects {SUPPLY_STACKS} assistant stacks")
        cards: set[str] = set(obs["hand"]) | set(obs["revealed"])
        exile = obs["exile"]
        piles = (exile["items"], exile["artifacts"], *exile["players"], *obs["cards_owned"])
        for pile in (*obs["play_area"], *obs["card_row"].values(), *piles):
            cards.update(cid for cid in pile if cid is not None)
        known = obs.get("deck_known")
        if known is not None:
            cards.update(known["top"])
            cards.update(cid for cid in known["public"] if cid is not None)
        rival = obs["rival"]
        if rival is not None:
            cards.update(rival["cards"])
        spider = obs.get("spider")
        if self.spider:
            if (
                spider is None
                or len(spider["dark_supply"]) != DARK_SPACES
                or len(spider["altars"]) != ALTARS
            ):
                raise MeepleError(
                    f"the Arnak encoder expects the Spider Temple's {DARK_SPACES} dark "
                    f"tablet supply spaces and {ALTARS} altars"
                )
            cards.update(a["artifact"] for a in spider["altars"] if a["artifact"] is not None)
        owl = obs.get("owl")
        if self.owl and (
            owl is None
            or len(owl["seats"]) != self.players
            or len(owl["passages"]) != PASSAGES
            or len(owl["top"]) != OWL_TOP
            or any(not 1 <= t["tile"] <= OWL_TRACK_TILES for t in owl["track_tiles"])
            or any(p["passage"] not in (None, *range(1, PASSAGES + 1)) for p in owl["seats"])
        ):
            raise MeepleError(
                f"the Arnak encoder expects the Owl Temple's {OWL_TRACK_TILES} track "
                f"tiles, {PASSAGES} secret passages and {OWL_TOP} piles at the top"
            )
        pending = obs["pending"]
        if pending is not None:
            cards.update(pending.get("drawn", ()))
        sites = obs["sites"]
        tiles = {site["tile"] for site in sites[CAMPS:] if site["discovered"]}
        guardians = {site["guardian"] for site in sites} - {None}
        guardians.update(g["id"] for seat in obs["guardians"] for g in seat)
        idols = {site["idol"] for site in sites} - {None}
        assistants = {a["id"] for seat in obs["assistants"]["players"] for a in seat}
        stacks = [*obs["assistants"]["supply"], obs["assistants"]["rescue"] or {"top": None}]
        assistants.update(s["top"] for s in stacks if s["top"] is not None)
        track = obs["research_track"]
        nodes = {place[key] for place in obs["research"] for key in ("glass", "notebook")}
        if owl is not None:
            nodes.update(s["lantern"] for s in owl["seats"] if s["lantern"] is not None)
        nodes.update(track["bonus"])
        bonus = {kind for kinds in track["bonus"].values() for kind in kinds}
        bonus.update(track.get("lost_temple_known", ()))
        temples = {t for seat in obs["temple_tiles"]["players"] for t in seat}
        solo: set[str] = set()
        if rival is not None:
            nodes.add(rival["glass"])
            guardians.update(rival["guardians"])
            idols.update(rival["idols_face_up"])
            temples.update(rival["temple_tiles"])
            solo.update(rival["used"])
            solo.update(rival["tiles"])
            if "notebook" in rival:
                nodes.add(rival["notebook"])
            if rival.get("lantern") is not None:
                nodes.add(rival["lantern"])
            goals = {goal["id"] for goal in rival.get("objectives", ())}
            if goals - set(OBJECTIVES):
                raise MeepleError(
                    f"the Arnak encoder does not know {', '.join(sorted(goals - set(OBJECTIVES)))}"
                )
        frames = {pending["frame"]} if pending is not None else set()
        travel = pending.get("travel") if pending is not None else None
        if travel is not None and travel["site"] not in (None, *SITE_IDS):
            raise MeepleError(f"the Arnak encoder does not know site {travel['site']!r}")
        moving = pending.get("from") if pending is not None else None
        if moving is not None and moving not in SITE_IDS:
            raise MeepleError(f"the Arnak encoder does not know site {moving!r}")
        unknown = (
            (cards - set(CARD_IDS))
            | (tiles - set(TILE_IDS))
            | (guardians - set(GUARDIAN_IDS))
            | (idols - set(IDOL_KINDS))
            | (assistants - set(ASSISTANT_IDS))
            | (nodes - set(NODE_IDS[self.board]))
            | (bonus - set(BONUS_KINDS))
            | (temples - set(TEMPLE_STACKS))
            | (solo - set(SOLO_TILES))
            | (frames - set(FRAMES))
        )
        if unknown:
            raise MeepleError(f"the Arnak encoder does not know {', '.join(sorted(unknown))}")
