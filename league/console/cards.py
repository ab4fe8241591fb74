"""The card builder: an event's page in the console. Add bouts from the
eligible fighters, reorder, take off, fight the card, follow the statuses live
(``ringside/console.js`` polls ``league.card_status`` at /events/ID/status.json),
re-queue a failed bout, void a result."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from bouts.models import Bout, BoutStatus
from bouts.services import bout_void
from core.words import counted
from league.models import Event
from league.services import fight_cards

from .. import card_status
from ..submit import submit
from . import forms, selectors
from .views import event_of


def _bout_form(event, data=None, division_id=None):
    divisions = list(event.league.divisions.order_by("name"))
    division = next((d for d in divisions if d.pk == division_id), None) or (
        divisions[0] if divisions else None
    )
    candidates, sitting_out = (
        selectors.card_choices(event=event, division=division) if division else ([], [])
    )
    form = forms.BoutForm(
        data,
        divisions=divisions,
        division=division,
        candidates=candidates,
        officials=selectors.officials_choices(),
        sitting_out=sitting_out,
        prefix="bout",
    )
    return form, division, divisions


def _card_page(request, event, *, form=None, division=None, divisions=None, status=200):
    bouts = card_status.card_bouts(event)
    closed = fight_cards.card_closed(event, bouts)
    if form is None and not closed:
        wanted = request.GET.get("division", "")
        form, division, divisions = _bout_form(
            event, division_id=int(wanted) if wanted.isdigit() else None
        )
    context = {
        "event": event,
        "league": event.league,
        "bouts": bouts,
        "form": form,
        "division": division,
        "divisions": divisions,
        "scheduled": any(b.status == BoutStatus.SCHEDULED for b in bouts),
        "rebook_targets": selectors.rebook_targets(event)
        if any(b.status == BoutStatus.POSTPONED for b in bouts)
        else [],
        "reorderable": bouts and all(b.status == BoutStatus.SCHEDULED for b in bouts),
        "closed": closed,
    }
    return render(request, "console/event.html", context, status=status)


@login_required
def event_page(request, pk):
    return _card_page(request, event_of(request, pk))


@login_required
@require_POST
def bout_add(request, pk):
    event = event_of(request, pk)
    if fight_cards.card_closed(event):
        # The page says why (the card is fought) in place of the form.
        return _card_page(request, event, status=400)
    wanted = request.POST.get("bout-division", "")
    form, division, divisions = _bout_form(
        event, request.POST, division_id=int(wanted) if wanted.isdigit() else None
    )

    def add(data):
        if data["red"] == data["blue"]:
            raise ValidationError({"blue": ["Pick two different sides."]})
        chosen = selectors.sides_by_id(division, [data["red"], data["blue"]])
        return fight_cards.card_bout_add(
            user=request.user,
            event=event,
            division=division,
            red=chosen[data["red"]],
            blue=chosen[data["blue"]],
            rounds=data["rounds"],
            title=data["title"],
            **_officials(data),
        )

    return submit(
        request,
        form,
        add,
        done=lambda _: "Bout added to the card.",
        then=lambda _: redirect(f"{event_url(event)}?division={division.pk}"),
    ) or _card_page(request, event, form=form, division=division, divisions=divisions, status=400)


def _officials(data) -> dict:
    picked = selectors.officials_choices()
    by_id = {
        "referee": {o.pk: o for o in picked.referees},
        "judge": {o.pk: o for o in picked.judges},
        "doctor": {o.pk: o for o in picked.doctors},
        "corner": {o.pk: o for o in picked.corners},
    }
    judges = [by_id["judge"].get(data[f"judge_{n}"]) for n in (1, 2, 3)]
    return {
        "referee": by_id["referee"].get(data["referee"]),
        "judges": judges,
        "doctor": by_id["doctor"].get(data["doctor"]),
        "red_corner": by_id["corner"].get(data["red_corner"]),
        "blue_corner": by_id["corner"].get(data["blue_corner"]),
    }


def event_url(event) -> str:
    return reverse("console:event", kwargs={"pk": event.pk})


def _bout_of(request, pk) -> Bout:
    return get_object_or_404(Bout.objects.select_related("event__league"), pk=pk)


def _act(request, bout, action, done):
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("console:event", pk=bout.event_id)


@login_required
@require_POST
def bout_move(request, pk):
    bout = _bout_of(request, pk)
    direction = request.POST.get("direction", "")
    return _act(
        request,
        bout,
        lambda: fight_cards.card_bout_move(user=request.user, bout=bout, direction=direction),
        "Card reordered.",
    )


@login_required
@require_POST
def bout_remove(request, pk):
    bout = _bout_of(request, pk)
    return _act(
        request,
        bout,
        lambda: fight_cards.card_bout_remove(user=request.user, bout=bout),
        "Bout taken off the card.",
    )


@login_required
@require_POST
def bout_requeue(request, pk):
    bout = _bout_of(request, pk)
    return _act(
        request,
        bout,
        lambda: fight_cards.card_requeue(user=request.user, bout=bout),
        "Bout queued again.",
    )


@login_required
@require_POST
def card_fight(request, pk):
    event = event_of(request, pk)
    try:
        fired = fight_cards.card_fight(user=request.user, event=event)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        if fired["waiting"]:
            messages.success(
                request, "The card fights as soon as the earlier events of its season are finished."
            )
        else:
            messages.success(request, _fight_banner(fired))
        if fired["postponed"]:
            messages.error(
                request,
                f"{counted(fired['postponed'], 'bout')} postponed: a fighter can no longer fight "
                "on this date (the reason is on the line). Re-book them on a later card.",
            )
    return redirect("console:event", pk=event.pk)


def _fight_banner(fired: dict) -> str:
    """What the commissioner reads after "Fight this card": never "fighting"
    over bouts already fought (an eager worker finishes them before the page)."""
    finished, in_flight = fired["finished"], fired["in_flight"]
    if not in_flight:
        return f"The card is fought: {_bouts(finished)} finished, the results are below."
    verb = "is" if in_flight == 1 else "are"
    done = f" ({finished} already finished)" if finished else ""
    return (
        f"{_bouts(in_flight)} {verb} fighting{done}: "
        "the statuses below change as the workers finish."
    )


def _bouts(count: int) -> str:
    return f"{count} bout" if count == 1 else f"{count} bouts"


@login_required
@require_POST
def bout_rebook(request, pk):
    bout = _bout_of(request, pk)
    target = request.POST.get("event", "")
    event = (
        Event.objects.select_related("league").filter(pk=target).first()
        if target.isdigit()
        else None
    )
    if event is None:
        messages.error(request, "Pick the card to re-book the bout on.")
        return redirect("console:event", pk=bout.event_id)
    try:
        fight_cards.card_rebook(user=request.user, bout=bout, event=event)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("console:event", pk=bout.event_id)
    messages.success(request, f"Bout re-booked on {event.name}.")
    return redirect("console:event", pk=event.pk)


@login_required
def bout_void_page(request, pk):
    bout = _bout_of(request, pk)
    if bout.event_id is None:
        return redirect("bout", pk=bout.pk)
    event_of(request, bout.event_id)
    form = forms.VoidForm(request.POST or None)
    if request.method == "POST":
        answer = submit(
            request,
            form,
            lambda data: bout_void(bout=bout, reason=data["reason"], user=request.user),
            done=lambda _: "Result voided: the league is recomputed without it.",
            then=lambda _: redirect("console:event", pk=bout.event_id),
        )
        if answer:
            return answer
    status = 400 if request.method == "POST" else 200
    return render(request, "console/void.html", {"bout": bout, "form": form}, status=status)
