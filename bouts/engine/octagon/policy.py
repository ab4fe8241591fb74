"""Corner policies: who decides which card to play.

The engine asks a policy four things (``Policy``): whether to skip the draw, which
fighter to deploy (opening and replacement), and, repeatedly, which card of the
hand to play next (``None`` ends the main phase). The engine enforces the rules
(``Game.can_play``); a policy only chooses among legal plays.

- ``SeedPolicy`` ("seed", the default for both sides) is the seed's "AI Opponent
  Behavior".
- ``GreedyPolicy`` ("greedy") is a smarter corner: it scores each legal play and
  plays the best until nothing is worth playing. It shows how a league plugs in
  its own corner (``plans={"red": "greedy"}`` or a ``Policy`` instance).
"""

from __future__ import annotations

from .catalogue import (
    AI_CONTINUE_CHANCE,
    AI_CORNER_CHANCE,
    AI_HEAL_BELOW,
    BENCH_LIMIT,
    CARD_BY_CODE,
    COACH,
    CODE_BASE,
    CODE_CLASS,
    CODE_COST,
    CODE_STRIKE,
    CORNER,
    GROUND_AND_POUND,
    HAND_LIMIT,
    HEAL,
    PLAIN,
    STRIKE,
    SUBMISSION,
    SUBMIT,
    TAKEDOWN,
)
from .formulas import strike_damage, submission_damage, takedown_chance


class Policy:
    """Base corner: draws unless the hand is full, deploys the best fighter, and
    leaves ``choose_action`` to subclasses."""

    name = "base"

    def skip_draw(self, game, camp) -> bool:
        """Skip the draw phase only with a full hand (the seed allows it then)."""
        return len(camp.hand) >= HAND_LIMIT

    def choose_fighter(self, game, camp, candidates: list) -> int:
        """Index of the fighter to deploy: the best by rating, the first on ties."""
        best = 0
        for i in range(1, len(candidates)):
            if candidates[i].rating > candidates[best].rating:
                best = i
        return best

    def choose_action(self, game, camp) -> int | None:
        raise NotImplementedError

    @staticmethod
    def deployable(camp) -> int | None:
        """A fighter in hand that fits on the bench (deploying costs no energy)."""
        if len(camp.bench) < BENCH_LIMIT:
            for i, code in enumerate(camp.hand):
                if code < CODE_BASE:
                    return i
        return None

    @staticmethod
    def corner_useful(game, camp, card) -> bool:
        """Corner cards played "strategically": the Medic only on a hurt fighter,
        Intense Training only once a turn with a strike still affordable after it,
        the Master Coach always."""
        fighter = camp.active
        if card.effect == "medic":
            return fighter.stamina < fighter.max_stamina
        if card.effect == "training":
            if fighter.training:
                return False
            left = camp.energy - card.cost
            for code in camp.hand:
                if code >= CODE_BASE:
                    other = CARD_BY_CODE[code]
                    if (
                        other.kind is STRIKE
                        and other.cost <= left
                        and (not other.ground or game.position is camp)
                    ):
                        return True
            return False
        return True


class SeedPolicy(Policy):
    """The seed's AI: heal below 40 % stamina, a 30 % chance to play a corner card,
    otherwise a random legal technique; after each card, a 70 % chance to go on.
    Fighters in hand go to the bench first (free; the seed's AI does not say)."""

    name = "seed"

    def skip_draw(self, game, camp) -> bool:
        """The seed's AI always draws (a full hand discards its oldest card); the
        option to skip is the human player's."""
        return False

    def choose_action(
        self,
        game,
        camp,
        _cost=CODE_COST,
        _cls=CODE_CLASS,
        _strike=CODE_STRIKE,
        _base=CODE_BASE,
    ) -> int | None:
        # One pass over the hand (no rng use): the first fighter that fits on the
        # bench (played first, free), the legal plays (Game.can_play, inlined) and
        # the useful corner cards (``corner_useful``, inlined: Intense Training needs
        # a strike it can still pay for).
        hand = camp.hand
        energy = camp.energy
        bench_room = len(camp.bench) < BENCH_LIMIT
        position = game.position
        techniques: list[int] = []
        corners: list[int] = []
        medic = training = None
        cheapest_strike = 99
        fighter = camp.active
        i = -1
        for code in hand:
            i += 1
            if code < _base:
                if bench_room:
                    return i
                continue
            cost = _cost[code]
            if cost > energy:
                continue
            cls = _cls[code]
            if cls == PLAIN:
                techniques.append(i)
                if cost < cheapest_strike and _strike[code]:
                    cheapest_strike = cost
            elif cls == SUBMIT:
                if position is not None:
                    techniques.append(i)
            elif cls == GROUND_AND_POUND:
                if position is camp:
                    techniques.append(i)
                    if cost < cheapest_strike:
                        cheapest_strike = cost
            elif cls == COACH:
                corners.append(i)
            elif cls == HEAL:
                if fighter.stamina < fighter.max_stamina:
                    corners.append(i)
                    if medic is None:
                        medic = i
            elif training is None:
                training = i
        if not energy:
            return None
        rand = game.rng.random
        # "70 % chance to continue playing cards if energy remains"
        if camp.played and rand() >= AI_CONTINUE_CHANCE:
            return None
        if (
            training is not None
            and not fighter.training
            and cheapest_strike <= energy - _cost[hand[training]]
        ):
            corners.append(training)
            corners.sort()
        if not corners:
            if not techniques:
                return None
            return techniques[int(rand() * len(techniques))]
        if medic is not None and fighter.stamina < AI_HEAL_BELOW * fighter.max_stamina:
            return medic
        if not techniques or rand() < AI_CORNER_CHANCE:
            return corners[int(rand() * len(corners))]
        return techniques[int(rand() * len(techniques))]


class GreedyPolicy(Policy):
    """A smarter corner: values each legal play in expected damage and plays the
    best (value / (energy + 2)) until nothing has a positive value. No randomness of
    its own; takedowns come in when the hand holds ground work."""

    name = "greedy"

    def value(self, game, camp, card) -> float:
        att = camp.active
        dfn = camp.opp.active
        kind = card.kind
        if kind is STRIKE:
            damage = strike_damage(
                card.damage, att.striking, dfn.defense, striker=att.striker,
                training=att.training, gnp_bonus=card.bonus, blocked=dfn.guard,
            )  # fmt: skip
            value = min(damage, dfn.stamina) + (8 if damage >= dfn.stamina else 0)
            if card.effect == "stagger":
                value += 6
            elif card.effect == "bleed":
                value += 3
            if game.position is camp and not card.ground:
                value -= 3  # gives up the advantage
            return value
        if kind is TAKEDOWN:
            if game.position is camp:
                return 0
            chance = takedown_chance(
                att.grappling, card.bonus, dfn.defense, dfn.stamina, dfn.max_stamina,
                grappler=att.grappler,
            )  # fmt: skip
            ground = 0
            for code in camp.hand:
                if code >= CODE_BASE:
                    other = CARD_BY_CODE[code]
                    if other.kind is SUBMISSION or other.ground:
                        ground = max(ground, other.damage)
            return chance / 100 * (card.damage + 2 + ground / 2)
        if kind is SUBMISSION:
            position = 1 if game.position is camp else -1
            damage = submission_damage(card.damage, att.grappling, dfn.grappling, position)
            return min(damage, dfn.stamina) + (8 if damage >= dfn.stamina else 0)
        if kind is CORNER:
            if not self.corner_useful(game, camp, card):
                return 0
            if card.effect == "medic":
                hurt = att.max_stamina - att.stamina
                return min(10, hurt) if att.stamina < 0.6 * att.max_stamina else 0
            if card.effect == "training":
                return 5
            return 7  # Master Coach: a permanent +1 and a card
        # defence: worth most when nothing else is; one at a time
        return 0 if att.guard else card.reduce * 0.4 + card.counter

    def choose_action(self, game, camp) -> int | None:
        deploy = self.deployable(camp)
        if deploy is not None:
            return deploy
        best = None
        best_score = 0.0
        for i, code in enumerate(camp.hand):
            if code < CODE_BASE or not game.can_play(camp, code):
                continue
            card = CARD_BY_CODE[code]
            value = self.value(game, camp, card)
            if value <= 0:
                continue
            score = value / (card.cost + 2)  # value per energy, a little towards value
            if score > best_score:
                best, best_score = i, score
        return best


POLICIES: dict[str, type[Policy]] = {"seed": SeedPolicy, "greedy": GreedyPolicy}
