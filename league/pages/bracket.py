"""A tournament bracket for people: rounds named the way fight posters name them
(final, semi-final, quarter-final, round of 16 ...) and the geometry of the
bracket picture, an inline SVG drawn by the template (no script, no external
asset). Pure functions of the selector's BracketLines."""

from __future__ import annotations

from dataclasses import dataclass, field

from bouts.engine.result import DECISIONS

BOX_WIDTH = 210
BOX_HEIGHT = 64  # two name lines and a result line
COLUMN_GAP = 36
ROW_GAP = 18
HEADING = 28  # room for the round names above the columns
NAME_CHARS = 24  # longer names are shortened in the picture (the list below has them whole)

# How a tournament settles a draw, for its page (Tournament.draw_rule).
DRAW_RULE_WORDS = {
    "cards": "the judges' cards re-read (rounds won, the stronger finish, the higher seed)",
    "decider": "a decider bout between the same two (a drawn decider: the higher seed)",
    "seed": "the higher seed goes through",
}


def _parse(key: str) -> tuple[str, int]:
    """``"W2.3"`` -> ``("W", 2)``; ``"F1"`` -> ``("F", 1)``."""
    part = key.partition(".")[0]
    return part[0], int(part[1:])


def round_name(key: str, *, winners_rounds: int, losers_rounds: int, double: bool) -> str:
    """The name of the round a match belongs to.

    Single elimination: the last round is the final, then semi-finals,
    quarter-finals, and "round of N" before them. Double elimination has a
    winners' and a losers' bracket and a grand final (with its reset)."""
    bracket, number = _parse(key)
    if bracket == "F":
        return "Grand final" if number == 1 else "Grand final reset"
    if bracket == "L":
        return "Losers' final" if number == losers_rounds else f"Losers' round {number}"
    from_last = winners_rounds - number
    if from_last == 0:
        name = "Final"
    elif from_last == 1:
        name = "Semi-finals"
    elif from_last == 2:
        name = "Quarter-finals"
    else:
        name = f"Round of {2 ** (from_last + 1)}"
    return f"Winners' {name.lower()}" if double else name


def match_name(round_title: str) -> str:
    """One match of a round: "Semi-finals" -> "Semi-final"."""
    return round_title[:-1] if round_title.endswith("finals") else round_title


@dataclass
class Round:
    key: str  # "W2", "L1", "F1"
    name: str
    matches: list = field(default_factory=list)


def rounds(lines, *, double: bool) -> list[Round]:
    """The bracket's matches grouped by round (winners' bracket, then losers',
    then the grand final), each round named; every line gets ``round_name``,
    ``match_name`` and ``decision`` (went to the cards) attributes."""
    winners = max((_parse(line.key)[1] for line in lines if line.key[0] == "W"), default=0)
    losers = max((_parse(line.key)[1] for line in lines if line.key[0] == "L"), default=0)
    grouped: dict[str, Round] = {}
    for line in lines:
        bracket, number = _parse(line.key)
        round_key = f"{bracket}{number}"
        if round_key not in grouped:
            name = round_name(line.key, winners_rounds=winners, losers_rounds=losers, double=double)
            grouped[round_key] = Round(round_key, name)
        line.round_name = grouped[round_key].name
        line.match_name = match_name(line.round_name)
        line.decision = line.method in DECISIONS  # "over 12 rounds", not "in round 12"
        grouped[round_key].matches.append(line)
    return sorted(grouped.values(), key=lambda r: ("WLF".index(r.key[0]), int(r.key[1:])))


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1].rstrip() + "…"


def _slot_text(who, seed, *, bye: bool) -> str:
    if who is None:
        return "bye" if bye else "to be decided"
    return f"{seed}. {_short(who.name)}" if seed else _short(who.name)


def picture(bracket_rounds: list[Round]) -> dict:
    """Boxes, connector lines and round titles of the bracket picture.

    Each bracket (winners', losers', grand final) is a band of columns, one
    column per round; a match sits level with the matches it draws winners from
    (midway between two), otherwise in the next free row of its column. The
    bands are stacked."""
    boxes, links, titles = [], [], []
    centre: dict[str, tuple[float, float, float]] = {}  # key -> (right x, middle y, left x)
    top = 0.0
    for band in "WLF":
        band_rounds = [r for r in bracket_rounds if r.key[0] == band]
        if not band_rounds:
            continue
        band_bottom = top
        for column, rnd in enumerate(band_rounds):
            x = column * (BOX_WIDTH + COLUMN_GAP)
            titles.append({"x": x + BOX_WIDTH / 2, "y": top + 18, "text": rnd.name})
            next_free = top + HEADING
            for line in rnd.matches:
                feeders = [
                    centre[ref]
                    for kind, ref in line.sources
                    if kind == "winner" and ref in centre and str(ref)[0] == band
                ]
                if feeders:
                    middle = sum(f[1] for f in feeders) / len(feeders)
                    y = max(middle - BOX_HEIGHT / 2, next_free)
                else:
                    y = next_free
                next_free = y + BOX_HEIGHT + ROW_GAP
                band_bottom = max(band_bottom, next_free)
                middle = y + BOX_HEIGHT / 2
                for fx, fy, _fl in feeders:
                    elbow = fx + COLUMN_GAP / 2
                    links.append(
                        {"points": f"{fx},{fy} {elbow},{fy} {elbow},{middle} {x},{middle}"}
                    )
                centre[line.key] = (x + BOX_WIDTH, middle, x)
                won = line.winner
                red = _slot_text(line.red, line.red_seed, bye=False)
                blue = _slot_text(line.blue, line.blue_seed, bye=line.status == "bye")
                boxes.append(
                    {
                        "x": x,
                        "y": y,
                        "key": line.key,
                        "final": line.final,
                        "bout_id": line.bout_id,
                        "label": f"{line.match_name}: {red} v {blue}"
                        + (f" ({line.through})" if getattr(line, "through", "") else ""),
                        "red": red,
                        "blue": blue,
                        "red_won": won is not None and won is line.red,
                        "blue_won": won is not None and won is line.blue,
                        "red_y": y + 20,
                        "blue_y": y + 40,
                        "result_y": y + 57,
                        "text_x": x + 8,
                        "result": _result_text(line),
                    }
                )
        top = band_bottom + ROW_GAP
    width = max((b["x"] for b in boxes), default=0) + BOX_WIDTH + 2
    return {
        "width": width,
        "height": max(top, HEADING + BOX_HEIGHT),
        "box_width": BOX_WIDTH,
        "box_height": BOX_HEIGHT,
        "boxes": boxes,
        "links": links,
        "titles": titles,
    }


def _result_text(line) -> str:
    if line.method and line.decision:
        return f"{line.method}, {line.end_round} rounds"
    if line.method:
        return f"{line.method}, round {line.end_round}"
    if line.walkover:
        return "walkover"
    return {"bye": "bye", "skipped": "not needed", "ready": "to be fought"}.get(line.status, "")
