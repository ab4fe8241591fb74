"""Examples the API documentation shows for fighters and their cards: what a
script author sends and gets back, with the small ids a real league has."""

from drf_spectacular.utils import OpenApiExample

FIGHTER = {
    "id": 12,
    "name": "Denis Bojanić",
    "nickname": "The Anvil",
    "nationality": "Croatia",
    "date_of_birth": "1998-04-17",
    "stance": "southpaw",
    "height_cm": 183,
    "reach_cm": 188,
    "weight_class": "middleweight",
    "camp": 3,
    "camp_name": "Split Harbour Boxing",
    "is_active": True,
    "retired_on": None,
    "record": "16-2-0",
    "cards": [
        {"id": 21, "ruleset": "titlebout", "rating": 78.4, "updated_at": "2026-03-02T21:40:11Z"}
    ],
    "created_at": "2025-11-03T09:12:44Z",
    "updated_at": "2026-03-02T21:40:11Z",
}

FIGHTER_READ = OpenApiExample(
    "A middleweight with one card", value=FIGHTER, response_only=True, status_codes=["200"]
)

FIGHTER_ROW = OpenApiExample(
    "A page of middleweights",
    value=FIGHTER,
    response_only=True,
    status_codes=["200"],
    description="`GET /api/fighters/?weight_class=middleweight`: one fighter of the page.",
)

FIGHTER_CREATE = OpenApiExample(
    "A new middleweight",
    value={
        "name": "Denis Bojanić",
        "nickname": "The Anvil",
        "nationality": "Croatia",
        "date_of_birth": "1998-04-17",
        "stance": "southpaw",
        "height_cm": 183,
        "reach_cm": 188,
        "weight_class": "middleweight",
        "camp": 3,
    },
    request_only=True,
)

CAREER = OpenApiExample(
    "Sixteen wins, two losses",
    value={
        "fighter": 12,
        "record": "16-2-0",
        "bouts": 18,
        "wins": 16,
        "losses": 2,
        "draws": 0,
        "ko_wins": 7,
        "tko_wins": 4,
        "ko_losses": 0,
        "tko_losses": 1,
        "dq_wins": 0,
        "dq_losses": 0,
        "title_fights": 3,
        "title_wins": 2,
        "last_bout_on": "2026-03-01",
    },
    response_only=True,
    status_codes=["200"],
)

CARD = OpenApiExample(
    "A Title Bout card",
    value={
        "id": 21,
        "fighter": 12,
        "fighter_name": "Denis Bojanić",
        "ruleset": "titlebout",
        "data": {
            "rating": 78,
            "style": "B",
            "southpaw": True,
            "traits": [],
            "agg": 8,
            "end": 91,
            "cut": 4,
            "foul": "B",
            "strategy": {"FI": 6, "FO": 7, "CU": 7, "KO": 6},
        },
        "rating": 78.4,
        "updated_at": "2026-03-02T21:40:11Z",
    },
    response_only=True,
    status_codes=["200"],
    description="The card's `data` is in the ruleset's terms (shortened here).",
)
