"""The scouting page (docs/career.md): what anyone may know of a fighter whose card
is hidden — his record and career rating, his past bout reports, the styles and
plans he used in bouts already fought (never one still to come), and his physique.
It reads fighters', bouts' and the league's rows, so it lives in the league."""

from __future__ import annotations

from collections import Counter

from django.db.models import F, Q
from django.http import Http404
from django.shortcuts import render

from bouts.models import Bout, BoutStatus, RoundStat
from bouts.selectors import fighter_history
from fighters import selectors as fighter_selectors
from fighters.models import Career

from .card_visibility import may_see_card
from .models import CareerState
from .region_selectors import fighter_regions


def fought_plans(fighter_id: int) -> dict:
    """The plan labels (WeBL's ``AGG/POW/DEF``, a Title Bout strategy, a style) he
    fought with, counted by round, and each fought bout's written plan: completed
    bouts only (a plan for a coming bout stays his manager's secret), and not the
    rounds of a bout fought with his standing plan (it still applies to his next
    bouts: bouts.plans.fought_plans)."""
    styles: Counter = Counter()
    stats = (
        RoundStat.objects.filter(
            Q(bout__red_id=fighter_id, side="red") | Q(bout__blue_id=fighter_id, side="blue"),
            bout__status=BoutStatus.COMPLETED,
        )
        .annotate(
            # F with the JSON key transform (KT cannot cross a relation); the
            # value comes back decoded: "standing", or None.
            red_source=F("bout__inputs__plan_sources__red__kind"),
            blue_source=F("bout__inputs__plan_sources__blue__kind"),
        )
        .values_list("stats", "side", "red_source", "blue_source")
    )
    for row, side, red_source, blue_source in stats:
        if (red_source if side == "red" else blue_source) == "standing":
            continue
        for key in ("plan", "style", "strategy"):
            label = (row or {}).get(key)
            if isinstance(label, str) and label and label != "none":
                styles[label] += 1
    written = []
    bouts = (
        Bout.objects.filter(Q(red_id=fighter_id) | Q(blue_id=fighter_id))
        .filter(status=BoutStatus.COMPLETED)
        .only("id", "date", "red_id", "plans")
        .order_by("-date", "-id")
    )
    for bout in bouts:
        side = "red" if bout.red_id == fighter_id else "blue"
        text = (bout.plans or {}).get(side)
        if isinstance(text, str) and text.strip():
            written.append({"bout_id": bout.pk, "date": bout.date, "text": text.strip()})
    return {"styles": styles.most_common(12), "written": written}


def fighter_scouting(request, pk: int):
    fighter = fighter_selectors.fighter_get(fighter_id=pk)
    if fighter is None:
        raise Http404("No such fighter.")
    try:
        career = fighter.career
    except Career.DoesNotExist:
        career = Career(fighter=fighter)
    context = {
        "fighter": fighter,
        "career": career,
        "states": list(CareerState.objects.filter(fighter=fighter).select_related("league")),
        "history": fighter_history(fighter=fighter),
        "plans": fought_plans(fighter.pk),
        "card_visible": may_see_card(request.user, fighter),
        "divisions": list(fighter.divisions.all()),
        "regions": fighter_regions([fighter.pk]).get(fighter.pk, []),
    }
    return render(request, "league/scouting.html", context)
