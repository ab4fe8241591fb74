"""Console: a division's challenge ladders — make one, issue challenges, withdraw
an open one, and fight the challenges' cards (each challenge's bout is on a card
of the league's calendar)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from fighters.models import Fighter
from league.ladders import selectors as ladder_selectors
from league.ladders import services as ladder_services
from league.ladders.forms import ChallengeForm, LadderForm, WithdrawForm
from league.ladders.models import Ladder, LadderChallenge
from league.services import membership

from ..submit import submit


def _ladder_for(request, pk) -> Ladder:
    ladder = get_object_or_404(ladder_selectors.ladder_queryset(), pk=pk)
    membership.require_commissioner(request.user, ladder.league)
    return ladder


def division_ladders(division, form=None) -> dict:
    """The division page's ladders section (console/partials/ladders.html)."""
    return {
        "ladders": list(division.ladders.order_by("name")),
        "ladder_form": form or LadderForm(prefix="ladder"),
    }


@login_required
@require_POST
def ladder_new(request, pk):
    from .views import _division_context, _division_for

    division = _division_for(request, pk)
    form = LadderForm(request.POST, prefix="ladder")
    answer = submit(
        request,
        form,
        lambda data: ladder_services.ladder_create(user=request.user, division=division, **data),
        done=lambda ladder: (
            f"{ladder.name} made: {ladder.rungs.count()} fighters, seeded from the rankings."
        ),
        then=lambda ladder: redirect("console:ladder", pk=ladder.pk),
    )
    if answer:
        return answer
    context = _division_context(division, ladder_form=form)
    return render(request, "console/division.html", context, status=400)


def _page(request, ladder, challenge_form=None, withdraw_form=None, status=200):
    rungs = ladder_selectors.ladder_rungs(ladder)
    context = {
        "ladder": ladder,
        "league": ladder.league,
        "division": ladder.division,
        "rungs": rungs,
        "challenges": ladder_selectors.ladder_challenges(ladder),
        "challenge_form": challenge_form or ChallengeForm(prefix="challenge", rungs=rungs),
        "withdraw_form": withdraw_form or WithdrawForm(prefix="withdraw"),
    }
    return render(request, "console/ladder.html", context, status=status)


@login_required
def ladder_page(request, pk):
    return _page(request, _ladder_for(request, pk))


@login_required
@require_POST
def challenge_new(request, pk):
    ladder = _ladder_for(request, pk)
    rungs = ladder_selectors.ladder_rungs(ladder)
    form = ChallengeForm(request.POST, prefix="challenge", rungs=rungs)
    answer = submit(
        request,
        form,
        lambda data: _issue(request.user, ladder, data),
        done=lambda c: (
            f"{c.challenger.name} challenges {c.defender.name}: booked on {c.bout.event.name}."
        ),
        then=lambda c: redirect("console:ladder", pk=ladder.pk),
    )
    return answer or _page(request, ladder, challenge_form=form, status=400)


def _issue(user, ladder, data):
    fighters = Fighter.objects.select_related("camp").in_bulk(
        [data["challenger"], data["defender"]]
    )
    return ladder_services.challenge_issue(
        user=user,
        ladder=ladder,
        challenger=fighters[data["challenger"]],
        defender=fighters[data["defender"]],
    )


@login_required
@require_POST
def challenge_withdraw(request, pk):
    challenge = get_object_or_404(LadderChallenge.objects.select_related("ladder"), pk=pk)
    ladder = _ladder_for(request, challenge.ladder_id)
    form = WithdrawForm(request.POST, prefix="withdraw")
    answer = submit(
        request,
        form,
        lambda data: ladder_services.challenge_cancel(
            user=request.user, challenge=challenge, reason=data["reason"]
        ),
        done=lambda c: f"The challenge of {c.challenger.name} to {c.defender.name} is withdrawn.",
        then=lambda c: redirect("console:ladder", pk=ladder.pk),
    )
    return answer or _page(request, ladder, withdraw_form=form, status=400)
