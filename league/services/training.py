"""Training and aging in career leagues (docs/career.md).

Before a bout the manager picks one ability to train: the card gains one training
step at once (so the bout is fought with it, as in WeBL: "+1 for that fight").
When the bout is recorded the league's ``training_keep_rule`` decides whether the
step stays; a step that does not stay is taken back. Each recorded bout also adds
the damage the fighter took (the opponent's ``damage`` in the engine's round
statistics) to his career; every ``League.aging_damage`` points of it cost one
ability step, taken from his highest ability (BudgetRule.age).

Every card change goes through ``fighters.services.card_save`` with source
"training" or "aging", so the card history shows each one. Recording is counted
once per bout and fighter (CareerBout), whatever retries deliver the signal.
"""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum

from bouts.engine.errors import CardError
from bouts.models import Bout, BoutStatus, RoundStat
from fighters.models import CardChange, Fighter, RatingCard
from fighters.services import card_save
from league.models import (
    CareerBout,
    CareerState,
    League,
    Training,
    TrainingKeep,
    TrainingState,
)
from league.services.career import SIGN_IN, budget_rule, may_manage_camp, require_career_league

# A counted bout's step on the career rating (and the void's recount).
RATING_STEP = {"W": 1, "L": -1, "D": 0}


def bout_league(bout: Bout) -> League | None:
    if bout.division_id is not None:
        return bout.division.league
    if bout.event_id is not None:
        return bout.event.league
    return None


def _card(fighter: Fighter, ruleset: str) -> RatingCard:
    card = RatingCard.objects.select_for_update().filter(fighter=fighter, ruleset=ruleset).first()
    if card is None:
        raise ValidationError({"fighter": [f"{fighter.name} has no {ruleset} card."]})
    return card


def training_choose(*, actor, bout: Bout, fighter: Fighter, ability: str) -> Training:
    """Train ``ability`` for ``bout`` (a changed choice gives the old step back first)."""
    if actor is None or not actor.is_authenticated:
        raise PermissionDenied(SIGN_IN)
    league = bout_league(bout)
    if league is None:
        raise ValidationError({"bout": ["This bout belongs to no league."]})
    if fighter.pk not in (bout.red_id, bout.blue_id):
        raise ValidationError({"fighter": ["He does not fight in this bout."]})
    if fighter.camp is None or not may_manage_camp(actor, league, fighter.camp):
        raise PermissionDenied(f"Only {fighter.name}'s manager trains him.")
    require_career_league(league)
    rule = budget_rule(league)
    try:
        rule.ability(ability)
    except CardError as exc:
        raise ValidationError({"ability": [exc.rule]}) from None
    with transaction.atomic():
        locked = Bout.objects.select_for_update().get(pk=bout.pk)
        if locked.status != BoutStatus.SCHEDULED:
            raise ValidationError({"bout": ["Training closes when the bout is fought."]})
        # The fighter's row is the lock: two choices for two of his bouts at once
        # wait for each other, and the second sees the first.
        Fighter.objects.select_for_update().filter(pk=fighter.pk).first()
        _one_bout_at_a_time(fighter, bout)
        card = _card(fighter, league.ruleset)
        data = card.data
        training = Training.objects.select_for_update().filter(bout=bout, fighter=fighter).first()
        if training is not None and training.moved and training.state == TrainingState.TRAINING:
            data = rule.train(data, training.ability, -1)  # a changed choice: the old step back
        trained = rule.train(data, ability, 1)
        if training is None:
            training = Training(league=league, bout=bout, fighter=fighter)
        training.ability = ability
        training.moved = trained != data
        training.state = TrainingState.TRAINING
        training.chosen_by = actor
        training.full_clean(exclude=["league", "bout", "fighter", "chosen_by"])
        card = card_save(
            fighter=fighter,
            ruleset=league.ruleset,
            data=trained,
            changed_by=actor,  # the manager: checked above (this module's own rule)
            source="training",
        )
        # The history entry that added the step (a void takes the step back).
        training.change_id = _last_change(card) if training.moved else None
        training.save()
    return training


def _one_bout_at_a_time(fighter: Fighter, bout: Bout) -> None:
    """A fighter trains for one upcoming bout at a time (issue 30: training for
    two bouts put two steps on his card): another bout's step still on his card
    must be fought (kept or taken back) or its bout removed first."""
    other = (
        Training.objects.filter(fighter=fighter, state=TrainingState.TRAINING)
        .exclude(bout=bout)
        .select_related("bout")
        .first()
    )
    if other is not None:
        raise ValidationError(
            {
                "bout": [
                    f"{fighter.name} is already training for his bout of "
                    f"{other.bout.date:%d %B %Y}: one bout at a time."
                ]
            }
        )


def _last_change(card: RatingCard) -> int | None:
    return CardChange.objects.filter(card=card).order_by("-id").values_list("id", flat=True).first()


def card_effect(change_id: int | None, source: str, only: str | None = None) -> dict | None:
    """A card change as what a void would take back (``CareerBout.card_effects``,
    league.services.career_void): ``{"change": id, "source": source, "deltas":
    {path: new - old}}`` over its numeric fields; ``only``: that path alone — a
    changed training choice's entry also gives the old step back, which is not the
    bout's. None when there is no such change."""
    change = CardChange.objects.filter(pk=change_id).first() if change_id else None
    if change is None:
        return None
    deltas = {
        path: new - old
        for path, (old, new) in change.diff.items()
        if isinstance(old, int | float)
        and isinstance(new, int | float)
        and (only is None or path == only)
    }
    return {"change": change.pk, "source": source, "deltas": deltas}


def _kept(rule: str, outcome: str, rose: bool) -> bool:
    if rule == TrainingKeep.ALWAYS:
        return True
    if rule == TrainingKeep.NEVER:
        return False
    if rule == TrainingKeep.RISE:
        return outcome == "W" and rose
    return outcome == "W"


def _damage_taken(bout_ids: list[int]) -> dict[tuple[int, str], float]:
    """(bout id, side) -> the damage that side took: the other side's dealt damage."""
    taken: dict[tuple[int, str], float] = defaultdict(float)
    rows = (
        RoundStat.objects.filter(bout_id__in=bout_ids)
        .values("bout_id", "side")
        .annotate(dealt=Sum("damage"))
    )
    for row in rows:
        other = "blue" if row["side"] == "red" else "red"
        taken[(row["bout_id"], other)] += float(row["dealt"] or 0)
    return taken


def career_bouts_recorded(bout_ids: list[int]) -> int:
    """Count recorded bouts of career leagues into their fighters' careers: rating
    and status, training kept or taken back, damage and aging. Returns how many
    (bout, fighter) entries were counted now (0 for a repeat)."""
    bouts = list(
        Bout.objects.filter(pk__in=bout_ids, status=BoutStatus.COMPLETED)
        .filter(Q(division__league__career_mode=True) | Q(event__league__career_mode=True))
        .exclude(red__isnull=True)
        # both sides' fighters read with their bout (card_save takes the row)
        .select_related("result", "division__league", "event__league", "red", "blue")
        .order_by("date", "order", "id")
    )
    if not bouts:
        return 0
    taken = _damage_taken([b.pk for b in bouts])
    counted = 0
    for bout in bouts:
        league = bout_league(bout)
        winner = bout.result.winner if hasattr(bout, "result") else None
        for side, fighter in (("red", bout.red), ("blue", bout.blue)):
            outcome = "D" if winner is None else ("W" if winner == side else "L")
            if _count(league, bout, fighter, outcome, taken[(bout.pk, side)]):
                counted += 1
    return counted


def _count(league: League, bout: Bout, fighter: Fighter, outcome: str, damage: float) -> bool:
    try:
        with transaction.atomic():
            entry = CareerBout(
                league=league,
                bout=bout,
                fighter=fighter,
                outcome=outcome,
                damage_taken=damage,
            )
            entry.full_clean(exclude=["league", "bout", "fighter"])
            entry.save()
            _apply(league, bout, fighter, entry, outcome, damage)
    except IntegrityError:  # counted already (a repeated signal)
        return False
    return True


def _apply(
    league: League, bout: Bout, fighter: Fighter, entry: CareerBout, outcome: str, damage: float
) -> None:
    """The bout counted into ``fighter``'s career (read with the bout); what it
    leaves on his card is noted on ``entry`` (``card_effects``), so a void can take
    it back."""
    fighter_id = fighter.pk
    effects = []
    state, _ = CareerState.objects.select_for_update().get_or_create(
        league=league, fighter_id=fighter_id
    )
    state.rating += RATING_STEP[outcome]
    rose = state.rating > state.status
    state.status = max(state.status, state.rating)
    state.damage_taken += damage
    rule = budget_rule(league)
    card = (
        RatingCard.objects.select_for_update()
        .filter(fighter_id=fighter_id, ruleset=league.ruleset)
        .first()
    )
    training = Training.objects.select_for_update().filter(bout=bout, fighter_id=fighter_id).first()
    if training is not None and training.state == TrainingState.TRAINING:
        kept = _kept(league.training_keep_rule, outcome, rose)
        training.state = TrainingState.KEPT if kept else TrainingState.DROPPED
        training.save(update_fields=["state"])
        if not kept and training.moved and card is not None:
            data = rule.train(card.data, training.ability, -1)
            card = card_save(fighter=fighter, ruleset=league.ruleset, data=data, source="training")
        elif kept and training.moved:
            effects.append(card_effect(training.change_id, "training", only=training.ability))
    due = int(state.damage_taken // league.aging_damage) - state.aging_points
    if due > 0 and card is not None:
        data, lost = rule.age(card.data, due)
        if lost:
            card = card_save(fighter=fighter, ruleset=league.ruleset, data=data, source="aging")
            effects.append(card_effect(_last_change(card), "aging"))
        state.aging_points += due
        entry.aging_points = due
    state.full_clean(exclude=["league", "fighter"])
    state.save()
    entry.card_effects = [e for e in effects if e]
    if entry.aging_points or entry.card_effects:
        entry.save(update_fields=["aging_points", "card_effects"])
