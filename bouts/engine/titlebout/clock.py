"""The Boxing Action deck in play, the round clock and the event log (mixin of ``Bout``)."""

from __future__ import annotations

from ..result import clock
from .deck import C_CF, C_RN, DECK, ROUND_CARDS, SECONDS_PER_CARD, shuffled
from .state import CLOCKS, RoundOver


class DeckMixin:
    # --- the deck -----------------------------------------------------------------------
    def deal(self):
        if self.rnd % 2 == 1:
            cards = shuffled(self.rng)
            self.full = cards
            self.deck = cards[:ROUND_CARDS]
        else:
            self.deck = self.full[ROUND_CARDS:]
        self.i = 0
        self.returned = 0

    def draw(self):
        """The next card of the round deck; the round ends when it runs out."""
        i = self.i
        if i >= len(self.deck):
            raise RoundOver
        self.i = i + 1
        return self.deck[i]

    def draw_need(self):
        """A card to finish an action already under way: from the round deck, or,
        when it has run out, a card at random from the whole deck (the book: the
        result of the punch is found, then the round ends)."""
        i = self.i
        if i < len(self.deck):
            self.i = i + 1
            return self.deck[i]
        return DECK[int(self.rng.random() * 100)]

    def check_card(self):
        """A card for a check (cuts, fouls, injuries, specials): the round deck, or
        the idle deck with the optional card-usage rule."""
        if self.opt["card_usage"]:
            return DECK[int(self.rng.random() * 100)]
        return self.draw_need()

    def aux_rn(self) -> int:
        """An RN (1-80) from a used card, for checks between rounds."""
        rn = DECK[int(self.rng.random() * 100)][C_RN]
        while rn < 0:
            rn = DECK[int(self.rng.random() * 100)][C_RN]
        return rn

    def rn20(self) -> int:
        return DECK[int(self.rng.random() * 100)][C_CF]

    def stop_clock(self, n: int):
        """Advanced timing: time is stopped for the last ``n`` cards. The book's
        second method: the checks are made with the idle 50-card deck, so the
        round deck gets ``n`` cards back (drawn from the idle half, so that a FOUL
        card is not recycled into the same round)."""
        if self.timing and n:
            idle = self.full[ROUND_CARDS:] if self.rnd % 2 == 1 else self.full[:ROUND_CARDS]
            random = self.rng.random
            self.deck.extend(idle[int(random() * ROUND_CARDS)] for _ in range(n))
            self.returned += n

    def remove_cards(self, n: int):
        self.i += n

    def seconds(self) -> int:
        return int((self.i - self.returned) * SECONDS_PER_CARD)

    def clock(self) -> str:
        n = self.i - self.returned
        return CLOCKS[n] if 0 <= n < 120 else clock(max(0, self.seconds()))

    def ev(self, kind: str, side, text: str):
        n = self.i - self.returned
        self.events.append(
            {
                "round": self.rnd,
                "clock": CLOCKS[n] if 0 <= n < 120 else self.clock(),
                "kind": kind,
                "side": side,
                "text": text,
            }
        )
