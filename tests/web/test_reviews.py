"""Post-game reviews at the web table (issue 20, item 3 "web"): refused in words before the
end; once the game is over `POST /api/games/{id}/review` starts it in the background, `GET`
answers 202 with the progress while it runs and 200 with the rows `snowdonia review --json`
prints when done; stored with the game (a restarted server answers it from the database);
one interrupted by a stop is started again; a game of bots only has every seat reviewed,
otherwise only the human seats. The tests use a cheap budget (`review_budget="1"`)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.test_postgres import pg_url  # noqa: F401 - the throwaway cluster fixture

from snowdonia.analysis.review import review_record

from .conftest import auth, create, make_app, tokens_of, view, wait_for

BUDGET = "1"


@pytest.fixture
def rclient(db_url: str) -> Iterator[TestClient]:
    app = make_app(db_url, review_budget=BUDGET)
    with TestClient(app) as c:
        yield c
    app.state.store.close()


def finish_by_bots(client: TestClient, seed: int = 3) -> str:
    g = create(client, ["random", "random"], seed=seed)
    wait_for(lambda: view(client, g["id"])["over"], timeout=120)
    return str(g["id"])


def play_to_end(client: TestClient, gid: str, tokens: dict[int, str], rng: random.Random) -> None:
    """The human seats' decisions chosen by a random bot, through the API."""
    for _ in range(2000):
        v = view(client, gid)
        if v["over"]:
            return
        seat = v["decision"]["player"] if v.get("decision") else None
        if seat is None or seat not in tokens:
            time.sleep(0.01)
            continue
        mine = view(client, gid, tokens[seat])
        if not mine.get("legal"):
            time.sleep(0.01)
            continue
        texts = [a["text"] for a in mine["legal"]]
        choice = texts[rng.randrange(len(texts))]
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"action": choice, "move": mine["move"], "revision": mine["revision"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")


def wait_review(client: TestClient, gid: str, timeout: float = 120.0) -> tuple[dict[str, Any], list[float]]:
    seen: list[float] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = client.get(f"/api/games/{gid}/review")
        if r.status_code == 200:
            return dict(r.json()), seen
        assert r.status_code == 202, r.text
        seen.append(r.json()["progress"])
        time.sleep(0.05)
    raise AssertionError("the review did not finish in time")


def test_a_review_is_refused_in_words_before_the_end(rclient: TestClient) -> None:
    g = create(rclient, ["human", "human"], seed=21)
    r = rclient.post(f"/api/games/{g['id']}/review")
    assert r.status_code == 403 and "once it is over" in r.json()["error"]
    r = rclient.get(f"/api/games/{g['id']}/review")
    assert r.status_code == 404 and "no review was asked" in r.json()["error"]
    assert rclient.app.state.store.review(g["id"]) is None  # type: ignore[attr-defined]
    assert rclient.post("/api/games/nosuchgame/review").status_code == 404


def test_a_bots_only_game_is_reviewed_every_seat_stored_and_survives_a_restart(db_url: str) -> None:
    app = make_app(db_url, review_budget=BUDGET)
    with TestClient(app) as client:
        gid = finish_by_bots(client)
        assert client.get(f"/api/games/{gid}/review").status_code == 404
        first = client.post(f"/api/games/{gid}/review")
        assert first.status_code == 202 and 0.0 <= first.json()["progress"] < 1.0, first.text
        again = client.post(f"/api/games/{gid}/review")  # idempotent: the same review's state
        assert again.status_code in (200, 202)
        assert again.json().get("seats", [1, 2]) == [1, 2]
        body, seen = wait_review(client, gid)
        record = client.get(f"/api/games/{gid}/record").json()
    app.state.store.close()
    assert seen and all(0.0 <= p < 1.0 for p in seen) and seen == sorted(seen)
    assert body["state"] == "done" and body["seats"] == [1, 2] and body["budget"] == BUDGET
    # exactly what `snowdonia review --json` prints for the record (same budget, seed)
    expected = review_record(record, [1, 2], BUDGET, seed=record["seed"]).as_dict()
    assert body["decisions"] == expected["decisions"] and body["biggest"] == expected["biggest"]
    assert {d["seat"] for d in body["decisions"]} == {1, 2}
    for d in body["decisions"]:
        assert set(d) >= {"move", "seat", "round", "chosen", "best", "loss_vp", "verdict", "options"}
        assert d["loss_vp"] >= 0 and d["verdict"] in ("fine", "inaccuracy", "mistake", "blunder")
    losses = [d["loss_vp"] for d in body["biggest"]]
    assert losses == sorted(losses, reverse=True) and len(losses) <= 5
    # a new server on the same database answers it from the database, without reviewing again
    app = make_app(db_url, review_budget=BUDGET)
    with TestClient(app) as client:
        r = client.get(f"/api/games/{gid}/review")
        assert r.status_code == 200 and r.json() == body
        assert client.post(f"/api/games/{gid}/review").json() == body
        assert app.state.store.review(gid)["restarts"] == 0
    app.state.store.close()


def test_a_human_games_review_covers_the_human_seats_only(rclient: TestClient) -> None:
    g = create(rclient, ["random", "human"], seed=8)
    play_to_end(rclient, g["id"], tokens_of(g), random.Random(2))
    r = rclient.post(f"/api/games/{g['id']}/review")
    assert r.status_code in (200, 202), r.text
    body, _ = wait_review(rclient, g["id"])
    assert body["seats"] == [2] and {d["seat"] for d in body["decisions"]} == {2}


def test_a_solo_game_is_offered_its_review(rclient: TestClient) -> None:
    g = create(rclient, ["human"], seed=4)
    play_to_end(rclient, g["id"], tokens_of(g), random.Random(3))
    r = rclient.post(f"/api/games/{g['id']}/review")
    assert r.status_code == 202, r.text
    body, _ = wait_review(rclient, g["id"])
    assert body["seats"] == [1] and body["decisions"] and {d["seat"] for d in body["decisions"]} == {1}


def test_a_review_interrupted_by_a_stop_is_started_again(db_url: str) -> None:
    app = make_app(db_url, review_budget=BUDGET)
    with TestClient(app) as client:
        gid = finish_by_bots(client, seed=5)
    store = app.state.store
    # as a server that died while reviewing leaves it: open, half done, its lease run out
    assert store.ask_review(gid, BUDGET, [1, 2], "a-server-that-died", time.time() - 1)
    assert store.update_review(gid, "a-server-that-died", state="running", progress=0.4)
    store.close()
    app = make_app(db_url, review_budget=BUDGET)
    with TestClient(app) as client:
        body, _ = wait_review(client, gid)
        assert body["state"] == "done" and body["decisions"]
        row = app.state.store.review(gid)
        assert row["restarts"] == 1 and row["owner"] != "a-server-that-died"
    app.state.store.close()


def test_a_review_past_its_deadline_is_reported_failed_and_asked_again(db_url: str) -> None:
    app = make_app(db_url, review_budget=BUDGET, review_deadline_seconds=1.0)
    with TestClient(app) as client:
        gid = finish_by_bots(client)
        assert client.post(f"/api/games/{gid}/review").status_code == 202
        body, _ = wait_review(client, gid)
        assert body["state"] == "failed" and "took longer than 1 seconds" in body["error"]
        assert "decisions" not in body
        again = client.post(f"/api/games/{gid}/review")  # a failed review is started again
        assert again.status_code == 202 and again.json()["restarts"] == 1
    app.state.store.close()


def test_a_full_queue_answers_503_with_retry_after(db_url: str) -> None:
    app = make_app(db_url, review_budget=BUDGET, review_max_waiting=1)
    with TestClient(app) as client:
        gids = [finish_by_bots(client, seed=s) for s in (3, 5, 7)]
        # the first runs (seconds at this budget), the second waits: the queue (one) is full
        assert client.post(f"/api/games/{gids[0]}/review").status_code in (200, 202)
        wait_for(lambda: app.state.reviewer.waiting() == 0 and app.state.reviewer.current == gids[0])
        assert client.post(f"/api/games/{gids[1]}/review").status_code == 202
        r = client.post(f"/api/games/{gids[2]}/review")
        assert r.status_code == 503 and r.headers["Retry-After"] == "30" and "waiting" in r.json()["error"]
        assert client.get(f"/api/games/{gids[2]}/review").status_code == 404  # nothing was recorded
        assert client.get(f"/api/games/{gids[1]}/review").status_code in (200, 202)
    app.state.store.close()


@pytest.mark.slow
def test_a_review_on_postgresql_is_stored_and_survives_a_restart(pg_url: str) -> None:  # noqa: F811
    from tests.web.test_migrations import fresh_pg

    url = fresh_pg(pg_url, "reviews")
    app = make_app(url, review_budget=BUDGET)
    with TestClient(app) as client:
        gid = finish_by_bots(client, seed=5)
        assert client.post(f"/api/games/{gid}/review").status_code == 202
        body, _ = wait_review(client, gid)
    app.state.store.close()
    assert body["state"] == "done" and body["seats"] == [1, 2] and body["decisions"]
    app = make_app(url, review_budget=BUDGET)
    with TestClient(app) as client:
        assert client.get(f"/api/games/{gid}/review").json() == body
    app.state.store.close()
