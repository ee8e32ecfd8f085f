"""What must not change across the platform reorganisation (issue 9): the Mount Snowdon
catalogue ids, and records and snapshots written by the code before it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import snowdonia
from snowdonia.games.snowdonia.rules.actions import catalogue
from snowdonia.registry import title
from snowdonia.store.snapshot import restore

FIXTURES = Path(__file__).parent / "fixtures" / "pre_platform"
# sha256 of the 665 Mount Snowdon action strings in id order, taken before the reorganisation:
# OpenSpiel and PettingZoo action ids are these positions.
CATALOGUE_SHA256 = "d5a3db42faf3ee1c68b7afc713fbb08a900d35404d86844a04be91a109135de5"
MOUNT_SNOWDON_ACTIONS = 665


def test_mount_snowdon_catalogue_ids_never_move() -> None:
    acts = catalogue().actions[:MOUNT_SNOWDON_ACTIONS]
    text = "\n".join(str(a) for a in acts)
    assert hashlib.sha256(text.encode()).hexdigest() == CATALOGUE_SHA256
    assert title("snowdonia").catalogue().actions[:MOUNT_SNOWDON_ACTIONS] == acts


def test_a_version_1_record_still_replays_to_its_scores() -> None:
    rec = json.loads((FIXTURES / "record_v1_finished.json").read_text())
    assert rec["version"] == 1 and "game" not in rec
    g = snowdonia.replay(rec)
    assert g.is_over and g.result()["scores"] == rec["result"]["scores"]
    new = g.record()
    assert new["version"] == 2 and new["game"] == "snowdonia" and new["actions"] == rec["actions"]


def test_an_unfinished_version_1_record_continues() -> None:
    rec = json.loads((FIXTURES / "record_v1_unfinished.json").read_text())
    g = snowdonia.replay(rec)
    assert not g.is_over and g.moves == len(rec["actions"])
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.result()["final"]


def test_a_snapshot_written_before_titles_restores_and_plays_on() -> None:
    """Format 1 snapshots (no `game`, the log as lines of text) from the old store."""
    expect = json.loads((FIXTURES / "snapshot_v1_mid_game.expect.json").read_text())
    g = restore((FIXTURES / "snapshot_v1_mid_game.bin").read_bytes())
    assert g.moves == expect["moves"]
    assert json.loads(json.dumps(g.observation(None), sort_keys=True)) == expect["observation"]
    assert [str(a) for a in g.legal_actions()] == expect["legal"]
    assert g.current_player == expect["decider"]
    assert g.log() and g.log()[0]["type"] == "text"  # the old log, kept as text
    names = [f"Player {i + 1}" for i in range(g.players)]
    assert all(title("snowdonia").words.event(e, names, g) for e in g.log())
    g.apply(g.legal_actions()[-1])
    assert g.moves == expect["moves"] + 1
    again = title("snowdonia").restore(g.snapshot())  # and is written in the new format
    assert again.observation(None) == g.observation(None)
