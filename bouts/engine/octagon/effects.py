"""The effects of the cards other than strikes (a strike is ``Game.apply``'s own
branch, the commonest play): takedowns, submissions, defence and corner cards, and
the injuries strikes cause (a cut, a stagger). RULES.md, "Technique Cards", "Corner
Cards", "Status Effects". Each reads and writes the ``Game`` it is given; damage
that empties a fighter's stamina goes to ``Game.knockout``.
"""

from __future__ import annotations

from math import floor
from typing import TYPE_CHECKING

from ..result import MINOR
from .catalogue import (
    COACH_DRAW,
    COACH_STAT,
    GRAPPLER_BONUS,
    MEDIC_HEAL,
    MIN_DAMAGE,
    SUBMISSION_POSITION,
    TAKEDOWN_BASE,
    TAKEDOWN_MAX,
    TAKEDOWN_MIN,
    TAKEDOWN_STEP,
    TRAINING_BONUS,
)
from .texts import CLOCKS, NUMS

if TYPE_CHECKING:
    from .game import Game
    from .state import Camp, Fighter


def stagger(game: Game, camp: Camp, att: Fighter, opp: Camp) -> None:
    opp.skip = True
    dfn = opp.active
    injury(game, opp, dfn, "stagger", f"{att.name}'s spinning back fist staggers {dfn.name}.")


def injury(game: Game, camp: Camp, fighter: Fighter, kind: str, text: str) -> None:
    # Game.log and Game.clock, inlined
    s = game.step = game.step + 1
    clock = CLOCKS[s]
    game.events.append(
        {"round": game.round, "clock": clock, "kind": kind, "side": camp.key, "text": text}
    )
    game.injuries.append(
        {
            "round": game.round,
            "time": clock,
            "fighter": camp.key,
            "name": fighter.name,
            "type": kind,
            "location": "head",
            "severity": MINOR,
            "text": text,
        }
    )


def takedown(game: Game, camp: Camp, card) -> None:
    """Takedown chance in percent; a roll of 0..99 below it succeeds: the attacker
    takes the positional advantage and deals the card's impact damage."""
    opp = camp.opp
    att = camp.active
    dfn = opp.active
    # formulas.takedown_chance (and its stamina_penalty), inlined
    attack = att.grappling + card.bonus
    if att.grappler:
        attack += GRAPPLER_BONUS
    scaled = dfn.stamina * 100
    full = dfn.max_stamina
    defence = dfn.defense - (
        0 if scaled >= 70 * full else 1 if scaled >= 50 * full else 2 if scaled >= 30 * full
        else 3
    )  # fmt: skip
    chance = TAKEDOWN_BASE + TAKEDOWN_STEP * (attack - defence)
    if chance < TAKEDOWN_MIN:
        chance = TAKEDOWN_MIN
    elif chance > TAKEDOWN_MAX:
        chance = TAKEDOWN_MAX
    roll = floor(game.rng.random() * 100.0)  # float fast path, same product
    stats = camp.stats
    stats["thrown"] += 1
    stats["takedowns_attempted"] += 1
    att.takedowns_tried += 1
    # Game.log inlined (a call costs more); the chance is 10..90, a card's damage small
    if roll >= chance:
        s = game.step = game.step + 1
        game.events.append(
            {"round": game.round, "clock": CLOCKS[s],
             "kind": "takedown", "side": camp.key,
             "text": f"{att.name} tries {card.name} on {dfn.name} ({NUMS[chance]}%)"
                     f" and is stuffed."}
        )  # fmt: skip
        return
    stats["landed"] += 1
    stats["takedowns_landed"] += 1
    att.takedowns_landed += 1
    game.position = camp
    damage = card.damage
    s = game.step = game.step + 1
    game.events.append(
        {"round": game.round, "clock": CLOCKS[s],
         "kind": "takedown", "side": camp.key,
         "text": f"{att.name} lands {card.name} on {dfn.name} ({NUMS[chance]}%)"
                 f" for {NUMS[damage]} and takes the advantage."}
    )  # fmt: skip
    # Game.hurt, inlined
    stats["damage"] += damage
    att.damage_dealt += damage
    dfn.damage_taken += damage
    stamina = dfn.stamina - damage
    if stamina > 0:
        dfn.stamina = stamina
    else:
        dfn.stamina = 0
        game.knockout(opp, dfn, att, "takedown")


def submission(game: Game, camp: Camp, card) -> None:
    """Submission damage formula; always lands; the position is kept."""
    opp = camp.opp
    att = camp.active
    dfn = opp.active
    position = 1 if game.position is camp else -1
    # formulas.submission_damage, inlined
    damage = (
        2 * card.damage + att.grappling - dfn.grappling + 2 * SUBMISSION_POSITION * position
    ) // 2
    if damage < MIN_DAMAGE:
        damage = MIN_DAMAGE
    stats = camp.stats
    stats["thrown"] += 1
    stats["landed"] += 1
    stats["submissions"] += 1
    att.subs_landed += 1
    where = "from top" if position > 0 else "off his back"
    shown = NUMS[damage] if damage < 1000 else str(damage)
    s = game.step = game.step + 1
    game.events.append(
        {"round": game.round, "clock": CLOCKS[s],
         "kind": "submission", "side": camp.key,
         "text": f"{att.name} locks {card.name} on {dfn.name} {where} for {shown}."}
    )  # fmt: skip
    # Game.hurt, inlined
    stats["damage"] += damage
    att.damage_dealt += damage
    dfn.damage_taken += damage
    stamina = dfn.stamina - damage
    if stamina > 0:
        dfn.stamina = stamina
    else:
        dfn.stamina = 0
        game.knockout(opp, dfn, att, "submission")


def defence(game: Game, camp: Camp, card) -> None:
    """Block/Parry/Slip Counter: reduce the next strike taken (they add up)."""
    fighter = camp.active
    fighter.guard += card.reduce
    fighter.counter += card.counter
    game.log("defence", camp.key, f"{fighter.name} sets up {card.name}.")


def corner(game: Game, camp: Camp, card) -> None:
    fighter = camp.active
    effect = card.effect
    if effect == "coach":
        fighter.striking += COACH_STAT
        fighter.grappling += COACH_STAT
        fighter.defense += COACH_STAT
        s = game.step = game.step + 1
        game.events.append(
            {"round": game.round, "clock": CLOCKS[s],
             "kind": "corner", "side": camp.key,
             "text": f"Master Coach: {fighter.name} gains +1 to all stats."}
        )  # fmt: skip
        deck = camp.deck
        for _ in range(COACH_DRAW):
            if deck:  # an empty deck: the draw fizzles (RULES.md)
                game.to_hand(camp, deck.pop())
    elif effect == "training":
        fighter.training = TRAINING_BONUS
        s = game.step = game.step + 1
        game.events.append(
            {"round": game.round, "clock": CLOCKS[s],
             "kind": "corner", "side": camp.key,
             "text": f"Intense Training: {fighter.name} +3 striking this turn."}
        )  # fmt: skip
    else:  # medic
        healed = fighter.max_stamina - fighter.stamina
        if healed > MEDIC_HEAL:
            healed = MEDIC_HEAL
        fighter.stamina += healed
        s = game.step = game.step + 1
        game.events.append(
            {"round": game.round, "clock": CLOCKS[s],
             "kind": "corner", "side": camp.key,
             "text": f"Ringside Medic restores {NUMS[healed]} stamina to {fighter.name}."}
        )  # fmt: skip
