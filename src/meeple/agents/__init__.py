"""Agents that play any registered game through the protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.agents.base import Agent
from meeple.agents.random_agent import RandomAgent
from meeple.errors import AgentError

_AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}


def list_agents() -> list[str]:
    return sorted(_AGENTS)


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    _AGENTS[name] = factory


def make(name: str, seed: int = 0, **settings: Any) -> Agent:
    """A new agent by name, e.g. make("random", seed=3)."""
    try:
        factory = _AGENTS[name]
    except KeyError:
        raise AgentError(
            f"unknown agent {name!r}; available agents: {', '.join(list_agents())}"
        ) from None
    try:
        return factory(seed=seed, **settings)
    except TypeError as exc:
        raise AgentError(f"bad settings for agent {name!r}: {exc}") from exc


__all__ = ["Agent", "list_agents", "make", "register_agent"]
