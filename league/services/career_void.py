"""A voided bout taken back out of career leagues (docs/career.md, "Voided bouts").

``bout_void`` (the bouts app) undoes the bout's record, standings, ratings and
titles; the league, listening to ``voided``, undoes what the career game wrote:

- the ``CareerBout`` entry goes, and the fighter's ``CareerState`` is counted
  again from the entries left (rating, status = the best rating reached, damage
  taken), minus the aging points this bout cost;
- what the bout left on the card (``CareerBout.card_effects``: the training step
  kept, the aging steps) is taken back through ``card_save`` with source
  ``"void"`` — **relative** to the card as it is now: each field goes back by the
  bout's own delta, so later training and aging steps stay on top;
- **a field a later change of another source set** (an admin's edit, development
  between seasons: anything but ``training``, ``aging``, ``void``) is
  **superseded** and left as it is: that later value was chosen knowing the card;
- a bout voided before it was counted: its training step (still "training") is
  taken back the same way. The ``Training`` row says ``voided``.

Idempotent: a second void signal finds no entry and nothing in training.
"""

from __future__ import annotations

from django.db import transaction

from bouts.engine.errors import CardError
from fighters.models import CardChange, Fighter, RatingCard
from fighters.services import card_save
from league.models import CareerBout, CareerState, League, Training, TrainingState
from league.services.career import budget_rule
from league.services.training import RATING_STEP, card_effect

CAREER_SOURCES = ("training", "aging", "void")


def career_bouts_voided(bout_ids: list[int]) -> dict[str, int]:
    """Take voided bouts back out of careers. Returns counts: ``entries`` undone,
    ``fields`` put back, ``superseded`` fields left as a later change set them."""
    report = {"entries": 0, "fields": 0, "superseded": 0}
    entries = list(
        CareerBout.objects.filter(bout_id__in=bout_ids)
        .select_related("league")
        .order_by("bout_id", "fighter_id")
    )
    for entry in entries:
        with transaction.atomic():
            _undo_entry(entry, report)
        report["entries"] += 1
    # Voided before they were counted: the step for that bout is still on the card.
    trainings_take_back(bout_ids, report)
    return report


def trainings_take_back(bout_ids, report: dict | None = None) -> dict:
    """The training steps still on the cards for ``bout_ids`` (bouts voided
    before they were counted, or taken off their card: issue 30) taken back,
    each relative to the card as it is now; the rows say ``voided``."""
    report = report if report is not None else {"entries": 0, "fields": 0, "superseded": 0}
    pending = Training.objects.filter(
        bout_id__in=list(bout_ids), state=TrainingState.TRAINING
    ).select_related("league")
    for training in pending:
        with transaction.atomic():
            if training.moved:
                step = card_effect(training.change_id, "training", only=training.ability)
                if step:
                    _take_back(training.league, training.fighter_id, [step], report)
            training.state = TrainingState.VOIDED
            training.save(update_fields=["state"])
    return report


def _undo_entry(entry: CareerBout, report: dict) -> None:
    league = entry.league
    _take_back(league, entry.fighter_id, list(reversed(entry.card_effects)), report)
    Training.objects.filter(
        bout_id=entry.bout_id, fighter_id=entry.fighter_id, state=TrainingState.KEPT
    ).update(state=TrainingState.VOIDED)
    aging = entry.aging_points
    entry.delete()
    state = (
        CareerState.objects.select_for_update()
        .filter(league=league, fighter_id=entry.fighter_id)
        .first()
    )
    if state is None:
        return
    rating = best = 0
    damage = 0.0
    for outcome, taken in (
        CareerBout.objects.filter(league=league, fighter_id=entry.fighter_id)
        .order_by("bout__date", "bout__order", "bout_id")
        .values_list("outcome", "damage_taken")
    ):
        rating += RATING_STEP[outcome]
        best = max(best, rating)
        damage += taken
    state.rating, state.status, state.damage_taken = rating, best, damage
    state.aging_points = max(0, state.aging_points - aging)
    state.full_clean(exclude=["league", "fighter"])
    state.save()


def _take_back(league: League, fighter_id: int, effects: list[dict], report: dict) -> None:
    effects = [e for e in effects if e and e.get("deltas")]
    if not effects:
        return
    card = (
        RatingCard.objects.select_for_update()
        .filter(fighter_id=fighter_id, ruleset=league.ruleset)
        .first()
    )
    if card is None:
        return
    rule = budget_rule(league)
    data = card.data
    for effect in effects:
        later = CardChange.objects.filter(
            fighter_id=fighter_id, ruleset=league.ruleset, pk__gt=effect["change"]
        ).exclude(source__in=CAREER_SOURCES)
        touched = {path for diff in later.values_list("diff", flat=True) for path in diff}
        for path, delta in sorted(effect["deltas"].items()):
            if path in touched:
                report["superseded"] += 1
                continue
            try:
                ability = rule.ability(path)
            except CardError:
                continue  # not a bought ability (the rule changed since): left alone
            value = ability.read(data) - int(delta)
            data = ability.write(data, min(ability.high, max(ability.low, value)))
            report["fields"] += 1
    if data != card.data:
        fighter = Fighter.objects.get(pk=fighter_id)
        card_save(fighter=fighter, ruleset=league.ruleset, data=data, source="void")
