"""The HTTP API: games, tables, joining, bots in seats, records, and its error answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import TestClient, create, database, first_legal, next_message, play_until

import meeple
from meeple.server.app import create_app


def test_games_describe_options_and_actions(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(meeple.list_games())
    anludim = games["anludim"]
    assert anludim["min_players"] == 2 and anludim["max_players"] == 5
    assert anludim["options"]["variant"]["choices"] == ["base", "expert"]
    arnak = games["arnak"]["options"]
    assert arnak["board"]["players"] is None and arnak["purple"]["players"] == [1, 1]
    # the lobby's menu names each board side (the Spider Temple's is a placeholder track)
    assert arnak["board"]["choices"] == ["bird", "snake", "spider", "owl"]
    assert arnak["board"]["labels"][2].startswith("Spider Temple")
    assert anludim["options"]["variant"]["labels"] is None
    from meeple.games.anludim import actions

    assert anludim["actions"]["CONFIRM"] == actions.CONFIRM
    assert anludim["actions"]["NUM_ACTIONS"] == actions.NUM_ACTIONS
    built_in = ("anludim", "aridnyk", "arnak")  # an installed plugin's agents come on top
    assert all({"greedy", "ismcts", "random"} <= set(games[g]["agents"]) for g in built_in)
    assert all(games[g]["rules"] == meeple.load_game(g).info.rules != "" for g in built_in)


def test_catalogue_names_every_component(client: TestClient) -> None:
    """A page can draw the tiles and name the cards that observations give by id."""
    aridnyk = client.get("/api/games/aridnyk/catalogue").json()
    assert [t["id"] for t in aridnyk["tiles"]] == list(range(45))
    assert [p["number"] for p in aridnyk["plots"]] == list(range(1, 55))
    assert len(aridnyk["trinkets"]) == 42 and aridnyk["placeholder"] is True
    river = next(t for t in aridnyk["tiles"] if t["terrain"] == "river")
    assert len(river["water_edges"]) == 2
    assert client.get("/api/games/anludim/catalogue").json() == {}
    assert client.get("/api/games/chess/catalogue").status_code in (400, 404)


def test_how_to_play_is_a_page_of_markdown_per_game(client: TestClient) -> None:
    for name in meeple.list_games():
        page = client.get(f"/api/games/{name}/how-to-play").json()
        assert page["game"] == name and page["title"] == meeple.load_game(name).info.title
        assert page["text"] == meeple.load_game(name).how_to_play()
    answer = client.get("/api/games/chess/how-to-play")
    assert answer.status_code == 400 and "unknown game 'chess'" in answer.json()["error"]


def test_a_table_states_the_notes_of_its_own_configuration(client: TestClient) -> None:
    # Arnak's solo rival plays placeholder arrows; its 2-player game does not
    default = next(g for g in client.get("/api/games").json() if g["name"] == "arnak")
    assert default["placeholder_data"] is False and default["notes"] == []
    by_players = {c["players"]: c for c in default["notes_by_players"]}
    assert sorted(by_players) == [1, 2, 3, 4]
    assert by_players[1]["placeholder_data"] is True and by_players[1]["notes"]
    assert by_players[4] == {"players": 4, "placeholder_data": False, "notes": []}
    # a board side on a placeholder track adds its note when chosen, a base side none
    by_choice = {(c["option"], c["value"]): c["notes"] for c in default["notes_by_choice"]}
    assert set(by_choice) == {("board", "spider"), ("board", "owl")}
    assert by_choice["board", "spider"] == list(
        meeple.load_game("arnak", board="spider").info.notes
    )
    solo = create(client, ["human"], game="arnak")["table"]
    assert solo["placeholder_data"] is True
    assert solo["notes"] == list(meeple.load_game("arnak", players=1).info.notes)
    assert any("placeholder" in note for note in solo["notes"])
    duel = create(client, ["human", "random"], game="arnak")["table"]
    assert duel["placeholder_data"] is False and duel["notes"] == []
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[solo["id"]]["notes"] == solo["notes"]
    assert client.get(f"/api/tables/{duel['id']}").json()["notes"] == []


def test_one_address_may_hold_only_so_many_open_tables(tmp_path: Path) -> None:
    import time

    body = {"game": "anludim", "seats": ["human", "human"]}
    with TestClient(create_app(database(tmp_path), tables_per_client=2)) as limited:
        bots = create(limited, ["random", "random"])["table"]["id"]
        create(limited, ["human", "human"])
        deadline = time.monotonic() + 30
        while limited.get(f"/api/tables/{bots}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.05)
        # the bots' table is over, so it no longer counts: one more may be made
        assert limited.post("/api/tables", json=body).status_code == 201
        refused = limited.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "2 tables waiting or in play" in refused.json()["error"]
        assert len(limited.get("/api/tables?status=all").json()) == 3


def test_answers_carry_security_headers(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/api/games", "/static/table.js", "/api/tables/nope"):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "no-referrer", path
        assert headers["x-frame-options"] == "DENY", path
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy, path
    # FastAPI's API page loads its scripts from a CDN: no content policy there
    docs = client.get("/docs").headers
    assert "content-security-policy" not in docs and docs["x-frame-options"] == "DENY"


def test_openapi_describes_the_http_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/seats/{seat}/bot",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/replay",
    ):
        assert path in paths, path


def test_create_table(client: TestClient) -> None:
    created = create(client, ["human", "random", "human"], options={"variant": "expert"}, seed=3)
    table = created["table"]
    assert table["status"] == "waiting"
    assert table["players"] == 3
    assert table["options"]["variant"] == "expert"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "human"]
    assert [s["taken"] for s in table["seats"]] == [False, True, False]
    assert [i["seat"] for i in created["invites"]] == [0, 2]
    tokens = [i["token"] for i in created["invites"]] + [created["owner_token"]]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    for invite in created["invites"]:
        assert invite["url"] == f"/table/{table['id']}?token={invite['token']}"
    assert client.get(f"/api/tables/{table['id']}").json() == table
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table["id"]]


def test_tokens_are_stored_hashed(client: TestClient) -> None:
    created = create(client, ["human", "random"])
    stored = client.app.state.store.get(created["table"]["id"])  # type: ignore[attr-defined]
    digests = [stored.owner_token_hash] + [s.token_hash for s in stored.seats if s.token_hash]
    assert created["owner_token"] not in digests
    assert created["invites"][0]["token"] not in digests
    assert all(len(d) == 64 for d in digests)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "seats": ["human", "random"]}, "unknown game 'chess'"),
        ({"game": "anludim", "seats": ["human"] * 7}, "2 to 5 players"),
        ({"game": "anludim", "players": 3, "seats": ["human", "random"]}, "3 players need 3"),
        ({"game": "anludim", "seats": ["human", "random"], "options": {"x": 1}}, "unknown option"),
        (
            {"game": "anludim", "seats": ["human", "random"], "options": {"variant": "hard"}},
            "allowed values",
        ),
        ({"game": "anludim", "seats": ["human", "alphazero"]}, "unknown agent 'alphazero'"),
        ({"game": "anludim", "seats": ["human", "ismcts:seconds=60"]}, "at most 5 s"),
        ({"game": "anludim", "seats": ["human", "random:depth=3"]}, "has no setting 'depth'"),
        ({"game": "anludim", "seats": ["human", "random"], "seed": -1}, "non-negative"),
        ({"game": "anludim", "seats": ["human", "random"], "seed": 2**64}, "below 2**63"),
        ({"game": "anludim", "seats": ["human", ""]}, "needs an agent spec"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    assert client.get("/api/tables?status=all").json() == []


@pytest.mark.parametrize(
    "body",
    [
        {"seats": ["human", "random"]},
        {"game": "anludim", "seats": "human,random"},
        {"game": "anludim", "seats": ["human", "random"], "players": "2"},
        {"game": "anludim", "seats": ["human", "random"], "seed": 1.5},
        {"game": "anludim", "seats": ["human", "random"], "colour": "red"},
    ],
)
def test_malformed_bodies_get_an_error(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert isinstance(response.json()["error"], str)


def test_not_json_and_oversized_bodies(client: TestClient) -> None:
    response = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and "error" in response.json()
    huge = {"game": "anludim", "seats": ["human", "random"], "options": {"x": "y" * 70_000}}
    response = client.post("/api/tables", json=huge)
    assert response.status_code == 413
    assert "too large" in response.json()["error"]


def test_a_chunked_body_is_held_to_the_same_limit(client: TestClient) -> None:
    """Without Content-Length (a chunked upload) the body is counted as it arrives."""
    import json

    def chunks(body: bytes, size: int = 16_384) -> Iterator[bytes]:
        for at in range(0, len(body), size):
            yield body[at : at + size]

    headers = {"content-type": "application/json"}
    huge = json.dumps({"game": "x" * 3_000_000, "seats": ["human"]}).encode()
    response = client.post("/api/tables", content=chunks(huge), headers=headers)
    assert response.status_code == 413 and "too large" in response.json()["error"]
    assert len(response.content) < 200  # nothing of the body is echoed back
    small = json.dumps({"game": "anludim", "seats": ["human", "Random"]}).encode()
    response = client.post("/api/tables", content=chunks(small, 7), headers=headers)
    assert response.status_code == 201, response.text  # and agent names are case-blind
    assert response.json()["table"]["seats"][1]["kind"] == "bot"


def test_a_bot_budget_of_iterations_is_bounded_in_time() -> None:
    from meeple.server.tables import MAX_BOT_SECONDS, make_bot

    assert make_bot("ismcts:iterations=5000", 1).seconds == MAX_BOT_SECONDS  # type: ignore[attr-defined]
    assert make_bot("ismcts:seconds=0.5", 1).seconds == 0.5  # type: ignore[attr-defined]
    assert make_bot("ISMCTS:iterations=20", 1).iterations == 20  # type: ignore[attr-defined]


def test_unknown_table_and_route(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/../../etc"):
        response = client.get(path)
        assert response.status_code == 404
        assert "error" in response.json()
    response = client.post("/api/tables/nope/join", json={"seat": 0})
    assert response.status_code == 404
    assert response.json() == {"error": "there is no table 'nope'"}
    assert client.get("/api/tables?status=finished").status_code == 400


def test_join_takes_a_free_human_seat(client: TestClient) -> None:
    created = create(client, ["human", "human", "random"])
    table_id = created["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()
    assert joined["seat"] == 1 and joined["url"].endswith(joined["token"])
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    bot = client.post(f"/api/tables/{table_id}/join", json={"seat": 2})
    assert bot.status_code == 409 and "bot" in bot.json()["error"]
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 9}).status_code == 400
    # the invitation of the joined seat no longer works; the new token does
    with client.websocket_connect(
        f"/ws/tables/{table_id}?token={created['invites'][1]['token']}"
    ) as ws:
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/tables/{table_id}?token={joined['token']}") as ws:
        assert ws.receive_json()["seat"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
    client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_seat_to_bot_needs_the_seat_or_owner_token(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table_id = created["table"]["id"]
    url = f"/api/tables/{table_id}/seats/1/bot"
    wrong = client.post(url, json={"token": created["invites"][0]["token"], "spec": "random"})
    assert wrong.status_code == 403 and "token" in wrong.json()["error"]
    bad_spec = client.post(url, json={"token": created["owner_token"], "spec": "nobody"})
    assert bad_spec.status_code == 400 and "unknown agent" in bad_spec.json()["error"]
    info = client.post(url, json={"token": created["owner_token"], "spec": "greedy"}).json()
    assert info["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "spec": "greedy",
        "taken": True,
        "connected": False,
        "connections": 0,
        "name": None,
    }
    mine = client.post(
        f"/api/tables/{table_id}/seats/0/bot",
        json={"token": created["invites"][0]["token"], "spec": "random"},
    )
    assert mine.status_code == 200
    assert mine.json()["status"] == "playing"


def test_record_only_when_over_and_it_replays(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=12)
    table_id, token = created["table"]["id"], created["invites"][0]["token"]
    early = client.get(f"/api/tables/{table_id}/record")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final = play_until(ws, first_legal)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["seed"] == 12 and record["players"] == 2
    assert len(record["actions"]) == final["version"]
    assert record["rules"] == meeple.load_game(record["game"]).info.rules != ""
    state = meeple.replay(record)
    assert state.is_terminal()
    assert state.returns() == final["returns"]
    assert state.scores() == final["scores"]
    over = client.get("/api/tables?status=over").json()
    assert [t["id"] for t in over] == [table_id]
    assert client.get("/api/tables").json() == []  # the default, open, lists none over


def test_play_again_asked_twice_meets_at_one_table(client: TestClient, tmp_path: Path) -> None:
    """Both players clicking "Play again" made two tables, each waiting for the other;
    the link holds across a restart of the server."""
    created = create(client, ["human", "random"], seed=5)
    table_id, token = created["table"]["id"], created["invites"][0]["token"]
    again = f"/api/tables/{table_id}/again"
    early = client.post(again, json={"token": token})
    assert early.status_code == 409 and "not over" in early.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        play_until(ws, first_legal)
    assert client.post(again, json={"token": "nope"}).status_code == 403
    first = client.post(again, json={"token": token}).json()
    new_id = first["table"]["id"]
    assert new_id != table_id and first["owner_token"]
    assert [invite["seat"] for invite in first["invites"]] == [0]
    assert first["table"]["seats"][1]["spec"] == "random"
    with TestClient(create_app(database(tmp_path))) as restarted:
        second = restarted.post(again, json={"token": token}).json()
        assert second["table"]["id"] == new_id and second["owner_token"] is None
        (seat,) = second["invites"]
        assert seat["seat"] == 0 and seat["token"] != first["invites"][0]["token"]
        taken = restarted.post(again, json={"token": token})
        assert taken.status_code == 409 and "taken already" in taken.json()["error"]
        assert len(restarted.get("/api/tables?status=all").json()) == 2


def test_a_private_table_is_unlisted_and_seated_by_invitation_only(
    client: TestClient, tmp_path: Path
) -> None:
    public = create(client, ["human", "human"])["table"]["id"]
    made = create(client, ["human", "human"], seed=5, private=True)
    table = made["table"]
    table_id, invited = table["id"], made["invites"][1]
    assert table["private"] is True
    assert [t["id"] for t in client.get("/api/tables").json()] == [public]
    # the lobby lists it for whoever asks by its id (a browser holding one of its seats)
    mine = client.get(f"/api/tables?mine={table_id},nonsense!,{public}").json()
    assert sorted(t["id"] for t in mine) == sorted([public, table_id])
    assert client.get(f"/api/tables/{table_id}").json()["private"] is True
    refused = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert refused.status_code == 403 and "invitation links" in refused.json()["error"]
    assert client.post(f"/api/tables/{public}/join", json={"seat": 1}).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}?token={invited['token']}") as ws:
        assert next_message(ws, "state")["seat"] == 1  # its invitation seats its player
    # its next game is private too
    duel = create(client, ["human", "random"], seed=5, private=True)
    duel_id, token = duel["table"]["id"], duel["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{duel_id}?token={token}") as ws:
        play_until(ws, first_legal)
    again = client.post(f"/api/tables/{duel_id}/again", json={"token": token}).json()
    assert again["table"]["private"] is True
    assert again["table"]["id"] not in {t["id"] for t in client.get("/api/tables").json()}
    with TestClient(create_app(database(tmp_path))) as restarted:  # kept across a restart
        assert restarted.get("/api/tables?status=all").json()[0]["id"] == public
        assert restarted.get(f"/api/tables/{table_id}").json()["private"] is True
    assert client.get("/api/tables?mine=" + ",".join(["x"] * 201)).status_code == 400
