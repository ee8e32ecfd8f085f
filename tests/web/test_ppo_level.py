"""The `ppo` bot level in the web (issue 22): offered in the lobby's level list with its
measured figures, and a game with a ppo seat plays itself to the end."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import create, view, wait_for


def test_ppo_is_offered_and_plays_a_web_game_to_the_end(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    bots = {t["name"]: t["bots"] for t in meta["titles"]}
    ppo = [b for b in bots["snowdonia"] if b["level"] == "ppo"]
    assert ppo and "MaskablePPO" in ppo[0]["help"]
    assert "ppo" not in {b["level"] for b in bots["foothills"]}
    g = create(client, ["ppo", "greedy"], seed=4)
    wait_for(lambda: view(client, g["id"])["over"], timeout=120)
    v = view(client, g["id"])
    assert v["seats"][0]["name"] == "PPO bot" and v["result"]["final"]
    live = client.app.state.live  # type: ignore[attr-defined]
    assert "ppo" in {b for _, b in live.sessions[g["id"]].movers}  # it moved itself, no fallback


def test_a_ppo_seat_is_refused_in_words_where_its_network_cannot_play(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "snowdonia", "players": 2, "seats": ["ppo", "human"],
                                        "scenario": "blaenau_ffestiniog", "seed": 1, "settings": {}})
    assert r.status_code == 400
    assert "seat 1: the ppo bot was trained on Mount Snowdon only, not Blaenau Ffestiniog" in r.text
    r = client.post("/api/games", json={"game": "snowdonia", "players": 2, "seats": ["human", "ppo"],
                                        "seed": 1, "settings": {"round_limit": 30}})
    assert r.status_code == 400 and "seat 2: the ppo bot's network reads another observation layout" in r.text
    assert client.get("/api/games").json() == []  # nothing was created


def test_settings_that_make_no_game_are_a_400_in_words_even_with_bot_seats(client: TestClient) -> None:
    """Found by schemathesis: with a bot seat, the bot check built a sample game before the
    settings were tried, so settings that make no game (Deluxe track cards in the Original
    edition) were a 500. They are the title's sentence, 400, and nothing is created."""
    for seats in (["ppo", "greedy"], ["greedy", "human"]):
        r = client.post("/api/games", json={"game": "snowdonia", "players": 2, "seats": seats, "seed": 1,
                                            "settings": {"deluxe_track_cards": True, "edition": "original"}})
        assert r.status_code == 400, r.text
        assert "deluxe_track_cards needs edition 'deluxe'" in r.json()["error"]
    assert client.get("/api/games").json() == []
