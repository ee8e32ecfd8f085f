"""Schemathesis over the OpenAPI document (issues 10 and 17), on a bounded budget: generated
requests, valid and invalid, against every route, then chains of calls that follow the
document's links (create a game, view it as a seat, move, undo). No answer may be a 5xx,
every status must be documented, every body must match its schema, invalid requests must be
refused; and the document is tight enough that the fuzzer creates games and makes moves
(the last test counts them in the database).

A schema-valid request may still be refused with 400 (a player count the scenario does not
take, a setting that makes no game): that is a refusal in words by design, so 400 counts as
an expected answer to valid data beside schemathesis' defaults (401, 403, 404, 409, 429)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from sqlalchemy import func, select
from tests.web.conftest import make_app

from snowdonia.store.db import games, moves

CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]}},
    # The chains follow the document's own links only, with valid data (the single calls
    # above try invalid data): create a game, view it as a seat, move, undo.
    "phases": {"stateful": {"inference": {"algorithms": []}, "generation": {"mode": "positive"},
                           "link-calibration": False}},
})
DB = Path(__file__).resolve().parents[2] / "artifacts" / "schemathesis.sqlite"


def _app() -> Any:
    DB.parent.mkdir(exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(str(DB) + suffix).unlink(missing_ok=True)
    # Cheap bots: generated games may seat search bots, which think in the pool.
    return make_app(f"sqlite:///{DB}", bot_max_seconds=0.05, bot_max_iterations=10, bot_processes=1)


APP = _app()
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP, config=CONFIG)


@pytest.fixture(scope="module", autouse=True)
def _running() -> Any:
    # A real game so that some generated ids and tokens meet existing resources.
    with TestClient(APP) as client:
        client.post("/api/games", json={"players": 2, "seats": ["human", "random"]})
        yield
    APP.state.store.close()


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_route_against_the_openapi_document(case: Any) -> None:
    case.call_and_validate()


class Chains(schema.as_state_machine()):  # type: ignore[misc]
    """The linked chains. Hypothesis requires a chain to behave the same each time it is
    replayed, so the games they create are made reproducible: a missing seed becomes a fixed
    one and bot seats become people's (bots answer in the background, at their own pace).
    Bots and random seeds are covered by the single calls above."""

    def before_call(self, case: Any) -> None:
        body = case.body
        if case.operation.label == "POST /api/games" and isinstance(body, dict):
            if body.get("seed") is None:
                body["seed"] = 17
            seats = body.get("seats")
            if isinstance(seats, list):
                body["seats"] = [{**x, "kind": "human"} if isinstance(x, dict) else "human" for x in seats]
        super().before_call(case)


TestLinkedCalls = Chains.TestCase
TestLinkedCalls.settings = settings(max_examples=40, stateful_step_count=8, deadline=None,
                                    suppress_health_check=list(HealthCheck))


def test_the_fuzzer_created_games_and_made_moves() -> None:
    # After the generated calls above (pytest keeps the order of a file), in this module's database.
    with APP.state.store.engine.connect() as c:
        created = c.execute(select(func.count()).select_from(games)).scalar_one()
        by_people = c.execute(select(func.count()).select_from(moves).where(moves.c.bot.is_(None))).scalar_one()
    assert created >= 20, created  # the fixture made one; the rest came from generated bodies
    assert by_people >= 3, by_people  # moves of person seats: only the links lead to those


def test_the_document_lists_every_refusal() -> None:
    doc = schema.raw_schema
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            if method == "post":
                assert {"400", "408", "413"} <= codes, (method, path)
            if "{game_id}" in path:
                assert {"404", "503"} <= codes, (method, path)
            for code, resp in op["responses"].items():
                if code.startswith("4"):
                    ref = resp["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorBody"), (method, path, code)


def test_the_creation_body_is_narrowed_per_title_scenario_and_players() -> None:
    from snowdonia.registry import names, title

    doc = schema.raw_schema
    body = doc["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    comps = doc["components"]["schemas"]
    models = [comps[x["$ref"].rsplit("/", 1)[1]] for x in body["oneOf"]]
    expected = [(n, sc.key, p) for n in names() for sc in title(n).scenarios for p in sc.players]
    assert [(m["properties"]["game"]["const"], m["properties"]["scenario"].get("const") or
             m["properties"]["scenario"]["anyOf"][0]["const"], m["properties"]["players"]["const"])
            for m in models] == expected
    for (name, _scenario, players), model in zip(expected, models, strict=True):
        assert model["additionalProperties"] is False
        seats = model["properties"]["seats"]
        assert seats["minItems"] == seats["maxItems"] == players
        kinds = seats["items"]["anyOf"][0]["enum"]
        assert kinds[0] == "human" and set(kinds[1:]) == set(APP.state.live.levels(name))
        settings_model = comps[model["properties"]["settings"]["$ref"].rsplit("/", 1)[1]]
        assert settings_model["additionalProperties"] is False
        assert set(settings_model["properties"]) == {
            s.key for s in title(name).settings if not s.players or players in s.players}
    seat = comps["SnowdoniaSeat"]["properties"]["name"]["anyOf"][0]
    assert seat["maxLength"] == 24 and seat["minLength"] == 1
