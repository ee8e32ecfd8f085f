"""Every printed number lives in a data file with its confidence tag, and
`snowdonia data --unverified` lists what is not yet verified (spec/snowdonia-data.md)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from snowdonia.cli import app
from snowdonia.core.data import TAGS, UNVERIFIED, DataError, provenance_of
from snowdonia.games.snowdonia.data import provenance, unverified


def test_every_tag_is_known_and_unverified_means_the_four_weak_tags() -> None:
    rows = provenance()
    assert rows and {r.tag for r in rows} <= set(TAGS)
    assert {r.tag for r in unverified()} <= set(UNVERIFIED)
    assert set(UNVERIFIED) == {"inferred", "assumed", "provisional", "contradicted"}


def test_contract_backs_are_contradicted_with_the_reason() -> None:
    """Issue 8: a publisher source says the base deck has 8 fog-backed contracts, the fan data
    6; the backs are kept, tagged `contradicted`, and listed as unverified."""
    backs = [r for r in unverified() if r.file == "contracts.toml" and r.field == "back"]
    assert len(backs) == 30 and all(r.tag == "contradicted" for r in backs)
    assert all("8 fog" in r.reason for r in backs)


def test_the_b_build_side_space_is_stated_by_the_seeds() -> None:
    """Seed 004 B: the set-aside train "provides an extra Build action space"; seed 003 the
    same - one space, tagged `seed` (issue 8)."""
    row = next(r for r in provenance() if r.file == "action_spaces.toml" and r.where == "b_build_side")
    assert row.tag == "seed"
    assert not [r for r in unverified() if r.where == "b_build_side"]


def test_an_unknown_tag_is_refused_in_words() -> None:
    with pytest.raises(DataError, match="unknown confidence tag 'guess'"):
        provenance_of("x", {"f.toml": {"thing": {"value": 1, "confidence": "guess"}}})


def test_cli_lists_unverified_values_of_every_title_as_json() -> None:
    """`snowdonia data --unverified` lists every title's unverified values (issues 11, 13:
    the provisional Blaenau Ffestiniog and Foothills numbers are listed)."""
    from snowdonia.registry import title

    out = CliRunner().invoke(app, ["data", "--unverified", "--json"])
    assert out.exit_code == 0
    rows = json.loads(out.stdout)
    foothills = [r for r in title("foothills").provenance() if r.tag in UNVERIFIED]
    assert len(rows) == len(unverified()) + len(foothills)
    assert {r["game"] for r in rows} == {"snowdonia", "foothills"}
    assert any(r["tag"] == "provisional" and r["file"].startswith("scenarios/blaenau") for r in rows)
    assert any(r["tag"] == "provisional" and r["game"] == "foothills" for r in rows)
    one = CliRunner().invoke(app, ["data", "--unverified", "--json", "--game", "snowdonia"])
    assert len(json.loads(one.stdout)) == len(unverified())
    bad = CliRunner().invoke(app, ["data", "--game", "chess"])
    assert bad.exit_code != 0 and "unknown game" in bad.output
