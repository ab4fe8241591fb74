"""Careers over seasons: aging, development and retirement between seasons
(for leagues with ``League.development``).

The model, applied to every active fighter of the league's divisions on the
season break ``on``:

1. **Age** (from the date of birth; 28 when unknown) gives growth steps:
   +2 up to 23, +1 up to 26, 0 up to 30, -1 up to 33, -2 beyond.
2. **Punishment taken** in the last 365 days in the league — knockdowns suffered
   plus two for every loss inside the distance — costs one step per 3 points.
3. Each step moves one ability of the card by one point: abilities are the
   card's whole-number fields whose change moves the ruleset's own
   ``card_rating`` (so the model needs no knowledge of a ruleset's fields:
   a field that raises the rating is improved by a positive step, lowered by a
   negative one; identity fields such as height or weight leave the rating
   alone and never change). Which ability moves is drawn from a
   ``random.Random`` seeded by league, fighter and date, so development is
   reproducible. A move the ruleset's validator refuses is skipped. Where the
   only such field is a rating label (Title Bout's cards keep their abilities
   in nested tables read by the rating letter), the card is drawn again by the
   ruleset's generator a twentieth of the scale per step away, keeping the
   fighter's name, style, stance and size.
4. **Retirement**: at 38, or from 34 with a card in the bottom quarter of the
   ruleset's rating range, or from 30 after six or more stoppage losses in the
   year.

Cards are written through ``fighters.services.card_save(source="development")``,
so every change is in the card's history; retirements through
``fighters.services.fighter_retire``. A retired champion's belt is vacated
(league.titles: retirement) and the title rows are refreshed at once.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Q

from bouts.engine import get_ruleset
from bouts.engine.errors import EngineError
from bouts.engine.result import FINISHES as STOPPAGES
from bouts.models import Bout, Knockdown
from fighters.models import Fighter, RatingCard
from fighters.services import card_save, fighter_retire
from league.services.lineage import title_lineage
from league.services.rows import division_bouts
from league.services.storage import store_reigns

RETIRE_AGE = 38
LATE_AGE = 34
WINDOW_DAYS = 365


def growth_steps(age: int) -> int:
    if age <= 23:
        return 2
    if age <= 26:
        return 1
    if age <= 30:
        return 0
    if age <= 33:
        return -1
    return -2


def punishment_steps(knockdowns: int, stoppage_losses: int) -> int:
    return -((knockdowns + 2 * stoppage_losses) // 3)


def should_retire(*, age: int, rating: float, rating_range, stoppage_losses: int) -> bool:
    low, high = rating_range
    weak = rating <= low + (high - low) / 4
    worn = age >= 30 and stoppage_losses >= 6
    return age >= RETIRE_AGE or (age >= LATE_AGE and weak) or worn


def age_on(date_of_birth: dt.date | None, on: dt.date) -> int:
    if date_of_birth is None:
        return 28
    years = on.year - date_of_birth.year
    return years - ((on.month, on.day) < (date_of_birth.month, date_of_birth.day))


def abilities(rules, card: dict) -> dict[str, int]:
    """``{field: +1 | -1}``: the whole-number fields whose increase raises (+1) or
    lowers (-1) the card's rating."""
    base = rules.card_rating(card)
    out = {}
    for name, value in sorted(card.items()):
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        for delta in (1, -1):
            trial = dict(card, **{name: value + delta})
            try:
                rules.validate_card(trial)
                moved = rules.card_rating(trial) - base
            except (EngineError, ValueError, TypeError, KeyError):
                continue
            if moved:
                out[name] = 1 if (moved > 0) == (delta > 0) else -1
                break
    return out


RATING_LABELS = frozenset({"rating", "overall"})
KEPT_ON_REDRAW = ("name", "style", "southpaw", "stance", "weight", "hgt", "height")


def develop_card(rules, card: dict, steps: int, rng: random.Random) -> dict:
    """``card`` moved by ``steps`` (positive: better) one ability point at a time."""
    if steps and set(abilities(rules, card)) <= RATING_LABELS:
        return _redraw(rules, card, steps, rng)
    card = dict(card)
    for _ in range(abs(steps)):
        options = abilities(rules, card)
        if not options:
            break
        name = rng.choice(sorted(options))
        trial = dict(card, **{name: card[name] + options[name] * (1 if steps > 0 else -1)})
        try:
            card = rules.validate_card(trial)
        except EngineError:
            continue
    return card


def _redraw(rules, card: dict, steps: int, rng: random.Random) -> dict:
    """Rulesets whose abilities live in nested tables keyed by a rating label
    (Title Bout's cards): the card is drawn again by the ruleset's own generator
    at a rating ``steps`` twentieths of the scale away, keeping who the fighter
    is (name, style, stance, size)."""
    low, high = rules.rating_range
    target = rules.card_rating(card) + steps * (high - low) / 20
    target = min(high, max(low, target))
    fresh = rules.generate_card(rng, target)
    kept = {k: card[k] for k in KEPT_ON_REDRAW if k in card and k in fresh}
    for candidate in ({**fresh, **kept}, {**fresh, "name": card.get("name", "")}):
        try:
            return rules.validate_card(candidate)
        except EngineError:
            continue
    return card


@dataclass
class DevelopmentSummary:
    cards: int = 0
    retired: int = 0


@dataclass
class DevelopmentPlan:
    """What development would do on a date, nothing written: the fighters due
    to retire (``(fighter, reason)``) and the cards that would change
    (``(fighter, new card data)``)."""

    league: object
    on: dt.date
    divisions: list
    retire: list = field(default_factory=list)
    develop: list = field(default_factory=list)


def retire_reason(*, age: int, rating: float, rating_range, stoppage_losses: int) -> str:
    """Why ``should_retire`` retires a fighter, in words ("" when it does not)."""
    if age >= RETIRE_AGE:
        return f"aged {age}"
    if not should_retire(
        age=age, rating=rating, rating_range=rating_range, stoppage_losses=stoppage_losses
    ):
        return ""
    if stoppage_losses >= 6 and age >= 30:
        return f"aged {age}, {stoppage_losses} stoppage losses in a year"
    return f"aged {age}, rated in the bottom quarter"


def development_plan(*, league, on: dt.date, divisions=None) -> DevelopmentPlan:
    """Who of the league's divisions' (or ``divisions``') active fighters would
    retire on ``on``, and how the others' cards would develop (a few queries)."""
    rules = get_ruleset(league.ruleset)
    divisions = list(league.divisions.all() if divisions is None else divisions)
    plan = DevelopmentPlan(league, on, divisions)
    if rules.team:
        return plan  # team rulesets: sides are built from cards per bout; no model here
    since = on - dt.timedelta(days=WINDOW_DAYS)
    fighters = list(
        Fighter.objects.filter(divisions__in=divisions, is_active=True).distinct().order_by("id")
    )
    ids = [f.id for f in fighters]
    cards = {
        c.fighter_id: c
        for c in RatingCard.objects.filter(fighter_id__in=ids, ruleset=league.ruleset)
    }
    knockdowns = dict(
        Knockdown.objects.filter(
            fighter_id__in=ids,
            bout__date__gte=since,
            bout__date__lt=on,
            bout__division__league=league,
        )
        .values_list("fighter_id")
        .annotate(n=Count("id"))
    )
    stoppage_losses = _stoppage_losses(league, ids, since, on)
    for fighter in fighters:
        card = cards.get(fighter.id)
        if card is None:
            continue
        age = age_on(fighter.date_of_birth, on)
        losses = stoppage_losses.get(fighter.id, 0)
        reason = retire_reason(
            age=age, rating=card.rating, rating_range=rules.rating_range, stoppage_losses=losses
        )
        if reason:
            plan.retire.append((fighter, reason))
            continue
        steps = growth_steps(age) + punishment_steps(knockdowns.get(fighter.id, 0), losses)
        if not steps:
            continue
        digest = hashlib.sha256(f"{league.slug}/{fighter.id}/{on}".encode()).digest()
        rng = random.Random(int.from_bytes(digest[:8], "big"))
        new = develop_card(rules, card.data, steps, rng)
        if new != card.data:
            plan.develop.append((fighter, new))
    return plan


def _stoppage_losses(league, ids: list[int], since: dt.date, on: dt.date) -> dict[int, int]:
    losses: dict[int, int] = {}
    for red, blue, winner in Bout.objects.filter(
        Q(red_id__in=ids) | Q(blue_id__in=ids),
        division__league=league,
        date__gte=since,
        date__lt=on,
        result__method__in=STOPPAGES,
    ).values_list("red_id", "blue_id", "result__winner"):
        loser = blue if winner == "red" else red if winner == "blue" else None
        if loser is not None:
            losses[loser] = losses.get(loser, 0) + 1
    return losses


def development_apply(plan: DevelopmentPlan, *, develop=True, retire=True) -> DevelopmentSummary:
    """Write ``plan``: the cards developed (their history says "development")
    and the retirements (a retired champion's belt vacated at once)."""
    summary = DevelopmentSummary()
    league = plan.league
    with transaction.atomic():
        if retire:
            for fighter, _reason in plan.retire:
                fighter_retire(fighter=fighter, on=plan.on)
                summary.retired += 1
        if develop:
            for fighter, data in plan.develop:
                card_save(fighter=fighter, ruleset=league.ruleset, data=data, source="development")
                summary.cards += 1
        if summary.retired:
            for division in plan.divisions:
                locked = type(division).objects.select_for_update().get(pk=division.pk)
                locked.league = league
                bouts = division_bouts(locked.id)
                store_reigns(locked, title_lineage(division=locked, bouts=bouts))
    return summary


def league_develop(*, league, on: dt.date, divisions=None) -> DevelopmentSummary:
    """Age, develop and retire the active fighters of the league's divisions (or
    of ``divisions``) on ``on``. ``season_schedule`` calls it for the division
    before every season after the first when ``League.development`` is set
    (unless the season break developed them already)."""
    with transaction.atomic():
        return development_apply(development_plan(league=league, on=on, divisions=divisions))
