"""Leak audit: what one seat is shown of another seat's private choices.

`test_server_views.py` compares each message with one built from `state.resample(p, k)`:
that catches everything that depends on the hidden *state*, but not a text that names
a hidden card through the *action* itself ("keep 3 red/5 blue" reads the same in every
world). These tests pin that second kind: a private choice reads the same to the other
seats whatever was chosen, in the game's public texts, in the server's log, in the
OpenSpiel information state and in the text views; and the seed (which decides every
hidden card) stays with the server until the game is over.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Any

import pytest
from server_support import TestClient, create, next_message, play_until

import meeple
from meeple.core import Rng, State
from meeple.games.anludim import actions as AN
from meeple.games.anludim.components import card_text
from meeple.games.arnak import actions as AR
from meeple.games.arnak.components import CARD_INDEX
from meeple.games.arnak.text import card_name
from meeple.rl._common import view_text

ARNAK_PUBLIC_BY_RULE = re.compile(
    r"^(discard .* to their play area|exile .* from their hand|done)$"
)
"""Arnak texts that name a card the observation later loses but the rules show to all:
a hand card discarded to the play area at the end of a round (the play area is face up;
the round's shuffle then hides it) and a card exiled from the hand (exile is public;
Funding, Exploration and Fear exiles are not listed in observations)."""


def view(state: State, seat: int | None) -> str:
    observation = state.public_observation() if seat is None else state.observation(seat)
    return json.dumps(observation, sort_keys=True)


def random_positions(game: str, players: int, seed: int, **options: Any) -> list[State]:
    """Every position of one random game (clones), the last one terminal."""
    state = meeple.load_game(game, players=players, **options).new_initial_state(seed=seed)
    rng, out = Rng(seed), []
    while not state.is_terminal():
        out.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    out.append(state)
    return out


def anludim_keeping(players: int, seed: int) -> State:
    """The first position of a random Anludim game where a seat chooses among two or
    more cards to keep."""
    for state in random_positions("anludim", players, seed):
        keeps = [a for a in state.legal_actions() if AN.KEEP <= a < AN.KEEP_DONE]
        if state.observation(0)["phase"] == "keeping" and len(keeps) >= 2:
            return state
    raise AssertionError(f"no keeping step with a choice in game seed {seed}")


# --- the game's public texts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("anludim", 2, {}),
        ("anludim", 4, {"variant": "expert"}),
        ("aridnyk", 2, {}),
        ("aridnyk", 3, {"characters": True}),
        ("arnak", 2, {}),
        ("arnak", 3, {"board": "snake"}),
    ],
)
def test_choices_the_others_cannot_tell_apart_read_the_same(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """At every decision of a random game: legal actions after which every other seat
    and a spectator see the same, while the deciding seat sees a difference, are a
    private choice; their public texts (what the server logs for everyone) must agree."""
    private_choices = 0
    for state in random_positions(game, players, players * 13 + 5, **options)[:-1]:
        legal = state.legal_actions()
        actor = state.current_player
        others = [p for p in [*range(players), None] if p != actor]
        groups: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
        for action in legal:
            after = state.clone()
            after.apply_action(action)
            if after.is_terminal():
                continue
            seen = tuple(view(after, p) for p in others)
            groups[seen].append((view(after, actor), state.public_action_string(action)))
        for group in groups.values():
            if len({mine for mine, _ in group}) < 2:
                continue  # nobody sees a difference: not a private choice
            private_choices += 1
            texts = {text for _, text in group}
            if game == "arnak":
                texts = {t for t in texts if not ARNAK_PUBLIC_BY_RULE.match(t)}
            assert len(texts) <= 1, (
                f"{game}: seat {actor}'s choices look alike to the others but read "
                f"differently in the log: {sorted(texts)} "
                f"(position {len(state.history())})"
            )
    if game == "anludim":
        assert private_choices, "no private choice was met: the check would be vacuous"


def test_anludim_keeping_reads_the_same_whatever_is_kept() -> None:
    state = anludim_keeping(3, seed=8)
    keeper = state.current_player
    keeps = [a for a in state.legal_actions() if AN.KEEP <= a < AN.KEEP_DONE]
    texts = {state.public_action_string(a) for a in keeps}
    assert texts == {"keeps a card"}
    for action in keeps:
        card = card_text(action - AN.KEEP)
        assert card in state.action_to_string(action)  # the keeper reads which card
        assert card not in state.public_action_string(action)
    afters = []
    for action in keeps:
        after = state.clone()
        after.apply_action(action)
        afters.append(after)
    for seat in [p for p in [0, 1, 2, None] if p != keeper]:
        assert len({view(after, seat) for after in afters}) == 1, f"seat {seat} sees the keep"
    assert len({view(after, keeper) for after in afters}) == len(keeps)


def arnak_earring_draw() -> State:
    """Arnak, seat 0 plays Crystal Earring and draws three cards (the look_keep step)."""
    state = meeple.load_game("arnak", players=2).new_initial_state(seed=4)
    seat = state._seats[0]  # type: ignore[attr-defined]
    earring = CARD_INDEX["art.crystal_earring"]
    seat.hand = [earring, CARD_INDEX["item.dog"]]
    seat.deck = [CARD_INDEX[c] for c in ("item.rope", "item.hat", "item.watch", "item.axe")]
    seat.public = [False] * len(seat.deck)
    seat.private_top = 0
    seat.res = [0, 0, 1, 0, 0]
    state._legal = None  # type: ignore[attr-defined]
    state.apply_action(AR.HAND + earring)
    state.apply_action(AR.OPTION + 2)  # draw three
    assert state._stack[-1][0] == "look_keep"  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("step", ["look_keep", "look_return"])
def test_arnak_crystal_earring_choices_read_the_same(step: str) -> None:
    """The card kept from an Earring draw, and the one put back on top, are named only
    to the seat that drew them."""
    state = arnak_earring_draw()
    if step == "look_return":
        state.apply_action(min(a for a in state.legal_actions() if AR.CARD <= a < AR.SITE))
        assert state._stack[-1][0] == "look_return"  # type: ignore[attr-defined]
    choices = [a for a in state.legal_actions() if AR.CARD <= a < AR.SITE]
    assert len(choices) >= 2
    assert len({state.public_action_string(a) for a in choices}) == 1
    for action in choices:
        name = card_name(action - AR.CARD)
        assert name in state.action_to_string(action)
        assert name not in state.public_action_string(action)


def test_aridnyk_log_names_only_cards_the_reader_sees() -> None:
    """Every Plot or Trinket a public text names is one each other seat can see in its
    observation just before or just after the action (row, revealed card, discard pile,
    fulfilled Plots, cards known to be in a hand): a hidden draw is never named."""
    named = 0
    for state in random_positions("aridnyk", 3, seed=21)[:-1]:
        actor = state.current_player
        for action in state.legal_actions():
            text = state.public_action_string(action)
            mentions = re.findall(r"(Plot|Trinket) (\d+)", text)
            if not mentions:
                continue
            after = state.clone()
            after.apply_action(action)
            for seat in range(3):
                if seat == actor:
                    continue
                visible = _aridnyk_visible(state.observation(seat))
                visible |= _aridnyk_visible(after.observation(seat))
                for kind, number in mentions:
                    named += 1
                    assert (kind, int(number)) in visible, (
                        f"{text!r} (seat {actor}) names a card seat {seat} cannot see"
                    )
    assert named, "no text named a card: the check would be vacuous"


def _aridnyk_visible(obs: dict[str, Any]) -> set[tuple[str, int]]:
    plots: set[int] = set(obs["plots"])
    trinkets: set[int] = set(obs["trinkets"])
    plots.update(p for p in obs["plot_row"] if p is not None)
    trinkets.update(t for t in obs["trinket_row"] if t is not None)
    revealed = obs["revealed_cards"]
    plots.update(p for p in [revealed["plot"]] if p is not None)
    trinkets.update(t for t in [revealed["trinket"]] if t is not None)
    plots.update(obs["discards"]["plots"])
    trinkets.update(obs["discards"]["trinkets"])
    for fulfilled in obs["fulfilled"]:
        plots.update(fulfilled)
    for known in obs["known_hands"]:
        plots.update(known["plots"])
        trinkets.update(known["trinkets"])
    return {("Plot", p) for p in plots} | {("Trinket", t) for t in trinkets}


# --- text views and OpenSpiel -----------------------------------------------------------


@pytest.mark.parametrize("game", meeple.list_games())
def test_text_view_of_a_seat_ignores_the_hidden_truth(game: str) -> None:
    """The terminal view of seat p is the same for the true state and for another hidden
    truth p cannot tell from it, while some other seat's view changes (not vacuous)."""
    positions = random_positions(game, 2, seed=31)
    moved = False
    for state in positions[:: max(1, len(positions) // 6)]:
        for seat in (0, 1):
            mine, theirs = view_text(state, seat), view_text(state, 1 - seat)
            for k in (1, 2):
                other_truth = state.resample(seat, k)
                assert view_text(other_truth, seat) == mine, f"seat {seat}'s text view leaks"
                moved |= view_text(other_truth, 1 - seat) != theirs
    assert moved, "resample never changed what the other seat sees"


def test_openspiel_information_state_hides_which_card_was_kept() -> None:
    pytest.importorskip("pyspiel")
    from meeple.rl.openspiel import Core, MeepleSpielState, openspiel_game

    game = openspiel_game("anludim", players=3)
    state = anludim_keeping(3, seed=8)
    keeper = state.current_player
    keeps = [a for a in state.legal_actions() if AN.KEEP <= a < AN.KEEP_DONE]
    infos: dict[int, set[str]] = defaultdict(set)
    for action in keeps[:3]:
        wrapped = MeepleSpielState(game, Core(game, state.clone(), []))
        wrapped.apply_action(action)
        for seat in range(3):
            infos[seat].add(wrapped.information_state_string(seat))
    for seat in range(3):
        expected = len(keeps[:3]) if seat == keeper else 1
        assert len(infos[seat]) == expected, f"seat {seat}'s information state"


# --- the server -------------------------------------------------------------------------


def _keys(value: Any) -> set[str]:
    """Every key of every dict nested in `value`."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def _state_when(ws: Any, condition: Any) -> dict[str, Any]:
    """The next state message (its log made whole) for which `condition` holds."""
    for _ in range(1000):
        message = next_message(ws, "state")
        if condition(message):
            return message
    raise AssertionError("the expected state message never came")


def test_server_log_shows_other_seats_keeps_as_public_text(client: TestClient) -> None:
    """Two people play Anludim over WebSockets with a spectator watching: every log
    entry of another seat's move is the action's public text, computed on the server's
    true state before the action, so a keep reads "keeps a card" to the other seat and
    the spectator; only the seat that kept reads its own move as it chose it."""
    created = create(client, ["human", "human"], seed=23)
    table_id = created["table"]["id"]
    tokens = [invite["token"] for invite in created["invites"]]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    expected: list[list[dict[str, Any]]] = [[], [], []]  # the log per socket
    private_keeps = 0
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as ws1,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        sockets = [ws0, ws1, watcher]
        views = [_state_when(ws, lambda m: m["table"]["status"] == "playing") for ws in sockets]
        rng = Rng(9)
        while views[0]["returns"] is None:
            truth: State = manager._tables[table_id].state
            decider = views[0]["current_player"]
            legal = views[decider]["legal"]
            action = legal[rng.below(len(legal))]["id"]
            public = truth.public_action_string(action)
            if AN.KEEP <= action < AN.KEEP_DONE:
                private_keeps += 1
                assert public == "keeps a card"
                assert public != truth.action_to_string(action)
            # the seat that acted reads its move as it chose it; the others and the
            # spectator (index 2) only ever the public text
            for i, log in enumerate(expected):
                text = truth.action_to_string(action) if i == decider else public
                log.append({"seat": decider, "text": text})
            version = views[0]["version"]
            sockets[decider].send_json({"type": "act", "action": action, "version": version})
            views = [_state_when(ws, lambda m, v=version + 1: m["version"] == v) for ws in sockets]
            for received, log in zip(views, expected, strict=True):
                assert received["log"] == log
    assert private_keeps, "no card was kept: the check would be vacuous"


def test_server_keeps_the_seed_and_actions_until_the_end(client: TestClient) -> None:
    """Before the game is over, no HTTP answer and no WebSocket message (to a seat or a
    spectator) carries the seed or the list of action ids: with them anyone could
    replay the deal. The record with the seed comes once the game is over."""
    created = create(client, ["human", "random"], game="aridnyk")
    table_id = created["table"]["id"]
    token = created["invites"][0]["token"]
    forbidden = {"seed", "actions", "history"}
    assert not _keys(created) & forbidden
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409
    messages: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as player,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):

        def checked(message: dict[str, Any]) -> bool:
            messages.append(message)
            assert not _keys(message) & forbidden, sorted(_keys(message) & forbidden)
            if message["returns"] is None:
                for path in (f"/api/tables/{table_id}", "/api/tables?status=all"):
                    answer = client.get(path).json()
                    assert not _keys(answer) & forbidden, path
            return False

        final = play_until(player, lambda m: m["legal"][0]["id"], stop=checked)
        seen = next_message(watcher, "state")
        while seen["returns"] is None:
            checked(seen)
            seen = next_message(watcher, "state")
        checked(seen)
    assert final["returns"] is not None and len(messages) > 10
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200 and "seed" in record.json()
