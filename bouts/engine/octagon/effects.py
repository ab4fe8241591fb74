"""What each card does when played (RULES.md, "Technique Cards", "Corner Cards",
"Status Effects"): a strike, a takedown, a submission, a defence card, a corner card,
and the injuries strikes cause (a cut, a stagger). Each reads and writes the game it
is given (``game.Game``: its log, its damage and knockouts), which calls them from
``Game.apply``.
"""

from __future__ import annotations

from math import floor

from ..result import MINOR
from .catalogue import (
    COACH_DRAW,
    COACH_STAT,
    CORNER,
    DEFENCE,
    MEDIC_HEAL,
    STRIKE,
    SUBMISSION,
    TAKEDOWN,
    TRAINING_BONUS,
)
from .damage import strike_damages, submission_damages
from .formulas import takedown_chance
from .state import Camp, Fighter


def strike(game, camp: Camp, card) -> None:
    """The damage formula (read by card: ``damage.strike_damages``); a regular strike
    stands the fight up, Ground and Pound keeps it on the ground. The defender's
    defence buffs are all spent on this strike; a Parry then counters if the defender
    is still up. An elbow cuts, a spinning back fist staggers."""
    opponent = camp.opponent
    attacker = camp.active
    defender = opponent.active
    guard, counter = defender.guard, defender.counter
    defender.guard = defender.counter = 0
    damage = strike_damages(
        attacker.striking, defender.defense, attacker.striker, attacker.training, guard
    )[card.code]
    camp.stats["thrown"] += 1
    camp.stats["landed"] += 1
    attacker.strikes_landed += 1
    if not card.ground:
        game.position = None
    note = f" ({guard} blocked)" if guard else ""
    game.log(
        "strike",
        camp.key,
        f"{attacker.name} lands {card.name} on {defender.name} for {damage}{note}.",
    )
    if game.hurt(camp, attacker, opponent, defender, damage, "strike"):
        if card.effect == "stagger":
            stagger(game, camp, attacker, opponent)
        return
    if card.effect == "bleed":
        defender.open_cut(attacker)
        text = f"{attacker.name}'s elbow cuts {defender.name}: bleeding."
        injury(game, opponent, defender, "bleed", text)
    elif card.effect == "stagger":
        stagger(game, camp, attacker, opponent)
    if counter:
        text = f"{defender.name} parries and counters {attacker.name} for {counter}."
        game.log("counter", opponent.key, text)
        game.hurt(opponent, defender, camp, attacker, counter, "counter")


def stagger(game, camp: Camp, attacker: Fighter, opponent: Camp) -> None:
    """The staggered camp skips its next turn."""
    opponent.skip = True
    defender = opponent.active
    text = f"{attacker.name}'s spinning back fist staggers {defender.name}."
    injury(game, opponent, defender, "stagger", text)


def injury(game, camp: Camp, fighter: Fighter, kind: str, text: str) -> None:
    game.log(kind, camp.key, text)
    game.injuries.append(
        {
            "round": game.round,
            "time": game.clock(),
            "fighter": camp.key,
            "name": fighter.name,
            "type": kind,
            "location": "head",
            "severity": MINOR,
            "text": text,
        }
    )


def takedown(game, camp: Camp, card) -> None:
    """Takedown chance in percent; a roll of 0..99 below it succeeds: the attacker
    takes the positional advantage and deals the card's impact damage."""
    opponent = camp.opponent
    attacker = camp.active
    defender = opponent.active
    chance = takedown_chance(
        attacker.grappling, card.bonus, defender.defense, defender.stamina,
        defender.max_stamina, attacker.grappler,
    )  # fmt: skip
    roll = floor(game.rng.random() * 100)
    stats = camp.stats
    stats["thrown"] += 1
    stats["takedowns_attempted"] += 1
    attacker.takedowns_tried += 1
    if roll >= chance:
        text = f"{attacker.name} tries {card.name} on {defender.name} ({chance}%) and is stuffed."
        game.log("takedown", camp.key, text)
        return
    stats["landed"] += 1
    stats["takedowns_landed"] += 1
    attacker.takedowns_landed += 1
    game.position = camp
    damage = card.damage
    game.log(
        "takedown",
        camp.key,
        f"{attacker.name} lands {card.name} on {defender.name} ({chance}%)"
        f" for {damage} and takes the advantage.",
    )
    game.hurt(camp, attacker, opponent, defender, damage, "takedown")


def submission(game, camp: Camp, card) -> None:
    """Submission damage formula (read by card: ``damage.submission_damages``);
    always lands; the position is kept."""
    opponent = camp.opponent
    attacker = camp.active
    defender = opponent.active
    position = 1 if game.position is camp else -1
    damage = submission_damages(attacker.grappling, defender.grappling, position)[card.code]
    stats = camp.stats
    stats["thrown"] += 1
    stats["landed"] += 1
    stats["submissions"] += 1
    attacker.subs_landed += 1
    where = "from top" if position > 0 else "off his back"
    text = f"{attacker.name} locks {card.name} on {defender.name} {where} for {damage}."
    game.log("submission", camp.key, text)
    game.hurt(camp, attacker, opponent, defender, damage, "submission")


def defence(game, camp: Camp, card) -> None:
    """Block/Parry/Slip Counter: reduce the next strike taken (they add up)."""
    fighter = camp.active
    fighter.guard += card.reduce
    fighter.counter += card.counter
    game.log("defence", camp.key, f"{fighter.name} sets up {card.name}.")


def corner(game, camp: Camp, card) -> None:
    """Master Coach: +1 to every stat and two cards; Intense Training: +3 striking
    this turn; Ringside Medic: up to 10 stamina back."""
    fighter = camp.active
    effect = card.effect
    if effect == "coach":
        fighter.striking += COACH_STAT
        fighter.grappling += COACH_STAT
        fighter.defense += COACH_STAT
        game.log("corner", camp.key, f"Master Coach: {fighter.name} gains +1 to all stats.")
        for _ in range(COACH_DRAW):
            game.draw(camp)  # an empty deck: the draw fizzles (RULES.md)
    elif effect == "training":
        fighter.training = TRAINING_BONUS
        game.log("corner", camp.key, f"Intense Training: {fighter.name} +3 striking this turn.")
    else:  # medic
        healed = min(MEDIC_HEAL, fighter.max_stamina - fighter.stamina)
        fighter.stamina += healed
        text = f"Ringside Medic restores {healed} stamina to {fighter.name}."
        game.log("corner", camp.key, text)


# what each kind of card does when played
EFFECTS = {
    STRIKE: strike,
    TAKEDOWN: takedown,
    SUBMISSION: submission,
    DEFENCE: defence,
    CORNER: corner,
}
