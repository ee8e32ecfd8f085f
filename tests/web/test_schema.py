"""Schemathesis over the OpenAPI document (issue 10): a few hundred generated requests, valid
and invalid, against every route. No answer may be a 5xx, every status must be documented,
every body must match its schema, and invalid requests must be refused.

A schema-valid request may still be refused with 400 (an unknown game, a setting the title
does not have): that is a refusal in words by design, so 400 counts as an expected answer to
valid data beside schemathesis' defaults (401, 403, 404, 409, 429)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from tests.web.conftest import make_app

CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]}},
})
DB = Path(__file__).resolve().parents[2] / "artifacts" / "schemathesis.sqlite"


def _app() -> Any:
    DB.parent.mkdir(exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(str(DB) + suffix).unlink(missing_ok=True)
    return make_app(f"sqlite:///{DB}")


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


def test_the_document_lists_every_refusal() -> None:
    doc = schema.raw_schema
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            if method == "post":
                assert {"400", "408", "413"} <= codes, (method, path)
            if "{game_id}" in path:
                assert "404" in codes, (method, path)
            for code, resp in op["responses"].items():
                if code.startswith("4"):
                    ref = resp["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorBody"), (method, path, code)
