"""Examples the API documentation shows for bouts: a bout booked, and a fought
bout's whole record, with the small ids a real league has."""

from drf_spectacular.utils import OpenApiExample

SCHEDULE = OpenApiExample(
    "A ten-rounder on a fight night",
    value={
        "ruleset": "titlebout",
        "red": 12,
        "blue": 17,
        "event": 5,
        "division": 2,
        "order": 3,
        "scheduled_rounds": 10,
        "referee": 4,
        "is_title_bout": False,
    },
    request_only=True,
)


def _card(judge: int, name: str, rounds: list[tuple[int, int]]) -> dict:
    return {
        "judge_index": judge,
        "judge": judge + 6,
        "judge_name": name,
        "rounds": [{"round": n, "red": r, "blue": b} for n, (r, b) in enumerate(rounds, 1)],
        "total": [sum(r for r, _ in rounds), sum(b for _, b in rounds)],
    }


BOUT = {
    "id": 431,
    "ruleset": "titlebout",
    "event": 5,
    "event_name": "Harbour Nights 5",
    "division": 2,
    "order": 3,
    "date": "2026-03-01",
    "red": 12,
    "blue": 17,
    "red_camp": None,
    "blue_camp": None,
    "red_name": "Denis Bojanić",
    "blue_name": "Marcus Hale",
    "scheduled_rounds": 3,
    "is_title_bout": False,
    "referee": 4,
    "seed": 90210,
    "status": "completed",
    "winner": "red",
    "method": "UD",
    "end_round": 3,
    "end_time": "3:00",
    "referee_name": "Ines Marchetti",
    "judges": [7, 8, 9],
    "doctor": 2,
    "doctor_name": "Dr. Paul Okafor",
    "red_corner": None,
    "red_corner_name": None,
    "blue_corner": None,
    "blue_corner_name": None,
    "options": {},
    "plans": {},
    "failure_reason": "",
    "postponed_reason": "",
    "attempts": 1,
    "created_at": "2026-02-20T10:00:00Z",
    "queued_at": "2026-03-01T20:00:00Z",
    "started_at": "2026-03-01T20:00:02Z",
    "completed_at": "2026-03-01T20:00:03Z",
    "voided_at": None,
    "voided_by": None,
    "void_reason": "",
    "scorecards": [
        _card(1, "Ana Ferreira", [(10, 9), (10, 8), (9, 10)]),
        _card(2, "Tom Reyes", [(10, 9), (10, 8), (10, 9)]),
        _card(3, "Mila Novak", [(9, 10), (10, 8), (10, 9)]),
    ],
    "rounds": [
        {
            "round": 1,
            "red": {"landed": 14, "thrown": 41, "damage": 3.5, "stats": {}},
            "blue": {"landed": 11, "thrown": 38, "damage": 2.0, "stats": {}},
        }
    ],
    "knockdowns": [{"round": 2, "time": "1:10", "side": "blue", "fighter": 17, "count": 8}],
    "injuries": [
        {
            "round": 2,
            "time": "2:05",
            "side": "blue",
            "fighter": 17,
            "type": "cut",
            "location": "left eye",
            "severity": 1,
            "text": "A cut opens over Hale's left eye.",
        }
    ],
    "fouls": [],
    "fighter_lines": [],
    "suspensions": [],
    "play_by_play": [
        {
            "round": 2,
            "clock": "1:10",
            "kind": "knockdown",
            "side": "red",
            "text": "A left hook drops Hale; he is up at eight.",
        }
    ],
    "details": {},
}

BOUT_READ = OpenApiExample(
    "A unanimous decision",
    value=BOUT,
    response_only=True,
    status_codes=["200"],
    description="A fought bout (round statistics and play-by-play shortened).",
)

ROW_FIELDS = [
    *("id", "ruleset", "event", "event_name", "division", "order", "date"),
    *("red", "blue", "red_camp", "blue_camp", "red_name", "blue_name", "scheduled_rounds"),
    *("is_title_bout", "referee", "seed", "status", "winner", "method", "end_round", "end_time"),
]

BOUT_ROW = OpenApiExample(
    "A fighter's last bout",
    value={name: BOUT[name] for name in ROW_FIELDS},
    response_only=True,
    status_codes=["200"],
    description="`GET /api/bouts/?fighter=12`: one bout of the page.",
)
