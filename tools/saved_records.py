"""Write the saved records the tests replay (tests/games/<game>/records/*.json).

Run from the repository root: `.venv/bin/python tools/saved_records.py`. Each file is the record of
a whole game played by the greedy agents, with a fingerprint of every position on the way
(who decides, the legal actions, the scores) and the game's end. A test replays each one
and fails at the first position the rules now play differently: a rules change that
alters games already played (a saved record, a stored table) shows up as a failing test,
to be made on purpose, written down in the game's docs and the records written again
with this tool.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import agent_seed, make

ROOT = Path(__file__).resolve().parent.parent

CONFIGS: dict[str, list[tuple[str, int, dict[str, Any]]]] = {
    "anludim": [
        ("two-players", 2, {}),
        ("four-players-expert", 4, {"variant": "expert"}),
    ],
    "aridnyk": [
        ("two-players", 2, {}),
        ("three-players-characters", 3, {"characters": True}),
        ("solo-starter-tiles", 1, {"starter_tiles": True}),
    ],
    "arnak": [
        ("two-players-bird", 2, {}),
        ("four-players-snake", 4, {"board": "snake"}),
        ("solo-purple-objectives", 1, {"purple": 2, "objectives": 3}),
        ("three-players-spider", 3, {"board": "spider"}),
        ("solo-spider", 1, {"board": "spider"}),
        ("two-players-owl", 2, {"board": "owl"}),
        ("solo-owl", 1, {"board": "owl"}),
        ("two-players-twisted-sites", 2, {"twisted_paths_sites": True}),
    ],
}
SEED = 2026


def fingerprint(state: meeple.State) -> str:
    """Six hex digits of what the rules decide at a position: the seat to move, its
    legal actions and the scores."""
    seen = (state.current_player, state.legal_actions(), state.scores())
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:6]


def play(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    state = meeple.load_game(game, players=players, **options).new_initial_state(seed=SEED)
    bots = [make("greedy", seed=agent_seed(SEED, seat)) for seat in range(players)]
    marks = []
    while not state.is_terminal():
        marks.append(fingerprint(state))
        state.apply_action(bots[state.current_player].act(state))
    return {
        "record": state.to_record(),
        "positions": "".join(marks),
        "scores": state.scores(),
        "returns": state.returns(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()  # no options: --help says what it does before it writes
    for game, configs in CONFIGS.items():
        folder = ROOT / "tests" / "games" / game / "records"
        folder.mkdir(exist_ok=True)
        for name, players, options in configs:
            path = folder / f"{name}.json"
            text = json.dumps(play(game, players, options), indent=1)
            # a list of numbers on one line: the actions are read by the replay, not people
            text = re.sub(r"\[[-0-9.,\s]*\]", lambda m: " ".join(m[0].split()), text)
            path.write_text(text + "\n")
            print(path.relative_to(ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
