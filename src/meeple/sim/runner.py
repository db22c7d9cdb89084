"""The match runner: agents play a game to the end; many games make a summary.

Game i of a run uses seed `seed + i`, and each seat's agent is seeded from that game
seed and the seat, so any single game of a run can be played again on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from meeple import agents
from meeple.agents import Agent
from meeple.core.game import Game
from meeple.core.rng import mix_seed
from meeple.errors import AgentError

MAX_DECISIONS = 1_000_000
"""A game longer than this is taken for a rules defect (every game must end)."""


@dataclass(frozen=True)
class GameResult:
    """How one game ended."""

    seed: int
    returns: list[float]
    scores: list[float]
    decisions: int
    turns: int | None = None
    rounds: int | None = None

    @property
    def winners(self) -> list[int]:
        return [seat for seat, r in enumerate(self.returns) if r == 1.0]


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat` for the game seeded `game_seed`."""
    return mix_seed(game_seed, seat + 1) >> 1


def make_agents(names: Sequence[str], game_seed: int) -> list[Agent]:
    """One agent per seat, each seeded from the game seed and its seat."""
    return [agents.make(name, seed=agent_seed(game_seed, seat)) for seat, name in enumerate(names)]


def seat_names(spec: str | Sequence[str], players: int) -> list[str]:
    """Agent names for every seat: one name fills all seats, else one per seat."""
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise AgentError(
            f"give one agent name for all seats or one per seat ({players}), not {spec!r}"
        )
    known = agents.list_agents()
    for name in names:
        if name not in known:
            raise AgentError(f"unknown agent {name!r}; available agents: {', '.join(known)}")
    return names


def play_game(
    game: Game, players: Sequence[Agent], seed: int, max_decisions: int = MAX_DECISIONS
) -> GameResult:
    """Play one game from `seed` with one agent per seat, to the end."""
    state = game.new_initial_state(seed=seed)
    decisions = 0
    while not state.is_terminal():
        if decisions >= max_decisions:
            raise RuntimeError(f"game seed {seed} did not end within {max_decisions} decisions")
        state.apply_action(players[state.current_player].act(state))
        decisions += 1
    final = state.observation(0)
    # Games report the turns they took as "turns_played" and the rounds as "round".
    turn, rnd = final.get("turns_played"), final.get("round")
    return GameResult(
        seed=seed,
        returns=state.returns(),
        scores=state.scores(),
        decisions=decisions,
        turns=turn if isinstance(turn, int) else None,
        rounds=rnd if isinstance(rnd, int) else None,
    )


def run_many(
    game: Game,
    names: Sequence[str],
    games: int,
    seed: int,
    on_game: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play `games` games; game i uses seed `seed + i`. `on_game` sees each result."""
    results = []
    for i in range(games):
        result = play_game(game, make_agents(names, seed + i), seed + i)
        results.append(result)
        if on_game is not None:
            on_game(result)
    return results


@dataclass(frozen=True)
class Spread:
    mean: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread | None:
        if not values:
            return None
        return cls(fmean(values), min(values), max(values))

    def to_json(self) -> dict[str, float]:
        return {"mean": self.mean, "min": self.min, "max": self.max}


@dataclass(frozen=True)
class Summary:
    """The statistics of a run: win rates, game lengths, score spread per seat."""

    games: int
    players: int
    wins: list[int]
    win_rate: list[float]
    decisions: Spread | None
    turns: Spread | None
    rounds: Spread | None
    scores: list[Spread | None]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        def spread(s: Spread | None) -> dict[str, float] | None:
            return None if s is None else s.to_json()

        return {
            **self.extra,
            "games": self.games,
            "players": self.players,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "length": {
                "decisions": spread(self.decisions),
                "turns": spread(self.turns),
                "rounds": spread(self.rounds),
            },
            "scores": [spread(s) for s in self.scores],
        }


def summarize(
    results: Sequence[GameResult], players: int, extra: dict[str, Any] | None = None
) -> Summary:
    """Win rate per seat (every tied winner counts), lengths, score spread."""
    wins = [0] * players
    for result in results:
        for seat in result.winners:
            wins[seat] += 1
    n = len(results)
    turns = [r.turns for r in results if r.turns is not None]
    rounds = [r.rounds for r in results if r.rounds is not None]
    return Summary(
        games=n,
        players=players,
        wins=wins,
        win_rate=[w / n if n else 0.0 for w in wins],
        decisions=Spread.of([r.decisions for r in results]),
        turns=Spread.of(turns) if len(turns) == n else None,
        rounds=Spread.of(rounds) if len(rounds) == n else None,
        scores=[Spread.of([r.scores[seat] for r in results]) for seat in range(players)],
        extra=dict(extra or {}),
    )
