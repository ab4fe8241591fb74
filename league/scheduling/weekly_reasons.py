"""Why the weekly matchmaker made each pair and left each fighter out (issue 33):
plain Python over what ``weekly_pairs`` was given and returned, no database.

Each reason is a list of parts: plain text, and ``{"fighter": id}`` where a name
goes (the service writes the names: ``league.services.weekly``), so this module
needs no rows and its words are tested as they are.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence

from .weekly import Entrant, Week, pair_key, ranking_order

Part = str | dict


def _f(fighter_id: Hashable) -> dict:
    return {"fighter": fighter_id}


def _why_not(a: Entrant, b: Entrant, met: set, rematch_weeks: int) -> str:
    """Why ``a`` may not meet ``b`` ("" when he may)."""
    if a.camp is not None and a.camp == b.camp:
        return "of the same manager's stable"
    if pair_key(a.id, b.id) in met:
        return f"they met within {rematch_weeks} weeks"
    return ""


def explain_week(
    entrants: Sequence[Entrant],
    week: Week,
    *,
    recent: Iterable[tuple[Hashable, Hashable]] = (),
    champion: Hashable | None = None,
    seed: int = 0,
    rematch_weeks: int = 4,
    contenders: Collection[Hashable] | None = None,
    regional_champions: Mapping[Hashable, Hashable] | None = None,
    region_names: Mapping[Hashable, str] | None = None,
    sat_out_on: Mapping[Hashable, str] | None = None,
) -> dict:
    """``{"pairs": [{"red", "blue", "rule": [parts]}], "out": [{"fighter", "why": [parts]}]}``
    in the card's order. ``sat_out_on``: fighter -> the date (words) he last sat out."""
    order = ranking_order(entrants, champion=champion, seed=seed)
    rank = {e.id: i + 1 for i, e in enumerate(order)}
    by_id = {e.id: e for e in order}
    met = {pair_key(a, b) for a, b in recent}
    regional_champions = regional_champions or {}
    region_names = region_names or {}
    paired_by = {}
    for pair in week.pairs:
        for fighter in pair:
            paired_by[fighter] = pair
    regional = {frozenset(pair): region for region, pair in week.regional_pairs.items()}
    pairs = []
    for red, blue in week.pairs:
        key = frozenset((red, blue))
        if week.title_pair is not None and key == frozenset(week.title_pair):
            rule = _title_rule(
                red, blue, champion, "the world title", order, by_id, met, rematch_weeks, contenders
            )
        elif key in regional:
            region = regional[key]
            name = f"the {region_names.get(region, 'regional')} title"
            pool = [e for e in order if e.region == region]
            rule = _title_rule(
                red,
                blue,
                regional_champions.get(region),
                name,
                pool,
                by_id,
                met,
                rematch_weeks,
                None,
            )
        else:
            rule = _nearest_rule(red, blue, order, rank, by_id, met, rematch_weeks, paired_by, week)
        pairs.append({"red": red, "blue": blue, "rule": rule})
    out = []
    if week.sat_out is not None:
        out.append(
            {"fighter": week.sat_out, "why": _sat_out_words(week.sat_out, by_id, sat_out_on)}
        )
    for fighter in week.unmatched:
        out.append(
            {"fighter": fighter, "why": _unmatched_words(fighter, order, by_id, met, rematch_weeks)}
        )
    return {"pairs": pairs, "out": out}


def _skipped(top: Entrant, upto: Hashable, pool, met, rematch_weeks, contenders) -> list[Part]:
    """Those ranked ahead of ``upto`` whom ``top`` could not meet, and why."""
    parts: list[Part] = []
    for other in pool:
        if other.id == upto:
            break
        if other.id == top.id:
            continue
        why = _why_not(top, other, met, rematch_weeks)
        if not why and contenders is not None and other.id not in contenders:
            why = "not a contender"
        if why:
            parts += ["; passed over ", _f(other.id), f" ({why})"]
    return parts


def _title_rule(red, blue, champion, title, pool, by_id, met, rematch_weeks, contenders):
    if champion is not None and champion in (red, blue):
        challenger = blue if red == champion else red
        who = "contender" if contenders is not None else "fighter"
        rule: list[Part] = [
            f"For {title}: the champion ",
            _f(champion),
            f" against the best-ranked {who} he may meet, ",
            _f(challenger),
        ]
        return rule + _skipped(by_id[champion], challenger, pool, met, rematch_weeks, contenders)
    first, second = (red, blue)
    who = "contenders" if contenders is not None else "fighters"
    rule = [f"For {title} (vacant): the two best-ranked {who} who may meet"]
    return rule + _skipped(by_id[first], second, pool, met, rematch_weeks, contenders)


def _nearest_rule(red, blue, order, rank, by_id, met, rematch_weeks, paired_by, week):
    rule: list[Part] = [
        f"Nearest in the ranking: #{rank[red]} ",
        _f(red),
        f" meets #{rank[blue]} ",
        _f(blue),
    ]
    top = by_id[red]
    swapped = False
    for other in order[rank[red] : rank[blue] - 1]:
        if other.id == week.sat_out:
            rule += ["; ", _f(other.id), " sits the week"]
            continue
        why = _why_not(top, other, met, rematch_weeks)
        if why:
            rule += ["; not ", _f(other.id), f" ({why})"]
            continue
        pair = paired_by.get(other.id)
        if pair is None:
            continue
        if (
            top.region is not None
            and other.region != top.region
            and by_id[blue].region == top.region
        ):
            rule += ["; not ", _f(other.id), " (another region: his own region first)"]
        elif week.title_pair is not None and other.id in week.title_pair:
            rule += ["; not ", _f(other.id), " (in the title bout)"]
        elif min(rank[pair[0]], rank[pair[1]]) < rank[red]:
            rule += ["; not ", _f(other.id), " (paired with someone ranked higher)"]
        else:
            swapped = True
    if swapped:
        rule.append("; swapped so that nobody is left without a bout")
    return rule


def _sat_out_words(fighter, by_id, sat_out_on) -> list[Part]:
    entrant = by_id.get(fighter)
    last = (sat_out_on or {}).get(fighter)
    when = f"he last sat out on {last}" if last else "he had never sat out"
    new = " (everyone is new)" if entrant is not None and entrant.new else ""
    return [
        "The odd one out (an odd number to pair): of those who may sit, ",
        when,
        ", longest ago; the lowest ranked breaks a tie"
        + new
        + ". The champion, a title challenger and a new fighter never sit.",
    ]


def _unmatched_words(fighter, order, by_id, met, rematch_weeks) -> list[Part]:
    me = by_id[fighter]
    blocked = [(o, _why_not(me, o, met, rematch_weeks)) for o in order if o.id != fighter]
    parts: list[Part] = ["Nobody left he may meet"]
    for other, why in blocked:
        if why:
            parts += ["; ", _f(other.id), f": {why}"]
    return parts


def excluded_words(reason: str, detail: str = "") -> list[Part]:
    """A fighter left out before the pairing (the service's reads)."""
    words = {
        "retired": "Retired",
        "card": "He has no card for the league's ruleset",
        "suspended": "Medically suspended through fight night",
        "resting": "Resting after his last bout (the league's rest days)",
        "booked": "Already booked that night",
    }[reason]
    return [words + (f" ({detail})" if detail else "")]
