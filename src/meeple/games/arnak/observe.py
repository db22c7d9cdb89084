"""What a seat may know of an Arnak position (`observe`) and a full position
consistent with it (`resample`).

Hidden from everyone: the order of every deck and stack, except the cards whose place
is public (items put under a deck, a deck top shown by Fishing Rod, site tiles slid
under their stack). Hidden from the other seats: your hand, and the card you put back
on top with Crystal Earring. Assistants under the top of a stack, the Lost Temple
bonus tiles and the rival's next tiles are hidden until someone looks.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import TERMINAL
from meeple.core.rng import Rng, mix_seed
from meeple.core.wording import third_person
from meeple.games.arnak import owl, spider
from meeple.games.arnak.components import (
    ASSISTANTS,
    BOARDS,
    BONUS_KINDS,
    CAMP_TRAVEL,
    CAMPS,
    CARDS,
    EMPTY_SLOT_VALUES,
    GUARDIANS,
    ICONS,
    IDOL_REWARDS,
    OBJECTIVES,
    RESOURCES,
    SITE_TILES,
    SOLO_TILES,
    TEMPLE_STACKS,
    VP_PER_IDOL,
)
from meeple.games.arnak.rival import OPEN, THEIRS, YOURS, idol_kind_name, objective_value
from meeple.games.arnak.rules import (
    _CARD_VP_OF,
    _RESEARCH_VP,
    _TEMPLE_VP_OF,
    BLOCKED,
    FREE,
    GUARDIAN_TO,
    GUARDIAN_VP,
    LOOK_KEEP,
    LOOK_RETURN,
    RELOCATE_TO,
    RIVAL,
    SEQ,
    SITE_SLOTS,
    SLOT_SITE,
    TRAVEL,
    ArnakState,
)
from meeple.games.arnak.text import prompt
from meeple.games.arnak.travel import add, deficit
from meeple.games.arnak.words import effect_text, tile_text

_LOOKS = frozenset((LOOK_KEEP, LOOK_RETURN))
"""The pending decisions that show the deciding seat the cards it drew."""
_MOVES = frozenset((RELOCATE_TO, GUARDIAN_TO))
"""The pending decisions that move a piece from a site already chosen (frame[3])."""


def _icons(values: tuple[int, ...]) -> dict[str, int]:
    return {name: n for name, n in zip(ICONS, values, strict=True) if n}


def _static_sites(board: str) -> tuple[tuple[dict[str, Any], tuple[dict[str, int], ...]], ...]:
    """What never changes about each site of `board`: its fields and its spaces' costs."""
    out = []
    for site, space in enumerate(BOARDS[board]):
        fields = {
            "id": space.id,
            "kind": space.kind,
            "level": space.level,
            "map_row": space.map_row,
            "col": space.col,
            "travel": _icons(space.travel if site >= 5 else CAMP_TRAVEL[0]),
        }
        costs = tuple(
            _icons(CAMP_TRAVEL[slot - 2 * site] if site < 5 else space.travel)
            for slot in SITE_SLOTS[site]
        )
        out.append((fields, costs))
    return tuple(out)


_STATIC = {board: _static_sites(board) for board in BOARDS}
# a side's own camps (the Owl Temple's C1 and C4) read as that side plays them
_CAMP_TEXT = {
    board: tuple(
        effect_text(space.camp) if space.camp is not None else tile_text(camp)
        for space, camp in zip(BOARDS[board][:5], CAMPS, strict=True)
    )
    for board in BOARDS
}
_TILE_TEXT = tuple(tile_text(tile) for tile in SITE_TILES)
# Component ids by index: observations name a few dozen components per call.
_CARD_ID = tuple(card.id for card in CARDS)
_TILE_ID = tuple(tile.id for tile in SITE_TILES)
_ASSISTANT_ID = tuple(assistant.id for assistant in ASSISTANTS)
_GUARDIAN_ID = tuple(guardian.id for guardian in GUARDIANS)
_IDOL_REWARD = tuple(idol.reward for idol in IDOL_REWARDS)
_TEMPLE_ID = tuple(stack.id for stack in TEMPLE_STACKS)
_BONUS_KIND = tuple(bonus.kind for bonus in BONUS_KINDS)

SiteRow = tuple[
    int, str, str, int, int, int, dict[str, int], tuple[tuple[int, dict[str, int]], ...]
]


def _site_rows(board: str) -> tuple[SiteRow, ...]:
    """`_STATIC[board]` flattened for `_sites`: the site, its fields in order, and each
    space's slot with its travel cost."""
    return tuple(
        (
            site,
            fields["id"],
            fields["kind"],
            fields["level"],
            fields["map_row"],
            fields["col"],
            fields["travel"],
            tuple(zip(SITE_SLOTS[site], costs, strict=True)),
        )
        for site, (fields, costs) in enumerate(_STATIC[board])
    )


_SITE_ROWS = {board: _site_rows(board) for board in BOARDS}


def _sites(state: ArnakState) -> list[dict[str, Any]]:
    rival, blocked = RIVAL, BLOCKED
    occ = state._occ
    tiles = state._tile
    guardians = state._guardian
    idols_up = state._idol_up
    idols_down = state._idol_down
    out = []
    camp_text = _CAMP_TEXT[state._board]
    for site, site_id, kind, level, map_row, col, travel, slots in _SITE_ROWS[state._board]:
        tile = tiles[site]
        if site < 5:
            found, tile_id, text = True, site_id, camp_text[site]
        elif tile >= 0:
            found, tile_id, text = True, _TILE_ID[tile], _TILE_TEXT[tile]
        else:
            found, tile_id, text = False, None, ""
        guardian = guardians[site]
        idol = idols_up[site]
        out.append(
            {
                "id": site_id,
                "kind": kind,
                "level": level,
                "map_row": map_row,
                "col": col,
                "travel": travel.copy(),
                "discovered": found,
                "tile": tile_id,
                "text": text,
                "guardian": _GUARDIAN_ID[guardian] if guardian >= 0 else None,
                "idol": _IDOL_REWARD[idol] if idol >= 0 else None,
                "hidden_idols": idols_down[site],
                "spaces": [
                    {
                        "travel": cost.copy(),
                        "occupant": occupant if 0 <= occupant < rival else -1,
                        "rival": occupant == rival,
                        "blocked": occupant == blocked,
                    }
                    for slot, cost in slots
                    for occupant in [occ[slot]]
                ],
            }
        )
    return out


def observe(state: ArnakState, player: int | None) -> dict[str, Any]:
    seats = state._seats
    track = state._track
    nodes = track.nodes
    frame = state._stack[-1] if state._stack else None
    current = state.current_player
    rival = state._rival
    card_id = _CARD_ID
    obs: dict[str, Any] = {
        "game": "arnak",
        "board": state._board,
        "players": state._n,
        "solo": state._solo,
        "difficulty": rival.difficulty if rival is not None else None,
        "twisted_paths_sites": state.game.twisted_paths_sites,
        "round": state._round,
        "start_player": state._start,
        "current_player": current,
        "you": player,
        "resources": [dict(zip(RESOURCES, s.res, strict=True)) for s in seats],
        "hand": sorted([card_id[c] for c in seats[player].keeping()]) if player is not None else [],
        # a seat's round-end discards show in its own view only until every seat has chosen
        "hand_sizes": [
            len(s.hand) - (len(s.keep_out) if p == player else 0) for p, s in enumerate(seats)
        ],
        "deck_sizes": [len(s.deck) for s in seats],
        "play_area": [
            [card_id[c] for c in (s.play + s.keep_out if p == player else s.play)]
            for p, s in enumerate(seats)
        ],
        "fear_tiles": [s.fear_tiles for s in seats],
        "passed": [s.passed for s in seats],
        "this_round": [
            {"all_travel_as_plane": s.all_plane, "no_guardian_fear": s.no_fear} for s in seats
        ],
        "main_action_used": state._main,
        "travel_pool": dict(zip(ICONS, state._pool, strict=True)),
        "card_row": {
            "artifacts": [card_id[c] if c >= 0 else None for c in state._row_art],
            "items": [card_id[c] if c >= 0 else None for c in state._row_item],
        },
        "revealed": [card_id[c] for c in state._revealed],
        "decks": {
            "items": len(state._item_deck),
            "artifacts": len(state._art_deck),
            "fear": state._fear,
            "guardians": len(state._guardians),
            "level1": len(state._stacks[0]),
            "level2": len(state._stacks[1]),
        },
        "known_deck_tops": {
            "items": CARDS[state._item_deck[-1]].id if state._known_top[0] else None,
            "artifacts": CARDS[state._art_deck[-1]].id if state._known_top[1] else None,
        },
        "site_stack_bottoms": {
            f"level{level + 1}": [_TILE_ID[t] for t in stack[: state._known_bottom[level]]]
            for level, stack in enumerate(state._stacks)
        },
        "exile": {
            "items": [card_id[c] for c in state._item_exile],
            "artifacts": [card_id[c] for c in state._art_exile],
            "players": [[card_id[c] for c in cards] for cards in state._seat_exile],
        },
        "cards_owned": [
            [card_id[c] for c in sorted(s.cards() + state._drawn(p))] for p, s in enumerate(seats)
        ],
        "sites": _sites(state),
        "research": [
            {
                "glass": nodes[s.glass].id,
                "notebook": nodes[s.notebook].id,
                "glass_row": nodes[s.glass].row,
                "notebook_row": nodes[s.notebook].row,
                "temple_rank": s.temple_rank if s.temple_rank >= 0 else None,
            }
            for s in seats
        ],
        "research_track": {
            "bonus": {
                nodes[i].id: [_BONUS_KIND[k] for k in sorted(tiles)]
                for i, tiles in enumerate(state._bonus)
                if tiles
            },
            "lost_temple_bonus": len(state._temple_bonus),
            "lost_temple_vp_left": list(track.lost_temple_vp[state._arrivals :]),
        },
        "assistants": {
            "supply": [
                {"top": _ASSISTANT_ID[s[-1]] if s else None, "count": len(s)} for s in state._supply
            ],
            "rescue": (
                {
                    "top": _ASSISTANT_ID[state._rescue[-1]] if state._rescue else None,
                    "count": len(state._rescue),
                }
                if state._board == "snake"
                else None
            ),
            "players": [
                [
                    {"id": _ASSISTANT_ID[a & 15], "gold": bool(a & 16), "exhausted": bool(a & 32)}
                    for a in s.assistants
                ]
                for s in seats
            ],
        },
        "idols": [{"crates": s.crates, "slots": list(s.slots)} for s in seats],
        "guardians": [
            [{"id": _GUARDIAN_ID[g & 15], "boon_used": bool(g & 16)} for g in s.guardians]
            for s in seats
        ],
        "temple_tiles": {
            # the Owl Temple has its own tiles (obs["owl"]["top"]), not these stacks
            "stacks": (
                {_TEMPLE_ID[k]: n for k, n in enumerate(state._temple_left)}
                if track.owl is None
                else {}
            ),
            "players": [[_TEMPLE_ID[t] for t in s.temples] for s in seats],
        },
        "scores_so_far": [state._score(p) for p in range(state._n)],
        "pending": None,
        "rival": None,
    }
    if frame is not None:
        # written to the seat deciding; every other view reads it of that seat
        asked = prompt(state) if player == current else third_person(prompt(state))
        obs["pending"] = {"frame": frame[0], "player": current, "prompt": asked}
        if frame[0] == TRAVEL:
            site = paying_site(state)
            obs["pending"]["travel"] = {
                "cost": _icons(frame[2]),
                "paid": _icons(frame[3]),
                "site": None if site < 0 else _SITE_ROWS[state._board][site][1],
            }
        elif frame[0] == spider.ALTAR_PICK:  # the empty altar the artifact is for
            obs["pending"]["altar"] = frame[2] + 1
        elif frame[0] in _MOVES:  # which archaeologist or guardian moves, as at the table
            obs["pending"]["from"] = _SITE_ROWS[state._board][frame[3]][1]
        if player == current:
            obs["pending"].update(_private_frame(frame))
    if player is not None and state._rescue_seen >> player & 1 and state._rescue:
        obs["assistants"]["rescue"]["known"] = [_ASSISTANT_ID[a] for a in state._rescue]
    if player is not None and state._temple_seen >> player & 1:
        obs["research_track"]["lost_temple_known"] = sorted(
            _BONUS_KIND[k] for k in state._temple_bonus
        )
    if player is not None:
        seat = seats[player]
        obs["deck_known"] = {
            "top": [card_id[c] for c in reversed(seat.deck[len(seat.deck) - seat.private_top :])],
            "public": [
                card_id[c] if pub else None for c, pub in zip(seat.deck, seat.public, strict=True)
            ],
        }
    if rival is not None:
        parts = rival.score_parts(state)
        obs["rival"] = {
            "archaeologists_home": sum(1 for s in rival.arch if s < 0),
            "glass": nodes[rival.glass].id,
            "glass_row": nodes[rival.glass].row,
            "temple_rank": rival.temple_rank if rival.temple_rank >= 0 else None,
            "guardians": [_GUARDIAN_ID[g] for g in rival.guardians],
            "cards": [card_id[c] for c in rival.cards],
            "idols_face_up": [idol_kind_name(k) for k in rival.idols_up],
            "idols_minus_one": rival.minus,
            "temple_tiles": [_TEMPLE_ID[t] for t in rival.temples],
            "stack_left": len(rival.stack),
            "used": [SOLO_TILES[t].id for t in rival.used],
            "tiles": [SOLO_TILES[t].id for t in rival.tiles()],
            "turns": rival_turns(state, rival.log, rival.goals),
            "last_round_turns": rival_turns(state, rival.last_log, rival.last_goals),
            "next_arrow": rival.next_arrow(),
            "score": sum(parts.values()),
            "score_parts": parts,
        }
        if rival.notebook >= 0:
            obs["rival"]["notebook"] = nodes[rival.notebook].id
            obs["rival"]["notebook_row"] = nodes[rival.notebook].row
        if state._track.owl is not None:
            obs["rival"]["lantern"] = nodes[rival.lantern].id if rival.lantern >= 0 else None
            obs["rival"]["passage"] = rival.passage + 1 if rival.passage >= 0 else None
            obs["rival"]["owl_tiles"] = list(rival.owl_tiles)
        if state.game.objectives:
            obs["rival"]["objectives"] = [
                {
                    "id": OBJECTIVES[o].id,
                    "text": OBJECTIVES[o].text,
                    "points": objective_value(i, state.game.first_objective_doubled),
                    "done_by": _DONE_BY[owner],
                }
                for i, (o, owner) in enumerate(zip(rival.goals, rival.goal_owner, strict=True))
            ]
            obs["rival"]["objective_points"] = rival.goal_points
    if state._altar_tabs:
        obs["spider"] = _spider(state)
    if state._track.owl is not None:
        obs["owl"] = _owl(state)
    if current == TERMINAL:
        obs["final_scores"] = [state.score_parts(p) for p in range(state._n)]
    return obs


def _owl(state: ArnakState) -> dict[str, Any]:
    """The Owl Temple's lanterns, passages and Owl tiles, all public."""
    board = owl.board(state)
    nodes = state._track.nodes
    return {
        "seats": [
            {
                "lantern": nodes[s.lantern].id if s.lantern >= 0 else None,
                "lantern_row": nodes[s.lantern].row if s.lantern >= 0 else None,
                "passage": s.passage + 1 if s.passage >= 0 else None,
                "glass_row": owl.glass_row(state, s),
                "owl_tiles": list(s.owl_tiles),
                "owl_slots": len(s.owl_tiles) // 2,
                "owl_slotted": s.owl_slotted,
            }
            for s in state._seats
        ],
        "track_tiles": [
            {
                "tile": t.num + 1,
                "space": nodes[t.node].id,
                "kind": t.kind,
                "points": t.vp,
                "cost": dict(zip(RESOURCES, t.cost, strict=True)),
                "marked": bool(state._owl_marked[t.num]),
            }
            for t in board.track_tiles
            if state._owl_track[t.num]
        ],
        "passages": [
            {
                "passage": p.num + 1,
                "from": nodes[p.start].id,
                "row": p.row,
                "content": p.content,
                "cost": dict(zip(RESOURCES, p.cost, strict=True)),
                "taken_by": (
                    None
                    if state._passage_used[p.num] == FREE
                    else "rival"
                    if state._passage_used[p.num] == RIVAL
                    else state._passage_used[p.num]
                ),
            }
            for p in board.passages
        ],
        "top": [
            {
                "pile": t.id,
                "kind": t.kind,
                "points": t.vp,
                "from_row": t.min_row,
                "left": state._temple_left[t.num],
                "cost": dict(zip(RESOURCES, t.cost, strict=True)),
            }
            for t in board.top
        ],
    }


def _spider(state: ArnakState) -> dict[str, Any]:
    """The Spider Temple's dark tablets and altars, all public."""
    track = state._track
    return {
        "dark_tablets": [s.dark for s in state._seats],
        "dark_supply": [
            {"points": value, "tablets": count}
            for value, count in zip(track.dark_values, state._dark_supply, strict=True)
        ],
        "points_per_placed_tablet": spider.penalty(state),
        "altars": [
            {
                "altar": altar.num + 1,
                "points": altar.vp,
                "min_row": altar.min_row,
                "artifact": _CARD_ID[card] if card >= 0 else None,
                "tablets": tabs[: state._n],
                "rival_tablets": tabs[state._n] if state._solo else None,
            }
            for altar, card, tabs in zip(
                track.altars, state._altar_card, state._altar_tabs, strict=True
            )
        ],
    }


def paying_site(state: ArnakState) -> int:
    """The site whose travel cost the pending payment is for, or -1 (a guardian's or a
    card's cost): a site's sequence, below the payment, places the archaeologist next."""
    stack = state._stack
    if len(stack) > 1:
        below = stack[-2]
        if below[0] == SEQ:
            step = below[2][below[3]]
            if step[0] == "_place":
                return SLOT_SITE[int(step[1])]
    return -1


_DONE_BY = {OPEN: None, YOURS: "you", THEIRS: "rival"}


def rival_turns(state: ArnakState, log: tuple[tuple[str, int], ...], goals: list[int]) -> list[str]:
    """What the solo rival did in a round (`log`, with that round's objectives `goals`),
    a line a turn: its tile, then its deeds."""
    nodes = state._track.nodes
    sites = _SITE_ROWS[state._board]
    doubled = state.game.first_objective_doubled
    lines: list[str] = []
    deeds: list[str] = []
    for what, arg in [*log, ("tile", -1)]:
        if what == "tile":
            if lines:
                lines[-1] += ": " + (", ".join(deeds) or "nothing it could do")
            if arg >= 0:
                lines.append(SOLO_TILES[arg].id.replace("_", " "))
            deeds = []
        elif what == "skip":
            deeds.append("nothing in round V")
        elif what == "dig":
            deeds.append(f"an archaeologist to {sites[arg][1]}")
        elif what == "discover":
            deeds.append(f"discovered {sites[arg][1]}")
        elif what == "glass":
            deeds.append(
                "glass to the Lost Temple"
                if nodes[arg].lost_temple
                else f"glass to row {nodes[arg].row}"
            )
        elif what == "notebook":
            deeds.append(f"notebook to row {nodes[arg].row}")
        elif what == "temple":
            deeds.append(f"temple tile {_TEMPLE_ID[arg].replace('_', ' ')}")
        elif what == "guardian":
            deeds.append(f"overcame guardian {_GUARDIAN_ID[arg]}")
        elif what == "card":
            deeds.append(f"took {CARDS[arg].name}")
        elif what == "altar_card":
            deeds.append(f"put {CARDS[arg].name} on an altar")
        elif what == "altar":
            deeds.append(f"a dark tablet under altar {arg + 1}")
        elif what == "lantern":
            deeds.append(f"lantern to row {nodes[arg].row}")
        elif what == "passage":
            deeds.append(f"glass into secret passage {arg + 1}")
        elif what == "owl_tile":
            deeds.append(f"took the Owl tile {arg + 1} from the track")
        elif what == "owl_mark":
            deeds.append(f"marked the Owl tile {arg + 1} with a compass")
        elif what == "owl_top":
            deeds.append("took an Owl tile from the top of the temple")
        elif what == "objective":
            label = OBJECTIVES[goals[arg]].label
            deeds.append(f"won the objective '{label}' (+{objective_value(arg, doubled)})")
    return lines


def _private_frame(frame: tuple[Any, ...]) -> dict[str, Any]:
    """What only the deciding seat sees of its pending decision (cards it drew)."""
    if frame[0] in _LOOKS:
        return {"drawn": [CARDS[c].id for c in frame[2]]}
    return {}


def _deal_deck(
    rng: Rng,
    seat_hand: list[int],
    deck: list[int],
    hidden: list[int],
    with_hand: bool,
    drawn: tuple[int, ...] = (),
) -> tuple[list[int], tuple[int, ...], list[int]]:
    """Deal `hidden` deck positions (and, when `with_hand`, the hand and the cards drawn
    for a pending Earring choice) anew."""
    held = [*seat_hand, *drawn] if with_hand else []
    pool = sorted([deck[i] for i in hidden] + held)
    rng.shuffle(pool)
    if with_hand:
        hand = sorted(pool[: len(seat_hand)])
        dealt = tuple(pool[len(seat_hand) : len(held)])
    else:
        hand, dealt = seat_hand[:], drawn
    new_deck = deck[:]
    for i, c in zip(hidden, pool[len(held) :], strict=True):
        new_deck[i] = c
    return hand, dealt, new_deck


def _drawn(state: ArnakState, q: int) -> tuple[int, tuple[int, ...]]:
    """Seat q's pending Earring frame (its index on the stack and drawn cards), if any."""
    for i, frame in enumerate(state._stack):
        if frame[1] == q and frame[0] in _LOOKS:
            return i, frame[2]
    return -1, ()


def _can_settle(state: ArnakState, q: int) -> bool:
    """Can seat q, holding its re-dealt hand, finish the decisions it has begun: a
    travel cost it chose to pay, or a choice (such as where to dig) it was offered?"""
    for frame in state._stack:
        if (
            frame[1] == q
            and frame[0] == TRAVEL
            and deficit(frame[2], add(frame[3], state._travel_supply(q)))
        ):
            return False
    top = state._stack[-1] if state._stack else None
    return top is None or top[1] != q or bool(state._frame_actions(top))


def resample(state: ArnakState, player: int, seed: int) -> ArnakState:
    """Deal everything `player` cannot see anew, from a canonical order and `seed`."""
    rng = Rng(mix_seed(seed, 0xA4AC))
    new = state.clone()
    for q, seat in enumerate(state._seats):
        hidden = [i for i, pub in enumerate(seat.public) if not pub]
        if q == player:
            keep = len(seat.deck) - seat.private_top
            hidden = [i for i in hidden if i < keep]
        where, drawn = _drawn(state, q)
        for _ in range(256):  # a seat mid-decision must still be able to settle it
            hand, dealt, deck = _deal_deck(rng, seat.hand, seat.deck, hidden, q != player, drawn)
            new._seats[q].hand = hand
            new._seats[q].deck = deck
            if q != player:  # which cards it chose to discard at the round's end is unseen
                new._seats[q].keep_out = []
            if where >= 0:
                new._stack[where] = (*state._stack[where][:2], dealt, *state._stack[where][3:])
            if q == player or _can_settle(new, q):
                break
        else:  # pragma: no cover - no deal found: keep the real one
            new._seats[q].hand = seat.hand[:]
            new._seats[q].deck = seat.deck[:]
            if where >= 0:
                new._stack[where] = state._stack[where]
    # The unseen part of each face-down pile stays in a canonical order: the guess deals
    # its top at random only when it is drawn (ArnakState._settle_top).
    for deck, new_deck, known in (
        (state._item_deck, new._item_deck, state._known_top[0]),
        (state._art_deck, new._art_deck, state._known_top[1]),
    ):
        cut = len(deck) - 1 if known and deck else len(deck)
        new_deck[:cut] = sorted(deck[:cut])
    new._guardians = sorted(state._guardians)
    for level, stack in enumerate(state._stacks):
        seen = state._known_bottom[level]
        new._stacks[level] = stack[:seen] + sorted(stack[seen:])
    seen_rescue = bool(state._rescue_seen >> player & 1)
    unders = [a for s in state._supply for a in s[:-1]]
    if not seen_rescue:
        unders += state._rescue[:-1]
    unders.sort()
    rng.shuffle(unders)
    for i, s in enumerate(state._supply):
        take = max(0, len(s) - 1)
        new._supply[i] = unders[:take] + s[-1:]
        del unders[:take]
    if not seen_rescue:
        new._rescue = unders + state._rescue[-1:]
    # Which tiles lie in the Lost Temple and which stayed in the box; the box's are
    # never used, so their order does not matter.
    pool = sorted(state._box_bonus)
    if not state._temple_seen >> player & 1:
        pool = sorted(pool + state._temple_bonus)
        rng.shuffle_front(pool, len(state._temple_bonus))
        new._temple_bonus = pool[: len(state._temple_bonus)]
        pool = pool[len(state._temple_bonus) :]
    new._box_bonus = pool
    if state._rival is not None and state._rival.stack:
        stack = sorted(state._rival.stack)
        arrow = SOLO_TILES[state._rival.stack[-1]].arrow
        tops = [t for t in stack if SOLO_TILES[t].arrow == arrow]
        top = tops[rng.below(len(tops))]
        stack.remove(top)
        rng.shuffle(stack)
        new._rival.stack = [*stack, top]
    state._as_guess(new, seed)
    return new


# ---------------------------------------------------------------- the compact view

FRAME_KINDS = (
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
"""The pending decision's kinds, numbered as `observation_ids` numbers them."""
_FRAME_NUM = {kind: i for i, kind in enumerate(FRAME_KINDS)}
_ARROW = {"left": 0, "right": 1}


def _board_travel(board: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(
            CAMP_TRAVEL[slot - 2 * site] if site < 5 else space.travel for slot in SITE_SLOTS[site]
        )
        for site, space in enumerate(BOARDS[board])
    )


# One tuple per board, the same object in every view: an encoder reuses its work on it.
_TRAVEL_IDS = {board: _board_travel(board) for board in BOARDS}


_SLOT_BITS: dict[tuple[bool, ...], int] = {
    (a, b, c, d): a | b << 1 | c << 2 | d << 3
    for a in (False, True)
    for b in (False, True)
    for c in (False, True)
    for d in (False, True)
}


def _slot_points() -> tuple[int, ...]:
    """Per filled-slot bits: the idols in slots' points plus the empty slots' values."""
    out = [0] * 16
    for slots, bits in _SLOT_BITS.items():
        out[bits] = sum(
            VP_PER_IDOL if full else empty
            for empty, full in zip(EMPTY_SLOT_VALUES, slots, strict=True)
        )
    return tuple(out)


_SLOT_POINTS = _slot_points()


def observe_ids(state: ArnakState, player: int) -> tuple[Any, ...]:
    """`observe(state, player)` as nested tuples of ints (the layout: see
    ArnakState.observation_ids)."""
    # Called for every observed decision of the RL adapters: kept to attribute reads
    # and tuple() copies, with no per-element Python work where that can be avoided.
    seats = state._seats
    stack = state._stack
    over = state._over
    drawn: tuple[int, ...] = ()
    travel: tuple[Any, ...] | None = None
    moving = -1
    if stack:
        frame = stack[-1]
        kind = _FRAME_NUM[frame[0]]
        current = TERMINAL if over else frame[1]
        if player == current and frame[0] in _LOOKS:
            drawn = tuple(frame[2])
        elif frame[0] == TRAVEL:
            travel = (tuple(frame[2]), tuple(frame[3]), paying_site(state))
        elif frame[0] in _MOVES:
            moving = frame[3]
    else:
        kind = -1
        current = TERMINAL if over else state._turn
    turn = (
        state._round,
        current,
        state._start,
        1 if state._main else 0,
        1 if over else 0,
        kind,
        tuple(state._pool),
        drawn,
        travel,
        moving,
    )
    own = seats[player]
    deck = own.deck
    top = own.private_top
    public = own.public
    if True in public:
        known = tuple([c for c, pub in zip(deck, public, strict=True) if pub])
        last = deck[-1] if public[-1] else -1
    else:
        known, last = (), -1
    hand = tuple(own.keeping())
    if top:
        private = (hand, tuple(deck[len(deck) - top :]), known, deck[-1])
    else:
        private = (hand, (), known, last)
    # Every seat's score is in every view: it is worked out here, as ArnakState._score
    # does, from the values this view reads anyway. Each seat's cards (its hand, deck,
    # play area and any Earring draw pending; a section of the view) and their points
    # are kept in the state until a card is gained or leaves (the sums over them were a
    # third of this time).
    kept = state._ids_owned
    if kept is None:
        cards = tuple([tuple(sorted(s.cards() + state._drawn(p))) for p, s in enumerate(seats)])
        kept = state._ids_owned = (cards, tuple([sum(map(_CARD_VP_OF, c)) for c in cards]))
    owned, card_vp = kept
    notebook_vp, glass_vp, temple_vp = _RESEARCH_VP[state._board]
    altars = state._altar_tabs
    owl_side = state._track.owl is not None
    if altars:
        dark_vp = spider.penalty(state)
    per_seat = []
    for p, s in enumerate(seats):
        play = tuple(s.play)
        held = len(s.hand)
        if p == player and s.keep_out:  # shown to this seat alone until all have chosen
            play += tuple(s.keep_out)
            held -= len(s.keep_out)
        fear_tiles = s.fear_tiles
        glass = s.glass
        notebook = s.notebook
        rank = s.temple_rank
        crates = s.crates
        bits = _SLOT_BITS[tuple(s.slots)]
        guardians = tuple(s.guardians)
        temples = tuple(s.temples)
        if owl_side:  # the lantern, a passage and Owl tiles: the state's own sum
            score = state._score(p)
        else:
            score = (
                notebook_vp[notebook]
                + (temple_vp[rank] if rank >= 0 else glass_vp[glass])
                + _SLOT_POINTS[bits]
                + crates * VP_PER_IDOL
                + GUARDIAN_VP * len(guardians)
                + (sum(map(_TEMPLE_VP_OF, temples)) if temples else 0)
                + card_vp[p]
                - 2 * fear_tiles
            )
            if altars:
                score += spider.majority_points(state, p) + dark_vp * spider.placed(state, p)
        per_seat.append(
            (
                (
                    play,
                    tuple(s.res),
                    held,
                    len(s.deck),
                    fear_tiles,
                    1 if s.passed else 0,
                    score,
                ),
                (
                    glass,
                    notebook,
                    rank,
                    crates,
                    bits,
                    tuple(s.assistants),
                    guardians,
                    temples,
                ),
            )
        )
    stacks = state._stacks
    cards = (
        tuple(state._row_art),
        tuple(state._row_item),
        tuple(state._revealed),
        tuple(state._item_exile),
        tuple(state._art_exile),
        (
            len(state._item_deck),
            len(state._art_deck),
            state._fear,
            len(state._guardians),
            len(stacks[0]),
            len(stacks[1]),
        ),
    )
    # Kept in the state until a tile, guardian or idol changes (the rules clear it
    # there): one object from view to view, which the encoder compares at no cost.
    board = state._ids_sites
    if board is None:
        board = state._ids_sites = (
            tuple(state._tile),
            tuple(state._guardian),
            tuple(state._idol_up),
            tuple(state._idol_down),
        )
    sites = (tuple(state._occ), board)
    # The research track's bonus tiles and the Lost Temple's are only ever taken, never
    # added, nor the temple's VP tiles: their counts tell whether the section made of
    # them (as a seat that has not looked at the temple's tiles sees it) is still right.
    bonus = state._bonus
    left = sum(map(len, bonus))
    temple = state._temple_bonus
    arrivals = state._arrivals
    cached = state._bonus_ids
    if cached is None or cached[0] != left or cached[1] != len(temple) or cached[2] != arrivals:
        section = (
            tuple([tuple(b) for b in bonus]),
            len(temple),
            len(state._track.lost_temple_vp[arrivals:]),
            (),
        )
        cached = state._bonus_ids = (left, len(temple), arrivals, section)
    track = cached[3]
    if temple and state._temple_seen >> player & 1:
        track = (track[0], track[1], track[2], tuple(sorted(temple)))
    rescue = state._rescue
    s0, s1, s2 = state._supply
    supply = (
        (
            (s0[-1] if s0 else -1, len(s0)),
            (s1[-1] if s1 else -1, len(s1)),
            (s2[-1] if s2 else -1, len(s2)),
        ),
        (rescue[-1] if rescue else -1, len(rescue)) if state._board == "snake" else None,
        tuple(rescue) if rescue and state._rescue_seen >> player & 1 else (),
    )
    rival = state._rival
    solo = None
    if rival is not None:
        solo = (
            sum(1 for s in rival.arch if s < 0),
            rival.glass,
            rival.temple_rank,
            tuple(rival.guardians),
            tuple(rival.cards),
            tuple(rival.idols_up),
            rival.minus,
            tuple(rival.temples),
            len(rival.stack),
            tuple(rival.used),
            _ARROW[rival.next_arrow()],
            rival.score(state),
            tuple(rival.tiles()),
            rival.notebook,
            tuple(rival.goals),
            tuple(rival.goal_owner),
            rival.goal_points,
        )
    return (
        player,
        turn,
        private,
        tuple(per_seat),
        cards,
        sites,
        track,
        supply,
        tuple(state._temple_left),
        solo,
        _TRAVEL_IDS[state._board],
        owned,
        (
            (
                tuple([s.dark for s in seats]),
                tuple(state._dark_supply),
                tuple(state._altar_card),
                tuple([tuple(tabs) for tabs in altars]),
            )
            if altars
            else None
        ),
        _owl_ids(state),
    )


def _owl_ids(state: ArnakState) -> tuple[Any, ...] | None:
    """observation_ids's section of the Owl Temple (None on the other boards)."""
    if state._track.owl is None:
        return None
    seats = state._seats
    rival = state._rival
    return (
        tuple([(s.lantern, s.passage, tuple(s.owl_tiles), s.owl_slotted) for s in seats]),
        tuple(state._owl_track),
        tuple(state._passage_used),
        tuple(state._owl_marked),
        (rival.lantern, rival.passage, tuple(rival.owl_tiles)) if rival is not None else None,
    )
