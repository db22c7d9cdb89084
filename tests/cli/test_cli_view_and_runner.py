"""The Anludim text view and the match runner the CLI is built on."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from rich.console import Console

import meeple
from meeple.games.anludim.view import render
from meeple.sim.runner import make_agents, play_game, run_many, seat_names, summarize


def text_of(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    output = console.file.getvalue()
    assert isinstance(output, str)
    return output


def test_view_renders_every_phase_for_every_seat() -> None:
    game = meeple.load_game("anludim", players=3, variant="expert")
    state = game.new_initial_state(seed=21)
    players = make_agents(["random"] * 3, 21)
    phases: set[str] = set()
    step = 0
    while not state.is_terminal():
        if step % 7 == 0:
            for seat in range(3):
                obs = state.observation(seat)
                phases.add(obs["phase"])
                text = text_of(render(obs))
                assert f"you are seat {seat}" in text
                assert "placeholder data" in text
        state.apply_action(players[state.current_player].act(state))
        step += 1
    final = text_of(game.render(state.observation(0)))
    assert "wins the game!" in final
    assert {"main", "placing"} <= phases


def test_view_shows_hand_halves_table_and_selection() -> None:
    game = meeple.load_game("anludim", players=3)
    state = game.new_initial_state(seed=2)
    obs = state.observation(0)
    text = text_of(render(obs), width=400)  # wide: no card is broken over two lines
    for card in obs["hand"]:
        (v0, c0), (v1, c1) = card["halves"]
        assert f"[{c0} {v0}|{c1} {v1}]" in text
    assert "Alchemist" in text and "Vial: " in text
    assert f"Deck: {obs['deck_size']}" in text
    # The view reads only the observation: a hand-made one renders too.
    obs = json.loads(json.dumps(obs))
    obs["placing"] = "flush"
    placed = {"id": 1, "halves": [[3, "red"], [7, "blue"]], "value": 7, "colour": "blue", "half": 1}
    obs["selection"] = [placed]
    obs["table"][1] = [
        {"id": 9, "discipline": "flush", "cards": obs["selection"], "teacher": "arcanist"}
    ]
    obs["teachers"]["arcanist"] = 1
    text = text_of(render(obs), width=400)
    assert "places a flush for the Arcanist" in text
    assert "blue 7 (red 3)" in text
    assert "← Arcanist" in text


def test_runner_is_deterministic_and_summarizes() -> None:
    game = meeple.load_game("anludim", players=3)
    names = seat_names("random", 3)
    one = play_game(game, make_agents(names, 5), 5)
    two = play_game(game, make_agents(names, 5), 5)
    assert one == two
    results = run_many(game, names, 3, seed=4)
    assert [r.seed for r in results] == [4, 5, 6]
    assert results[1] == replace(one, agents=("random",) * 3)  # the runner notes who sat where
    summary = summarize(results, 3)
    assert summary.games == 3
    assert sum(summary.wins) >= 3
    assert summary.decisions is not None and summary.decisions.min <= summary.decisions.max
    assert json.dumps(summary.to_json())


def test_players_table_keeps_its_totals_at_80_columns() -> None:
    game = meeple.load_game("anludim", players=5)
    state = game.new_initial_state(seed=11)
    players = make_agents(["random"] * 5, 11)
    for _ in range(120):  # items pile up and widen the items column
        state.apply_action(players[state.current_player].act(state))
    obs = state.observation(0)
    text = text_of(render(obs), width=80)
    header = next(line for line in text.splitlines() if line.split()[:2] == ["seat", "coat"])
    assert header.rstrip().endswith("total")
    table = text.split(header, 1)[1].split("Combinations", 1)[0]
    rows = [line for line in table.splitlines() if line.lstrip(" ▶").startswith("seat ")]
    for seat, total in enumerate(obs["totals"]):
        row = next(r for r in rows if r.lstrip(" ▶").startswith(f"seat {seat}"))
        assert row.rstrip().endswith(f" {total}"), row


def test_the_marker_points_at_who_decides_in_the_keep() -> None:
    game = meeple.load_game("anludim", players=3)
    state = game.new_initial_state(seed=11)
    players = make_agents(["random"] * 3, 11)
    while state.observation(0)["phase"] != "keeping":
        state.apply_action(players[state.current_player].act(state))
    obs = state.observation(state.current_player)
    text = text_of(render(obs))
    assert "(turn of" not in text
    marked = [line for line in text.splitlines() if "▶" in line]
    assert len(marked) == 1 and f"seat {state.current_player}" in marked[0]
