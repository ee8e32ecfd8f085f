"""Analysis like a chess engine's, for every title: rank a seat's options by the VP they are
expected to be worth (`analyse`), and review a finished game decision by decision
(`analysis.review`). Speaks only the game protocol; see docs/analysis.md."""

from snowdonia.analysis.engine import Analysis, Budget, Estimate, Evaluator, OptionValue, analyse

__all__ = ["Analysis", "Budget", "Estimate", "Evaluator", "OptionValue", "analyse"]
