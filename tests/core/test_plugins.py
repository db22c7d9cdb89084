"""Plugins: games and agents of other installed distributions, found through their entry
points ("meeple.games", "meeple.agents") and used like meeple's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import meeple
from meeple import agents
from meeple.cli.app import app
from meeple.core import registry
from meeple.errors import AgentError, UnknownGameError

ENTRIES = {
    "meeple.games": {
        # a "plugin" game: Anludim's own class under another name
        "parlour": "meeple.games.anludim.game:AnludimGame",
        "anludim": "no.such.module:Game",  # cannot take a name meeple has
        "broken": "no.such.module:Game",
    },
    "meeple.agents": {
        "cautious": "meeple.agents.greedy:GreedyAgent",
        "greedy": "no.such.module:Agent",
    },
}


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Installed plugins, as importlib.metadata would list their entry points."""
    monkeypatch.setattr(registry, "plugin_entries", lambda group: dict(ENTRIES.get(group, {})))
    games, known = dict(registry._FACTORIES), dict(agents._AGENTS)
    scanned = set(registry._SCANNED)
    registry._SCANNED.clear()
    yield
    registry._FACTORIES.clear()
    registry._FACTORIES.update(games)
    agents._AGENTS.clear()
    agents._AGENTS.update(known)
    registry._SCANNED.clear()
    registry._SCANNED.update(scanned)


@pytest.mark.usefixtures("plugins")
def test_a_plugin_game_and_agent_play_like_meeples_own() -> None:
    assert {"parlour", "broken"} <= set(meeple.list_games())
    assert "cautious" in agents.list_agents()
    game = meeple.load_game("parlour", players=2)
    state = game.new_initial_state(seed=3)
    bot = agents.make_from_spec("cautious", seed=1)
    state.apply_action(bot.act(state))
    # meeple's own names stay its own
    assert type(meeple.load_game("anludim")).__module__ == "meeple.games.anludim.game"
    assert type(agents.make("greedy")).__module__ == "meeple.agents.greedy"


@pytest.mark.usefixtures("plugins")
def test_a_plugin_that_cannot_be_loaded_is_a_clear_error() -> None:
    with pytest.raises(UnknownGameError, match="game 'broken' cannot be loaded from"):
        meeple.load_game("broken")
    with pytest.raises(UnknownGameError, match="unknown game 'nothing'"):
        meeple.load_game("nothing")


@pytest.mark.usefixtures("plugins")
def test_the_command_line_sees_plugins() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "parlour", "-p", "2", "-n", "2", "-b", "cautious"])
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["simulate", "broken", "-n", "1"])
    assert bad.exit_code == 2 and "cannot be loaded" in bad.stderr


def test_unknown_agents_still_list_the_known_ones() -> None:
    with pytest.raises(AgentError, match=r"unknown agent 'nobody'; available agents: .*random"):
        agents.make("nobody")


def test_meeples_own_names_cannot_be_taken_from_python() -> None:
    from meeple.agents import register_agent
    from meeple.core import register_game
    from meeple.errors import AgentError, UnknownGameError

    for name in ("arnak", "Arnak", "ANLUDIM"):
        with pytest.raises(UnknownGameError, match="names meeple's own game"):
            register_game(name, "somewhere:Game")
    for name in ("random", "Greedy"):
        with pytest.raises(AgentError, match="names meeple's own agent"):
            register_agent(name, "somewhere:Bot")
    for name in (None, "", "a:b", "two words", 7):
        with pytest.raises(UnknownGameError, match="game names are words"):
            register_game(name, "somewhere:Game")  # type: ignore[arg-type]
    assert meeple.load_game("arnak").info.title == "Lost Ruins of Arnak"


def test_a_path_with_no_module_is_a_clear_error() -> None:
    from meeple.core import register_game
    from meeple.core.registry import _FACTORIES
    from meeple.errors import UnknownGameError

    register_game("nomodule", ":Game")
    try:
        with pytest.raises(UnknownGameError, match="cannot be loaded from ':Game'"):
            meeple.load_game("nomodule")
    finally:
        del _FACTORIES["nomodule"]


def test_a_plugin_cannot_take_a_name_in_another_case(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = {"Anludim": "plugin:Imposter", "nim": "plugin:Nim"}
    monkeypatch.setattr(registry, "plugin_entries", lambda group: entries)
    table: dict[str, str] = {"anludim": "meeple.games.anludim.game:AnludimGame"}
    registry.add_plugins("meeple.test-case-blind", table)
    assert table == {"anludim": "meeple.games.anludim.game:AnludimGame", "nim": "plugin:Nim"}


@pytest.mark.usefixtures("plugins")
def test_a_plugin_that_cannot_load_leaves_the_others_listed_and_served() -> None:
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0, listed.output
    assert "parlour" in listed.stdout and "arnak" in listed.stdout
    assert "warning: game 'broken' cannot be loaded from" in " ".join(listed.stderr.split())
    import warnings

    from meeple.server.app import create_app

    with warnings.catch_warnings():  # Starlette prefers httpx2; httpx serves here
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    with TestClient(create_app("sqlite://")) as client:
        names = [game["name"] for game in client.get("/api/games").json()]
    assert "parlour" in names and "broken" not in names


def test_a_game_in_a_module_of_its_own_is_summarised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's game class may live in a top-level module, in no package: the server's
    summary of it broke the start-up (a relative import of '.actions')."""
    from meeple.games.anludim.game import AnludimGame
    from meeple.server import app as server

    lone = type("LoneGame", (AnludimGame,), {"__module__": "lone_game"})
    monkeypatch.setattr(server, "load_game", lambda name: lone())
    summary = server.game_summary("anludim")
    assert summary["actions"] == {} and "random" in summary["agents"]


def test_threads_finding_plugins_at_once_all_find_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first look at a group's entry points is slow (importlib.metadata reads every
    installed distribution): a thread asking meanwhile waits for it, rather than finding
    the group scanned and the plugin missing (found with eight RL environments made at
    once, each asking for a plugin's encoder)."""
    import threading
    import time

    def slow_entries(group: str) -> dict[str, str]:
        time.sleep(0.05)
        return {"slowgame": "meeple.games.anludim.game:AnludimGame"}

    monkeypatch.setattr(registry, "plugin_entries", slow_entries)
    monkeypatch.setattr(registry, "_SCANNED", set())
    table: dict[str, str] = {}
    found: list[bool] = []

    def look() -> None:
        registry.add_plugins("test.group", table)
        found.append("slowgame" in table)

    threads = [threading.Thread(target=look) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [True] * 6
