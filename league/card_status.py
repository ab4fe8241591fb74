"""A card's live state — public, like the statuses and results it shows: the
console's card builder and the public event page poll it while bouts are in
flight (``/events/<id>/status.json``)."""

from __future__ import annotations

from bouts.engine.registry import method_name
from bouts.models import IN_FLIGHT, Bout, BoutStatus
from league.models import Event


def card_bouts(event: Event) -> list[Bout]:
    """The card, main event first, with what its lines show."""
    return list(
        Bout.objects.filter(event=event)
        .select_related("red", "blue", "red_camp", "blue_camp", "division", "referee", "result")
        .defer("inputs", "options", "plans", "result__engine_result")
        .order_by("-order", "-id")
    )


def card_statuses(event: Event) -> dict:
    """The card's live state, for the page to poll: each bout's status, its
    result in words once fought, the failure reason, and whether anything is
    still in flight."""
    rows = []
    busy = False
    for bout in card_bouts(event):
        busy = busy or bout.status in IN_FLIGHT
        result = getattr(bout, "result", None) if bout.status == BoutStatus.COMPLETED else None
        rows.append(
            {
                "id": bout.pk,
                "status": bout.status,
                "status_display": bout.get_status_display(),
                "result": _result_words(bout, result) if result else "",
                "failure_reason": bout.failure_reason
                if bout.status == BoutStatus.FAILED
                else bout.postponed_reason
                if bout.status == BoutStatus.POSTPONED
                else "",
            }
        )
    return {"event": event.pk, "bouts": rows, "in_flight": busy}


def _result_words(bout: Bout, result) -> str:
    if result.winner in ("red", "blue"):
        winner = getattr(bout, result.winner) or getattr(bout, f"{result.winner}_camp")
        text = f"{winner} won by {method_name(result.method).lower()}"
    else:
        text = method_name(result.method)
    if result.round:
        text += f" in round {result.round}"
    return text
