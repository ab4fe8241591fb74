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
    AT_MINE,
    AT_NONE,
    AT_THEIRS,
    BENCH_LIMIT,
    CARD_BY_CODE,
    COACH_CODE,
    CODE_BASE,
    CODE_COST,
    CODE_ROLE,
    CODE_STRIKE,
    CODE_VALUE,
    CORNER,
    CORNER_CODES,
    ENERGY_MAX,
    FIGHTER_CODES,
    LEGAL,
    MAX_COST,
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
    STRIKER_BONUS,
    SUBMISSION,
    SUBMISSION_POSITION,
    TAKEDOWN,
    TECH,
    TRAINING_CODE,
)
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
        turn; a policy may override it to keep its work between plays (as
        ``HealthPolicy`` does) as long as it chooses what ``choose_action`` would.
        ``play`` may end the game (``GameOver``): let it through."""
        choose = self.choose_action
        while True:
            index = choose(game, camp)
            if index is None:
                return
            play(camp, index)

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
    Fighters in hand go to the bench first (free; the seed's AI does not say). With
    a full hand it skips the draw as the seed allows (``Policy.skip_draw``)."""

    name = "seed"

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
            return techniques[floor(rng.random() * len(techniques))]
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
            return techniques[floor(rng.random() * len(techniques))]
        if medic is not None and fighter.stamina < AI_HEAL_BELOW * fighter.max_stamina:
            return medic
        if not techniques or rng.random() < AI_CORNER_CHANCE:
            return corners[floor(rng.random() * len(corners))]
        return techniques[floor(rng.random() * len(techniques))]


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


# Cards the league's corner cannot play standing without something else in hand.
_WAITING_STANDING = frozenset(
    code
    for code, role in enumerate(CODE_ROLE)
    if role in (ROLE_GNP, ROLE_SUBMISSION, ROLE_TRAINING)
)


# What is legal now (``catalogue.LEGAL``), by energy 0..ENERGY_MAX (a camp's energy
# never exceeds its allowance): one lookup a decision in the league's corner.
_LEGAL_STANDING = tuple(LEGAL[AT_NONE][min(e, MAX_COST)] for e in range(ENERGY_MAX + 1))
_LEGAL_ON_TOP = tuple(LEGAL[AT_MINE][min(e, MAX_COST)] for e in range(ENERGY_MAX + 1))
_LEGAL_UNDERNEATH = tuple(LEGAL[AT_THEIRS][min(e, MAX_COST)] for e in range(ENERGY_MAX + 1))


# Ground work (Ground and Pound, submissions): the league's corner takes down a
# standing opponent, or keeps the top position, while it holds any.
_GROUND_WORK = frozenset(
    code for code, role in enumerate(CODE_ROLE) if role in (ROLE_GNP, ROLE_SUBMISSION)
)


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
        """The next card by the rules above (``main_phase``'s first choice, unplayed)."""
        return self.main_phase(game, camp, None)

    def main_phase(
        self,
        game,
        camp,
        play,
        _role=CODE_ROLE,
        _value=CODE_VALUE,
        _standing=_LEGAL_STANDING,
        _on_top=_LEGAL_ON_TOP,
        _underneath=_LEGAL_UNDERNEATH,
        _fighters=FIGHTER_CODES,
        _ground=_GROUND_WORK,
        _waiting=_WAITING_STANDING,
        # the scan's constants as locals (LOAD_FAST is cheaper than LOAD_GLOBAL)
        _base=CODE_BASE,
        _strike=ROLE_STRIKE,
        _gnp=ROLE_GNP,
        _sub=ROLE_SUBMISSION,
        _takedown=ROLE_TAKEDOWN,
        _defence=ROLE_DEFENCE,
        _coach=ROLE_COACH,
        _medic=ROLE_MEDIC,
        _striker_bonus=STRIKER_BONUS,
        _position_bonus=2 * SUBMISSION_POSITION,  # twice (submission damage is halved)
    ) -> int | None:
        """Play the whole main phase in one call: choose by the rules above, ``play``
        the card, choose again from what the play left, until nothing is chosen. The
        camp's lists and the tables are bound once a turn, and no call is made per
        decision (117 a game); each decision reads the game afresh, so the choices
        are exactly ``choose_action``'s. With ``play=None`` the first choice is
        returned without playing it (that is ``choose_action``)."""
        # Each decision is one pass over the hand. A card not playable now is skipped
        # after one lookup in ``catalogue.LEGAL`` (by position and energy: the game's
        # own legality table; it also says no to fighters, cards too dear, ground
        # work standing and Ground and Pound from underneath), unless it is a fighter
        # that fits on the bench (rule 1: chosen at once). Of the playable cards, the
        # best of each kind is kept as (value, index) in two plain variables (first on
        # ties, as ``max`` would), then rules 2-12 pick among them. Damage is the
        # formula's (formulas.strike_damage, formulas.submission_damage); strike_base
        # is a strike's card-independent part.
        hand = camp.hand
        bench = camp.bench
        opp = camp.opp
        while hand:
            energy = camp.energy
            if not energy:  # only a fighter can still be played (free)
                if len(bench) >= BENCH_LIMIT or _fighters.isdisjoint(hand):
                    return None
                i = _first_fighter(hand)
                if play is None:
                    return i
                play(camp, i)
                continue
            position = game.position
            if position is None:
                if _waiting.issuperset(hand):
                    return None  # ground work and Intense Training only: nothing to do
                legal = _standing[energy]
                on_top = False
            else:
                on_top = position is camp
                legal = (_on_top if on_top else _underneath)[energy]
            att = camp.active
            dfn = opp.active
            guard = dfn.guard
            stamina = dfn.stamina
            strike_base = att.striking + att.training - dfn.defense - guard
            if att.striker:
                strike_base += _striker_bonus
            top = finish_ground = strike = finish = -1  # indexes; -1: none
            top_d = strike_d = 0  # damage is at least 1
            finish_ground_d = finish_d = 999
            takedown = defence = coach = medic = training = -1
            takedown_v = defence_v = -1
            for i, code in enumerate(hand):
                if not legal[code]:
                    if code < _base and len(bench) < BENCH_LIMIT:
                        break  # 1. a fighter to the bench (free): hand[i]
                    continue
                role = _role[code]
                if role == _strike:
                    damage = _value[code] + strike_base
                    if damage < 1:
                        damage = 1
                    if damage > strike_d:
                        strike_d = damage
                        strike = i
                    if stamina <= damage < finish_d:
                        finish_d = damage
                        finish = i
                elif role <= _sub:  # Ground and Pound (on top) or a submission
                    if role == _gnp:
                        damage = _value[code] + strike_base
                    else:
                        twice = att.grappling - dfn.grappling + 2 * _value[code]
                        if on_top:
                            damage = (twice + _position_bonus) // 2
                        else:
                            damage = (twice - _position_bonus) // 2
                    if damage < 1:
                        damage = 1
                    if damage > top_d:
                        top_d = damage
                        top = i
                    if stamina <= damage < finish_ground_d:
                        finish_ground_d = damage
                        finish_ground = i
                elif role == _takedown:
                    if _value[code] > takedown_v:
                        takedown_v = _value[code]
                        takedown = i
                elif role == _defence:
                    if _value[code] > defence_v:
                        defence_v = _value[code]
                        defence = i
                elif role == _coach:
                    coach = i
                elif role == _medic:
                    medic = i
                else:  # Intense Training
                    training = i
            else:  # no fighter to bench: rules 2.-12., first match (ground work counts
                # in the hand, playable or not: tested only where a rule needs it)
                if finish_ground >= 0:  # 2. a finish, a ground card first
                    i = finish_ground  # (strikes keep for the feet)
                elif finish >= 0:
                    i = finish
                elif medic >= 0 and att.max_stamina - att.stamina >= MEDIC_HEAL:  # 3.-4.
                    i = medic
                elif coach >= 0 and 2 * att.stamina >= att.max_stamina:
                    i = coach
                elif top >= 0:  # 5.-7. the ground game (underneath: a submission)
                    i = top
                elif takedown >= 0 and not on_top and not _ground.isdisjoint(hand):
                    i = takedown
                elif strike >= 0 and not (on_top and not _ground.isdisjoint(hand)):  # 8.-9.
                    # (rare cases, looked up only when they arise: a second pass)
                    if (
                        training >= 0
                        and not att.training
                        and _strike_costing_at_most(hand, energy - 2)
                    ):
                        i = training
                    elif guard:
                        i = _smallest_strike(hand, legal)
                    else:
                        i = strike
                elif takedown >= 0 and not on_top:  # 10.-12.
                    i = takedown
                elif defence >= 0 and not att.guard:
                    i = defence
                elif coach >= 0:
                    i = coach
                else:
                    return None
            if play is None:
                return i
            play(camp, i)
        return None


def _strike_costing_at_most(hand: list, energy: int) -> bool:
    """Whether the hand holds a strike (Ground and Pound aside) costing ``energy`` or
    less: one that stays affordable after Intense Training."""
    for code in hand:
        if CODE_ROLE[code] == ROLE_STRIKE and CODE_COST[code] <= energy:
            break
    else:
        return False
    return True


def _smallest_strike(hand: list, legal: tuple) -> int:
    """Index of the legal strike (Ground and Pound aside) with the smallest card
    value, the first on ties; the hand is known to hold one."""
    best = -1
    best_value = 999
    for i, code in enumerate(hand):
        if legal[code] and CODE_ROLE[code] == ROLE_STRIKE and CODE_VALUE[code] < best_value:
            best_value = CODE_VALUE[code]
            best = i
    return best


def _first_fighter(hand: list) -> int:
    """Index of the first fighter in a hand known to hold one."""
    for i, code in enumerate(hand):
        if code < CODE_BASE:
            return i
    raise ValueError("no fighter in hand")


POLICIES: dict[str, type[Policy]] = {
    "health": HealthPolicy,
    "seed": SeedPolicy,
    "greedy": GreedyPolicy,
}
