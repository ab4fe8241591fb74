"""A fighter in full, for those who may see his card (issue 33 item 1): the card's
abilities and what the next training step would change, his career history in
each career league (training kept or taken back, damage taken, aging), and his
place in his divisions' rankings after each of his bouts.

Reads only: fixed queries whatever the length of his career (the fighter page's
and the training page's tests count them). Who may see a card is
``card_visibility.may_see_card``; the ranking history is public (the rankings are).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from bouts.engine import EngineError, get_ruleset
from fighters.models import Fighter, RatingCard

from .models import CareerBout, Division, RatingHistory, Training, TrainingState

# What the abbreviations of the bought abilities mean (the cards' own fields).
ABILITY_WORDS = {
    "str": "strength",
    "spd": "speed",
    "agl": "agility",
    "hgt": "height",
    "tgh": "toughness (endurance)",
    "fresh.cf_b": "control factor as a boxer",
    "fresh.cf_s": "control factor as a slugger",
    "fresh.ki": "killer instinct",
    "speed": "speed",
    "power": "power",
    "defence": "defence",
    "chin": "chin",
    "striking": "striking",
    "grappling": "grappling",
    "defense": "defence",
    "stamina": "stamina",
    "attack": "attack",
    "health": "health",
    "multi_attack": "attacks a turn",
}


def ability_label(path: str) -> str:
    """The label the career pages use: ``STR``, ``CF B``, ``KI``."""
    return path.replace("fresh.", "").replace("_", " ").upper()


def _rating(rules, data: dict) -> float | None:
    try:
        return round(float(rules.card_rating(rules.validate_card(data))), 2)
    except EngineError:
        return None


def card_abilities(card: RatingCard) -> dict | None:
    """The card's bought abilities (the ones training moves) and, for each, what
    one training step would make of it and of the card's rating. None for a
    ruleset without a budget (team cards read as a whole elsewhere)."""
    rules = get_ruleset(card.ruleset)
    rule = rules.budget
    if rule is None or rules.team:
        return None
    data = dict(card.data)
    rows = []
    for ability in rule.abilities:
        try:
            value = ability.read(data)
        except EngineError:
            continue
        trained = rule.train(data, ability.path)
        after = ability.read(trained)
        rows.append(
            {
                "path": ability.path,
                "label": ability_label(ability.path),
                "words": ABILITY_WORDS.get(ability.path, ability.path),
                "value": value,
                "low": ability.low,
                "high": ability.high,
                "next": after,
                "at_ceiling": after == value,
                "next_rating": _rating(rules, trained) if after != value else None,
            }
        )
    return {
        "ruleset": card.ruleset,
        "rating": round(card.rating, 2),
        "abilities": rows,
    }


def career_history(fighter: Fighter) -> list[dict]:
    """His counted bouts in career leagues, newest first: the outcome, the
    training step and what became of it, the damage taken, the aging steps;
    plus a step still on his card for a bout to come (two queries)."""
    trainings = {
        t.bout_id: t for t in Training.objects.filter(fighter=fighter).select_related("bout")
    }
    counted = (
        CareerBout.objects.filter(fighter=fighter)
        .select_related("bout__red", "bout__blue", "league")
        .only(
            "outcome",
            "damage_taken",
            "aging_points",
            "card_effects",
            "league__name",
            "bout__id",
            "bout__date",
            "bout__red__name",
            "bout__blue__name",
            "bout__red_id",
            "bout__blue_id",
        )
        .order_by("-bout__date", "-bout_id")
    )
    rows = []
    for entry in counted:
        bout = entry.bout
        opponent = bout.blue if bout.red_id == fighter.pk else bout.red
        training = trainings.pop(bout.pk, None)
        rows.append(
            {
                "bout_id": bout.pk,
                "date": bout.date,
                "league": entry.league.name,
                "opponent": opponent.name if opponent else "",
                "outcome": entry.outcome,
                "training": _training_words(training),
                "damage": round(entry.damage_taken, 1),
                "aging": _aging_words(entry.card_effects),
            }
        )
    coming = [
        {
            "bout_id": t.bout_id,
            "date": t.bout.date,
            "training": _training_words(t),
        }
        for t in trainings.values()
        if t.state == TrainingState.TRAINING
    ]
    return coming + rows


def _training_words(training: Training | None) -> str:
    if training is None:
        return ""
    label = ability_label(training.ability)
    if not training.moved:
        return f"{label} (already at its ceiling: nothing moved)"
    return {
        TrainingState.TRAINING: f"{label} +1 for this bout",
        TrainingState.KEPT: f"{label} +1, kept",
        TrainingState.DROPPED: f"{label} +1, taken back after the bout",
        TrainingState.VOIDED: f"{label} +1, taken back: the bout was voided",
    }.get(training.state, label)


def _aging_words(effects) -> str:
    lost = defaultdict(int)
    for effect in effects or []:
        if effect.get("source") == "aging":
            for path, delta in (effect.get("deltas") or {}).items():
                lost[path] += delta
    return ", ".join(f"{ability_label(path)} {delta:+d}" for path, delta in sorted(lost.items()))


RANK_WIDTH = 600
RANK_HEIGHT = 120
RANK_PAD = 10


def rank_history(fighter: Fighter, divisions: list[Division]) -> list[dict]:
    """His place in each division's ranking by rating after each of his bouts
    there (every fighter's rating as it stood then; the champion's place first is
    not counted), as chart points: one query for all his divisions."""
    ids = [d.pk for d in divisions]
    if not ids:
        return []
    rows = (
        RatingHistory.objects.filter(division_id__in=ids, fighter__isnull=False)
        .order_by("division_id", "date", "bout__event_id", "bout__order", "bout_id")
        .values_list("division_id", "bout_id", "fighter_id", "ordinal", "date")
    )
    current: dict[int, dict[int, float]] = defaultdict(dict)
    points: dict[int, list] = defaultdict(list)
    # A bout's rows are applied together (both sides rated), then his place is read.
    for (division_id, _bout_id), group in groupby(rows, key=lambda row: row[:2]):
        ratings = current[division_id]
        mine = None
        for _, _, fighter_id, ordinal, date in group:
            ratings[fighter_id] = ordinal
            if fighter_id == fighter.pk:
                mine = (ordinal, date)
        if mine is not None:
            rank = 1 + sum(1 for value in ratings.values() if value > mine[0])
            points[division_id].append((mine[1], rank, len(ratings)))
    names = {d.pk: d for d in divisions}
    return [_rank_chart(names[pk], points[pk]) for pk in ids if points.get(pk)]


def _rank_chart(division: Division, points: list) -> dict:
    worst = max(rank for _, rank, _ in points)
    span = max(worst - 1, 1)
    step = (RANK_WIDTH - 2 * RANK_PAD) / max(len(points) - 1, 1)
    xy = [
        (
            round(RANK_PAD + step * i, 1),
            round(RANK_PAD + (rank - 1) / span * (RANK_HEIGHT - 2 * RANK_PAD), 1),
        )
        for i, (_, rank, _) in enumerate(points)
    ]
    return {
        "division": division,
        "width": RANK_WIDTH,
        "height": RANK_HEIGHT,
        "points": " ".join(f"{x},{y}" for x, y in xy),
        "last": xy[-1],
        "now": points[-1][1],
        "best": min(rank for _, rank, _ in points),
        "worst": worst,
        "first_date": points[0][0],
        "last_date": points[-1][0],
        "count": len(points),
        "ranks": [{"date": date, "rank": rank, "of": of} for date, rank, of in points],
    }


def fighter_in_full(fighter: Fighter, *, cards: list[RatingCard], divisions: list) -> dict:
    """The fighter page's additions (templates/fighters/partials/in_full.html):
    ``cards`` are those the viewer may see (empty when hidden)."""
    return {
        "card_abilities": [a for a in (card_abilities(c) for c in cards) if a],
        # Training, damage and aging exist in career leagues only.
        "career_history": career_history(fighter)
        if cards and any(d.league.career_mode for d in divisions)
        else [],
        "rank_charts": rank_history(fighter, divisions),
    }
