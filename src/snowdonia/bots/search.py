"""The `search` bot (issue 19): information-set MCTS with an iteration budget, truncated
playouts scored by the title's evaluation, and a root prior from the title's one-ply bot.

What it adds to `mcts` (kept unchanged as the versioned reference `mcts-v1`):

- **Reproducible budgets.** A level is a number of iterations and a seed; the same position,
  seed and budget give the same choice on an idle or a loaded machine. A wall-clock cap
  (`seconds_cap`) exists only as a safety net for the web; the levels leave it off.
- **Truncated playouts.** After the tree, a playout runs `depth` uniformly random decisions
  and is then scored by the title's `evaluate` (VP-valued, for every seat). One iteration
  costs a few dozen microseconds instead of a full random game, so the tree grows ten times
  larger for the same time, and the evaluation says more than the end of a random game.
- **Root prior.** Before searching, the title's one-ply bot (`greedy`) picks an option in a
  determinization of the position (never the real game, which holds hidden facts); that
  option gets a progressive bias `prior / (visits + 1)` in the root's selection.
- **Per-option statistics** (`analyse`): visits, mean reward, mean VP margin over the best
  opponent and win rate for every root option, for hints and reviews.

Like `mcts` it searches over `Position.resample(seat, rng)` determinizations only, so it never
reads what its seat cannot see, and it never changes the game it is given. Level strings:
`search:3000` (iterations), `search:3000:d8` (iterations, playout depth), `:g0.5` (share of
guided playout decisions), `:p0` (root prior weight), `:s0.3` (the reward's share for the
seat's own score), `:e0` (cut playouts valued by the title's `evaluate` instead of its
`search_evaluate`), `:m1` (the bot searches the title's `search_actions`: options another
option covers left out), `:r1` (tree reuse: the bot keeps its tree between its decisions and
starts the next search from the subtree of the moves it has seen played since), `:h1` (playouts
follow the title's cheap playout policy, `Position.policy_playout`, instead of uniformly random
decisions: Mount Snowdon's places no labourer on an area its seat cannot use; titles without a
policy play uniformly at random; `:h2` to `:h7` are its later versions).

Compiled with mypyc with the engine (snowdonia/_engine.py); the interpreted module makes the
same choices from the same seed. The iteration's hot loop avoids per-step allocations: one
pass over the options both finds the unexpanded ones and scores the expanded ones, the
logarithms of the availability counts come from a table, and an unguided truncated playout
runs inside the title's compiled `Position.search_playout`.

The `:v1` flag values cut playouts by the learned value network (`bots.learned_value`: every
seat's predicted final VP in one forward pass; a configuration without a trained network is
refused in words).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from snowdonia.bots import register
from snowdonia.bots.mcts import Node
from snowdonia.core.errors import refusal
from snowdonia.core.protocol import Position

WIN_WEIGHT = 0.5
MARGIN_SCALE = 10.0
EXPLORATION = 0.5
DEPTH = 20  # measured: d20 beat d0 and d6 and matched d200 at a third of its cost (docs)
PRIOR = 2.0
OWN = 0.0
OWN_CENTRE, OWN_SCALE = 70.0, 20.0  # the own-score term: a logistic of (score - 70 VP) / 20 VP
DECIDED_EVERY = 16  # `:x1` looks at the root every this many iterations
NARROW = 4  # `:o3`: a first reply's options are those of this many draws by the playout policy


@dataclass(frozen=True)
class SearchConfig:
    """One search bot's settings. `iterations` is the budget; `seconds_cap` (None: none) only
    stops a search that overruns it, for the web's safety."""

    iterations: int = 2000
    depth: int = DEPTH
    exploration: float = EXPLORATION
    prior: float = PRIOR
    win_weight: float = WIN_WEIGHT
    margin_scale: float = MARGIN_SCALE
    guided: float = 0.0  # the share of playout decisions the one-ply bot makes (the rest: random)
    own: float = OWN  # the reward's share for the seat's own score (the rest: winning and margin)
    sharp: bool = True  # cut playouts are valued by the title's `search_evaluate` (else `evaluate`)
    merge: bool = False  # search the title's `search_actions` (dominated options left out), else all
    full: bool = False  # playouts run to the game's end (the title's compiled `playout`), not `depth`
    reuse: bool = False  # keep the tree between decisions (the subtree of the moves seen since)
    learned: bool = False  # cut playouts are valued by the learned value network (`:v1`)
    decided: bool = False  # the bot's own search stops once its choice cannot change (`:x1`)
    policy: int = 0  # playouts follow version 1 to 7 of the title's cheap playout policy (`:h1` to `:h7`), not uniform random
    # 1: the tree holds only the searching seat's decisions, the others play as in playouts (`:o1`);
    # 2: the others' first replies are in the tree, every later decision of theirs as in playouts (`:o2`);
    # 3: as 2, each first reply searched among the playout policy's likeliest options (`:o3`);
    # 4: as 1, but the others' first replies are the one-ply bot's, drawn once a node (`:o4`).
    open_loop: int = 0
    seconds_cap: float | None = None

    @staticmethod
    def parse(level: str) -> SearchConfig:
        """'4000', '4000:d8' or '400:d10:g0.5:p0' (iterations, then optionally the playout
        depth `d`, the share of guided playout decisions `g` and the root prior's weight `p`)."""
        text = level.strip().lower()
        if not text:
            return SearchConfig()
        parts = text.split(":")
        try:
            its = int(parts[0])
            depth = DEPTH
            guided = 0.0
            prior = PRIOR
            own = OWN
            sharp = True
            merge = False
            full = False
            win_weight = WIN_WEIGHT
            margin_scale = MARGIN_SCALE
            reuse = False
            learned = False
            decided = False
            policy = 0
            open_loop = 0
            exploration = EXPLORATION
            for extra in parts[1:]:
                if extra.startswith("d"):
                    depth = int(extra[1:])
                elif extra.startswith("g"):
                    guided = float(extra[1:])
                elif extra.startswith("p"):
                    prior = float(extra[1:])
                elif extra.startswith("s"):
                    own = float(extra[1:])
                elif extra in ("e0", "e1"):
                    sharp = extra == "e1"
                elif extra in ("m0", "m1"):
                    merge = extra == "m1"
                elif extra in ("f0", "f1"):
                    full = extra == "f1"
                elif extra.startswith("w"):
                    win_weight = float(extra[1:])
                elif extra.startswith("k"):
                    margin_scale = float(extra[1:])
                elif extra in ("r0", "r1"):
                    reuse = extra == "r1"
                elif extra in ("v0", "v1"):
                    learned = extra == "v1"
                elif extra in ("x0", "x1"):
                    decided = extra == "x1"
                elif extra in ("h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"):
                    policy = int(extra[1:])
                elif extra.startswith("c"):
                    exploration = float(extra[1:])
                elif extra in ("o0", "o1", "o2", "o3", "o4"):
                    open_loop = int(extra[1:])
                else:
                    raise ValueError
            if (its < 1 or its > 1_000_000 or depth < 0 or depth > 1000 or not 0.0 <= guided <= 1.0
                    or not 0.0 <= prior <= 100.0 or not 0.0 <= own <= 1.0 or not 0.0 <= win_weight <= 1.0
                    or not 0.5 <= margin_scale <= 100.0 or not 0.0 <= exploration <= 10.0
                    or (open_loop and reuse)):
                raise ValueError
        except ValueError:
            raise ValueError(refusal(
                "bad search level %(level)s: use iterations ('search:2000'), optionally a playout "
                "depth ('search:2000:d6'), a guided share ('search:300:d10:g0.5'), a prior weight "
                "('search:300:p0'), an own-score share from 0 to 1 ('search:300:s0.3'), 'e0' (plain "
                "evaluation), 'm1' (merged options), 'r1' (tree reuse), 'f1' (playouts to the game's end), a win "
                "weight from 0 to 1 ('w0.8'), a margin scale in VP ('k8'), 'v1' (the learned value), 'x1' (stop "
                "once the choice is decided), 'h1' to 'h7' (the title's playout policy), 'o1' (only the seat's own decisions in the tree), "
                "'o2' (the others' first replies too), 'o3' (their first replies narrowed to the playout policy's "
                "likeliest) or 'o4' (their first replies the one-ply bot's; none of the four with 'r1') and an "
                "exploration constant from 0 to 10 ('c0.7'); 1 to 1,000,000 iterations",
                level=repr(level))) from None
        return SearchConfig(iterations=its, depth=depth, guided=guided, prior=prior, own=own, sharp=sharp,
                            merge=merge, reuse=reuse, full=full, win_weight=win_weight, margin_scale=margin_scale,
                            learned=learned, decided=decided, exploration=exploration, policy=policy,
                            open_loop=open_loop)

    def label(self) -> str:
        out = f"{self.iterations}"
        if self.depth != DEPTH:
            out += f":d{self.depth}"
        if self.guided:
            out += f":g{self.guided:g}"
        if self.prior != PRIOR:
            out += f":p{self.prior:g}"
        if self.own != OWN:
            out += f":s{self.own:g}"
        if not self.sharp:
            out += ":e0"
        if self.merge:
            out += ":m1"
        if self.full:
            out += ":f1"
        if self.win_weight != WIN_WEIGHT:
            out += f":w{self.win_weight:g}"
        if self.margin_scale != MARGIN_SCALE:
            out += f":k{self.margin_scale:g}"
        if self.reuse:
            out += ":r1"
        if self.learned:
            out += ":v1"
        if self.decided:
            out += ":x1"
        if self.exploration != EXPLORATION:
            out += f":c{self.exploration:g}"
        if self.policy:
            out += f":h{self.policy}"
        if self.open_loop:
            out += f":o{self.open_loop}"
        return out


@dataclass(frozen=True)
class OptionStats:
    """What the search learned about one option of the pending decision, from the searching
    seat's point of view."""

    action: Any
    visits: int
    value: float  # mean reward in [0, 1]
    margin: float  # mean VP margin over the best opponent at the playouts' ends
    win_rate: float  # share of playouts the seat led (ties shared)
    prior: bool  # the one-ply bot's pick (the root's progressive bias)


class RootStats:
    """Per-root-option sums for the searching seat (margin and wins are not needed deeper);
    `n` counts the iterations of this search through the option (with tree reuse the option's
    node also holds earlier searches' visits)."""

    __slots__ = ("margin", "wins", "n")

    def __init__(self) -> None:
        self.margin = 0.0
        self.wins = 0.0
        self.n = 0


class SearchBot:
    def __init__(self, config: SearchConfig, seed: int = 0, kind: str = "search") -> None:
        self.config = config
        self.rng = random.Random(seed)
        self.name = f"{kind}:{config.label()}" if kind == "search" else kind
        self.prior_bot: Any = None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_stats: list[OptionStats] = []
        self.last_reused = 0  # visits the last search's root inherited from the kept tree
        # log(n) for n = 0, 1, 2, ...: the selection's logarithms of availability counts (the
        # same floats `math.log` gives, computed once; index 0 is never read).
        self._logs: list[float] = [0.0]
        # Tree reuse (`:r1`): the last search's root and the game it searched: (title, scenario,
        # seed, players, every_option) and the decisions played up to it.
        self._kept: Node | None = None
        self._kept_key: tuple[Any, ...] = ()
        self._kept_history: list[str] = []
        self._values: dict[Any, Any] = {}  # configuration -> its LearnedValue (`:v1`)
        # `:o4`: the others' first replies below each of the seat's nodes (the node's id -> the
        # one-ply bot's choices in turn), drawn once and kept for the one search.
        self._replies: dict[int, list[Any]] = {}

    def configure_for(self, title: Any) -> None:
        """Take the title's one-ply bot as the root prior (None: no prior)."""
        factory = title.bots().get("greedy")
        self.prior_bot = factory("", self.rng.randrange(1 << 30)) if factory is not None else None

    def check(self, game: Position) -> None:
        """Refuse in words a configuration this bot cannot search (with `:v1`: one without a
        trained value network)."""
        self._value_for(game)

    def _value_for(self, game: Position) -> Any:
        if not self.config.learned:
            return None
        from snowdonia.bots.learned_value import LearnedValue, key

        k = key(game)
        value = self._values.get(k)
        if value is None:
            value = LearnedValue(game)
            self._values[k] = value
        return value

    def choose(self, game: Position) -> Any:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_stats = []
            return legal[0]
        if self.config.merge and len(game.title.search_actions(game, legal)) == 1:
            self.last_iterations = 0
            self.last_stats = []
            return game.title.search_actions(game, legal)[0]
        stats = self.analyse(game, every_option=False)
        best = max(stats, key=_rank)
        return best.action

    def analyse(self, game: Position, seat: int | None = None, *, every_option: bool = True) -> list[OptionStats]:
        """Search the pending decision of `game` with this bot's budget and return every root
        option's statistics (in `legal_actions` order), from the deciding seat's knowledge
        (`seat`, if given, must be that seat). `game` is not changed. With `every_option` (the
        default, for hints and reviews) every legal option is searched at the root; without it
        (the bot's own choice) only the title's `search_actions`, and the others get no visits."""
        mover = game.current_player
        if mover is None:
            raise ValueError("the game is over: there is no decision to search")
        if seat is not None and seat != mover:
            raise ValueError(f"seat {seat} does not decide now (seat {mover} does): only the deciding "
                             "seat's options can be searched")
        seat = mover
        cfg = self.config
        rng = self.rng
        n = game.players
        root = self._reused_root(game, every_option) if cfg.reuse else None
        self.last_reused = 0 if root is None else root.visits
        if root is None:
            root = Node(n)
        legal = game.legal_actions()
        prior_action = self._prior(game, seat, rng) if cfg.prior > 0 else None
        extra: dict[Any, RootStats] = {}
        learned = self._value_for(game)
        start = time.perf_counter()
        cap = cfg.seconds_cap
        its = 0
        # `:x1`, the bot's own choice only (hints and reviews want every option's full
        # statistics): stop as soon as the most visited option cannot be overtaken, or tied, by
        # the iterations left. The choice is then the one the whole budget would have made (the
        # rest of the budget could at most bring the runner-up level), and the time goes to
        # the decisions that are still open. Checked every DECIDED_EVERY iterations and before
        # the first, since a kept tree may already have settled the question; counted in
        # iterations, never in time, so a level still plays the same moves on any machine.
        settle = cfg.decided and not every_option
        self._replies = {}
        while its < cfg.iterations:
            if cap is not None and its > 0 and time.perf_counter() - start >= cap:
                break
            if settle and its % DECIDED_EVERY == 0 and _decided(root, legal, cfg.iterations - its):
                break
            self._iterate(game, seat, root, rng, prior_action, extra, every_option, learned)
            its += 1
        self.last_iterations = its
        self.last_seconds = time.perf_counter() - start
        self._replies = {}
        if cfg.reuse:
            self._kept = root
            self._kept_key = _game_key(game, every_option)
            self._kept_history = list(game.history)
        out = []
        for a in legal:
            ch = root.children.get(a)
            st = extra.get(a)
            if ch is None or ch.visits == 0 or st is None:
                out.append(OptionStats(a, 0, 0.0, 0.0, 0.0, a == prior_action))
                continue
            v = ch.visits
            out.append(OptionStats(a, v, ch.reward[seat] / v, st.margin / st.n, st.wins / st.n, a == prior_action))
        self.last_stats = out
        return out

    def _reused_root(self, game: Position, every_option: bool) -> Node | None:
        """The kept tree's node for the decisions played since the last search (None: nothing
        to reuse). In an information-set tree a node stands for a sequence of decisions, so the
        subtree of the sequence this seat has seen played is a valid tree for its new decision;
        its statistics are kept, the rest of the tree is dropped."""
        kept = self._kept
        self._kept = None
        if kept is None or self._kept_key != _game_key(game, every_option):
            return None
        history = game.history
        old = self._kept_history
        if len(history) <= len(old) or history[:len(old)] != old:
            return None
        node = kept
        for text in history[len(old):]:
            nxt: Node | None = None
            for a, ch in node.children.items():
                if str(a) == text:
                    nxt = ch
                    break
            if nxt is None:
                return None
            node = nxt
        return node if node.visits > 0 else None

    def _prior(self, game: Position, seat: int, rng: random.Random) -> Any:
        bot = self.prior_bot
        if bot is None:
            return None
        # The one-ply bot may look at the deck or bag while previewing an option: let it look
        # at a determinization, never at the real game.
        d = game.resample(seat, rng)
        try:
            return bot.choose(d)
        except Exception:  # noqa: BLE001 - a prior is a hint; searching goes on without it
            return None

    def _iterate(self, game: Position, seat: int, root: Node, rng: random.Random, prior_action: Any,
                 extra: dict[Any, RootStats], every_option: bool = True, learned: Any = None) -> None:
        cfg = self.config
        c = cfg.exploration
        logs = self._logs
        d = game.resample(seat, rng)
        acts = d.title.search_actions if cfg.merge else None
        node = root
        path = [root]
        first: Any = None
        # `:o1` leaves every other seat's decision out of the tree; `:o2` keeps their first
        # replies (phase 1: between the seat's own first turn and its next) and leaves out the rest;
        # `:o3` keeps them too, each among the options the playout policy draws most.
        # `:o4` is `:o1` whose others' first replies are the one-ply bot's (phase 1, as `:o2`'s).
        open_loop = cfg.open_loop in (1, 4)
        phase = 0 if cfg.open_loop >= 2 else 2
        narrow = cfg.open_loop == 3
        one_ply = cfg.open_loop == 4 and self.prior_bot is not None
        replied = 0  # `:o4`: the first replies taken so far in this iteration
        while not d.is_over:
            p = d.current_player
            assert p is not None
            if phase < 2:
                if p != seat:
                    phase = 1
                elif phase == 1:
                    phase = 2
                    open_loop = True
            if one_ply and phase == 1:
                # `:o4`: Mount Snowdon's reference plays the one-ply bot's move nearly three times as
                # often as the playout policy's first draw (0.36 to 0.13, stop 46), and the first
                # replies are what `:o1` lost in Blaenau Ffestiniog (stop 43), yet searching them
                # costs the depth it gained. So each is the one-ply bot's choice, drawn once below
                # the seat's node.
                d.step(self._first_reply(node, replied, d, rng))
                replied += 1
                continue
            if open_loop and p != seat:
                # `:o1`: another seat's decision is no node of the tree; it is taken as in the
                # playouts (one decision by the title's playout policy, or uniformly at random),
                # so the iterations go to the seat's own decisions and the tree reaches deeper
                # into its own plan (stop 40: depth is what a larger tree gained). `:o2` does so
                # once the seat has decided again: the replies to its choice that take the
                # spaces it wants next are still searched as each replying seat's own best.
                if cfg.policy:
                    d.policy_playout(rng, 1, cfg.policy)
                else:
                    d.search_playout(rng, 1)
                continue
            if narrow and phase == 1:
                # `:o3`: a first reply is searched among the options of NARROW draws by the
                # playout policy (stop 44), not all of them: the spaces the next seats are likely
                # to take are still contested in the tree (what `:o1` lost in Blaenau Ffestiniog),
                # and few enough replies leave most iterations to the seat's own next decision.
                legal = d.policy_choices(rng, NARROW, cfg.policy)
            else:
                legal = d.legal_actions()
                if acts is not None and not (node is root and every_option):
                    legal = acts(d, legal)
            children = node.children
            at_root = node is root
            # One pass: every available child counts this availability; the unexpanded
            # options are collected, and while there are none the UCB values are computed.
            unexpanded: list[Any] | None = None
            best_a = legal[0]
            best_v = -1e300
            for b in legal:
                ch = children.get(b)
                if ch is None:
                    if unexpanded is None:
                        unexpanded = [b]
                    else:
                        unexpanded.append(b)
                    continue
                avail = ch.avail + 1
                ch.avail = avail
                if unexpanded is not None:
                    continue
                while len(logs) <= avail:
                    logs.append(math.log(len(logs)))
                visits = ch.visits
                v = ch.reward[p] / visits + c * math.sqrt(logs[avail] / visits)
                if at_root and b == prior_action:
                    v += cfg.prior / (visits + 1)
                if v > best_v:
                    best_v = v
                    best_a = b
            if unexpanded is not None:
                if at_root and prior_action in unexpanded:
                    a = prior_action
                else:
                    a = unexpanded[rng.randrange(len(unexpanded))]
                child = Node(len(node.reward))
                children[a] = child
                d.step(a)
                path.append(child)
                if at_root:
                    first = a
                break
            if at_root:
                first = best_a
            node = children[best_a]
            d.step(best_a)
            path.append(node)
        if one_ply and phase < 2:
            # A node opened before any reply: its first replies are drawn here, as every later
            # iteration through it will take them.
            node = path[-1]
            while not d.is_over and d.current_player != seat:
                d.step(self._first_reply(node, replied, d, rng))
                replied += 1
        depth = cfg.depth
        guided = cfg.guided
        if cfg.policy and acts is None and guided <= 0.0:
            # The title's cheap playout policy (`:h1` to `:h3`), to the end with `:f1`, else `depth`
            # decisions; Mount Snowdon's wastes no labourer on an area it cannot use.
            d.policy_playout(rng, None if cfg.full else depth, cfg.policy)
        elif cfg.full:
            # Uniformly random to the end, in the title's compiled loop: a real end of game
            # instead of an evaluation of a cut playout (docs/bots-and-simulation.md).
            d.playout(rng, None)
        elif acts is None and guided <= 0.0:
            d.search_playout(rng, depth)
        else:
            steps = 0
            policy = self.prior_bot if guided > 0 else None
            while steps < depth and not d.is_over:
                legal = d.legal_actions()
                if acts is not None:
                    legal = acts(d, legal)
                if len(legal) == 1:
                    d.step(legal[0])
                elif policy is not None and (guided >= 1.0 or rng.random() < guided):
                    d.step(policy.choose(d))
                else:
                    d.step(legal[rng.randrange(len(legal))])
                steps += 1
        scores, winners = _scores(d, cfg.sharp, learned)
        r = rewards(scores, winners, cfg.win_weight, cfg.margin_scale, cfg.own)
        k = len(r)
        for nd in path:
            nd.visits += 1
            rw = nd.reward
            for i in range(k):
                rw[i] += r[i]
        if first is not None:
            st = extra.get(first)
            if st is None:
                st = RootStats()
                extra[first] = st
            st.n += 1
            if len(scores) > 1:
                st.margin += scores[seat] - max(scores[q] for q in range(len(scores)) if q != seat)
            else:
                st.margin += scores[seat]
            if seat in winners:
                st.wins += 1.0 / len(winners)

    def _first_reply(self, node: Node, k: int, d: Position, rng: random.Random) -> Any:
        """`:o4`: the `k`-th decision the other seats take after the seat's decision at `node`,
        before its next: the one-ply bot's choice in the first iteration that meets it, the same
        option in every later one while it is legal in that iteration's determinization, else a
        draw of the playout policy."""
        replies = self._replies.get(id(node))
        if replies is None:
            replies = []
            self._replies[id(node)] = replies
        if k >= len(replies):
            a = self.prior_bot.choose(d)
            replies.append(a)
            return a
        a = replies[k]
        if a in d.legal_actions():
            return a
        policy = self.config.policy
        if policy:
            return d.policy_choices(rng, 1, policy)[0]
        legal = d.legal_actions()
        return legal[rng.randrange(len(legal))]


def _decided(root: Node, legal: list[Any], remaining: int) -> bool:
    """True when the most visited of the legal root options leads the runner-up by more than
    `remaining` visits, so no use of the remaining iterations can change `_rank`'s pick."""
    children = root.children
    top = 0
    second = 0
    for a in legal:
        ch = children.get(a)
        v = 0 if ch is None else ch.visits
        if v > top:
            second = top
            top = v
        elif v > second:
            second = v
    return top - second > remaining


def _rank(s: OptionStats) -> tuple[int, float]:
    return (s.visits, s.value)


def _game_key(game: Position, every_option: bool) -> tuple[Any, ...]:
    return (game.title.name, game.scenario, game.seed, game.players, every_option)


def _scores(g: Position, sharp: bool = True, learned: Any = None) -> tuple[list[float], list[int]]:
    """Final scores and winners, or an evaluation of every seat (the leaders win): the learned
    value's predicted final VP if given, else the title's `search_evaluate` (`sharp`) or
    `evaluate`."""
    if g.is_over:
        res = g.outcome()
        return [float(s) for s in res.scores], list(res.winners)
    if learned is not None:
        scores = learned.scores(g)
    else:
        ev = g.title.search_evaluate if sharp else g.title.evaluate
        scores = [ev(g, p) for p in range(g.players)]
    top = max(scores)
    return scores, [p for p in range(len(scores)) if scores[p] == top]


def _own(score: float) -> float:
    return 1.0 / (1.0 + math.exp(-(score - OWN_CENTRE) / OWN_SCALE))


def rewards(scores: list[float], winners: list[int], win_weight: float, scale: float,
            own: float = 0.0) -> list[float]:
    n = len(scores)
    if n == 1:
        return [1.0 / (1.0 + math.exp(-(scores[0] - 40.0) / 15.0))]
    share = 1.0 / len(winners)
    out = []
    for p in range(n):
        best_other = max(scores[q] for q in range(n) if q != p)
        x = (scores[p] - best_other) / scale
        margin = 1.0 / (1.0 + math.exp(-x)) if x > -50 else 0.0
        win = share if p in winners else 0.0
        r = win_weight * win + (1.0 - win_weight) * margin
        out.append((1.0 - own) * r + own * _own(scores[p]) if own else r)
    return out


def analyse(game: Position, iterations: int = 2000, seed: int = 0, depth: int = DEPTH,
            seat: int | None = None) -> list[OptionStats]:
    """Every option of `game`'s pending decision with what a search of `iterations` (from
    `seed`) learned about it, for the seat to move (`seat`, if given, must be it).
    Reproducible; `game` is not changed."""
    bot = SearchBot(SearchConfig(iterations=iterations, depth=depth), seed)
    bot.configure_for(game.title)
    return bot.analyse(game, seat)


def _factory(level: str, seed: int) -> SearchBot:
    return SearchBot(SearchConfig.parse(level), seed)


register("search", _factory)
