"""The match runner: agents play a game to the end; many games make a summary.

Game i of a run uses seed `seed + i`, and each seat's agent is seeded from that game
seed and the seat, so any single game of a run can be played again on its own. Agents
are named by specs ("random", "ismcts:iterations=500"; see `meeple.agents.parse_spec`).

When the seats hold different bots, a run rotates them: game i seats bot j of the list
in seat (j + i) mod players, so that over a run every bot sits in every seat equally
often and seat order does not bias the comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import TYPE_CHECKING, Any

from meeple import agents
from meeple.agents import Agent, agent_seed, split_specs
from meeple.core.game import MAX_SEED, Game, check_seed, plain_int, shown_value
from meeple.errors import AgentError, OptionError
from meeple.sim.stats import wilson

if TYPE_CHECKING:
    from meeple.sim.parallel import Backend

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
    agents: tuple[str, ...] = ()
    """The agent spec in each seat, where the runner knew them."""
    iterations: tuple[float | None, ...] = ()
    """Each seat's mean search iterations over the decisions it searched: what a time
    budget bought on the machine that played. None for an agent that does not search;
    empty where unknown (games recorded before it was kept)."""

    @property
    def winners(self) -> list[int]:
        return [seat for seat, r in enumerate(self.returns) if r == 1.0]


def games_csv(results: Sequence[GameResult], players: int) -> str:
    """One CSV row per game, in order: its index, seed, winners (seats joined by ";"),
    length, then per seat its agent, score, return and mean search iterations (empty
    where unknown or not a searcher); the table a balance study loads."""
    import csv  # here: the workers that play games never write CSV
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    per_seat = ("agent", "score", "return", "iterations")
    writer.writerow(
        ["game", "seed", "winners", "decisions", "turns", "rounds"]
        + [f"{what}_{seat}" for seat in range(players) for what in per_seat]
    )

    def blank(value: object) -> object:
        return "" if value is None else value

    for index, result in enumerate(results):
        row: list[object] = [
            index,
            result.seed,
            ";".join(map(str, result.winners)),
            result.decisions,
            blank(result.turns),
            blank(result.rounds),
        ]
        for seat in range(players):
            agents_known = seat < len(result.agents)
            searched = result.iterations[seat] if seat < len(result.iterations) else None
            row += [
                result.agents[seat] if agents_known else "",
                f"{result.scores[seat]:g}",
                f"{result.returns[seat]:g}",
                "" if searched is None else f"{searched:.1f}",
            ]
        writer.writerow(row)
    return buffer.getvalue()


def make_agents(specs: Sequence[str], game_seed: int) -> list[Agent]:
    """One agent per seat from its spec, each seeded from the game seed and its seat."""
    return [
        agents.make_from_spec(spec, seed=agent_seed(game_seed, seat))
        for seat, spec in enumerate(specs)
    ]


def check_specs(specs: Sequence[str], game: Game | None = None) -> None:
    """Build every agent once, so unknown names and bad settings fail here, clearly
    (with `game`: settings that game cannot honour too)."""
    for spec in dict.fromkeys(specs):
        agents.check_spec(spec, game)


def seat_names(spec: str | Sequence[str], players: int, game: Game | None = None) -> list[str]:
    """Agent specs for every seat: one spec fills all seats, else one per seat (each
    checked against `game` where given)."""
    names = split_specs(spec)
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise AgentError(
            f"give one agent spec for all seats or one per seat ({players}), not {spec!r}"
        )
    check_specs(names, game)
    return names


MAX_GAMES = 1_000_000
"""The most games of one run: every result is kept until the summary, so a larger study
is several runs on consecutive seeds (a journal keeps each)."""


def check_games(games: Any, least: int = 1) -> int:
    """`games` as a count of games to play: an int of `least` to MAX_GAMES."""
    games = plain_int(games)
    if games.__class__ is not int or games < least:
        raise OptionError(
            f"--games must be a whole number of at least {least}, not {shown_value(games)}"
        )
    if games > MAX_GAMES:
        raise OptionError(
            f"--games is at most {MAX_GAMES:,} in one run, not {shown_value(games)}: "
            "split a larger study into runs on consecutive seeds"
        )
    return int(games)


def check_seed_range(seed: int, last: int) -> None:
    """Refuse a run whose game seeds, `seed` to `seed + last`, go past the largest seed,
    before any game is played (each game's own check would stop the run halfway)."""
    if last > 0 and seed + last > MAX_SEED:
        raise OptionError(
            f"the games' seeds run from {seed} to {seed + last}, past the largest "
            "(2**64 - 1): give a lower --seed"
        )


def seating(specs: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """Who sits where in game `index`: bot j of `specs` in seat (j + index) mod n."""
    n = len(specs)
    if not rotate:
        return tuple(specs)
    return tuple(specs[(seat - index) % n] for seat in range(n))


def should_rotate(specs: Sequence[str]) -> bool:
    """Rotation matters only when the seats do not all hold the same bot."""
    return len(set(specs)) > 1


def play_game(
    game: Game, players: Sequence[Agent], seed: int, max_decisions: int = MAX_DECISIONS
) -> GameResult:
    """Play one game from `seed` with one agent per seat, to the end."""
    state = game.new_initial_state(seed=seed)
    decisions = 0
    searched = [0] * len(players)
    iterations = [0] * len(players)
    while not state.is_terminal():
        if decisions >= max_decisions:
            raise AgentError(
                f"game seed {seed} did not end within {max_decisions:,} decisions: its agents "
                f"({', '.join(a.name for a in players)}) repeat moves the rules allow for "
                "ever, or the game has a defect"
            )
        seat = state.current_player
        agent = players[seat]
        state.apply_action(agent.act(state))
        decisions += 1
        done = getattr(agent, "last_iterations", 0)
        if isinstance(done, int) and done > 0:
            searched[seat] += 1
            iterations[seat] += done
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
        iterations=tuple(
            total / count if count else None
            for total, count in zip(iterations, searched, strict=True)
        ),
    )


def iterations_of(results: Sequence[GameResult], spec: str) -> list[float]:
    """The mean search iterations a decision of `spec` in each game it searched in."""
    return [
        done
        for r in results
        for who, done in zip(r.agents, r.iterations or (None,) * len(r.agents), strict=True)
        if who == spec and done is not None
    ]


def run_many(
    game: Game,
    names: Sequence[str],
    games: int,
    seed: int,
    on_game: Callable[[GameResult], None] | None = None,
    *,
    rotate: bool | None = None,
    backend: Backend | None = None,
) -> list[GameResult]:
    """Play `games` games; game i uses seed `seed + i`. `on_game` sees each result.

    `rotate` (by default: whenever the seats hold different bots) seats bot j in seat
    (j + i) mod n in game i. `backend` runs the games (serially in this process by
    default); the results come back in game order and are the same on every backend.
    """
    from meeple.sim.parallel import GameJob, SerialBackend

    # the checks the command line makes, for callers from Python: nothing is played
    # until the whole request is sound
    names = seat_names(names, game.info.players, game)
    games = check_games(games, least=0)
    seed = check_seed(seed)
    check_seed_range(seed, games - 1)
    if rotate is None:
        rotate = should_rotate(names)
    jobs = [GameJob(i, seed + i, seating(names, i, rotate)) for i in range(games)]
    return (backend or SerialBackend()).run(game, jobs, on_game)


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
class Rate:
    """A win rate with its 95% Wilson interval."""

    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class BotStats:
    """How one entry of the bot list did over a run, whatever seat it sat in."""

    index: int
    spec: str
    wins: int
    games: int
    scores: Spread | None
    iterations: Spread | None = None  # per game: its mean search iterations a decision

    @property
    def rate(self) -> Rate:
        return Rate(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.rate.interval
        return {
            "bot": self.index,
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.rate.rate,
            "win_rate_ci": [low, high],
            "score": None if self.scores is None else self.scores.to_json(),
            "iterations": None if self.iterations is None else self.iterations.to_json(),
        }


@dataclass(frozen=True)
class Summary:
    """The statistics of a run: win rates, game lengths, score spread per seat and bot."""

    games: int
    players: int
    wins: list[int]
    win_rate: list[float]
    decisions: Spread | None
    turns: Spread | None
    rounds: Spread | None
    scores: list[Spread | None]
    extra: dict[str, Any] = field(default_factory=dict)
    bots: list[BotStats] = field(default_factory=list)
    rotate: bool = False

    @property
    def win_rate_ci(self) -> list[tuple[float, float]]:
        """The 95% Wilson interval of each seat's win rate."""
        return [wilson(w, self.games) for w in self.wins]

    def to_json(self) -> dict[str, Any]:
        def spread(s: Spread | None) -> dict[str, float] | None:
            return None if s is None else s.to_json()

        return {
            **self.extra,
            "games": self.games,
            "players": self.players,
            "rotate": self.rotate,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": [list(ci) for ci in self.win_rate_ci],
            "length": {
                "decisions": spread(self.decisions),
                "turns": spread(self.turns),
                "rounds": spread(self.rounds),
            },
            "scores": [spread(s) for s in self.scores],
            "per_bot": [b.to_json() for b in self.bots],
        }


def summarize(
    results: Sequence[GameResult],
    players: int,
    extra: dict[str, Any] | None = None,
    bots: Sequence[str] | None = None,
    rotate: bool = False,
) -> Summary:
    """Win rate per seat (every tied winner counts), lengths, score spread.

    With `bots` (the list a run was given, one spec per seat) it also reports each
    entry of that list: `results[i]` must then be game i of the run, which seated bot j
    in seat (j + i) mod n when `rotate`, else in seat j.
    """
    wins = [0] * players
    for result in results:
        for seat in result.winners:
            wins[seat] += 1
    n = len(results)
    turns = [r.turns for r in results if r.turns is not None]
    rounds = [r.rounds for r in results if r.rounds is not None]
    per_bot: list[BotStats] = []
    for j, spec in enumerate(bots or ()):
        seats = [(j + i) % players if rotate else j for i in range(n)]
        per_bot.append(
            BotStats(
                index=j,
                spec=spec,
                wins=sum(r.returns[s] == 1.0 for r, s in zip(results, seats, strict=True)),
                games=n,
                scores=Spread.of([r.scores[s] for r, s in zip(results, seats, strict=True)]),
                iterations=Spread.of(
                    [
                        done
                        for r, s in zip(results, seats, strict=True)
                        if r.iterations and (done := r.iterations[s]) is not None
                    ]
                ),
            )
        )
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
        bots=per_bot,
        rotate=rotate,
    )
