"""The career game's pages (docs/career.md): a manager builds a fighter within the
league's budget. Thin: the service decides who may (a 403 page) and what is valid
(the error next to its field; an overspend on top of the form)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render

from bouts.models import Bout

from .career_forms import CareerFighterForm, TrainingForm
from .models import League, Training
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
    """What the manager's fighter trains for a scheduled bout of a career league."""
    bout = get_object_or_404(
        Bout.objects.select_related("red", "blue", "division__league", "event__league"), pk=pk
    )
    league = training.bout_league(bout)
    if league is None or not league.career_mode:
        raise PermissionDenied("Training is for bouts of career leagues.")
    user = request.user
    form = TrainingForm(request.POST or None, bout=bout, league=league, user=user)
    if not user.is_staff and not form.fields["fighter"].queryset.exists():
        raise PermissionDenied("Only the managers of this bout's fighters train them.")
    if request.method == "POST" and form.is_valid():
        try:
            training.training_choose(actor=user, bout=bout, **form.cleaned_data)
        except ValidationError as exc:
            put_errors(form, exc)
        else:
            return redirect("bout-training", bout.pk)
    chosen = Training.objects.filter(bout=bout, fighter__in=form.fields["fighter"].queryset)
    context = {
        "bout": bout,
        "league": league,
        "form": form,
        "chosen": list(chosen.select_related("fighter")),
    }
    return render(request, "league/training_form.html", context, status=400 if form.errors else 200)
