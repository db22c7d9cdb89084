"""Agents that play any registered game through the protocol.

An agent spec names an agent and, optionally, its settings: "random",
"ismcts:iterations=500", "ismcts:seconds=0.5:rollout=greedy".
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from meeple.agents.base import Agent
from meeple.core.game import MAX_SEED, Game, State, plain_int, shown_repr, shown_value
from meeple.core.registry import add_plugins, check_name, load_path
from meeple.core.rng import mix_seed
from meeple.errors import AgentError

AgentFactory = Callable[..., Agent]

HINT_AGENT = "greedy"
"""The agent that suggests a move to a person who asks for a hint (terminal and server)."""

_AGENTS: dict[str, str | AgentFactory] = {
    "random": "meeple.agents.random_agent:RandomAgent",
    "greedy": "meeple.agents.greedy:GreedyAgent",
    "ismcts": "meeple.agents.ismcts:ISMCTSAgent",
}


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat` for the game seeded `game_seed`: one rule for
    every place that seats agents (simulate, play, serve, Gymnasium), so the same deal
    with the same agents plays the same way in each."""
    return mix_seed(game_seed, seat + 1) >> 1


def hint_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of the agent that suggests `seat`'s move at its decision number
    `decision` (the moves made so far) of the game seeded `game_seed`; apart from every
    seat's own agent seed."""
    return mix_seed(game_seed, seat + 1, decision, 0x4147) >> 1


def check_for_game(agent: Agent, game: Game) -> None:
    """Refuse, as AgentError, what `agent` was asked that `game` cannot give it (a
    search setting naming a rule the game lacks), before a game is played. Agents check
    through an optional `check_game(state)` method."""
    check = getattr(agent, "check_game", None)
    if check is not None:
        check(game.new_initial_state(seed=0))


def list_agents() -> list[str]:
    add_plugins("meeple.agents", _AGENTS)
    return sorted(_AGENTS)


_OWN_AGENTS = frozenset(_AGENTS)
"""meeple's own agents: no plugin or later registration takes these names."""


def register_agent(name: str, factory: str | AgentFactory) -> None:
    """Register an agent factory, or a "module:attr" path imported on first use. A
    name of one of meeple's own agents (in any case) is refused with AgentError."""
    _AGENTS[check_name(name, "agent", _OWN_AGENTS, AgentError)] = factory


def agent_name(name: str) -> str:
    """The registered agent `name` stands for, read in any case ("Greedy" is greedy, a
    plugin's "mybot" is its MyBot); a name of no agent comes back as it is. The one
    place names are made case-blind: every command and adapter goes through it."""
    if name not in _AGENTS:
        add_plugins("meeple.agents", _AGENTS)
    if name in _AGENTS:
        return name
    folded = name.casefold()
    return next((known for known in _AGENTS if known.casefold() == folded), name)


def _factory(name: str) -> AgentFactory:
    if isinstance(name, str):
        name = agent_name(name)
    try:
        entry = _AGENTS[name]
    except (KeyError, TypeError):
        raise AgentError(
            f"unknown agent {shown_repr(name)}; available agents: {', '.join(list_agents())}"
        ) from None
    if isinstance(entry, str):
        factory: AgentFactory = load_path(entry, f"agent {name!r}", AgentError)
        _AGENTS[name] = factory
        return factory
    return entry


def make(name: str, seed: int = 0, **settings: Any) -> Agent:
    """A new agent by name, e.g. make("random", seed=3) or make("ismcts", iterations=200)."""
    factory = _factory(name)
    seed = plain_int(seed)
    if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
        raise AgentError(
            f"an agent's seed is a whole number from 0 to 2**64 - 1, not {shown_value(seed)}"
        )
    known = _settings_of(factory)
    unknown = sorted(set(settings) - set(known)) if known is not None else []
    if unknown:
        offered = ", ".join(known) if known else "none"
        raise AgentError(f"agent {name!r} has no setting {unknown[0]!r}; its settings: {offered}")
    try:
        return factory(seed=seed, **settings)
    except TypeError as exc:
        raise AgentError(f"bad settings for agent {name!r}: {exc}") from exc


def _settings_of(factory: AgentFactory) -> list[str] | None:
    """The keyword settings a factory takes besides the seed; None when it takes any."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # no signature to read: let the call decide
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return [
        p.name
        for p in parameters
        if p.name != "seed"
        and p.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]


def _setting(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        if text.lstrip("+-").isdigit():
            return text  # past Python's digits for an int: left as text, which no setting takes
    try:
        return float(text)
    except ValueError:
        return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """("ismcts", {"iterations": 500}) from "ismcts:iterations=500"."""
    if not isinstance(spec, str):
        raise AgentError(f"an agent spec is text such as 'ismcts:iterations=500', not {spec!r}")
    name, *parts = spec.strip().split(":")
    name = name.strip()
    _factory(name)  # unknown names fail here, with the list of valid ones
    settings: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise AgentError(f"agent setting {part!r} in {spec!r} is not NAME=VALUE")
        if key.strip() == "seed":
            raise AgentError(f"{spec!r}: an agent's seed is not a setting, it comes from the run")
        if key.strip() in settings:
            raise AgentError(f"{spec!r} gives the setting {key.strip()!r} twice")
        settings[key.strip()] = _setting(value.strip())
    return name, settings


def make_from_spec(spec: str, seed: int = 0) -> Agent:
    """A new agent from a spec such as "ismcts:iterations=500"."""
    name, settings = parse_spec(spec)
    return make(name, seed=seed, **settings)


def split_specs(text: str | Sequence[str]) -> list[str]:
    """Agent specs from a comma-separated list ("greedy,random"), or a list of specs
    already split; anything else is an AgentError."""
    if isinstance(text, str):
        return [n.strip() for n in text.split(",")]
    if isinstance(text, Sequence) and all(isinstance(spec, str) for spec in text):
        return list(text)
    raise AgentError(
        f"agents are specs such as 'greedy,random' or a list of specs, not {shown_repr(text)}"
    )


def check_spec(spec: str, game: Game | None = None) -> None:
    """Build the agent of `spec` once, so an unknown name or a bad setting fails here,
    clearly, as AgentError (with `game`: a setting that game cannot honour too)."""
    if not spec:
        raise AgentError("an agent spec is empty; write a name such as random")
    try:
        agent = make_from_spec(spec, seed=0)
    except ImportError as exc:
        raise AgentError(f"agent {spec!r} cannot be loaded: {exc}") from None
    if game is not None:
        check_for_game(agent, game)


def describe(spec: str, state: State) -> dict[str, Any]:
    """The settings the agent a spec names plays `state`'s game with, its defaults (and
    the game's own values) filled in: a spec means what today's defaults make of it, so
    records of long runs keep this to tell when a spec's meaning has changed."""
    agent = make_from_spec(spec, seed=0)
    settings = getattr(agent, "settings", None)
    return {"agent": agent.name, **(settings(state) if callable(settings) else {})}


__all__ = [
    "Agent",
    "check_for_game",
    "describe",
    "list_agents",
    "make",
    "make_from_spec",
    "parse_spec",
    "register_agent",
]
