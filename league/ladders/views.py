"""A ladder's public page; a manager (or a commissioner) issues a challenge
from it for the fighters he may challenge for."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from fighters.models import Fighter
from league.ladders import selectors
from league.ladders.forms import ChallengeForm
from league.ladders.services import challenge_issue
from league.services.membership import is_commissioner, is_manager
from league.submit import submit


def _challengers(user, ladder, rungs) -> set[int]:
    """The fighters ``user`` may challenge for (``services.may_challenge_for``,
    asked once for the user rather than once a fighter)."""
    if not user.is_authenticated:
        return set()
    if is_commissioner(user, ladder.league):
        return {r.fighter.pk for r in rungs}
    if not ladder.managers_challenge or not is_manager(user, ladder.league):
        return set()
    return {r.fighter.pk for r in rungs if r.fighter.camp and r.fighter.camp.owner_id == user.pk}


def _render(request, ladder, rungs, form=None, status=200):
    mine = _challengers(request.user, ladder, rungs)
    if form is None and mine:
        form = ChallengeForm(prefix="challenge", rungs=rungs, challengers=mine)
    context = {
        "ladder": ladder,
        "league": ladder.league,
        "division": ladder.division,
        "rungs": rungs,
        "challenges": selectors.ladder_challenges(ladder),
        "challenge_form": form,
    }
    return render(request, "league/ladder_detail.html", context, status=status)


def ladder_detail(request, pk: int):
    ladder = get_object_or_404(selectors.ladder_queryset(), pk=pk)
    return _render(request, ladder, selectors.ladder_rungs(ladder))


@login_required
@require_POST
def ladder_challenge(request, pk: int):
    ladder = get_object_or_404(selectors.ladder_queryset(), pk=pk)
    rungs = selectors.ladder_rungs(ladder)
    mine = _challengers(request.user, ladder, rungs)
    form = ChallengeForm(request.POST, prefix="challenge", rungs=rungs, challengers=mine)

    def issue(data):
        fighters = Fighter.objects.select_related("camp").in_bulk(
            [data["challenger"], data["defender"]]
        )
        return challenge_issue(
            user=request.user,
            ladder=ladder,
            challenger=fighters[data["challenger"]],
            defender=fighters[data["defender"]],
        )

    answer = submit(
        request,
        form,
        issue,
        done=lambda c: (
            f"{c.challenger.name} challenges {c.defender.name}: the bout is booked "
            f"for {c.bout.event.name}."
        ),
        then=lambda c: redirect("ladder", pk=ladder.pk),
    )
    return answer or _render(request, ladder, selectors.ladder_rungs(ladder), form, status=400)
