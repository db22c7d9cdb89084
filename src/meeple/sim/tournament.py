"""Round robins: every pair of bots plays N games; win rates, intervals and Elo ratings.

For each pair (a, b) in the order the bots were given, game g of the pair is played
on deal seed `seed + g // 2`, so the games come in twos on the same deal with the seats
swapped: in even games a sits in the even seats (0, 2, ...) and b in the odd ones, in
odd games the other way round. Every pair plays the same deals, which makes the pairs
easier to compare. With more than two seats a bot wins a game when one of its seats
wins; when both bots have a winning seat (or neither has) the game is a draw.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import fmean
from typing import Any

from meeple.agents import agent_name, split_specs
from meeple.core.game import Game, check_seed
from meeple.errors import AgentError, RecordError
from meeple.sim.journal import Journal
from meeple.sim.parallel import Backend, GameJob, OnResult, SerialBackend
from meeple.sim.runner import (
    GameResult,
    Rate,
    check_games,
    check_seed_range,
    check_specs,
    iterations_of,
)
from meeple.sim.stats import EloFit, PairRecord, fit_elo, wilson


def tournament_bots(text: str | Sequence[str], game: Game | None = None) -> list[str]:
    """The bot specs of a tournament: at least two, no spec twice, each one buildable
    (and fit for `game`, where given)."""
    bots = split_specs(text)
    if any(not b for b in bots):
        raise AgentError(f"an agent spec in {text!r} is empty")
    seen: set[str] = set()
    for bot in bots:
        name, colon, settings = bot.partition(":")
        key = agent_name(name) + colon + settings  # agent names are read case-blind
        if key in seen:
            raise AgentError(f"bot {bot!r} is listed twice; list each bot once")
        seen.add(key)
    if len(bots) < 2:
        raise AgentError(f"a tournament needs at least two bots, not {len(bots)}: {text!r}")
    check_specs(bots, game)
    return bots


def pair_seats(a: str, b: str, game_index: int, players: int) -> tuple[str, ...]:
    """Who sits where in game `game_index` of the pair (a, b): they alternate seats."""
    first, second = (a, b) if game_index % 2 == 0 else (b, a)
    return tuple(first if seat % 2 == 0 else second for seat in range(players))


@dataclass(frozen=True)
class Match:
    """One scheduled game: which pair, which game of the pair, and the job to run."""

    pair: int
    a: int
    b: int
    job: GameJob


def last_deal(games: int) -> int:
    """The deal of a pair's last game: game g of a pair is dealt from seed + g // 2."""
    return (games - 1) // 2


def schedule(bots: Sequence[str], games: int, players: int, seed: int) -> list[Match]:
    """Every game of the round robin, pair by pair, with consecutive job indices."""
    matches: list[Match] = []
    for pair, (a, b) in enumerate(combinations(range(len(bots)), 2)):
        for g in range(games):
            job = GameJob(len(matches), seed + g // 2, pair_seats(bots[a], bots[b], g, players))
            matches.append(Match(pair, a, b, job))
    return matches


def outcome(returns: Sequence[float], seats: Sequence[str], a: str, b: str) -> int:
    """1 when bot a won the game (one of its seats did), -1 when bot b did, 0 for a draw
    (both had a winning seat, or neither); `seats` holds the bot in each seat."""
    a_won = any(r == 1.0 for r, who in zip(returns, seats, strict=True) if who == a)
    b_won = any(r == 1.0 for r, who in zip(returns, seats, strict=True) if who == b)
    return int(a_won) - int(b_won)


@dataclass(frozen=True)
class Standing:
    """One bot's record over the whole round robin."""

    index: int
    spec: str
    wins: int
    draws: int
    losses: int
    elo: float
    iterations: float | None = None
    """Its mean search iterations a decision over the games it searched in."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float:
        """Win rate, draws counting half."""
        return Rate(self.score, self.games).rate

    @property
    def interval(self) -> tuple[float, float]:
        return Rate(self.score, self.games).interval


@dataclass(frozen=True)
class TournamentResult:
    game: str
    options: dict[str, Any]
    players: int
    bots: list[str]
    games_per_pair: int
    seed: int
    pairs: list[PairRecord]
    elo: EloFit
    results: list[GameResult]

    @property
    def standings(self) -> list[Standing]:
        """One row per bot, in the order the bots were given."""
        rows = []
        for i, spec in enumerate(self.bots):
            wins = draws = losses = 0
            for p in self.pairs:
                if i == p.a:
                    wins, losses = wins + p.a_wins, losses + p.b_wins
                elif i == p.b:
                    wins, losses = wins + p.b_wins, losses + p.a_wins
                else:
                    continue
                draws += p.draws
            searched = iterations_of(self.results, spec)
            rows.append(
                Standing(
                    i,
                    spec,
                    wins,
                    draws,
                    losses,
                    self.elo.ratings[i],
                    fmean(searched) if searched else None,
                )
            )
        return rows

    def ranked(self) -> list[Standing]:
        """The standings by Elo rating, best first."""
        return sorted(self.standings, key=lambda s: (-s.elo, s.index))

    def pair_rate(self, i: int, j: int) -> tuple[float, tuple[float, float], int] | None:
        """Bot i's win rate against bot j (draws half), its interval and the games; None
        when they played no game (a journal's bots need not all have met)."""
        for p in self.pairs:
            if {p.a, p.b} == {i, j} and p.games:
                score = p.a_score if p.a == i else p.games - p.a_score
                return score / p.games, wilson(score, p.games), p.games
        return None

    def seat_scores(self) -> list[list[float]]:
        """Every game's score in each seat, for the score distribution per seat."""
        return [[r.scores[s] for r in self.results] for s in range(self.players)]

    def seat_win_rates(self) -> list[float]:
        n = len(self.results)
        return [
            sum(r.returns[s] == 1.0 for r in self.results) / n if n else 0.0
            for s in range(self.players)
        ]

    def to_json(self) -> dict[str, Any]:
        def standing(s: Standing) -> dict[str, Any]:
            low, high = s.interval
            return {
                "bot": s.index,
                "spec": s.spec,
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "win_rate": s.rate,
                "win_rate_ci": [low, high],
                "elo": s.elo,
                "iterations": s.iterations,
            }

        def pair(p: PairRecord) -> dict[str, Any]:
            low, high = wilson(p.a_score, p.games)
            return {
                "a": self.bots[p.a],
                "b": self.bots[p.b],
                "games": p.games,
                "a_wins": p.a_wins,
                "b_wins": p.b_wins,
                "draws": p.draws,
                "a_win_rate": p.a_score / p.games if p.games else 0.0,
                "a_win_rate_ci": [low, high],
            }

        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "bots": self.bots,
            "games_per_pair": self.games_per_pair,
            "games": len(self.results),
            "seed": self.seed,
            "standings": [standing(s) for s in self.standings],
            "pairs": [pair(p) for p in self.pairs],
            "elo": {
                "anchor": "mean 1500",
                "prior": "one virtual draw per pair",
                "iterations": self.elo.iterations,
                "converged": self.elo.converged,
            },
            "seat_win_rate": self.seat_win_rates(),
        }

    def to_csv(self) -> str:
        """One row per bot against all ("*"), then one per bot and opponent."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(
            [
                "bot",
                "opponent",
                "games",
                "wins",
                "draws",
                "losses",
                "win_rate",
                "ci_low",
                "ci_high",
                "elo",
            ]
        )
        for s in self.standings:
            low, high = s.interval
            writer.writerow(
                [
                    s.spec,
                    "*",
                    s.games,
                    s.wins,
                    s.draws,
                    s.losses,
                    _f(s.rate),
                    _f(low),
                    _f(high),
                    f"{s.elo:.1f}",
                ]
            )
        for i, bot in enumerate(self.bots):
            for p in self.pairs:
                if i not in (p.a, p.b):
                    continue
                mine = p.a == i
                other = self.bots[p.b if mine else p.a]
                wins, losses = (p.a_wins, p.b_wins) if mine else (p.b_wins, p.a_wins)
                score = wins + p.draws / 2
                low, high = wilson(score, p.games)
                rate = score / p.games if p.games else 0.0
                writer.writerow(
                    [bot, other, p.games, wins, p.draws, losses, _f(rate), _f(low), _f(high), ""]
                )
        return buffer.getvalue()


def _f(x: float) -> str:
    return f"{x:.6f}"


def run_tournament(
    game: Game,
    bots: Sequence[str],
    games: int,
    seed: int,
    backend: Backend | None = None,
    on_result: OnResult | None = None,
) -> TournamentResult:
    """Play the round robin of `bots` (specs), `games` games per pair, and rate them."""
    games = check_games(games)
    seed = check_seed(seed)
    check_seed_range(seed, last_deal(games))
    bots = tournament_bots(bots, game)
    players = game.info.players
    matches = schedule(bots, games, players, seed)
    results = (backend or SerialBackend()).run(game, [m.job for m in matches], on_result)
    return rate_games(game.info.name, dict(game.info.values), players, bots, results, seed)


def rate_games(
    game: str,
    options: dict[str, Any],
    players: int,
    bots: Sequence[str],
    results: Sequence[GameResult],
    seed: int,
) -> TournamentResult:
    """Rate the games between pairs of `bots` (each result's `agents` say who sat where;
    a game counts for the pair of the two bots in its seats). The pairs are listed in
    the order of `bots`."""
    index = {spec: i for i, spec in enumerate(bots)}
    tallies: dict[tuple[int, int], list[int]] = {
        pair: [0, 0, 0] for pair in combinations(range(len(bots)), 2)
    }
    for result in results:
        a, b = sorted({index[who] for who in result.agents})
        side = outcome(result.returns, result.agents, bots[a], bots[b])
        tallies[a, b][{1: 0, -1: 1, 0: 2}[side]] += 1
    pairs = [PairRecord(a, b, aw, bw, d) for (a, b), (aw, bw, d) in tallies.items()]
    return TournamentResult(
        game=game,
        options=options,
        players=players,
        bots=list(bots),
        games_per_pair=max(p.games for p in pairs),
        seed=seed,
        pairs=pairs,
        elo=fit_elo(len(bots), pairs),
        results=list(results),
    )


def rate_journal(journal: Journal) -> tuple[TournamentResult, int]:
    """The standings of the games a journal holds between two bots, and how many of its
    games it leaves out (a bot against itself, or three and more bots at a table)."""
    bots: list[str] = []
    between_two = []
    for result in journal.games.values():
        specs = list(dict.fromkeys(result.agents))
        if len(specs) != 2:
            continue
        between_two.append(result)
        bots.extend(spec for spec in specs if spec not in bots)
    if len(bots) < 2:
        raise RecordError(
            f"journal {str(journal.path)!r} holds no game between two bots to rate (a "
            "simulate run's, say: the same `meeple simulate` command with this --journal "
            "reports on its games, playing only those it lacks)"
        )
    header = journal.header
    seed = min(r.seed for r in between_two)
    rated = rate_games(header.game, header.options, header.players, bots, between_two, seed)
    return rated, len(journal.games) - len(between_two)
