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
    AT_MINE,
    AT_NONE,
    AT_THEIRS,
    BENCH_LIMIT,
    CARD_BY_CODE,
    COACH_CODE,
    CODE_BASE,
    CODE_COST,
    CODE_STRIKE,
    CORNER,
    CORNER_CODES,
    FIGHTER_CODES,
    HAND_LIMIT,
    LEGAL,
    MAX_COST,
    MEDIC_CODE,
    STRIKE,
    SUBMISSION,
    TAKEDOWN,
    TECH,
    TRAINING_CODE,
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
        _strike=CODE_STRIKE,
        _base=CODE_BASE,
        _legal=LEGAL,
        _tech=TECH,
        _fighters=FIGHTER_CODES,
        _corners=CORNER_CODES,
        _coach=COACH_CODE,
        _medic=MEDIC_CODE,
        _training=TRAINING_CODE,
    ) -> int | None:
        hand = camp.hand
        if len(camp.bench) < BENCH_LIMIT and not _fighters.isdisjoint(hand):
            for i, code in enumerate(hand):
                if code < _base:
                    return i
        energy = camp.energy
        if not energy:
            return None
        rng = game.rng
        # "70 % chance to continue playing cards if energy remains"
        if camp.played and rng.random() >= AI_CONTINUE_CHANCE:
            return None
        if not hand:
            return None
        # The legal techniques (Game.can_play as one table lookup a card).
        position = game.position
        where = AT_NONE if position is None else AT_MINE if position is camp else AT_THEIRS
        level = energy if 0 < energy < MAX_COST else MAX_COST if energy > 0 else 0
        legal = _legal[where][level]
        techniques = [i for i, code in enumerate(hand) if legal[code] == _tech]
        if _corners.isdisjoint(hand):  # no corner card in the hand
            if not techniques:
                return None
            return techniques[int(rng.random() * len(techniques))]
        # Useful corner cards (``corner_useful``, inlined), in hand order: the Master
        # Coach always, the Medic on a hurt fighter, Intense Training once a turn with
        # a strike still affordable after it.
        fighter = camp.active
        coach = legal[_coach] and _coach in hand
        medic = None
        if legal[_medic] and fighter.stamina < fighter.max_stamina and _medic in hand:
            medic = hand.index(_medic)
            if coach:
                both = (_coach, _medic)
                corners = [i for i, code in enumerate(hand) if code in both]
            else:
                corners = [i for i, code in enumerate(hand) if code == _medic]
        elif coach:
            corners = [i for i, code in enumerate(hand) if code == _coach]
        else:
            corners = []
        if legal[_training] and not fighter.training and _training in hand:
            training = hand.index(_training)
            left = energy - _cost[_training]
            for j in techniques:
                code = hand[j]
                if _strike[code] and _cost[code] <= left:
                    corners.append(training)
                    corners.sort()
                    break
        if not corners:
            if not techniques:
                return None
            return techniques[int(rng.random() * len(techniques))]
        if medic is not None and fighter.stamina < AI_HEAL_BELOW * fighter.max_stamina:
            return medic
        if not techniques or rng.random() < AI_CORNER_CHANCE:
            return corners[int(rng.random() * len(corners))]
        return techniques[int(rng.random() * len(techniques))]


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
