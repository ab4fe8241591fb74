"""What each card field means, in words for a commissioner (from each ruleset's
RULES.md and seed): shown beside the field wherever a card is edited field by
field. ``card_field_help(ruleset, "fresh.cf_b")`` answers one field's help."""

from __future__ import annotations

_RANGES = "Landed, missed, clinch and move must cover 1 to 80 in order, with no gap or overlap."

TITLEBOUT = {
    "name": "The name the play-by-play uses.",
    "rating": "Overall rating, 1 to 10: the class of fighter the card describes.",
    "style": "B boxer, S slugger, E either (he chooses each round).",
    "southpaw": "True if he fights left-handed.",
    "traits": 'Special traits from the book, as a list, such as ["careless"].',
    "agg": "Aggressiveness, 1 to 10: the more aggressive fighter leads the round.",
    "end": "Endurance for 12 rounds, 1 to 250: points scored against him wear it down; "
    "at 0 he fights on his tired ratings.",
    "cut": "Cut rating, 0 to 10: how prone he is to cuts.",
    "foul": "Foul rating, A to E: how often he fouls.",
    "cf_b": "Control against a boxer, 1 to 20: how often he takes charge of the action.",
    "cf_s": "Control against a slugger, 1 to 20: how often he takes charge of the action.",
    "def": "Defence, −10 to 10, lower is better: it shortens the other man's landed range.",
    "cp": "Counter-punching, 0 to 20: widens his chance to counter a miss.",
    "kd1": "Knockdown number for a round's first check, 0 to 10: the higher, the easier "
    "he goes down.",
    "kd2": "Knockdown number after he has been down in the round, 0 to 10.",
    "ko": "Knockout number, 0 to 10: the higher, the likelier a knockdown keeps him down.",
    "ki": "Killer instinct, 0 to 20: how long he keeps attacking a hurt opponent.",
    "pl": "Punches landed: the action numbers, from 1, on which he lands. " + _RANGES,
    "kp": "Knockout punch: landed punches up to this number carry one-punch power.",
    "pm": "Punches missed: the action numbers on which he misses. " + _RANGES,
    "cpd": "From this number to the top of his missed range, the other man may counter.",
    "clinch": "The action numbers on which he clinches. " + _RANGES,
    "move": "The action numbers on which he moves around the ring. " + _RANGES,
    "three": "The result numbers on which this punch scores 3 points.",
    "two": "The result numbers on which this punch scores 2 points.",
    "FI": "Fighting inside (work the body, smother, tie up), 1 to 10.",
    "FO": "Fighting outside (counter, stick and move, keep away), 1 to 10.",
    "CU": "Covering up (a defensive shell), 1 to 10.",
    "KO": "Going for the knockout (load up), 1 to 10.",
}

WEBL = {
    "name": "The name the play-by-play uses.",
    "str": "Strength, 1 to 30: the power of his punches.",
    "spd": "Speed, 1 to 30: how fast and how often he punches.",
    "agl": "Agility, 1 to 30: how well he avoids punches.",
    "hgt": "Height and reach, 1 to 30.",
    "tgh": "Toughness, 1 to 30: his endurance (ten times toughness) and how much he takes.",
    "weight": "Weight in pounds, 90 to 400: the heavier man gains strength.",
}

POCKET = {
    "name": "The name the play-by-play uses.",
    "style": "Boxer, swarmer or brawler: which fighter die he rolls.",
    "guard": "Philly shell, cross arm or peek-a-boo: which guard die he rolls.",
    "speed": "Speed, 1 to 5: added to his roll for the initiative.",
    "power": "Power, 1 to 5: the chance a scoring punch does one more point.",
    "defence": "Defence, 1 to 5: the chance to roll an open guard again.",
    "chin": "Chin, 1 to 5: added to his rolls to beat the count.",
}

OCTAGON = {
    "name": "The name the play-by-play uses.",
    "striking": "Striking, 1 to 20: added to the damage of his strikes.",
    "grappling": "Grappling, 1 to 20: takedowns, and submissions in attack and defence.",
    "defense": "Defence, 1 to 20: takes damage off strikes and stops takedowns.",
    "stamina": "Stamina, 10 to 100: his own health; at 0 he is knocked out.",
    "style": "Striker (+2 on strikes), grappler (+2 on takedowns) or balanced.",
}

SKIRMISH = {
    "name": "The name the play-by-play uses.",
    "attack": "Attack: it must beat the target's defence to do a point of damage.",
    "defence": "Defence: what an attack must beat; 0 means he never tires from being hit.",
    "speed": "Speed: the fastest card acts first in each cycle.",
    "health": "Health: when fatigue plus damage exceed it, he is out of the fight.",
    "multi_attack": "Attacks a cycle (1 to 3): extra attacks come after everyone's first.",
}

HELP = {
    "titlebout": TITLEBOUT,
    "webl": WEBL,
    "pocket": POCKET,
    "octagon": OCTAGON,
    "skirmish": SKIRMISH,
}

_PREFIXES = {"fresh": "Fresh: ", "fatigued": "Tired (endurance gone): "}


def card_field_help(ruleset: str, dotted: str) -> str:
    """The field's help in words ("" when none is written): found by its full
    dotted name, else by its last part (``fresh.cf_b`` → ``cf_b``), with the
    part it sits in said first (fresh or tired ratings, which punch)."""
    words = HELP.get(ruleset, {})
    if dotted in words:
        return words[dotted]
    parts = dotted.split(".")
    text = words.get(parts[-1], "")
    if not text:
        return ""
    if parts[0] in _PREFIXES:
        return _PREFIXES[parts[0]] + text[0].lower() + text[1:]
    if parts[0] == "hitting" and len(parts) == 3:
        return f"{parts[1].capitalize()}: {text[0].lower()}{text[1:]}"
    return text
