"""The Supply Bag and the contract deck: the only places randomness enters the game."""

from __future__ import annotations

from typing import Final, Protocol

from snowdonia.core.rng import below, shuffle
from snowdonia.games.snowdonia.rules.state import State

IRON, STONE, COAL, EVENT_CUBE = 0, 1, 2, 3
CUBE_NAMES: Final = ("iron", "stone", "coal", "event")


class ChanceHook(Protocol):
    """Where the random picks come from when `State.chance` is set (the OpenSpiel adapter's
    explicit chance nodes). When it is None, the generator `g.rng` decides, as always."""

    def pick(self, g: State, what: str, weights: tuple[int, ...]) -> int:
        """Index i with probability weights[i] / sum(weights)."""
        ...

    def arrange(self, g: State, what: str, items: list[int]) -> None:
        """Reorder `items` in place, instead of shuffling them. `what` names the pile: "track",
        "deck", "trains" (set-up), "reshuffle" (discards become the deck) or "draw" (the
        deck's top card is about to be drawn)."""
        ...


def draw(g: State, allow_events: bool = True) -> int:
    """Draw one cube at random; return its kind, or -1 when the bag is empty."""
    ev = g.bag_e if allow_events else 0
    total = g.bag_i + g.bag_s + g.bag_c + ev
    if total == 0:
        return -1
    if g.chance is not None:
        return _take_kind(g, g.chance.pick(g, "bag", (g.bag_i, g.bag_s, g.bag_c, ev)))
    g.rng, r = below(g.rng, total)
    if r < g.bag_i:
        g.bag_i -= 1
        return IRON
    r -= g.bag_i
    if r < g.bag_s:
        g.bag_s -= 1
        return STONE
    r -= g.bag_s
    if r < g.bag_c:
        g.bag_c -= 1
        return COAL
    g.bag_e -= 1
    return EVENT_CUBE


def _take_kind(g: State, kind: int) -> int:
    if kind == IRON:
        g.bag_i -= 1
    elif kind == STONE:
        g.bag_s -= 1
    elif kind == COAL:
        g.bag_c -= 1
    else:
        g.bag_e -= 1
    return kind


def take_coal(g: State, wanted: int) -> int:
    """Take up to `wanted` coal out of the bag (not at random: coal is picked out by colour)."""
    got = min(wanted, g.bag_c)
    g.bag_c -= got
    return got


def draw_contract(g: State) -> int:
    """Top card of the contract deck (0 if deck and discard pile are both empty). When the
    deck is empty the discard pile is shuffled into a new deck (spec rules §1.4)."""
    if not g.deck:
        if not g.discard:
            return 0
        _reshuffle(g)
    if g.chance is not None:
        g.chance.arrange(g, "draw", g.deck)
    return g.deck.pop()


def _reshuffle(g: State) -> None:
    g.deck = g.discard
    g.discard = []
    g.kdisc = [0] * g.cfg.players  # nobody knows the new order
    if g.chance is not None:
        g.chance.arrange(g, "reshuffle", g.deck)
        return
    g.rng = shuffle(g.rng, g.deck)


def top_back(g: State) -> str | None:
    """The weather icon on the back of the deck's top card: public at the table. When the
    deck is empty the discard pile is shuffled first, as the weather step needs a card."""
    if not g.deck and g.discard:
        _reshuffle(g)
    if not g.deck:
        return None
    return g.cfg.contract[g.deck[-1]].back


def redeal(g: State, seat: int, state: int) -> None:
    """`Game.resample`'s re-deal (compiled with the rules: a search does it every iteration):
    the contracts `seat` has not seen -- the deck, the discards it does not know, the cards
    another seat drew with #5 -- are reshuffled with the generator state `state`, keeping the
    deck's visible top back; `state` then becomes the game's generator."""
    cfg = g.cfg
    known = g.kdisc[seat]
    hidden_discard = [c for c in g.discard if not known >> c & 1]
    pending: list[int] = []
    if g.pending_cards and seat != g.decider:
        pending = list(g.pending_cards[1:])
    # Sorted first, so the re-deal depends only on which cards are unseen, never on
    # the order they really lie in (what this seat cannot know).
    pool = sorted(g.deck + hidden_discard + pending)
    state = shuffle(state, pool)
    deck: list[int] = []
    if g.deck:
        back = cfg.contract[g.deck[-1]].back
        top = next(i for i, c in enumerate(pool) if cfg.contract[c].back == back)
        top_card = pool.pop(top)
        deck = pool[: len(g.deck) - 1] + [top_card]
        pool = pool[len(g.deck) - 1:]
    g.deck = deck
    g.discard = [c for c in g.discard if known >> c & 1] + pool[: len(hidden_discard)]
    pool = pool[len(hidden_discard):]
    if pending:
        g.pending_cards = (g.pending_cards[0], *pool)
        g._legal = None
    g.rng = state
