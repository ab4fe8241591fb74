"""Corner policies: who decides which card to play.

The engine asks a policy three things (``Policy``): whether to skip the draw (asked
only with a full hand: the seed allows skipping then), which fighter to deploy
(opening and replacement), and, repeatedly, which card of the hand to play next
(``None`` ends the main phase). The main phase is handed over in one call,
``main_phase``, which by default asks ``choose_action`` card by card; a policy may
override it to keep its work between plays. The engine enforces the rules
(``Game.can_play``); a policy only chooses among legal plays.

- ``HealthPolicy`` ("health", the league's default for both sides) plays to win on
  health: it deals the most damage its cards allow and finishes fighters.
- ``SeedPolicy`` ("seed") is the seed's "AI Opponent Behavior".
- ``GreedyPolicy`` ("greedy") scores each legal play by value per energy and plays the
  best until nothing is worth playing. It shows how a league plugs in its own corner
  (``plans={"red": "greedy"}`` or a ``Policy`` instance).
"""

from __future__ import annotations

from math import floor

from .catalogue import (
    AI_CONTINUE_CHANCE,
    AI_CORNER_CHANCE,
    AI_HEAL_BELOW,
    CARD_BY_CODE,
    CODE_BASE,
    CODE_ROLE,
    CODE_VALUE,
    CORNER,
    CORNER_CARD,
    FIGHTER_CODES,
    MEDIC_CODE,
    MEDIC_HEAL,
    ROLE_COACH,
    ROLE_DEFENCE,
    ROLE_GNP,
    ROLE_MEDIC,
    ROLE_STRIKE,
    ROLE_SUBMISSION,
    ROLE_TAKEDOWN,
    ROLE_TRAINING,
    STRIKE,
    SUBMISSION,
    TAKEDOWN,
    TECH,
    TRAINING_CODE,
)
from .damage import strike_damages, submission_damages
from .formulas import strike_damage, submission_damage, takedown_chance

# Cards every policy plays on the feet sooner or later: holding one, a full hand
# may skip the draw without stalling the game (``Policy.skip_draw``).
_STANDING_ATTACKS = frozenset(
    code for code, role in enumerate(CODE_ROLE) if role in (ROLE_STRIKE, ROLE_TAKEDOWN)
)


class Policy:
    """Base corner: skips the draw with a full hand that holds an attack it can
    throw on the feet, deploys the best fighter, and leaves ``choose_action`` to
    subclasses."""

    name = "base"

    def skip_draw(self, game, camp) -> bool:
        """Asked only with a full hand (the seed: "Can skip draw phase if hand is
        full"). Skip, keeping the hand and the deck, unless the hand holds nothing
        that can be played on the feet (only ground work, defence and corner cards):
        then draw, so that the oldest card makes room for a new one rather than
        both camps skipping for ever."""
        return not _STANDING_ATTACKS.isdisjoint(camp.hand)

    def choose_fighter(self, game, camp, candidates: list) -> int:
        """Index of the fighter to deploy: the best by rating, the first on ties."""
        best = 0
        for i in range(1, len(candidates)):
            if candidates[i].rating > candidates[best].rating:
                best = i
        return best

    def choose_action(self, game, camp) -> int | None:
        raise NotImplementedError

    def main_phase(self, game, camp, play) -> None:
        """Play the whole main phase: ``play(camp, index)`` for each hand index
        ``choose_action`` gives, until it gives ``None``. The game calls this once a
        turn; a policy may override it to keep its work between plays, as long as it
        chooses what ``choose_action`` would.
        ``play`` may end the game (``GameOver``): let it through."""
        choose = self.choose_action
        while True:
            index = choose(game, camp)
            if index is None:
                return
            play(camp, index)

    @staticmethod
    def deployable(game, camp) -> int | None:
        """The first fighter in hand, if he may go to the bench now (``Game.legal_now``:
        while it has room; deploying costs no energy)."""
        hand = camp.hand
        if FIGHTER_CODES.isdisjoint(hand):
            return None
        legal = game.legal_now(camp)
        for i, code in enumerate(hand):
            if code < CODE_BASE:
                return i if legal[code] else None
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
    Fighters in hand go to the bench first (free; the seed's AI does not say). With
    a full hand it skips the draw as the seed allows (``Policy.skip_draw``)."""

    name = "seed"

    def choose_action(self, game, camp) -> int | None:
        deploy = self.deployable(game, camp)
        if deploy is not None:
            return deploy
        hand = camp.hand
        if not camp.energy:
            return None
        rng = game.rng
        # "70 % chance to continue playing cards if energy remains"
        if camp.played and rng.random() >= AI_CONTINUE_CHANCE:
            return None
        if not hand:
            return None
        legal = game.legal_now(camp)
        techniques = [i for i, code in enumerate(hand) if legal[code] == TECH]
        corners = self.useful_corners(game, camp, legal)
        if not corners:
            if not techniques:
                return None
            return techniques[floor(rng.random() * len(techniques))]
        fighter = camp.active
        low = fighter.stamina < AI_HEAL_BELOW * fighter.max_stamina  # "heal below 40 %"
        if low and legal[MEDIC_CODE] and MEDIC_CODE in hand:
            return hand.index(MEDIC_CODE)
        if not techniques or rng.random() < AI_CORNER_CHANCE:
            return corners[floor(rng.random() * len(corners))]
        return techniques[floor(rng.random() * len(techniques))]

    def useful_corners(self, game, camp, legal) -> list[int]:
        """The hand indexes of the playable corner cards worth playing
        (``corner_useful``), in hand order. Of several Intense Training cards only
        the first counts (one is as good as another; how this corner has always
        counted them)."""
        hand = camp.hand
        corners = [
            i
            for i, code in enumerate(hand)
            if legal[code] == CORNER_CARD
            and code != TRAINING_CODE
            and self.corner_useful(game, camp, CARD_BY_CODE[code])
        ]
        training = CARD_BY_CODE[TRAINING_CODE]
        playable = legal[TRAINING_CODE] and TRAINING_CODE in hand
        if playable and self.corner_useful(game, camp, training):
            corners.append(hand.index(TRAINING_CODE))
            corners.sort()
        return corners


class GreedyPolicy(Policy):
    """A smarter corner: values each legal play in expected damage and plays the
    best (value / (energy + 2)) until nothing has a positive value. No randomness of
    its own; takedowns come in when the hand holds ground work."""

    name = "greedy"

    def value(self, game, camp, card) -> float:
        attacker = camp.active
        defender = camp.opponent.active
        kind = card.kind
        if kind is STRIKE:
            damage = strike_damage(
                card.damage, attacker.striking, defender.defense, striker=attacker.striker,
                training=attacker.training, gnp_bonus=card.bonus, blocked=defender.guard,
            )  # fmt: skip
            value = min(damage, defender.stamina) + (8 if damage >= defender.stamina else 0)
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
                attacker.grappling, card.bonus, defender.defense, defender.stamina,
                defender.max_stamina, grappler=attacker.grappler,
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
            damage = submission_damage(
                card.damage, attacker.grappling, defender.grappling, position
            )
            return min(damage, defender.stamina) + (8 if damage >= defender.stamina else 0)
        if kind is CORNER:
            if not self.corner_useful(game, camp, card):
                return 0
            if card.effect == "medic":
                hurt = attacker.max_stamina - attacker.stamina
                return min(10, hurt) if attacker.stamina < 0.6 * attacker.max_stamina else 0
            if card.effect == "training":
                return 5
            return 7  # Master Coach: a permanent +1 and a card
        # defence: worth most when nothing else is; one at a time
        return 0 if attacker.guard else card.reduce * 0.4 + card.counter

    def choose_action(self, game, camp) -> int | None:
        deploy = self.deployable(game, camp)
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


# Cards the league's corner cannot play standing without something else in hand.
WAITING_STANDING = frozenset(
    code
    for code, role in enumerate(CODE_ROLE)
    if role in (ROLE_GNP, ROLE_SUBMISSION, ROLE_TRAINING)
)
# Ground work (Ground and Pound, submissions): the league's corner takes down a
# standing opponent, or keeps the top position, while it holds any.
GROUND_WORK = frozenset(
    code for code, role in enumerate(CODE_ROLE) if role in (ROLE_GNP, ROLE_SUBMISSION)
)
NO_FINISH = 999  # above any damage
NO_DAMAGE = (0,) * len(CARD_BY_CODE)  # standing: no submission is playable


class HealthPolicy(Policy):
    """The league's default corner: plays to win on health, i.e. to finish five of
    the other camp's fighters before a deck runs out. Cards, not energy, are what a
    camp runs short of (one draw a turn, up to 12 energy), so it plays every card
    that does damage, in the order that makes each one count. First match wins:

    1. a fighter in hand goes to the bench (free);
    2. a finish: the smallest card that empties the opponent's stamina, a ground
       card if one does (strikes are kept for the feet);
    3. Ringside Medic when 10 or more stamina are missing (no point wasted);
    4. Master Coach on a fighter with at least half his stamina (he keeps the +1s);
    5. on top: the biggest submission or Ground and Pound (the position is kept);
    6. underneath: the biggest submission (they are legal on the ground either way);
    7. standing or underneath with ground work in hand: the takedown with the best
       bonus;
    8. Intense Training when a strike is still affordable after it (+3 to it);
    9. a strike, unless that would give up the top position with ground work in
       hand: the smallest one while the opponent holds a defence card (it spends the
       buff), else the biggest;
    10. a takedown (not on top); 11. a defence card when none is up;
    12. Master Coach on a tired fighter; otherwise the main phase ends.

    No randomness of its own: the game's dice are the takedown rolls."""

    name = "health"

    def choose_action(self, game, camp) -> int | None:
        """The next card by the rules above."""
        hand = camp.hand
        if not hand:
            return None
        if game.position is None and WAITING_STANDING.issuperset(hand):
            return None  # ground work and Intense Training only: nothing to do
        return self.first_match(game, camp, self.best_plays(game, camp))

    @staticmethod
    def best_plays(game, camp) -> tuple:
        """One pass over the hand's playable cards (``Game.legal_now``; first on
        ties), their damage by the seed's formulas at this pair of fighters' edges.
        The hand indexes (-1: none), in the order ``first_match`` asks for them: the
        first fighter (playable while the bench has room), the smallest ground card
        (Ground and Pound, a submission) and the smallest strike that finish the
        opponent, the last Ringside Medic and Master Coach, the biggest ground card,
        the takedown with the best bonus, the biggest strike, the last Intense
        Training, the defence card with the best value."""
        attacker = camp.active
        defender = camp.opponent.active
        stamina = defender.stamina
        strikes = strike_damages(
            attacker.striking, defender.defense, attacker.striker, attacker.training,
            defender.guard,
        )  # fmt: skip
        submissions = NO_DAMAGE
        if game.position is not None:
            position = 1 if game.position is camp else -1
            submissions = submission_damages(attacker.grappling, defender.grappling, position)
        strike = finish = ground = finish_ground = takedown = defence = -1
        coach = medic = training = fighter = -1
        top_strike_damage = top_ground_damage = 0  # damage is at least 1
        finish_damage = finish_ground_damage = NO_FINISH
        takedown_value = defence_value = -1
        legal = game.legal_now(camp)
        for index, code in enumerate(camp.hand):
            if not legal[code]:
                continue
            role = CODE_ROLE[code]
            if role == ROLE_STRIKE:
                damage = strikes[code]
                if damage > top_strike_damage:
                    strike, top_strike_damage = index, damage
                if stamina <= damage < finish_damage:
                    finish, finish_damage = index, damage
            elif role in (ROLE_GNP, ROLE_SUBMISSION):
                damage = strikes[code] if role == ROLE_GNP else submissions[code]
                if damage > top_ground_damage:
                    ground, top_ground_damage = index, damage
                if stamina <= damage < finish_ground_damage:
                    finish_ground, finish_ground_damage = index, damage
            elif role == ROLE_TAKEDOWN:
                if CODE_VALUE[code] > takedown_value:
                    takedown, takedown_value = index, CODE_VALUE[code]
            elif role == ROLE_DEFENCE:
                if CODE_VALUE[code] > defence_value:
                    defence, defence_value = index, CODE_VALUE[code]
            elif role == ROLE_COACH:
                coach = index
            elif role == ROLE_MEDIC:
                medic = index
            elif role == ROLE_TRAINING:
                training = index
            elif fighter < 0:  # a fighter, the bench has room
                fighter = index
        return (fighter, finish_ground, finish, medic, coach, ground, takedown, strike, training,
                defence)  # fmt: skip

    def first_match(self, game, camp, best: tuple) -> int | None:
        """Rules 1-12, the first that matches (ground work counts in the hand,
        playable or not), on the hand's best plays (``best_plays``)."""
        (
            fighter,
            finish_ground,
            finish,
            medic,
            coach,
            ground,
            takedown,
            strike,
            training,
            defence,
        ) = best
        if fighter >= 0:  # 1. a fighter to the bench (free)
            return fighter
        attacker = camp.active
        on_top = game.position is camp
        holds_ground_work = not GROUND_WORK.isdisjoint(camp.hand)
        if finish_ground >= 0:  # 2. a finish, a ground card first
            return finish_ground
        if finish >= 0:
            return finish
        if medic >= 0 and attacker.max_stamina - attacker.stamina >= MEDIC_HEAL:  # 3.
            return medic
        if coach >= 0 and 2 * attacker.stamina >= attacker.max_stamina:  # 4.
            return coach
        if ground >= 0:  # 5.-6. the ground game (underneath: a submission)
            return ground
        if takedown >= 0 and not on_top and holds_ground_work:  # 7.
            return takedown
        if strike >= 0 and not (on_top and holds_ground_work):  # 8.-9.
            training_card = CARD_BY_CODE[TRAINING_CODE]
            if training >= 0 and self.corner_useful(game, camp, training_card):
                return training
            if camp.opponent.active.guard:
                return smallest_strike(camp.hand, game.legal_now(camp))
            return strike
        if takedown >= 0 and not on_top:  # 10.
            return takedown
        if defence >= 0 and not attacker.guard:  # 11.
            return defence
        if coach >= 0:  # 12.
            return coach
        return None


def smallest_strike(hand: list, legal: tuple) -> int:
    """Index of the legal strike (Ground and Pound aside) with the smallest card
    value, the first on ties; the hand is known to hold one."""
    best = -1
    best_value = NO_FINISH
    for i, code in enumerate(hand):
        if legal[code] and CODE_ROLE[code] == ROLE_STRIKE and CODE_VALUE[code] < best_value:
            best_value = CODE_VALUE[code]
            best = i
    return best


POLICIES: dict[str, type[Policy]] = {
    "health": HealthPolicy,
    "seed": SeedPolicy,
    "greedy": GreedyPolicy,
}
