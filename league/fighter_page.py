"""The fighter page: record summary and fight history, the way record books print
them, and his rating in each division. It shows fighters', bouts' and the league's
data, so it lives in the league, the one app that may read all three."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from bouts.selectors import fighter_history
from fighters import selectors as fighter_selectors
from fighters.models import Career
from fighters.services import fighter_retire, may_manage

from .calendar.rosters import statuses_in
from .card_visibility import may_see_card
from .fighter_card_view import fighter_in_full
from .history.fighter import fighter_honours
from .region_selectors import fighter_regions
from .selectors import fighter_rating_history


def fighter_detail(request, pk: int):
    fighter = fighter_selectors.fighter_get(fighter_id=pk)
    if fighter is None:
        raise Http404("No such fighter.")
    try:
        career = fighter.career
    except Career.DoesNotExist:
        career = Career(fighter=fighter)
    stoppage_wins = career.ko_wins + career.tko_wins
    # A career league may hide his card (league.card_visibility): then scout him.
    card_visible = may_see_card(request.user, fighter)
    divisions = list(fighter.divisions.all())
    # His fitness in each league whose rosters he is on, on its own date.
    leagues = list({d.league_id: d.league for d in divisions}.values())
    statuses = statuses_in({fighter.pk: leagues}).get(fighter.pk, []) if leagues else []
    rating_rows = list(fighter_rating_history(fighter=fighter))
    context = {
        "fighter": fighter,
        "career": career,
        "stoppage_wins": stoppage_wins,
        "stoppage_rate": round(100 * stoppage_wins / career.wins) if career.wins else 0,
        "cards": list(fighter.cards.all()) if card_visible else [],
        "card_visible": card_visible,
        "divisions": divisions,
        "statuses": statuses,
        "regions": fighter_regions([fighter.pk]).get(fighter.pk, []),
        "rating_charts": rating_charts(rating_rows),
        # Awards, titles, ranking, status, form, voided bouts (docs/history.md).
        **fighter_honours(
            fighter,
            divisions=divisions,
            history=fighter_history(fighter=fighter),
            rating_rows=rating_rows,
            last_bout_on=career.last_bout_on,
        ),
    }
    # "Title fights 1 (0 won, 1 drawn or lost; 1 reign)": a belt can be won
    # through a drawn tournament final, so the reigns are said beside the wins.
    context["title_not_won"] = career.title_fights - career.title_wins
    context["may_retire"] = fighter.is_active and may_manage(request.user, fighter)
    # His card's abilities, career history and ranking history (issue 33).
    context.update(fighter_in_full(fighter, cards=context["cards"], divisions=divisions))
    return render(request, "fighters/fighter_detail.html", context)


SPARK_WIDTH = 600
SPARK_HEIGHT = 120
SPARK_PAD = 8


def rating_charts(rows) -> list[dict]:
    """One line per division: the fighter's rating (mu - 3 sigma) after each of his
    bouts there, as SVG polyline points on a fixed canvas."""
    by_division: dict[int, dict] = {}
    for row in rows:
        entry = by_division.setdefault(
            row.division_id, {"division": row.division, "values": [], "dates": []}
        )
        entry["values"].append(row.ordinal)
        entry["dates"].append(row.date)
    charts = []
    for entry in by_division.values():
        values = entry["values"]
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        step = (SPARK_WIDTH - 2 * SPARK_PAD) / max(len(values) - 1, 1)
        points = [
            (
                round(SPARK_PAD + step * i, 1),
                round(
                    SPARK_HEIGHT - SPARK_PAD - (v - low) / span * (SPARK_HEIGHT - 2 * SPARK_PAD), 1
                ),
            )
            for i, v in enumerate(values)
        ]
        charts.append(
            {
                "division": entry["division"],
                "width": SPARK_WIDTH,
                "height": SPARK_HEIGHT,
                "points": " ".join(f"{x},{y}" for x, y in points),
                "last": points[-1],
                "low": round(low, 2),
                "high": round(high, 2),
                "now": round(values[-1], 2),
                "first_date": entry["dates"][0],
                "last_date": entry["dates"][-1],
                "count": len(values),
            }
        )
    return charts


@login_required
@require_POST
def fighter_retire_own(request, pk: int):
    """His manager retires him (on his league's date), after saying yes."""
    fighter = fighter_selectors.fighter_get(fighter_id=pk)
    if fighter is None:
        raise Http404("No such fighter.")
    if not may_manage(request.user, fighter):
        raise PermissionDenied("Only his manager retires a fighter from his page.")
    if request.POST.get("confirm") != "yes":
        messages.error(request, "Tick “Yes, retire him” to retire him: it cannot be undone here.")
    elif not fighter.is_active:
        messages.error(request, f"{fighter.name} is already retired.")
    else:
        leagues = [d.league for d in fighter.divisions.select_related("league")]
        on = max((league.date for league in leagues), default=None)
        fighter_retire(fighter=fighter, on=on, user=request.user)
        messages.success(request, f"{fighter.name} is retired. His record stands.")
    return redirect("fighter", pk=fighter.pk)
