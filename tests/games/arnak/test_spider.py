"""The Spider Temple side (Twisted Paths rulebook, "Spider Temple" and its solo
variant): the dark tablet supply, gaining and spending dark tablets, invoking altars,
the dark effects of four sites, the Cost of Ambition scoring and the rival's tile."""

from __future__ import annotations

import pytest

from meeple.errors import IllegalActionError
from meeple.games.arnak import spider
from meeple.games.arnak.components import BOARDS, CARDS, SOLO_TILES, TRACKS
from meeple.games.arnak.rival import SPIDER_TILE
from meeple.games.arnak.rules import FREE, ArnakState

from .scenario import (
    A,
    card,
    discover,
    do,
    fresh,
    objectives_done,
    place,
    row,
    seat_of,
    setup,
)

TRACK = TRACKS["spider"]
SITE = {s.id: s.num for s in BOARDS["spider"]}
ARTIFACTS = [c.id for c in CARDS if c.kind == "artifact"]


def _dark(state: ArnakState, p: int, count: int) -> None:
    """Give seat `p` `count` dark tablets from the supply."""
    for _ in range(count):
        spider.gain(state, state._seats[p])
    state._legal = None


def _glass(state: ArnakState, p: int, row_number: int) -> None:
    node = next(n.num for n in TRACK.nodes if n.row == row_number)
    state._seats[p].glass = node
    state._legal = None


@pytest.mark.parametrize(("players", "per_space"), [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_setup_puts_one_dark_tablet_per_player_on_each_supply_space(
    players: int, per_space: int
) -> None:
    state = fresh(players, "spider")
    assert state._dark_supply == [per_space] * 7
    assert state._altar_card == [FREE] * 5
    assert all(tabs == [0] * (players + (players == 1)) for tabs in state._altar_tabs)
    assert all(seat.dark == 0 for seat in state._seats)
    assert "spider" in state.observation(0)
    assert "spider" not in fresh(players).observation(0)


def test_dark_tablets_come_from_the_leftmost_space_then_regular_ones() -> None:
    state = fresh(2, "spider")
    seat = state._seats[0]
    _dark(state, 0, 3)
    assert state._dark_supply == [0, 1, 2, 2, 2, 2, 2]
    assert (seat.dark, seat.res[2]) == (3, 3)
    state._dark_supply = [0] * 7
    _dark(state, 0, 1)  # the supply is empty: a regular tablet instead
    assert (seat.dark, seat.res[2]) == (3, 4)


def test_a_payment_spends_regular_tablets_first_and_returns_dark_ones_right_to_left() -> None:
    state = fresh(2, "spider")
    seat = state._seats[0]
    state._dark_supply = [0, 0, 0, 0, 0, 1, 2]
    setup(state, 0, resources={"tablet": 1})
    seat.dark = 0
    _dark(state, 0, 1)  # from the -4 space: it is now empty
    assert state._dark_supply == [0, 0, 0, 0, 0, 0, 2]
    assert (seat.res[2], seat.dark) == (2, 1)
    state._pay(seat, (0, 0, 1, 0, 0))  # the regular tablet goes first
    assert (seat.res[2], seat.dark) == (1, 1)
    assert state._dark_supply == [0, 0, 0, 0, 0, 0, 2]
    state._pay(seat, (0, 0, 1, 0, 0))  # then the dark one, back to the rightmost gap
    assert (seat.res[2], seat.dark) == (0, 0)
    assert state._dark_supply == [0, 0, 0, 0, 0, 1, 2]


def test_trading_a_dark_tablet_up_returns_it_to_the_supply() -> None:
    state = fresh(2, "spider")
    _dark(state, 0, 1)
    seat = state._seats[0]
    state._stack.append(("upgrade", 0, 1))
    state._legal = None
    do(state, A.UPGRADE)
    assert (seat.res[2], seat.res[3], seat.dark) == (0, 1, 0)
    assert state._dark_supply == [2] * 7


def test_the_altar_action_needs_a_dark_tablet_a_token_high_enough_and_room() -> None:
    state = fresh(2, "spider")
    altar_actions = [A.ALTAR + k for k in range(5)]
    assert not set(altar_actions) & set(state.legal_actions())  # no dark tablet
    _dark(state, 0, 4)
    legal = set(state.legal_actions())
    assert not set(altar_actions) & legal  # the tokens are on the start line
    _glass(state, 0, 3)
    legal = set(state.legal_actions())
    # altars 1-3 are invoked from rows 1, 2 and 3; altars 4 and 5 from rows 5 and 6
    assert [a for a in altar_actions if a in legal] == altar_actions[:3]
    state._seats[0].notebook = next(n.num for n in TRACK.nodes if n.row == 6)
    state._legal = None
    assert set(altar_actions) <= set(state.legal_actions())  # the notebook counts too
    state._altar_tabs[0][0] = spider.MAX_PER_ALTAR
    state._legal = None
    assert A.ALTAR not in state.legal_actions()  # three of yours are under it already
    with pytest.raises(IllegalActionError, match="invoke altar 1"):
        state.apply_action(A.ALTAR)


def test_an_empty_altar_needs_an_artifact_in_the_card_row() -> None:
    state = fresh(2, "spider")
    _dark(state, 0, 1)
    _glass(state, 0, 1)
    row(state, artifacts=[])
    assert A.ALTAR not in state.legal_actions()
    state._altar_card[0] = card("serpents_gold")
    state._legal = None
    assert A.ALTAR in state.legal_actions()  # an altar holding one needs none


def test_invoking_an_empty_altar_moves_a_row_artifact_onto_it_for_good() -> None:
    state = fresh(2, "spider")
    gold = card("serpents_gold")  # take a Fear card and 4 coins
    row(state, artifacts=[gold, *state._row_art[:4]])
    _dark(state, 0, 2)
    _glass(state, 0, 3)
    setup(state, 0, resources={"coin": 0, "tablet": 2})
    state._seats[0].dark = 2
    do(state, A.ALTAR + 2)
    assert state.observation(0)["pending"]["frame"] == "altar"
    assert state.observation(1)["pending"]["altar"] == 3
    seen = objectives_done(state)
    choices = [a for a in state.legal_actions() if A.CARD <= a < A.SITE]
    assert choices == sorted(A.CARD + c for c in state._row_art)  # must pick one
    assert "put Serpent's Gold on altar 3" in state.action_to_string(A.CARD + gold)
    do(state, A.CARD + gold)
    assert state._altar_card[2] == gold and gold not in state._row_art
    assert "artifact" not in seen  # nobody gains it: no Rival Objective is done
    assert state._altar_tabs[2] == [1, 0]
    seat = state._seats[0]
    assert (seat.dark, seat.res[2]) == (1, 1)  # the tablet stays under the altar
    assert "use this effect now" in state.observation(0)["pending"]["prompt"]
    do(state, A.YES)  # resolved for free: no tablet paid for the artifact
    assert seat.res[0] == 4 and card("fear") in seat.cards()
    assert state._main
    do(state, A.END_TURN)
    standard = len(fresh(2, "spider")._row_art)
    assert len([c for c in state._row_art if c >= 0]) == standard  # the row is refilled
    # the next player invokes the same altar and uses the artifact left on it
    _dark(state, 1, 1)
    _glass(state, 1, 3)
    do(state, A.ALTAR + 2)
    assert state.observation(1)["pending"]["frame"] == "offer"
    do(state, A.YES)
    assert state._seats[1].res[0] >= 4
    assert state._altar_tabs[2] == [1, 1]


def _end_scores(state: ArnakState) -> list[dict[str, int]]:
    return [state.score_parts(p) for p in range(state._n)]


def test_cost_of_ambition_scoring_follows_the_rulebook_example() -> None:
    # Twisted Paths, "Scoring Dark Tablets": two players; Yellow (seat 1) returns three
    # unused dark tablets, which moves the penalty from -4 to -3; Blue (seat 0) placed 5
    # and scores -15, Yellow placed 4 and scores -12; Blue scores the first altar (2),
    # Yellow the fourth (3), both the third (3, a tie); the unused altars score nothing.
    state = fresh(2, "spider")
    state._dark_supply = [0, 0, 0, 0, 0, 0, 2]
    state._seats[1].dark = 3
    state._seats[1].res[2] = 3
    art = [card(a) for a in ARTIFACTS[:3]]
    state._altar_card = [art[0], FREE, art[1], art[2], FREE]
    state._altar_tabs = [[3, 1], [0, 0], [2, 2], [0, 1], [0, 0]]
    assert spider.penalty(state) == -3
    parts = _end_scores(state)
    assert [p["dark_tablets"] for p in parts] == [-15, -12]
    assert [p["altars"] for p in parts] == [2 + 3, 3 + 3]
    for p in range(2):
        assert state.scores()[p] == sum(parts[p].values())
        assert state.observation(p)["scores_so_far"][p] == sum(parts[p].values())
    state._seats[1].dark = 0  # had Yellow used them, the penalty would stay -4
    state._seats[1].res[2] = 0
    assert spider.penalty(state) == -4


def test_no_empty_supply_space_means_no_penalty() -> None:
    state = fresh(3, "spider")
    state._altar_card[0] = card(ARTIFACTS[0])
    state._altar_tabs[0] = [1, 0, 0]
    assert spider.penalty(state) == 0
    assert state.score_parts(0)["dark_tablets"] == 0
    assert state.score_parts(0)["altars"] == 2


def test_other_boards_have_no_altar_scores() -> None:
    state = fresh(2, "bird")
    assert "altars" not in state.score_parts(0)
    assert not set(range(A.ALTAR, A.NUM_ACTIONS)) & set(state.legal_actions())


def test_digging_at_a_dark_site_offers_its_dark_effect_after_the_site_effect() -> None:
    state = fresh(2, "spider")
    c3 = SITE["C3"]
    setup(state, 0, hand=["basic.funding_car", "fear"], resources={})
    do(state, A.SITE + c3)
    assert state.observation(0)["pending"]["frame"] == "travel"
    do(state, A.HAND + card("basic.funding_car"))  # a car pays the boot
    seat = state._seats[0]
    assert seat.res[2] == 2  # C3's own effect came first
    pending = state.observation(0)["pending"]
    assert pending["frame"] == "offer" and "dark tablet" in pending["prompt"]
    do(state, A.YES)  # the price: a hand card put into play
    do(state, A.HAND + card("fear"))
    assert (seat.res[2], seat.dark) == (3, 1)
    assert state._dark_supply[0] == 1


def test_discovering_a_dark_site_offers_its_dark_effect_before_the_guardian() -> None:
    state = fresh(2, "spider")
    l24 = SITE["L2-4"]
    setup(state, 0, hand=["basic.funding_car"] * 2, resources={"compass": 6, "coin": 4})
    do(state, A.SITE + l24)
    while state.observation(0)["pending"]["frame"] == "travel":
        do(state, state.legal_actions()[0])
    seen = []
    while state._stack and state._guardian[l24] == FREE:
        pending = state.observation(0)["pending"]
        if pending["frame"] == "offer" and "dark tablet" in pending["prompt"]:
            # a gift of the site, not an artifact's effect with its tablet waived
            assert pending["prompt"].startswith("resolve the site's dark effect?")
            assert "without a tablet" not in pending["prompt"]
            seen.append("dark")
            do(state, A.YES)
            continue
        do(state, state.legal_actions()[-1])
    assert seen == ["dark"]
    assert state._seats[0].dark == 1


def test_activating_a_dark_site_gives_no_dark_effect() -> None:
    state = fresh(2, "spider")
    c3 = SITE["C3"]
    place(state, 0, c3)
    state._stack.append(("activate", 0, {}, ()))
    state._legal = None
    do(state, A.SITE + c3)
    while state._stack:
        pending = state.observation(0)["pending"]
        assert "dark tablet" not in pending["prompt"]
        do(state, state.legal_actions()[-1])
    assert state._seats[0].dark == 0


def test_relocating_to_a_dark_site_offers_its_dark_effect() -> None:
    state = fresh(2, "spider")
    l14 = SITE["L1-4"]
    discover(state, l14)
    slot = place(state, 0, SITE["C1"])
    setup(state, 0, resources={"coin": 3})
    state._stack.append(("relocate_to", 0, ("level1",), SITE["C1"]))
    state._legal = None
    do(state, A.SITE + l14)
    assert state._occ[slot] == FREE
    prompts = []
    while state._stack:
        pending = state.observation(0)["pending"]
        prompts.append(pending["prompt"])
        do(state, A.YES if "dark tablet" in pending["prompt"] else state.legal_actions()[-1])
    assert any("pay 1 coin" in p and "dark tablet" in p for p in prompts)
    assert state._seats[0].dark == 1


def test_the_rival_of_a_spider_solo_game_has_eleven_tiles() -> None:
    state = fresh(1, "spider")
    assert SPIDER_TILE in state._rival.tiles() and len(state._rival.tiles()) == 11
    assert SOLO_TILES[SPIDER_TILE].type == "spider"
    assert SPIDER_TILE not in fresh(1)._rival.tiles()


def _rival_spider_turn(state: ArnakState, round_number: int) -> None:
    state._round = round_number
    rival = state._rival
    rival.stack.append(SPIDER_TILE)
    rival.take_turn(state)


def test_the_rival_places_an_artifact_once_its_glass_reaches_the_altar() -> None:
    state = fresh(1, "spider")
    rival = state._rival
    rival.stack = [t for t in rival.stack if t != SPIDER_TILE]
    rival.glass = TRACK.start
    _rival_spider_turn(state, 1)
    assert state._altar_card == [FREE] * 5  # row 0 has not risen to altar 1's row
    rival.glass = next(n.num for n in TRACK.nodes if n.row == 1)
    arrow = rival.next_arrow()
    artifacts = [c for c in state._row_art if c >= 0]
    _rival_spider_turn(state, 1)
    chosen = artifacts[-1] if arrow == "right" else artifacts[0]
    assert state._altar_card[0] == chosen
    assert state._altar_tabs[0] == [0, 1]
    assert sum(state._dark_supply) == 13
    assert state._rival.score_parts(state)["altars"] == 2
    assert "dark_tablets" not in state._rival.score_parts(state)  # no penalty for it
    assert "a dark tablet under altar 1" in " ".join(state.observation(0)["rival"]["turns"])


def test_the_rival_invokes_the_topmost_altar_holding_an_artifact() -> None:
    state = fresh(1, "spider")
    state._altar_card[0] = card(ARTIFACTS[0])
    state._altar_card[3] = card(ARTIFACTS[1])
    _rival_spider_turn(state, 5)  # round V: invoke only (meeple's placeholder schedule)
    assert [tabs[1] for tabs in state._altar_tabs] == [0, 0, 0, 1, 0]
    state._dark_supply = [0] * 7
    _rival_spider_turn(state, 5)  # an empty supply: nothing happens
    assert [tabs[1] for tabs in state._altar_tabs] == [0, 0, 0, 1, 0]


def test_spider_games_play_to_the_end_with_altars_invoked() -> None:
    import random

    invoked = 0
    for players in (1, 2, 3, 4):
        state = fresh(players, "spider", seed=players)
        pick = random.Random(players)
        while not state.is_terminal():
            legal = state.legal_actions()
            altars = [a for a in legal if a >= A.ALTAR]
            action = altars[0] if altars and pick.random() < 0.5 else pick.choice(legal)
            invoked += action >= A.ALTAR
            state.apply_action(action)
            for seat in state._seats:
                assert 0 <= seat.dark <= seat.res[2]
            assert all(0 <= n <= (2 if players == 1 else players) for n in state._dark_supply)
        for p in range(players):
            assert state.scores()[p] == sum(state.score_parts(p).values())
        held = sum(seat_of(state, p).dark for p in range(players))
        placed = sum(map(sum, state._altar_tabs))
        assert sum(state._dark_supply) + held + placed == 7 * (2 if players == 1 else players)
    assert invoked > 4


def test_each_player_places_at_most_three_dark_tablets_under_one_altar() -> None:
    # "Each player can place a maximum of 3 dark tablets below each altar."
    state = fresh(2, "spider")
    state._altar_card[0] = card(ARTIFACTS[0])
    _dark(state, 0, 4)
    _glass(state, 0, 1)
    state._altar_tabs[0] = [2, 0]
    state._legal = None
    assert A.ALTAR in state.legal_actions()  # the third
    state._altar_tabs[0] = [3, 0]
    state._legal = None
    assert A.ALTAR not in state.legal_actions()  # never a fourth
    state._altar_tabs[0] = [0, 3]  # the limit is each player's own
    state._legal = None
    assert A.ALTAR in state.legal_actions()


def test_an_altar_still_waiting_for_its_artifact_scores_nothing() -> None:
    state = fresh(2, "spider")
    _dark(state, 0, 1)
    _glass(state, 0, 1)
    do(state, A.ALTAR)
    assert state.observation(0)["pending"]["frame"] == "altar"
    assert state._altar_tabs[0] == [1, 0] and state._altar_card[0] == FREE
    assert state.score_parts(0)["altars"] == 0  # no artifact on it yet
    gold = state._row_art[0]
    do(state, A.CARD + gold)
    assert state.score_parts(0)["altars"] == TRACK.altars[0].vp


def test_playing_an_artifact_with_a_dark_tablet_returns_it_to_the_supply() -> None:
    state = fresh(2, "spider")
    setup(state, 0, hand=["art.serpents_gold"], resources={})
    _dark(state, 0, 1)  # the seat's only tablet is a dark one
    assert state._dark_supply == [1, 2, 2, 2, 2, 2, 2]
    do(state, A.HAND + card("art.serpents_gold"))
    seat = state._seats[0]
    assert (seat.res[2], seat.dark) == (0, 0)  # its tablet price was paid with it
    assert state._dark_supply == [2] * 7


def test_a_clone_keeps_its_own_dark_tablets_and_altars() -> None:
    state = fresh(2, "spider")
    state._altar_card[0] = card(ARTIFACTS[0])
    before = state.observation(0)["spider"]
    copy = state.clone()
    _dark(copy, 0, 3)
    _glass(copy, 0, 1)
    do(copy, A.ALTAR)
    assert copy.observation(0)["spider"] != before
    assert state.observation(0)["spider"] == before
    assert state._seats[0].dark == 0


def test_the_card_row_is_refilled_after_the_rival_puts_an_artifact_on_an_altar() -> None:
    state = fresh(1, "spider")
    standard = len([c for c in state._row_art if c >= 0])
    state._rival.glass = next(n.num for n in TRACK.nodes if n.row == 1)
    _rival_spider_turn(state, 1)
    placed = state._altar_card[0]
    assert placed != FREE and placed not in state._row_art
    assert len([c for c in state._row_art if c >= 0]) == standard


def test_the_rival_places_at_most_three_tablets_under_an_altar() -> None:
    state = fresh(1, "spider")
    state._altar_card[0] = card(ARTIFACTS[0])
    state._altar_card[3] = card(ARTIFACTS[1])
    state._altar_tabs[3] = [0, 3]
    _rival_spider_turn(state, 5)  # round V: invoke the topmost altar it may still use
    assert [tabs[1] for tabs in state._altar_tabs] == [1, 0, 0, 3, 0]
