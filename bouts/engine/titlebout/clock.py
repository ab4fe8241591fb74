"""The Boxing Action deck in play, the round clock and the event log.

Plain functions of the ``BoutState`` (``state``): the round deck is ``state.deck``, its next
card ``state.deck[s.i]``; every card used is 3.6 seconds of the round, less the cards
given back while time stood still (``state.returned``). The clock shown never runs
backwards (time stands still while it is stopped: ``state.tick`` is the last card count
shown) and never past the bell (50 cards, 3:00)."""

from __future__ import annotations

from math import floor

from .deck import C_CF, C_RESULT, C_RN, DECK, RNS, ROUND_CARDS
from .state import CLOCKS, BoutState


def draw_need(state: BoutState):
    """A card to finish an action already under way: from the round deck, or, when it
    has run out, a card at random from the whole deck (the book: the result of the
    punch is found, then the round ends)."""
    i = state.i
    try:
        card = state.deck[i]
    except IndexError:
        return any_card(state)
    state.i = i + 1
    return card


def any_card(state: BoutState):
    """A card at random from the whole deck (the round deck is used up)."""
    return DECK[floor(state.rng.random() * 100.0)]


def check_card(state: BoutState):
    """A card for a check (cuts, fouls, injuries, specials): the round deck, or the
    idle deck with the optional card-usage rule."""
    if state.card_usage:
        return any_card(state)
    return draw_need(state)


def check_rn(state: BoutState) -> int:
    """A check's RN (1-80) on its card (``check_card``): a word card's RESULT stands in
    for its RN."""
    card = check_card(state)
    rn = card[C_RN]
    return rn if rn >= 0 else card[C_RESULT]


def aux_rn(state: BoutState) -> int:
    """An RN (1-80) from a used card, for checks between rounds and the like: a card at
    random from the whole deck (as ``any_card``, read in the deck's RN column
    ``deck.RNS``), again while it is a word."""
    rn = RNS[floor(state.rng.random() * 100.0)]
    while rn < 0:
        rn = RNS[floor(state.rng.random() * 100.0)]
    return rn


def rn20(state: BoutState) -> int:
    """An RN 1-20 (a used card's CF number)."""
    return any_card(state)[C_CF]


def stop_clock(state: BoutState, n: int):
    """Advanced timing: time is stopped for the last ``n`` cards. The book's second
    method: the checks are made with the idle 50-card deck, so the round deck gets
    ``n`` cards back (drawn from the idle half, so that a FOUL card is not recycled into
    the same round)."""
    if state.timing and n:
        # the idle half by offset (no copy of it, no generator: one card at a time)
        full = state.full
        idle = ROUND_CARDS if state.rnd % 2 == 1 else 0
        deck = state.deck
        for _ in range(n):
            deck.append(full[idle + floor(state.rng.random() * 50.0)])
        state.returned += n


def remove_cards(state: BoutState, n: int):
    """Time taken off the round (a knockdown count, a long clinch)."""
    state.i += n


def bell(state: BoutState):
    """The round is over: whatever happens until the next bell is at 3:00."""
    state.tick = ROUND_CARDS


def ev(state: BoutState, kind: str, side, text: str) -> str:
    """One line of the play-by-play, at the round clock's time, which is returned (the
    time of the knockdown, cut, injury or foul it tells of). The clock: the cards used
    less those given back, never less than the last time shown (stopped time stands
    still) nor past the bell."""
    n = state.i - state.returned
    if n <= state.tick:
        n = state.tick
    elif n > ROUND_CARDS:
        n = state.tick = ROUND_CARDS
    else:
        state.tick = n
    time = CLOCKS[n]
    state.events.append(
        {"round": state.rnd, "clock": time, "kind": kind, "side": side, "text": text}
    )
    return time
