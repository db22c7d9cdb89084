"""The Owl Temple side (Twisted Paths rulebook, "Owl Temple" and its solo variant): the
setup, secret passages and the lantern, the notebook's limit, Owl tiles on the track and
at the top of the temple, the idol slots of Owl tile pairs, the camps and the upper
level I sites, the scoring and its tie-break, and the rival's Owl tile."""

from __future__ import annotations

import random

import pytest

from meeple.games.arnak import owl
from meeple.games.arnak.components import BOARDS, IDOL_REWARDS, TRACKS
from meeple.games.arnak.rival import OBJECTIVE, OPEN, OWL_TILE, THEIRS
from meeple.games.arnak.rules import FREE, RIVAL, ArnakState, Seat

from .scenario import A, card, do, fresh, objectives_done, setup

TRACK = TRACKS["owl"]
BOARD = TRACK.owl
assert BOARD is not None
SITE = {s.id: s.num for s in BOARDS["owl"]}
GLASS_VP = [1, 2, 3, 4, 8, 11, 16, 20, 25]
NOTEBOOK_VP = [0, 1, 1, 2, 7, 9, 12, 16, 18]


def _node(row: int, pos: str | None = None) -> int:
    return next(n.num for n in TRACK.nodes if n.row == row and pos in (None, n.pos))


def _holding(owl_tiles: list[int]) -> tuple[ArnakState, Seat]:
    """A 2-player Owl Temple game whose seat 0 holds these Owl tiles and an idol to slot."""
    state = fresh(2, "owl")
    seat = state._seats[0]
    seat.owl_tiles = owl_tiles
    seat.crates = 1
    state._legal = None
    return state, seat


def _rich(state: ArnakState, p: int = 0) -> None:
    setup(state, p, resources={"coin": 9, "compass": 9, "tablet": 9, "arrowhead": 9, "jewel": 9})


def test_the_rows_score_as_the_reference_gives_for_glass_notebook_and_lantern() -> None:
    for row in range(1, 10):
        r = TRACK.rows[row]
        assert (r.glass_vp, r.notebook_vp, r.lantern_vp) == (
            GLASS_VP[row - 1],
            NOTEBOOK_VP[row - 1],
            GLASS_VP[row - 1],
        )
    assert TRACK.lost_temple == -1 and not any(n.lost_temple for n in TRACK.nodes)


@pytest.mark.parametrize(("players", "vp10", "pile"), [(1, 2, 2), (2, 2, 2), (3, 3, 2), (4, 3, 3)])
def test_setup_lays_the_owl_tiles_and_the_top_of_the_temple(
    players: int, vp10: int, pile: int
) -> None:
    state = fresh(players, "owl")
    lying = [t for t in BOARD.track_tiles if state._owl_track[t.num]]
    kinds = [t.kind for t in lying] + [p.content for p in BOARD.passages]
    assert kinds.count("vp1") == 6 and kinds.count("vp5") == 6
    assert kinds.count("vp10") == vp10 and kinds.count("idol") == 2
    assert [state._temple_left[t.num] for t in BOARD.top] == [pile, pile, pile, 1, 1, 1]
    assert state._passage_used == [FREE] * 6
    assert all(seat.lantern == -1 and seat.passage == -1 for seat in state._seats)
    assert state._temple_bonus == []  # no Lost Temple on this side
    obs = state.observation(0)
    assert obs["temple_tiles"]["stacks"] == {} and len(obs["owl"]["top"]) == 6


def test_the_upper_level_one_and_level_two_sites_hold_two_idols() -> None:
    state = fresh(2, "owl")
    for site in range(5, 17):
        space = BOARDS["owl"][site]
        upper = space.id in ("L1-5", "L1-6", "L1-7", "L1-8")
        assert state._idol_up[site] != FREE
        assert state._idol_down[site] == (1 if upper or space.level == 2 else 0)
    # the expansion's idols join the base game's on this side
    assert sum(r.copies + r.twisted_paths for r in IDOL_REWARDS) == 26
    assert fresh(2, "bird")._idol_down[SITE["L1-5"]] == 0


def test_discovering_an_upper_level_one_site_costs_two_more_coins() -> None:
    state = fresh(2, "owl")
    site = SITE["L1-6"]
    setup(state, 0, hand=["basic.funding_car"], resources={"compass": 3, "coin": 1})
    assert A.SITE + site not in state.legal_actions()
    setup(state, 0, hand=["basic.funding_car"], resources={"compass": 3, "coin": 2})
    assert A.SITE + site in state.legal_actions()
    do(state, A.SITE + site)
    assert state._seats[0].res[0] == 0 and state._seats[0].res[1] == 0
    lower = SITE["L1-2"]
    setup(state, 1, hand=["basic.funding_car"], resources={"compass": 3})
    state._turn = 1
    state._stack = []
    state._main = False
    state._legal = None
    assert A.SITE + lower in state.legal_actions()  # the lower band costs no coins


def test_camp_c1_gives_a_coin_and_the_reward_of_a_face_up_idol_on_the_board() -> None:
    state = fresh(2, "owl")
    c1 = SITE["C1"]
    assert BOARDS["owl"][c1].camp is not None
    kinds = sorted({k for k in state._idol_up if k != FREE})
    setup(state, 0, hand=["basic.funding_car"], resources={})
    do(state, A.SITE + c1)
    while state.observation(0)["pending"] and state.observation(0)["pending"]["frame"] == "travel":
        do(state, state.legal_actions()[0])
    pending = state.observation(0)["pending"]
    assert state._seats[0].res[0] == 1
    assert len(kinds) > 1 and pending["frame"] == "idol_reward"
    sites = [s for s in range(5, 17) if state._idol_up[s] != FREE]
    choices = [a for a in state.legal_actions() if A.SITE <= a < A.OVERCOME]
    assert choices == [A.SITE + s for s in sites]  # every face-up idol, all 9 kinds reachable
    site = sites[0]
    reward = IDOL_REWARDS[state._idol_up[site]]
    assert "the reward of the idol at" in state.action_to_string(A.SITE + site)
    do(state, A.SITE + site)
    assert state._idol_up[site] == reward.num  # the idol stays on the board


def test_an_expansion_idol_turns_a_used_boon_face_up_again() -> None:
    state = fresh(2, "owl")
    seat = state._seats[0]
    seat.guardians = [0 | 16, 1 | 16, 2]
    refresh = next(r for r in IDOL_REWARDS if r.reward == "refresh_spent_guardian")
    state._push_seq(0, refresh.effect)
    state._settle()
    assert state.observation(0)["pending"]["frame"] == "refresh_guardian"
    legal = state.legal_actions()
    assert [a for a in legal if A.BOON <= a < A.OPTION] == [A.BOON + 0, A.BOON + 1]
    do(state, A.BOON + 1)
    assert seat.guardians == [0 | 16, 1, 2]


def test_camp_c4_takes_a_fear_card_with_its_coin_and_arrowhead() -> None:
    state = fresh(2, "owl")
    effect = state.site_effect(SITE["C4"])
    assert effect == (("fear", 1), ("gain", (1, 0, 0, 1, 0)))
    assert fresh(2, "bird").site_effect(SITE["C4"]) == (("gain", (0, 0, 0, 1, 0)),)


def test_a_secret_passage_freezes_the_glass_and_starts_the_lantern() -> None:
    state = fresh(2, "owl")
    _rich(state)
    passage = BOARD.passages[0]
    state._seats[0].glass = passage.start
    state._legal = None
    assert A.PASSAGE + 0 in state.legal_actions()
    do(state, A.PASSAGE + 0)
    seat = state._seats[0]
    assert seat.passage == 0 and seat.lantern == TRACK.start
    assert state._passage_used[0] == 0
    assert seat.owl_tiles == [passage.vp]  # what lay in the passage, and nothing more:
    assert seat.res == [9 - c for c in passage.cost]  # no row effect, no bonus tile
    assert not state._stack
    assert owl.glass_row(state, seat) == passage.row
    do(state, A.END_TURN)
    do(state, state.legal_actions()[-1])  # seat 1 passes
    # seat 0's research now moves the lantern or the notebook, never the glass
    legal = state.legal_actions()
    assert not any(A.GLASS <= a < A.NOTEBOOK for a in legal)
    assert any(A.LANTERN <= a < A.PASSAGE for a in legal)
    assert not any(A.PASSAGE <= a < A.TRACK_TILE for a in legal)  # one passage a game
    state._seats[1].glass = passage.start
    state._seats[1].res = [9] * 5
    state._legal = None
    assert A.PASSAGE + 0 not in state._research_options(1, "either", (0,) * 5, False, True)


def test_the_lantern_scores_and_its_row_effects_are_its_own() -> None:
    state = fresh(2, "owl")
    _rich(state)
    seat = state._seats[0]
    seat.passage = 0
    seat.lantern = TRACK.start
    state._passage_used[0] = 0
    state._legal = None
    target = _node(1, "right")
    before = list(seat.res)
    do(state, A.LANTERN + target)
    while state._stack:
        do(state, state.legal_actions()[0])
    edge = next(e for e in TRACK.edges if e.start == TRACK.start and e.end == target)
    gained = [a - b + c for a, b, c in zip(seat.res, before, edge.cost, strict=True)]
    assert gained == list(TRACK.rows[1].lantern[0][1])
    expected = (
        GLASS_VP[BOARD.passages[0].row - 1] + GLASS_VP[0] + TRACK.nodes[seat.notebook].notebook_vp
    )
    assert state.research_points(0) == expected
    assert state.score_parts(0)["research"] == expected


def test_the_notebook_rises_to_the_row_of_the_glass_or_the_lantern() -> None:
    state = fresh(2, "owl")
    _rich(state)
    seat = state._seats[0]
    seat.passage = 1  # its reserved space is on row 3
    state._passage_used[1] = 0
    seat.glass = BOARD.passages[1].start
    seat.lantern = _node(5)
    seat.notebook = _node(4, "left")
    state._legal = None
    options = state._research_options(0, "notebook", (0,) * 5, False, False)
    assert A.NOTEBOOK + _node(5) in options  # up to the lantern's row 5
    seat.lantern = _node(1, "left")
    state._legal = None
    options = state._research_options(0, "notebook", (0,) * 5, False, False)
    assert A.NOTEBOOK + _node(5) not in options  # glass row 3, lantern row 1


def test_an_owl_tile_is_bought_where_a_token_stands() -> None:
    state = fresh(2, "owl")
    _rich(state)
    tile = next(t for t in BOARD.track_tiles if t.kind == "vp5" and state._owl_track[t.num])
    assert A.TRACK_TILE + tile.num not in state.legal_actions()
    state._seats[0].notebook = tile.node
    state._legal = None
    assert A.TRACK_TILE + tile.num in state.legal_actions()
    do(state, A.TRACK_TILE + tile.num)
    seat = state._seats[0]
    assert seat.owl_tiles == [5] and not state._owl_track[tile.num]
    assert seat.res == [9 - c for c in tile.cost]
    assert state.score_parts(0)["temple_tiles"] == 5
    assert state._main  # a research action


def test_the_top_of_the_temple_opens_by_row() -> None:
    state = fresh(2, "owl")
    _rich(state)
    seat = state._seats[0]
    top = {t.kind + str(t.min_row): t.num for t in BOARD.top}
    for row, opened in ((4, set()), (5, {"vp15", "idol5"}), (7, {"vp15", "idol5", "vp57"})):
        seat.glass = _node(row)
        state._legal = None
        legal = set(state.legal_actions())
        assert {k for k, n in top.items() if A.TEMPLE + n in legal} == opened, row
    seat.glass = _node(9)
    state._legal = None
    assert A.TEMPLE + top["vp109"] in state.legal_actions()
    do(state, A.TEMPLE + top["idol5"])
    assert seat.crates == 1 and state._temple_left[top["idol5"]] == 1


def test_two_owl_tiles_make_an_idol_slot_that_costs_no_empty_slot_points() -> None:
    state, seat = _holding([1, 5])
    before = state.score_parts(0)["idols"]
    do(state, A.IDOL_SLOT)
    assert seat.owl_slotted == 1 and seat.slots == [False] * 4
    assert state.score_parts(0)["idols"] == before  # the idol still scores, no slot lost
    seat.crates = 1
    state._legal = None
    do(state, A.IDOL_SLOT + 1)  # the pair's slot is used: the board's first slot now
    assert seat.slots == [True, False, False, False]


def test_the_tie_break_is_research_and_temple_tiles_together() -> None:
    state = fresh(2, "owl")
    assert state.scores()[0] == state.scores()[1]
    state._seats[0].owl_tiles = [5]  # 5 points from an Owl tile
    state._seats[1].guardians = [0]  # 5 points from a guardian
    state._over = True
    assert state.scores()[0] == state.scores()[1]
    assert state.returns() == [1.0, 0.0]
    state._seats[1].guardians = []
    state._seats[1].glass = _node(5)  # 8 research points
    state._seats[0].crates += 1  # 3 idol points: 8 in all, 5 of them from a tile
    assert state.scores()[0] == state.scores()[1] and state.returns() == [0.0, 1.0]


def test_the_rival_owl_tile_takes_the_lowest_owl_tile() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    assert OWL_TILE in rival.tiles() and len(rival.tiles()) == 11
    rival.glass = TRACK.start  # before its first turn's research
    nodes = TRACK.nodes
    lying = [t for t in BOARD.track_tiles if state._owl_track[t.num] and t.kind != "idol"]
    low = min(nodes[t.node].row for t in lying)
    glass = rival.glass
    rival.stack.append(OWL_TILE)
    rival.take_turn(state)
    taken = [t for t in lying if not state._owl_track[t.num]]
    assert len(taken) == 1 and nodes[taken[0].node].row == low
    assert taken[0].kind == "vp1" and rival.owl_tiles == [1]
    assert nodes[rival.glass].row == nodes[glass].row + 1  # and its glass advanced once


def test_the_rival_marks_a_ten_before_taking_it() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    rival.glass = _node(7)  # no passage beside it, nor beside rows 8 and 9
    ten = next(t for t in BOARD.track_tiles if t.kind == "vp10" and state._owl_track[t.num])
    for t in BOARD.track_tiles:
        if t.num != ten.num:
            state._owl_track[t.num] = 0
    rival.stack.append(OWL_TILE)
    rival.take_turn(state)
    assert state._owl_marked[ten.num] and state._owl_track[ten.num]
    assert rival.owl_tiles == [] and rival.glass == _node(9)  # two advances
    rival.stack.append(OWL_TILE)
    rival.take_turn(state)
    assert not state._owl_track[ten.num] and rival.owl_tiles == [10]
    assert state.observation(0)["rival"]["score_parts"]["temple_tiles"] == 10


def test_the_rival_enters_a_passage_its_arrow_points_into() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    passage = BOARD.passages[0]  # a left one
    rival.glass = passage.start
    rival._owl_advance(state, right=False)
    assert rival.passage == 0 and rival.lantern == TRACK.start
    assert state._passage_used[0] == RIVAL
    assert rival.owl_tiles == [passage.vp]
    rival._owl_advance(state, right=False)
    assert rival.lantern != TRACK.start and rival.passage == 0  # now the lantern climbs
    points = rival.score_parts(state)["research"]
    lantern = TRACK.rows[TRACK.nodes[rival.lantern].row].lantern_vp
    assert points == GLASS_VP[passage.row - 1] + lantern


def test_owl_games_play_to_the_end() -> None:
    moves = 0
    for players in (1, 2, 3, 4):
        state = fresh(players, "owl", seed=players)
        pick = random.Random(players)
        while not state.is_terminal():
            legal = state.legal_actions()
            special = [a for a in legal if a >= A.LANTERN or A.TEMPLE <= a < A.IDOL_SLOT]
            action = pick.choice(special) if special and pick.random() < 0.5 else pick.choice(legal)
            moves += action in special
            state.apply_action(action)
            for seat in state._seats:
                assert seat.owl_slotted <= len(seat.owl_tiles) // 2
                assert seat.passage < 0 or seat.lantern >= 0
        for p in range(players):
            assert state.scores()[p] == sum(state.score_parts(p).values())
        used = [u for u in state._passage_used if u != FREE]
        assert len(used) == len(set(used))  # one passage per seat
    assert moves > 10


def test_an_idol_in_an_owl_tiles_slot_is_slotted_for_every_card() -> None:
    state, seat = _holding([1, 1])
    do(state, A.IDOL_SLOT)
    assert seat.owl_slotted == 1 and seat.crates == 0
    assert state._count(0, "idols_owned_slotted_or_not") == 1  # the Brush counts it
    # the Stone Key may take it out again, to use a slot effect once more
    state._stack.append(("unslot", 0))
    state._legal = None
    assert A.OWL_UNSLOT in state.legal_actions()
    assert "Owl tiles" in state.action_to_string(A.OWL_UNSLOT)
    do(state, A.OWL_UNSLOT)
    assert seat.owl_slotted == 0 and seat.crates == 1


def test_an_owl_tile_under_the_notebook_alone_is_no_glass_research_for_objectives() -> None:
    state = fresh(1, "owl", objectives=3)
    _rich(state)
    seat = state._seats[0]
    tile = next(t for t in BOARD.track_tiles if t.kind == "vp5" and state._owl_track[t.num])
    seat.notebook = tile.node
    seen = objectives_done(state)
    do(state, A.TRACK_TILE + tile.num)
    assert "research" not in seen
    other = next(t for t in BOARD.track_tiles if state._owl_track[t.num] and t.node != tile.node)
    seat.glass = other.node
    state._main = False
    state._legal = None
    do(state, A.TRACK_TILE + other.num)
    assert "research" in seen


def test_the_journal_moves_the_notebook_alone_and_enters_no_passage() -> None:
    # "The notebook and lantern tokens can never enter a secret passage", and the
    # Journal "can only be used to advance the notebook token".
    state = fresh(2, "owl")
    setup(state, 0, hand=["item.journal"], resources={})
    state._seats[0].glass = BOARD.passages[0].start
    state._legal = None
    assert A.PASSAGE + 0 not in state.legal_actions()  # the passage's price is unpaid
    do(state, A.HAND + card("item.journal"))
    legal = state.legal_actions()
    assert any(A.NOTEBOOK <= a < A.IDOL_SLOT for a in legal)
    assert not [a for a in legal if a >= A.PASSAGE or A.TEMPLE <= a < A.IDOL_SLOT]


def test_a_research_discount_lowers_an_owl_tiles_price() -> None:
    state = fresh(2, "owl")
    ten = next(t for t in BOARD.track_tiles if t.kind == "vp10" and state._owl_track[t.num])
    assert ten.cost == (0, 0, 0, 1, 1)
    setup(state, 0, hand=["art.idol_of_ara_anu"], resources={"tablet": 1, "arrowhead": 1})
    state._seats[0].glass = ten.node
    state._legal = None
    assert A.TRACK_TILE + ten.num not in state.legal_actions()  # no jewel
    do(state, A.HAND + card("art.idol_of_ara_anu"))  # research, a jewel less
    do(state, A.TRACK_TILE + ten.num)
    seat = state._seats[0]
    assert seat.owl_tiles == [10] and seat.res == [0] * 5


def test_the_extra_coins_of_an_upper_site_cannot_also_hire_the_plane() -> None:
    state = fresh(2, "owl")
    site = SITE["L1-6"]
    setup(state, 0, hand=[], resources={"compass": 3, "coin": 3})
    assert A.SITE + site not in state.legal_actions()  # 2 coins extra and 2 for a plane
    setup(state, 0, hand=[], resources={"compass": 3, "coin": 4})
    assert A.SITE + site in state.legal_actions()


def test_the_lantern_and_a_passage_are_glass_research_for_objectives() -> None:
    state = fresh(1, "owl", objectives=3)
    _rich(state)
    seat = state._seats[0]
    seen: list[str] = []
    state._objective = lambda name, done=True: seen.append(name)  # type: ignore[method-assign]
    seat.glass = BOARD.passages[0].start
    state._legal = None
    do(state, A.PASSAGE + 0)
    assert seen == ["research"]
    seen.clear()
    state._main = False
    state._legal = None
    do(state, A.LANTERN + _node(1, "right"))
    assert "research" in seen


def test_a_tile_under_the_notebook_beside_the_glass_passage_is_no_glass_research() -> None:
    state = fresh(1, "owl", objectives=3)
    _rich(state)
    seat = state._seats[0]
    passage = next(p for p in BOARD.passages if any(t.node == p.start for t in BOARD.track_tiles))
    tile = next(t for t in BOARD.track_tiles if t.node == passage.start)
    seat.glass = passage.start  # the glass has left this space for the passage
    seat.passage = passage.num
    state._passage_used[passage.num] = 0
    seat.lantern = TRACK.start
    seat.notebook = tile.node
    seen = objectives_done(state)
    do(state, A.TRACK_TILE + tile.num)
    assert "research" not in seen


def test_an_owl_tiles_slot_takes_an_idol_once_the_boards_slots_are_full() -> None:
    state = fresh(2, "owl")
    seat = state._seats[0]
    setup(state, 0, crates=1, slots=[True] * 4)
    assert A.IDOL_SLOT not in state.legal_actions()
    seat.owl_tiles = [1, 5]
    state._legal = None
    assert A.IDOL_SLOT in state.legal_actions()
    # and during a decision, as the slot effects that only add are
    state._stack.append(("research", 0, "either", (0,) * 5, False, True))
    state._legal = None
    assert A.IDOL_SLOT + 1 in state.legal_actions()  # the slot that gains
    do(state, A.IDOL_SLOT + 1)
    assert seat.owl_slotted == 1 and seat.crates == 0


def test_camp_c1_asks_among_two_face_up_idols_and_gives_a_lone_one_at_once() -> None:
    state = fresh(2, "owl")
    seat = state._seats[0]
    effect = state.site_effect(SITE["C1"])
    state._idol_up = [FREE] * 17
    state._idol_up[16] = 0  # a coin idol, on the last site
    setup(state, 0, resources={})
    state._push_seq(0, effect)
    state._settle()
    assert seat.res[0] == 2 and not state._stack  # C1's coin and the idol's
    state._idol_up[5] = 1  # a compass idol too: two kinds to choose from
    setup(state, 0, resources={})
    state._push_seq(0, effect)
    state._settle()
    assert state.observation(0)["pending"]["frame"] == "idol_reward"
    assert [a for a in state.legal_actions() if A.SITE <= a < A.OVERCOME] == [
        A.SITE + 5,
        A.SITE + 16,
    ]


def test_an_expansion_idol_turns_the_only_used_boon_face_up_at_once() -> None:
    state = fresh(2, "owl")
    seat = state._seats[0]
    seat.guardians = [0 | 16, 1]
    refresh = next(r for r in IDOL_REWARDS if r.reward == "refresh_spent_guardian")
    state._push_seq(0, refresh.effect)
    state._settle()
    assert seat.guardians == [0, 1] and not state._stack


def test_a_clone_keeps_its_own_owl_tiles_and_marks() -> None:
    state = fresh(1, "owl")
    _rich(state)
    before = state.observation(0)
    copy = state.clone()
    tile = next(t for t in BOARD.track_tiles if t.kind == "vp5" and copy._owl_track[t.num])
    copy._seats[0].notebook = tile.node
    copy._legal = None
    do(copy, A.TRACK_TILE + tile.num)
    ten = next(t for t in BOARD.track_tiles if t.kind == "vp10" and copy._owl_track[t.num])
    copy._owl_track = [1 if t.num == ten.num else 0 for t in BOARD.track_tiles]
    copy._rival.glass = _node(7)
    copy._rival._owl_tile(copy, right=True)  # marks the ten
    copy._rival._owl_tile(copy, right=True)  # takes it
    assert copy._rival.owl_tiles == [10] and copy._seats[0].owl_tiles == [5]
    after = state.observation(0)
    assert after["owl"] == before["owl"] and after["rival"] == before["rival"]
    assert state._seats[0].owl_tiles == [] and not any(state._owl_marked)


def test_the_rival_enters_no_passage_a_player_took() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    passage = BOARD.passages[0]
    state._passage_used[0] = 0  # the player's
    rival.glass = passage.start
    rival._owl_advance(state, right=passage.side == "right")
    assert rival.passage == -1 and rival.lantern == -1
    assert TRACK.nodes[rival.glass].row == TRACK.nodes[passage.start].row + 1


def test_the_rivals_passage_is_a_glass_research_for_objectives() -> None:
    state = fresh(1, "owl", objectives=3)
    rival = state._rival
    rival.goals = [OBJECTIVE["research"]]
    rival.goal_owner = [OPEN]
    rival.glass = BOARD.passages[0].start
    rival._owl_advance(state, right=BOARD.passages[0].side == "right")
    assert rival.passage == 0 and rival.goal_owner == [THEIRS]


def test_the_rival_at_the_top_row_takes_no_face_down_idol_from_the_top() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    rival.glass = _node(9)
    top = {t.kind: t.num for t in BOARD.top}
    state._temple_left = [1 if t.kind == "idol" else 0 for t in BOARD.top]
    rival._owl_advance(state, right=True)
    assert rival.owl_tiles == [] and state._temple_left[top["idol"]] == 1
    state._temple_left = [1] * len(BOARD.top)
    rival._owl_advance(state, right=True)  # the most valuable Owl tile
    assert rival.owl_tiles == [10]


def test_the_rival_removes_a_bonus_tile_its_glass_lands_on() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    rival.glass = TRACK.start
    for node in (_node(1, "left"), _node(1, "right")):
        state._bonus[node] = [0]
    rival._owl_advance(state, right=True)
    assert TRACK.nodes[rival.glass].row == 1 and state._bonus[rival.glass] == []


def test_the_rival_owl_tile_never_takes_a_face_down_idol() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    idols = [t.num for t in BOARD.track_tiles if t.kind == "idol"]
    state._owl_track = [1 if t.num in idols else 0 for t in BOARD.track_tiles]
    rival.stack.append(OWL_TILE)
    rival.take_turn(state)
    assert rival.owl_tiles == [] and rival.minus == 0
    assert all(state._owl_track[t] for t in idols)


def test_the_rivals_notebook_rises_to_its_passage_or_lantern_row() -> None:
    state = fresh(1, "owl")
    rival = state._rival
    passage = next(p for p in BOARD.passages if p.row > TRACK.nodes[p.start].row)
    rival.glass = passage.start
    rival.passage = passage.num
    rival.lantern = TRACK.start
    rival.notebook = passage.start
    rival._notebook(state, right=True)
    assert TRACK.nodes[rival.notebook].row == passage.row  # the passage's row
    rival.lantern = _node(passage.row + 2)
    rival._notebook(state, right=True)
    assert TRACK.nodes[rival.notebook].row == passage.row + 1  # below the lantern's


def test_every_seat_sees_the_row_a_glass_in_a_passage_scores() -> None:
    state = fresh(2, "owl")
    _rich(state)
    passage = BOARD.passages[0]
    state._seats[0].glass = passage.start
    state._legal = None
    do(state, A.PASSAGE + 0)
    seen = state.observation(1)["owl"]["seats"][0]
    assert seen["glass_row"] == passage.row != TRACK.nodes[passage.start].row
    assert (seen["passage"], seen["lantern_row"]) == (1, 0)
