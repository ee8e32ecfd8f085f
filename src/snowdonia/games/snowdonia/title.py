"""Snowdonia as a title of the platform: Mount Snowdon (1-5 players, the solo series at 1),
its settings, score lines, decision registry, words, bots and research encoders."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from snowdonia.core.actions import Catalogue
from snowdonia.core.chance import ChanceHook, ChanceModel
from snowdonia.core.data import Provenance
from snowdonia.core.protocol import BotFactory, Encoder, Position, ScenarioInfo, SettingSpec, Title
from snowdonia.games.snowdonia import game as game_module
from snowdonia.games.snowdonia.bots import value as search_value
from snowdonia.games.snowdonia.rules.actions import Action, catalogue
from snowdonia.games.snowdonia.rules.decisions import DECISIONS
from snowdonia.games.snowdonia.ui.words import Words

SETTINGS = (
    SettingSpec("edition", "Edition", "original", "choice", ("original", "deluxe"),
                "Deluxe (2019): the bag may be inspected, Works must convert at least once, the latest "
                "player in turn order wins a tie, one more round after an event lays the last track"),
    SettingSpec("light_fog", "Light Fog", False, "bool", (False, True),
                "Fog blocks only the last space of Excavate and Lay Track (Deluxe variant)"),
    SettingSpec("contracts_per_window", "Contracts per window", 0, "choice", (0, 1),
                "0: any number (English rules, \"one or more\"); 1: exactly one (German rules)"),
    SettingSpec("solo_train", "Solo train", 1, "choice", tuple(range(1, 8)),
                "The solo player's train (the solo series plays No. 1 to No. 7)", players=(1,)),
    SettingSpec("deluxe_track_cards", "Deluxe track cards", False, "bool", (False, True),
                "Shuffle in the Deluxe 0-, 6- and 7-rubble track cards (Deluxe edition only)"),
    SettingSpec("round_limit", "Round limit", 60, "int", (),
                "A safety net against endless games, not a rule"),
)

SCENARIOS = (
    ScenarioInfo("mount_snowdon", "Mount Snowdon", (1, 2, 3, 4, 5),
                 "The Snowdon Mountain Railway from Llanberis to the summit; solo at 1 player"),
    ScenarioInfo("blaenau_ffestiniog", "Blaenau Ffestiniog", (1, 2, 3, 4),
                 "The Ffestiniog line from both ends: choose Blaenau Ffestiniog or Porthmadog Harbour, "
                 "work away from it, build only as far as your surveyor; events alternate ends. "
                 "The blue station cards' numbers are provisional", provisional=True),
)

SCORE_LINES = ("stations", "track", "surveyor", "train", "contracts")
# Seed 004 "Scoring", in its order: completed sites on station cards, completed track, the
# surveyor, train No. 4 Snowdon, contract bonuses.
SCORE_LABELS = {"stations": "Station sites", "track": "Track cards", "surveyor": "Surveyor",
                "train": "Train No. 4 Snowdon", "contracts": "Contract bonuses"}

BOT_HELP = {
    "random": "plays a random legal move (instant)",
    "greedy": "looks one move ahead with a heuristic: gets iron, makes steel, lays track, builds (instant)",
    "mcts": "searches many futures (information-set MCTS); stronger with more iterations or seconds",
}


class Snowdonia(Title):
    name = "snowdonia"
    display_name = "Snowdonia"
    scenarios = SCENARIOS
    settings = SETTINGS
    score_lines = SCORE_LINES
    solo_train_lines = {"train": 4}
    score_labels = SCORE_LABELS
    decisions = DECISIONS
    words = Words()

    def new_game(self, players: int, seed: int | None = None, scenario: str | None = None,
                 **settings: Any) -> Position:
        return game_module.new_game(players, seed=seed, scenario=scenario, **settings)

    def replay(self, record: dict[str, Any], upto: int | None = None) -> Position:
        return game_module.replay(record, upto)

    def restore(self, blob: bytes) -> Position:
        return game_module.restore(blob)

    def catalogue(self) -> Catalogue[Any]:
        return catalogue()

    def action_count(self, scenario: str | None = None) -> int:
        from snowdonia.games.snowdonia.rules.actions import ACTION_COUNT

        catalogue()
        return ACTION_COUNT[self.scenario(scenario).key]

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def evaluate(self, position: Position, seat: int) -> float:
        from snowdonia.games.snowdonia.bots.evaluate import evaluate

        return evaluate(position, seat)  # type: ignore[arg-type]

    def search_evaluate(self, position: Position, seat: int) -> float:
        return search_value.value(position, seat)  # type: ignore[arg-type]

    def search_actions(self, position: Position, legal: list[Any]) -> list[Any]:
        return search_value.search_actions(position, legal)  # type: ignore[arg-type]

    def bots(self) -> dict[str, BotFactory]:
        from snowdonia.games.snowdonia.bots.greedy import factory

        return {"greedy": factory}

    def bot_help(self) -> dict[str, str]:
        return dict(BOT_HELP)

    def new_chance_game(self, players: int, chance: ChanceHook, scenario: str | None = None,
                        **settings: Any) -> Position:
        from snowdonia.games.snowdonia.ai.chance import new_chance_game

        return new_chance_game(players, chance, scenario, **settings)

    def encoder(self, players: int, scenario: str | None = None, **settings: Any) -> Encoder:
        from snowdonia.games.snowdonia.ai.encoding import encoder
        from snowdonia.games.snowdonia.rules.config import config_for, make_settings

        sc = scenario or "mount_snowdon"
        return encoder(config_for(players, sc, make_settings(players, sc, **settings)))

    def chance_model(self) -> ChanceModel:
        from snowdonia.games.snowdonia.ai.chance import MODEL

        return MODEL

    def provenance(self) -> list[Provenance]:
        from snowdonia.games.snowdonia.data import provenance

        return provenance()

    def how_to_play(self, scenario: str | None = None) -> dict[str, Any]:
        from snowdonia.games.snowdonia.ui.how_to_play import how_to_play

        return how_to_play(self.scenario(scenario).key)

    def guide(self) -> dict[str, Any] | None:
        from snowdonia.games.snowdonia.ui.how_to_play import guide

        return guide()

    def web_board(self) -> str:
        return str(Path(str(resources.files("snowdonia.games.snowdonia.ui"))) / "web" / "board.js")

    def terminal_board(self, position: Position, seat: int | None, seat_kinds: list[str] | None = None,
                       width: int = 160, compact: bool = False, names: list[str] | None = None) -> Any:
        from snowdonia.games.snowdonia.ui.terminal import board

        if compact:
            from snowdonia.games.snowdonia.ui.compact import compact_board

            return compact_board(position.observation(seat), names or [f"Player {i + 1}" for i in
                                                                       range(position.players)], seat)

        kinds = seat_kinds or ["?"] * position.players
        return board(position, seat, kinds, width=width)  # type: ignore[arg-type]

    def score_sheet(self, position: Position, seat_kinds: list[str]) -> Any:
        from snowdonia.games.snowdonia.ui.terminal import score_sheet

        return score_sheet(position, seat_kinds)  # type: ignore[arg-type]


TITLE = Snowdonia()
