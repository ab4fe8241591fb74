"""The career game's pages (docs/career.md): a manager builds a fighter within the
league's budget. Thin: the service decides who may (a 403 page) and what is valid
(the error next to its field; an overspend on top of the form)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render

from bouts.models import Bout, BoutStatus
from fighters.models import RatingCard

from .calendar.rosters import statuses_in
from .career_forms import CareerFighterForm, TrainingForm
from .fighter_card_view import card_abilities
from .models import League, Training, TrainingKeep, TrainingState
from .services import career, training
from .services.membership import is_manager
from .submit import put_errors


@login_required
def new_fighter(request, slug: str):
    league = get_object_or_404(League, slug=slug)
    user = request.user
    if not (user.is_staff or is_manager(user, league)):
        raise PermissionDenied(f"Only {league.name}'s managers build fighters here.")
    if not league.career_mode:
        raise PermissionDenied(f"{league.name} is not a career league.")
    form = CareerFighterForm(request.POST or None, league=league, user=user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            fighter = career.career_fighter_create(
                actor=user,
                league=league,
                camp=data["camp"],
                name=data["name"],
                weight_class=data["weight_class"],
                abilities=form.bought(),
            )
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("fighter", fighter.pk)
    status = 400 if form.errors else 200
    context = {"league": league, "form": form}
    return render(request, "league/career_fighter_form.html", context, status=status)


@login_required
def bout_training(request, pk: int):
    """What the manager's fighter trains for a scheduled bout of a career league;
    once the bout is fought, what became of the step (no form)."""
    bout = get_object_or_404(
        Bout.objects.select_related("red", "blue", "division__league", "event__league"), pk=pk
    )
    league = training.bout_league(bout)
    if league is None or not league.career_mode:
        raise PermissionDenied("Training is for bouts of career leagues.")
    user = request.user
    form = TrainingForm(request.POST or None, bout=bout, league=league, user=user)
    mine = list(form.fields["fighter"].queryset)
    if not user.is_staff and not mine:
        raise PermissionDenied("Only the managers of this bout's fighters train them.")
    open_ = bout.status == BoutStatus.SCHEDULED
    if request.method == "POST" and form.is_valid():
        try:
            training.training_choose(actor=user, bout=bout, **form.cleaned_data)
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("bout-training", bout.pk)
    chosen = list(Training.objects.filter(bout=bout, fighter__in=mine).select_related("fighter"))
    # His fitness on the league's date, and his card's abilities with the next step.
    statuses = statuses_in({f.pk: [league] for f in mine}) if mine else {}
    cards = RatingCard.objects.filter(fighter__in=mine, ruleset=league.ruleset).select_related(
        "fighter"
    )
    context = {
        "bout": bout,
        "league": league,
        "form": form if open_ else None,
        "closed": ""
        if open_
        else f"Training is closed: this bout is {bout.get_status_display().lower()}.",
        "chosen": [{"training": t, "words": training_outcome_words(t, league)} for t in chosen],
        "cards": [
            {"fighter": card.fighter, "card": abilities, "statuses": statuses.get(card.fighter_id)}
            for card in cards
            if (abilities := card_abilities(card)) is not None
        ],
    }
    return render(request, "league/training_form.html", context, status=400 if form.errors else 200)


def training_outcome_words(step: Training, league: League) -> str:
    """What became of a training step, in words: never "Lost again" after a win."""
    if step.state == TrainingState.DROPPED:
        because = {
            TrainingKeep.WIN: "the league keeps a step only after a win",
            TrainingKeep.RISE: "the league keeps a step only after a win that raises his "
            "best rating",
            TrainingKeep.NEVER: "the league never keeps a step",
        }.get(league.training_keep_rule, "")
        return "taken back after the bout" + (f" ({because})" if because else "")
    if step.state == TrainingState.TRAINING:
        return "on his card for this bout" if step.moved else "already at its ceiling"
    return step.get_state_display().lower()
