"""Foothills as a title of the platform: `TITLE` is what `snowdonia.registry` loads."""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from snowdonia.core.actions import Catalogue
from snowdonia.core.chance import ChanceHook
from snowdonia.core.data import Provenance
from snowdonia.core.errors import ActionParseError, IllegalAction, RecordError, SettingsError, refusal
from snowdonia.core.protocol import (
    BotFactory,
    DecisionKind,
    Encoder,
    Position,
    ScenarioInfo,
    SettingSpec,
    Title,
)
from snowdonia.core.records import check_record, record_game
from snowdonia.games.foothills import data, game
from snowdonia.games.foothills.bots import evaluate as evaluation
from snowdonia.games.foothills.bots import greedy
from snowdonia.games.foothills.rules import (
    flow,
    turn,  # noqa: F401 - registers every step of the turn
)
from snowdonia.games.foothills.rules.actions import FAction, catalogue
from snowdonia.games.foothills.rules.config import COLOUR_ORDERS, RAILWAY_CHOICES, make_settings
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.scoring import SCORE_LINES
from snowdonia.games.foothills.rules.setup import set_up
from snowdonia.games.foothills.ui import board
from snowdonia.games.foothills.ui.words import WORDS, FoothillsWords, colour_order_label, railway_set_labels


class FoothillsTitle(Title):
    name = "foothills"
    display_name = "Foothills"
    # Random Foothills games are long and noisy: the search bot scores its playouts with the
    # evaluation after 12 decisions (mcts:0.5s won 7 of 8 games against greedy this way).
    search_depth = 12
    scenarios = (ScenarioInfo(
        "foothills", "Foothills", (2,),
        "The two-player Snowdonia card game: six of eight Welsh railways, five action cards each.",
        provisional=True),)
    settings = (
        SettingSpec("railways", "Railways", "random", "choice", ("random", *RAILWAY_CHOICES),
                    "the six railways in play (set-up 1: two left out at random, or as you choose)",
                    choice_labels=("two left out at random", *railway_set_labels(RAILWAY_CHOICES))),
        SettingSpec("start_player", "Start player", "random", "choice", ("random", 0, 1),
                    "the player who starts, for the whole game (set-up 10)",
                    choice_labels=("chosen at random", "Player 1", "Player 2")),
        SettingSpec("colours", "Colours", "blue-green", "choice", COLOUR_ORDERS,
                    "the colours' cards differ (blue and green side actions)",
                    choice_labels=tuple(colour_order_label(c) for c in COLOUR_ORDERS)),
        SettingSpec("rematch", "Tie rematch", False, "bool", (),
                    "this game replays a tie with colours swapped on the same railways; its own tie is a draw"),
        SettingSpec("turn_limit", "Turn limit", 0, "int", (),
                    "safety net only (0: the data's default); no rule ends the game by turns"),
    )
    score_lines = SCORE_LINES
    # The seed's scoring ("Wertung"), line by line.
    score_labels = {"vp_tokens": "VP tokens", "route_bonus": "Route bonuses (Ffestiniog, Welsh Highland)",
                    "summit": "Summit token", "passengers": "Passengers (½ VP each)",
                    "pile_passengers": "Scoring pile: per 2 passengers", "pile_tracks": "Scoring pile: per 2 tracks",
                    "pile_stations": "Scoring pile: per station", "pile_tickets": "Scoring pile: per ticket",
                    "pile_cards": "Scoring pile: per card"}
    decisions: Mapping[str, DecisionKind] = DECISIONS
    words: FoothillsWords = WORDS

    def new_game(self, players: int = 2, seed: int | None = None, scenario: str | None = None,
                 **settings: Any) -> game.FoothillsGame:
        if scenario not in (None, "foothills"):
            raise SettingsError(refusal("unknown scenario %(scenario)s of foothills; choose foothills",
                                        scenario=repr(scenario)))
        s = make_settings(players, **settings)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SettingsError(f"seed must be an integer, not {seed!r}")
        return game.start(s, seed)

    def replay(self, record: dict[str, Any], upto: int | None = None) -> game.FoothillsGame:
        rec = check_record(record)
        if record_game(rec) != "foothills":
            raise RecordError(f"a record of {record_game(rec)!r}, not of foothills")
        try:
            g = self.new_game(rec["players"], seed=rec["seed"], scenario=rec.get("scenario"),
                              **rec.get("settings", {}))
        except (SettingsError, TypeError) as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from exc
        actions = rec["actions"] if upto is None else rec["actions"][:upto]
        for i, text in enumerate(actions):
            try:
                g.apply(text)
            except (IllegalAction, ActionParseError) as exc:
                raise RecordError(f"decision {i + 1} ({text!r}) does not replay: {exc}") from exc
        if upto is None and isinstance(rec.get("result"), dict) and g.over:
            if rec["result"].get("scores") != g.result()["scores"]:
                raise RecordError(f"the record's final scores {rec['result'].get('scores')} differ from "
                                  f"the replayed scores {g.result()['scores']}")
        return g

    def restore(self, blob: bytes) -> game.FoothillsGame:
        return game.restore(blob)

    def catalogue(self) -> Catalogue[FAction]:
        return catalogue()

    def evaluate(self, position: Position, seat: int) -> float:
        assert isinstance(position, game.FoothillsGame)
        return evaluation.evaluate(position, seat)

    def bots(self) -> dict[str, BotFactory]:
        return {"greedy": greedy.factory}

    def bot_help(self) -> dict[str, str]:
        return {"greedy": "looks one decision ahead (finishing its own turn) and keeps the option whose "
                          "position is worth most against its opponent"}

    def new_chance_game(self, players: int, chance: ChanceHook, scenario: str | None = None,
                        **settings: Any) -> game.FoothillsGame:
        """Set-up and play with every random pick asked of `chance` (the research adapters'
        explicit chance nodes; Foothills' picks are all public, so the generic model serves)."""
        if scenario not in (None, "foothills"):
            raise SettingsError(refusal("unknown scenario %(scenario)s of foothills; choose foothills",
                                        scenario=repr(scenario)))
        s = make_settings(players, **settings)
        g = game.blank()
        g.chance = chance
        set_up(g, s, 0)
        g.seed = 0
        g.history = []
        flow.advance(g)
        return g

    def encoder(self, players: int, scenario: str | None = None, **settings: Any) -> Encoder:
        from snowdonia.games.foothills.ai.encoding import encoder

        return encoder(make_settings(players, **settings))

    def provenance(self) -> list[Provenance]:
        return data.provenance()

    def how_to_play(self, scenario: str | None = None) -> dict[str, Any]:
        from snowdonia.games.foothills.ui.how_to_play import how_to_play

        return how_to_play(self.scenario(scenario).key)

    def guide(self) -> dict[str, Any] | None:
        from snowdonia.games.foothills.ui.how_to_play import guide

        return guide()

    def web_board(self) -> str:
        return str(Path(str(resources.files("snowdonia.games.foothills.ui"))) / "web" / "board.js")

    def seat_colours(self, players: int, settings: Mapping[str, Any] | None = None) -> list[str]:
        """Blue and green (setting `colours`: seat 0's first; swapped for the tie rematch)."""
        pair = str((settings or {}).get("colours", "blue-green")).split("-")
        return pair[:players]

    def terminal_board(self, position: Position, seat: int | None, seat_kinds: list[str] | None = None,
                       width: int = 160, compact: bool = False, names: list[str] | None = None) -> Any:
        if compact:
            from snowdonia.games.foothills.ui.compact import compact_board

            return compact_board(position.observation(seat), names or [f"Player {i + 1}" for i in
                                                                       range(position.players)], seat)
        return board.table_view(position.observation(seat), seat_kinds or [], width)

    def score_sheet(self, position: Position, seat_kinds: list[str]) -> Any:
        return board.score_sheet(position.result(), position.observation(None), seat_kinds)


TITLE = FoothillsTitle()
