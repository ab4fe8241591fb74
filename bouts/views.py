"""The bout report page: the whole record of one bout."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control

from . import plans as bout_plans
from . import report_cache, selectors
from .models import Bout
from .plan_lines import plans_by_round

CHART_WIDTH = 720
CHART_LEFT = 44  # room for the axis labels
CHART_RIGHT = 10
PANEL_HEIGHT = 110
PANEL_GAP = 46
CHART_TOP = 24


def bout_report(request, pk: int):
    """The report. A fought bout's answers a conditional request with 304; its
    page for anonymous visitors (the same for all of them) comes from the cache
    (``report_cache``); a signed-in visitor's is rendered (its header is his)."""
    state = report_cache.state(pk)
    if state is None:
        raise Http404("No such bout.")
    if not state.final:
        response = _render_report(request, pk)
        patch_cache_control(response, no_cache=True)
        return response
    viewer = request.user.pk if request.user.is_authenticated else 0

    def build():
        if viewer:
            return _render_report(request, pk)
        html = report_cache.get("page", state)
        if html is not None:
            return HttpResponse(html)
        response = _render_report(request, pk)
        report_cache.put("page", state, response.content.decode())
        return response

    return report_cache.conditional_response(
        request, state, "page", viewer, build=build, private=bool(viewer)
    )


def _render_report(request, pk: int):
    try:
        bout = selectors.bout_report(bout_id=pk)
    except Bout.DoesNotExist:
        raise Http404("No such bout.") from None
    cards = selectors.scorecards(bout)
    result = getattr(bout, "result", None)
    engine = (result.engine_result or {}) if result is not None else {}
    stats = _round_stats(bout)
    # Plans: both sides' once fought; before, a link for the viewer's own sides.
    plans = (
        bout_plans.fought_plans(bout, viewer=request.user) if bout_plans.plans_public(bout) else []
    )
    context = {
        "bout": bout,
        "result": result,
        "red_name": (bout.red or bout.red_camp).name,
        "blue_name": (bout.blue or bout.blue_camp).name,
        "judges": [j for j in (bout.judge_1, bout.judge_2, bout.judge_3) if j is not None],
        # Officials the league did not assign were drawn by the engine, which
        # names them in its result.
        "drawn_referee": _official_name(engine.get("details", {}).get("referee")),
        "drawn_doctor": _official_name(engine.get("details", {}).get("doctor")),
        "drawn_judges": [name for name in engine.get("judges", []) if isinstance(name, str)],
        "scorecards": _score_table(cards),
        "round_numbers": sorted({n for card in cards for n in range(1, len(card["rounds"]) + 1)}),
        "stats": stats,
        "chart": round_chart(cards, stats) if (cards or stats) else None,
        "knockdowns": list(bout.knockdowns.all()),
        "injuries": _injury_lines(bout),
        "fouls": list(bout.fouls.all()),
        "fighter_lines": list(bout.fighter_lines.all()),
        "suspensions": list(bout.suspensions.all()),
        "play_by_play": _by_round(engine.get("events", [])),
        "plans": plans,
        # Each round, the line of each side's plan that fought it (bouts.plan_lines).
        "plans_by_round": plans_by_round(bout.ruleset, plans, stats) if plans else [],
        "my_sides": bout_plans.managed_sides(bout, request.user),
    }
    return render(request, "bouts/bout_report.html", context)


def _injury_lines(bout) -> list:
    """The bout's injuries, each with ``who`` (the fighter hurt) and ``rest``, what
    the report prints after his name: the engine's sentence often names him
    already ("Ann Lee has swelling…"), and must not read "Ann Lee: Ann Lee has…"."""
    lines = list(bout.injuries.all())
    for injury in lines:
        if injury.fighter is not None:
            injury.who = injury.fighter.name
        else:
            injury.who = (
                bout.red or bout.red_camp if injury.side == "red" else bout.blue or bout.blue_camp
            ).name
        text = injury.text or injury.type
        if text.startswith(injury.who + " "):
            injury.rest = text[len(injury.who) :]
        else:
            injury.rest = f": {text}"
    return lines


def _official_name(official) -> str:
    if isinstance(official, dict):
        return str(official.get("name") or "")
    return official if isinstance(official, str) else ""


def _score_table(cards: list[dict]) -> list[dict]:
    """Each judge's card as a row: round cells ``{red, blue, winner}`` and the total."""
    rows = []
    for card in cards:
        cells = [
            {"red": red, "blue": blue, "winner": _ahead(red, blue)} for red, blue in card["rounds"]
        ]
        rows.append(
            {
                "name": card["name"],
                "cells": cells,
                "total": card["total"],
                "winner": _ahead(*card["total"]),
            }
        )
    return rows


def _ahead(red, blue) -> str:
    return "red" if red > blue else "blue" if blue > red else ""


def _round_stats(bout) -> list[dict]:
    """Per round: ``{round, red, blue}`` with each side's RoundStat (or None)."""
    rounds: dict[int, dict] = {}
    for stat in bout.round_stats.all():
        rounds.setdefault(stat.round, {"round": stat.round, "red": None, "blue": None})[
            stat.side
        ] = stat
    return [rounds[n] for n in sorted(rounds)]


def _by_round(events: list[dict]) -> list[dict]:
    grouped: dict[int, list] = {}
    for event in events:
        grouped.setdefault(event.get("round", 0), []).append(event)
    return [{"round": n, "events": grouped[n]} for n in sorted(grouped)]


def round_chart(cards: list[dict], stats: list[dict]) -> dict:
    """Geometry of the report's inline SVG: two panels over the rounds.

    Top: the judges' average point margin per round (a bar up for red, down for
    blue). Bottom: damage landed per round, red and blue side by side. Drawing
    is left to the template; this only places the bars."""
    count = max([len(card["rounds"]) for card in cards] + [len(stats), 1])
    plot = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    step = plot / count
    bar = max(2.0, min(28.0, step * 0.36))

    margins = []
    for index in range(count):
        scores = [card["rounds"][index] for card in cards if index < len(card["rounds"])]
        margin = sum(r - b for r, b in scores) / len(scores) if scores else 0.0
        margins.append(margin)
    top_mid = CHART_TOP + PANEL_HEIGHT / 2
    margin_scale = max([abs(m) for m in margins] + [1.0])
    point_bars = []
    for index, margin in enumerate(margins):
        height = abs(margin) / margin_scale * (PANEL_HEIGHT / 2 - 4)
        x = CHART_LEFT + step * index + (step - bar) / 2
        point_bars.append(
            {
                "x": round(x, 1),
                "y": round(top_mid - height if margin > 0 else top_mid, 1),
                "width": round(bar, 1),
                "height": round(max(height, 0.0), 1),
                "side": "red" if margin > 0 else "blue" if margin < 0 else "even",
                "label": f"Round {index + 1}: {'+' if margin > 0 else ''}{margin:.2f}",
            }
        )

    damage = {}
    for line in stats:
        for side in ("red", "blue"):
            stat = line[side]
            damage[(line["round"], side)] = float(stat.damage) if stat is not None else 0.0
    damage_scale = max([*damage.values(), 1.0])
    bottom_top = CHART_TOP + PANEL_HEIGHT + PANEL_GAP
    bottom_base = bottom_top + PANEL_HEIGHT
    damage_bars = []
    for index in range(count):
        for offset, side in ((0, "red"), (1, "blue")):
            value = damage.get((index + 1, side), 0.0)
            height = value / damage_scale * (PANEL_HEIGHT - 4)
            half = bar / 2
            x = CHART_LEFT + step * index + step / 2 - half + (offset - 0.5) * half * 1.1
            damage_bars.append(
                {
                    "x": round(x, 1),
                    "y": round(bottom_base - height, 1),
                    "width": round(half, 1),
                    "height": round(height, 1),
                    "side": side,
                    "label": f"Round {index + 1}, {side}: {value:g} damage",
                }
            )
    labels = [
        {"x": round(CHART_LEFT + step * index + step / 2, 1), "text": str(index + 1)}
        for index in range(count)
    ]
    return {
        "width": CHART_WIDTH,
        "height": bottom_base + 24,
        "left": CHART_LEFT,
        "right": CHART_WIDTH - CHART_RIGHT,
        "top": CHART_TOP,
        "top_mid": top_mid,
        "top_bottom": CHART_TOP + PANEL_HEIGHT,
        "bottom_top": bottom_top,
        "bottom_base": bottom_base,
        "label_y": bottom_base + 16,
        "margin_scale": round(margin_scale, 2),
        "damage_scale": round(damage_scale, 1),
        "point_bars": point_bars,
        "damage_bars": damage_bars,
        "labels": labels,
    }
