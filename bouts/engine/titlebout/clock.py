"""The Boxing Action deck in play, the round clock and the event log.

Plain functions of the ``BoutState`` (``s``): the round deck is ``s.deck``, its next
card ``s.deck[s.i]``; every card used is 3.6 seconds of the round, less the cards
given back while time stood still (``s.returned``). The clock shown never runs
backwards (time stands still while it is stopped: ``s.tick`` is the last card count
shown) and never past the bell (50 cards, 3:00)."""

from __future__ import annotations

from math import floor

from .deck import C_CF, C_RESULT, C_RN, DECK, ROUND_CARDS
from .state import CLOCKS, BoutState, RoundOver


def draw(s: BoutState):
    """The next card of the round deck; the round ends when it runs out."""
    i = s.i
    if i >= len(s.deck):
        raise RoundOver
    s.i = i + 1
    return s.deck[i]


def draw_need(s: BoutState):
    """A card to finish an action already under way: from the round deck, or, when it
    has run out, a card at random from the whole deck (the book: the result of the
    punch is found, then the round ends)."""
    i = s.i
    try:
        card = s.deck[i]
    except IndexError:
        return DECK[floor(s.rng.random() * 100.0)]
    s.i = i + 1
    return card


def any_card(s: BoutState):
    """A card at random from the whole deck (the round deck is used up)."""
    return DECK[floor(s.rng.random() * 100.0)]


def check_card(s: BoutState):
    """A card for a check (cuts, fouls, injuries, specials): the round deck, or the
    idle deck with the optional card-usage rule."""
    if s.card_usage:
        return any_card(s)
    return draw_need(s)


def check_rn(s: BoutState) -> int:
    """A check's RN (1-80) on its card (``check_card``): a word card's RESULT stands in
    for its RN."""
    card = check_card(s)
    rn = card[C_RN]
    return rn if rn >= 0 else card[C_RESULT]


def aux_rn(s: BoutState) -> int:
    """An RN (1-80) from a used card, for checks between rounds and the like."""
    rn = RNS[floor(s.rng.random() * 100.0)]
    while rn < 0:
        rn = RNS[floor(s.rng.random() * 100.0)]
    return rn


RNS = tuple(card[C_RN] for card in DECK)  # the deck's RNs, for ``aux_rn``


def rn20(s: BoutState) -> int:
    """An RN 1-20 (a used card's CF number)."""
    return DECK[floor(s.rng.random() * 100.0)][C_CF]


def stop_clock(s: BoutState, n: int):
    """Advanced timing: time is stopped for the last ``n`` cards. The book's second
    method: the checks are made with the idle 50-card deck, so the round deck gets
    ``n`` cards back (drawn from the idle half, so that a FOUL card is not recycled into
    the same round)."""
    if s.timing and n:
        # the idle half by offset (no copy of it, no generator: one card at a time)
        full = s.full
        idle = ROUND_CARDS if s.rnd % 2 == 1 else 0
        deck = s.deck
        for _ in range(n):
            deck.append(full[idle + floor(s.rng.random() * 50.0)])
        s.returned += n


def remove_cards(s: BoutState, n: int):
    """Time taken off the round (a knockdown count, a long clinch)."""
    s.i += n


def clock(s: BoutState) -> str:
    """The round clock now, ``m:ss``: the cards used less those given back, never less
    than the last time shown (stopped time stands still) nor past the bell."""
    n = s.i - s.returned
    if n <= s.tick:
        n = s.tick
    elif n > ROUND_CARDS:
        n = s.tick = ROUND_CARDS
    else:
        s.tick = n
    return CLOCKS[n]


def bell(s: BoutState):
    """The round is over: whatever happens until the next bell is at 3:00."""
    s.tick = ROUND_CARDS


def ev(s: BoutState, kind: str, side, text: str):
    """One line of the play-by-play, at the round clock's time (``clock``, inlined)."""
    n = s.i - s.returned
    if n <= s.tick:
        n = s.tick
    elif n > ROUND_CARDS:
        n = s.tick = ROUND_CARDS
    else:
        s.tick = n
    s.events.append({"round": s.rnd, "clock": CLOCKS[n], "kind": kind, "side": side, "text": text})
