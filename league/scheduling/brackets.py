"""Single- and double-elimination brackets of any size, seeded, with byes.

A bracket is built for ``n`` entrants known only by seed (1 = the best). It is a
list of matches whose two slots come from a seed, or from the winner or the loser
of an earlier match. ``resolve`` plays the bracket forward from the results known
so far (``{match key: "red" | "blue"}``): a match against a bye (a seed above
``n``, or the missing loser of a bye match) resolves at once without a bout, a
match whose two entrants are known and which has no result is *ready* to be
fought. Because a match's state depends only on the results of the matches it
draws from, results can arrive in any order and the bracket never stalls: every
ready match is eventually fought and decided (a drawn bout is decided by
``decide_draw``).

Layout (``P`` = the next power of two at or above ``n``, ``k = log2 P``):

- winners' bracket rounds ``W1..Wk`` in the standard seeding order (1 v P,
  P/2+1 v P/2, ...: seeds 1 and 2 can only meet in the final);
- double elimination adds the losers' bracket ``L1..L(2k-2)``: ``L1`` pairs the
  losers of ``W1``; each even round ``L(2j)`` sets the survivors against the losers
  of ``W(j+1)`` (taken in reverse order, which delays rematches); each odd round
  pairs survivors. The grand final ``F1`` sets the winners' bracket champion (red)
  against the losers' bracket champion; if the latter wins, both have lost once
  and the reset ``F2`` decides the title.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BYE = 0  # seed 0: nobody
TBD = -1  # not known yet

RED, BLUE = "red", "blue"


@dataclass(frozen=True)
class Source:
    kind: str  # "seed" | "winner" | "loser"
    ref: int | str  # a seed, or a match key


@dataclass(frozen=True)
class Match:
    key: str
    stage: int  # 1 + the latest stage it draws from: matches of a stage can share a card
    red: Source
    blue: Source
    final: bool = False  # decides the tournament (a title bout in a title tournament)
    reset: bool = False  # the grand final reset: fought only if the red side lost F1


@dataclass(frozen=True)
class Bracket:
    entrants: int
    double: bool
    matches: tuple[Match, ...]

    def match(self, key: str) -> Match:
        for m in self.matches:
            if m.key == key:
                return m
        raise KeyError(key)


@dataclass
class MatchState:
    key: str
    red: int = TBD
    blue: int = TBD
    status: str = "pending"  # pending | ready | done | bye | skipped
    winner: int = TBD
    loser: int = TBD


@dataclass
class BracketState:
    matches: dict[str, MatchState] = field(default_factory=dict)
    champion: int = TBD

    @property
    def ready(self) -> list[MatchState]:
        return [m for m in self.matches.values() if m.status == "ready"]

    @property
    def complete(self) -> bool:
        return self.champion != TBD


def seeding_order(slots: int) -> list[int]:
    """Seeds in bracket order for ``slots`` (a power of two): consecutive pairs
    are the first-round matches, and the top seeds are as far apart as possible."""
    order = [1]
    while len(order) < slots:
        size = 2 * len(order)
        order = [x for seed in order for x in (seed, size + 1 - seed)]
    return order


def build(entrants: int, *, double: bool = False) -> Bracket:
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 2:
        raise ValueError("a bracket needs at least two entrants")
    slots = 1
    while slots < entrants:
        slots *= 2
    k = slots.bit_length() - 1
    matches: list[Match] = []
    stage: dict[str, int] = {}

    def add(key, red, blue, **flags):
        level = 1 + max(
            (stage[s.ref] for s in (red, blue) if s.kind != "seed"),
            default=0,
        )
        stage[key] = level
        matches.append(Match(key, level, red, blue, **flags))

    order = seeding_order(slots)
    for i in range(slots // 2):
        add(f"W1.{i + 1}", Source("seed", order[2 * i]), Source("seed", order[2 * i + 1]))
    for r in range(2, k + 1):
        for i in range(slots // 2**r):
            add(
                f"W{r}.{i + 1}",
                Source("winner", f"W{r - 1}.{2 * i + 1}"),
                Source("winner", f"W{r - 1}.{2 * i + 2}"),
                final=(r == k and not double),
            )
    if k == 1 and not double:
        matches[0] = Match("W1.1", 1, matches[0].red, matches[0].blue, final=True)
    if double:
        if k == 1:
            losers_champion = Source("loser", "W1.1")
        else:
            for i in range(slots // 4):
                add(
                    f"L1.{i + 1}",
                    Source("loser", f"W1.{2 * i + 1}"),
                    Source("loser", f"W1.{2 * i + 2}"),
                )
            for j in range(1, k):
                count = slots // 2 ** (j + 1)
                for i in range(count):
                    dropped = count - i if j % 2 else i + 1
                    add(
                        f"L{2 * j}.{i + 1}",
                        Source("winner", f"L{2 * j - 1}.{i + 1}"),
                        Source("loser", f"W{j + 1}.{dropped}"),
                    )
                if j < k - 1:
                    for i in range(count // 2):
                        add(
                            f"L{2 * j + 1}.{i + 1}",
                            Source("winner", f"L{2 * j}.{2 * i + 1}"),
                            Source("winner", f"L{2 * j}.{2 * i + 2}"),
                        )
            losers_champion = Source("winner", f"L{2 * k - 2}.1")
        winners_champion = Source("winner", f"W{k}.1")
        add("F1", winners_champion, losers_champion, final=True)
        add("F2", winners_champion, losers_champion, final=True, reset=True)
    matches.sort(key=lambda m: (m.stage, _bracket_rank(m.key)))
    return Bracket(entrants=entrants, double=double, matches=tuple(matches))


def _bracket_rank(key: str) -> tuple:
    part, _, index = key.partition(".")
    return ("WLF".index(part[0]), int(part[1:]), int(index or 0))


def resolve(bracket: Bracket, results: dict[str, str]) -> BracketState:
    """Play the bracket forward from ``results`` (``{key: "red" | "blue"}``)."""
    unknown = set(results) - {m.key for m in bracket.matches}
    if unknown:
        raise ValueError(f"no such match: {sorted(unknown)[0]}")
    state = BracketState()
    for match in bracket.matches:
        ms = MatchState(match.key)
        state.matches[match.key] = ms
        ms.red = _entrant(match.red, bracket.entrants, state)
        ms.blue = _entrant(match.blue, bracket.entrants, state)
        if match.reset:
            first = state.matches["F1"]
            if first.status in ("done", "bye") and first.winner == first.red:
                ms.status = "skipped"  # the winners' bracket champion never lost
                continue
            if first.status not in ("done", "bye"):
                continue
        if TBD in (ms.red, ms.blue):
            continue
        if BYE in (ms.red, ms.blue):
            ms.status = "bye"
            ms.winner = ms.blue if ms.red == BYE else ms.red
            ms.loser = BYE
            continue
        side = results.get(match.key)
        if side is None:
            ms.status = "ready"
            continue
        if side not in (RED, BLUE):
            raise ValueError(f"{match.key}: a result is 'red' or 'blue' (got {side!r})")
        ms.status = "done"
        ms.winner, ms.loser = (ms.red, ms.blue) if side == RED else (ms.blue, ms.red)
    finals = [m for m in bracket.matches if m.final]
    last = state.matches[finals[-1].key]
    if last.status == "skipped":
        state.champion = state.matches[finals[0].key].winner
    elif last.status in ("done", "bye"):
        state.champion = last.winner
    return state


def _entrant(source: Source, entrants: int, state: BracketState) -> int:
    if source.kind == "seed":
        return source.ref if source.ref <= entrants else BYE
    earlier = state.matches[source.ref]
    return earlier.winner if source.kind == "winner" else earlier.loser


def expected_bouts(entrants: int, *, double: bool) -> tuple[int, ...]:
    """How many bouts a bracket takes: ``n-1`` single; double ``2n-2``, or
    ``2n-1`` when the grand final is reset."""
    if not double:
        return (entrants - 1,)
    return (2 * entrants - 2, 2 * entrants - 1)


# How a drawn knockout bout is settled: the rule a competition states.
CARDS, DECIDER, SEED = "cards", "decider", "seed"
DRAW_RULES = (CARDS, DECIDER, SEED)
DECIDER_SUFFIX = ".D"  # a decider's match key: the drawn match's key and this


def decider_key(key: str) -> str:
    """The key of the decider bout of match ``key`` ("W2.1" -> "W2.1.D")."""
    return key + DECIDER_SUFFIX


def decided_key(key: str) -> str | None:
    """The match a decider's key settles ("W2.1.D" -> "W2.1"), else None."""
    return key[: -len(DECIDER_SUFFIX)] if key.endswith(DECIDER_SUFFIX) else None


@dataclass(frozen=True)
class Settled:
    """Who went through after a drawn bout, and why.

    ``side`` is None while a decider bout is still to be fought. ``how``:
    ``rounds`` (more rounds won on the judges' cards), ``finish`` (level on
    rounds, the stronger finish), ``seed`` (the higher seed), ``decider`` (won
    the decider bout), ``decider_seed`` (the decider was drawn too: the higher
    seed), ``pending`` (a decider to come)."""

    side: str | None
    how: str
    rounds: tuple[int, int] = (0, 0)  # rounds won on the cards: (the side through, the other)

    @property
    def words(self) -> str:
        if self.how == "rounds":
            won, lost = self.rounds
            return f"through on the judges' cards, rounds won {won}\u2013{lost}"
        return {
            "finish": "through on the judges' cards, level on rounds, the stronger finish",
            "seed": "through as the higher seed",
            "decider": "won the decider",
            "decider_seed": "through as the higher seed after a drawn decider",
            "pending": "a decider bout settles it",
        }[self.how]


def _higher_seed(red_seed: int, blue_seed: int) -> str:
    return RED if red_seed <= blue_seed else BLUE


def read_cards(scorecards: list) -> tuple[int, int, list[tuple[int, int]]]:
    """Rounds won by red and by blue across the judges' cards, and the combined
    score of each round."""
    rounds = max((len(card) for card in scorecards), default=0)
    red_rounds = blue_rounds = 0
    per_round = []
    for r in range(rounds):
        red = blue = 0
        for card in scorecards:
            if r < len(card):
                red += card[r][0]
                blue += card[r][1]
                red_rounds += card[r][0] > card[r][1]
                blue_rounds += card[r][1] > card[r][0]
        per_round.append((red, blue))
    return red_rounds, blue_rounds, per_round


def settle_draw(
    rule: str, scorecards: list, red_seed: int, blue_seed: int, *, decider: str | None = None
) -> Settled:
    """Who goes through after a drawn bout, by the competition's ``rule``:

    - ``cards``: the judges' cards re-read — more rounds won across the three
      cards; level, the stronger finish (the cards read backwards from the last
      round, the first round the combined scores differ decides); still level
      (or no cards, as in the team rulesets), the higher seed;
    - ``decider``: a new bout between the same two decides (``decider``: None
      while it is to be fought, else its winner ``"red"``/``"blue"`` in the drawn
      bout's corners, or ``"draw"``); a drawn decider goes to the higher seed;
    - ``seed``: the higher seed (the lower seed number).
    """
    if rule not in DRAW_RULES:
        raise ValueError(f"no such draw rule: {rule!r}")
    if rule == SEED:
        return Settled(_higher_seed(red_seed, blue_seed), "seed")
    if rule == DECIDER:
        if decider is None:
            return Settled(None, "pending")
        if decider in (RED, BLUE):
            return Settled(decider, "decider")
        return Settled(_higher_seed(red_seed, blue_seed), "decider_seed")
    red_rounds, blue_rounds, per_round = read_cards(scorecards)
    if red_rounds != blue_rounds:
        side = RED if red_rounds > blue_rounds else BLUE
        won = (max(red_rounds, blue_rounds), min(red_rounds, blue_rounds))
        return Settled(side, "rounds", won)
    for red, blue in reversed(per_round):
        if red != blue:
            return Settled(RED if red > blue else BLUE, "finish", (red_rounds, blue_rounds))
    return Settled(_higher_seed(red_seed, blue_seed), "seed")


def decide_draw(scorecards: list, red_seed: int, blue_seed: int) -> str:
    """Who goes through after a drawn bout under the judges' cards rule
    (``settle_draw(CARDS, ...)``): a bracket never stalls."""
    return settle_draw(CARDS, scorecards, red_seed, blue_seed).side
