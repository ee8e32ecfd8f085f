"""The command line in the terminal's language (issue 23): `snowdonia --help` and every
subcommand's help, Typer's own words, the `review --budget` and record-file errors follow
`--lang` or the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); English stays the default."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from snowdonia import i18n
from snowdonia.bots.levels import named_levels
from snowdonia.cli import build_app, main
from snowdonia.cli_words import cli_language, say_error
from snowdonia.core.i18n import using

SRC = Path(__file__).resolve().parents[2] / "src"
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def locale(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Set the terminal's locale (the other locale variables cleared)."""
    def set_to(value: str | None) -> None:
        for var in LOCALE_VARS:
            monkeypatch.delenv(var, raising=False)
        if value is not None:
            monkeypatch.setenv("LANGUAGE", value)
        monkeypatch.setenv("COLUMNS", "200")
    return set_to


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`snowdonia ARGV` in this process (the language chosen by `main` as the console
    script does); its exit code and everything it printed."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 0), " ".join((out.out + out.err).replace("│", " ").split())


# --------------------------------------------------------------------------- choosing the language


def test_the_language_comes_from_lang_in_argv_else_the_locale() -> None:
    env = {"LANG": "pl_PL.UTF-8"}
    assert cli_language(["play", "--help"], env) == "pl"
    assert cli_language(["play", "--lang", "de", "--help"], env) == "de"
    assert cli_language(["play", "--lang=de"], env) == "de"
    assert cli_language(["play", "--lang", "tlh"], env) == "pl"  # no catalogue: play refuses it itself
    assert cli_language(["replay", "--", "--lang", "de"], env) == "pl"  # after "--" it is a file name
    assert cli_language(["--help"], {"LANG": "C.UTF-8"}) == "en"
    assert cli_language(["--help"], {"LANGUAGE": "de:en", "LANG": "pl_PL.UTF-8"}) == "de"


@pytest.mark.parametrize(("lang", "words", "english"), [
    ("de", ["Aufruf:", "Optionen", "Diese Hilfe zeigen und beenden.", "Anzahl der Spieler",
            "Einstellungen von Snowdonia", "Solo-Serie"], "Number of players"),
    ("pl", ["Użycie:", "Opcje", "Pokaż tę pomoc i zakończ.", "Liczba graczy", "Ustawienia gry Snowdonia",
            "seria solo"], "Number of players"),
])
def test_play_help_follows_the_locale_in_a_real_process(lang: str, words: list[str], english: str) -> None:
    """`LANGUAGE=de snowdonia play --help` as a user types it (a fresh process, the console
    script's `main`)."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update(LANGUAGE=lang, COLUMNS="200", PYTHONPATH=str(SRC))
    out = subprocess.run([sys.executable, "-c", "from snowdonia.cli import main; main()", "play", "--help"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.replace("│", " ").split())
    for word in words:
        assert word in text, word
    assert english not in text and "Show this message" not in text
    # the bot levels: names and specs as typed, their sentences (bots/levels.toml) translated
    t = i18n.translator(lang)
    for lv in named_levels().values():
        assert f"{lv.name} ({lv.spec_text()}): {t.gettext(lv.help)}" in text
        assert lv.help not in text
    # the option names are not translated
    for flag in ("--players", "--seats", "--lang", "--series", "--solo-train"):
        assert flag in text


def test_lang_on_the_command_line_beats_the_locale(locale, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    locale("pl")
    code, text = _run(["play", "--lang", "de", "--help"], capsys)
    assert code == 0 and "Aufruf:" in text and "Anzahl der Spieler" in text and "Liczba graczy" not in text


def test_english_is_the_default_and_unchanged(locale, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    locale(None)
    code, text = _run(["play", "--help"], capsys)
    assert code == 0
    assert "Usage: snowdonia play [OPTIONS]" in text and "Show this message and exit." in text
    assert "Number of players (default: the number of seats, or 3 if the title allows it)." in text
    assert "Settings of Snowdonia" in text and "⟦" not in text
    # Typer's own words are its own again once the command line is handled
    import typer.rich_utils as ru

    assert ru.OPTIONS_PANEL_TITLE == "Options" and ru.RICH_HELP.startswith("Try ")


# --------------------------------------------------------------------------- nothing left untranslated


def _commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    for name, cmd in group.commands.items():
        if getattr(cmd, "commands", None) is not None:
            out += _commands(cmd, (*path, name))
        else:
            out.append((*path, name))
    return out


def _outside(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return text


# What the help shows untranslated on purpose: what a user types (option and command names,
# the bots' and levels' names and specs, settings' values, environment variables), Typer's
# metavars and type labels (OPTIONS, COMMAND, ARGS, KEY=VALUE, <int>, <path>, ...), the titles'
# printed names, and addresses, file and package names.
_TYPED = re.compile(r"(?<![\w-])-{1,2}[\w-]+(/-{1,2}[\w-]+)?|<[^<>]*>|\[(OPTIONS|ARGS)\]|"
                    r"\b[A-Z][A-Z0-9_]*\b|\b\w+(?::\w+)+(\.\w+)?\b|\S+\.(json|toml|py)\b|\S*/\S*")


def test_every_help_says_only_catalogue_words_under_the_pseudo_locale() -> None:
    with using(i18n.translator(i18n.PSEUDO)):
        app = build_app()
        group = typer.main.get_command(app)
    assert getattr(group, "commands", None)
    paths = _commands(group)
    assert {("play",), ("replay",), ("review",), ("serve",), ("db", "upgrade"), ("tournament",), ("simulate",),
            ("bench",), ("data",)} <= set(paths)
    commands: Any = group.commands
    levels = {w for lv in named_levels().values() for w in (lv.name, lv.spec, *lv.specs.values())}
    typed = (levels | set(commands) | {c for p in paths for c in p}
             | {"snowdonia", "foothills", "root", "human", "random", "greedy", "ppo", "mcts", "search", "deluxe",
                "original", "blue", "green", "normal", "quick", "deep", "sim", "out", "csv", "true", "false", "auto", "x", "b", "q",
                "e", "g", "p", "m", "s", "i"})
    leaks: dict[str, set[str]] = {}
    for path in paths:
        res = CliRunner(env={"COLUMNS": "400"}).invoke(app, [*path, "--help"])
        assert res.exit_code == 0, (path, res.output)
        assert "⟦" in res.output, path
        rest = _TYPED.sub(" ", _outside(res.output))
        words = {w for w in re.findall(r"[A-Za-z][A-Za-z']*", rest) if w not in typed}
        if words:
            leaks[" ".join(path) or "snowdonia"] = words
    assert leaks == {}


# --------------------------------------------------------------------------- errors in the language


def test_a_bad_budget_is_refused_in_the_chosen_language(locale, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "GAME.json"
    record.write_text("{}", encoding="utf-8")
    locale("de")
    code, text = _run(["review", str(record), "--budget", "zz"], capsys)
    assert code == 2
    assert "Ungültiger Wert für --budget: unbekanntes Budget 'zz': nimm quick, normal, deep" in text
    assert "Fehler" in text and "Aufruf:" in text and "Invalid value" not in text and "unknown budget" not in text
    locale("pl")
    code, text = _run(["review", str(record), "--budget", "0"], capsys)
    assert code == 2 and "budżet liczy iteracje wyszukiwania na decyzję: 1..100000, a nie 0" in text
    assert "Błąd" in text and "a budget counts" not in text
    locale(None)
    code, text = _run(["review", str(record), "--budget", "zz"], capsys)
    assert code == 2 and "Invalid value for --budget: unknown budget 'zz': use quick, normal, deep" in text


@pytest.mark.parametrize(("lang", "said", "english"), [
    ("de", ["ist kein gültiges JSON (Zeile 1, Spalte 1", "diese Datei gibt es nicht",
            "enthält kein JSON-Objekt, also nicht eine Aufzeichnung einer Partie",
            "lässt sich nicht nachspielen: keine Snowdonia-Aufzeichnung (Format 9)"], "is not valid JSON"),
    ("pl", ["nie jest poprawnym JSON-em (wiersz 1, kolumna 1", "nie ma takiego pliku",
            "nie zawiera obiektu JSON, więc to nie zapis gry",
            "nie można odtworzyć", "to nie jest zapis gry Snowdonia (format 9)"], "is not valid JSON"),
])
def test_a_bad_record_file_is_refused_in_the_chosen_language(  # type: ignore[no-untyped-def]
        locale, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: list[str], english: str) -> None:
    garbage, a_list, alien = tmp_path / "garbage.json", tmp_path / "list.json", tmp_path / "alien.json"
    garbage.write_text("not json", encoding="utf-8")
    a_list.write_text("[1, 2]", encoding="utf-8")
    alien.write_text(json.dumps({"format": 9, "players": 2, "seed": 1, "actions": []}), encoding="utf-8")
    locale(lang)
    shown = []
    for command in ("replay", "review"):
        for path in (garbage, tmp_path / "missing.json", a_list):
            code, text = _run([command, str(path)], capsys)
            assert code == 1, (command, path, text)
            shown.append(text)
    code, text = _run(["replay", str(alien)], capsys)
    assert code == 1
    shown.append(text)
    code, text = _run(["review", str(alien)], capsys)
    assert code == 1
    shown.append(text)
    everything = " | ".join(shown)
    for words in said:
        assert words in everything, words
    assert english not in everything and "cannot read" not in everything and "not a Snowdonia record" not in everything


def test_typers_own_error_sentences_are_said_in_the_language() -> None:
    with using(i18n.translator("de")):
        assert say_error("Invalid value for '--players' / '-p': Input should be a valid integer, unable to parse "
                         "string as an integer") == "Ungültiger Wert für '--players' / '-p': hier ist eine ganze Zahl nötig"
        assert say_error("No such command 'nocmd'.") == "Unbekannter Befehl 'nocmd'."
        assert say_error("Missing argument 'FILE'.") == "Argument 'FILE' fehlt."
        assert say_error("Got unexpected extra argument(s) (a b)") == "Unerwartete zusätzliche Argumente (a b)"
        assert say_error("something Typer never said") == "something Typer never said"
    with using(i18n.translator("en")):
        english = "Invalid value for '--seed': Input should be a valid integer, unable to parse string as an integer"
        assert say_error(english) == english


def test_a_parse_error_is_shown_in_the_language(locale, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    locale("pl")
    code, text = _run(["play", "--players", "abc"], capsys)
    assert code == 2
    assert "Nieprawidłowa wartość dla '--players' / '-p': tu potrzebna jest liczba całkowita" in text
    assert "Użycie: snowdonia play" in text and "Pomoc: 'snowdonia play --help'" in text and "Błąd" in text
    code, text = _run(["nocmd"], capsys)
    assert code == 2 and "Nie ma takiego polecenia 'nocmd'." in text


def test_the_seats_settings_and_series_words_follow_the_language(  # type: ignore[no-untyped-def]
        locale, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    locale("pl")
    code, text = _run(["play", "--seats", "human,wizard"], capsys)
    assert code == 2 and "nieznany bot 'wizard'; znane boty:" in text and "Poziomy, od najsłabszego:" in text
    assert "unknown bot" not in text
    code, text = _run(["play", "--players", "3", "--seats", "human,greedy"], capsys)
    assert code == 2 and "3 graczy potrzebuje 3 miejsc, a podano 2 (human, greedy)" in text
    code, text = _run(["play", "--scenario", "the_moon"], capsys)
    assert code == 2 and "nieznany scenariusz 'the_moon' gry snowdonia" in text
    locale("de")
    code, text = _run(["play", "--edition", "gold", "--players", "2"], capsys)
    assert code == 2 and "--edition muss eines von original, deluxe sein (Ausgabe), nicht 'gold'" in text
    code, text = _run(["play", "--series-status", "--series-file", str(tmp_path / "series.json")], capsys)
    assert code == 0 and "Noch keine Solospiele: beginne eine Serie mit `snowdonia play --series`." in text
    code, text = _run(["tournament", "--bots", "random,nobot", "--games", "3"], capsys)
    assert code == 2 and "unbekannter Bot 'nobot'; bekannte Bots:" in text


def test_replay_check_says_its_line_in_the_language(locale, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from snowdonia.registry import title

    g = title("snowdonia").new_game(2, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        g.apply(rng.choice(g.legal_actions()))
    path = tmp_path / "GAME.json"
    path.write_text(json.dumps(g.record()), encoding="utf-8")
    locale("de")
    code, text = _run(["replay", str(path), "--check"], capsys)
    assert code == 0 and text.startswith("OK: 12 Entscheidungen lassen sich nachspielen; Snowdonia; die Partie ist "
                                         "nicht zu Ende; bisher Punkte Spieler 1 ")
    locale(None)
    code, text = _run(["replay", str(path), "--check"], capsys)
    assert code == 0 and text.startswith("OK: 12 decisions replay; Snowdonia; the game is not over; scores Player 1 ")
