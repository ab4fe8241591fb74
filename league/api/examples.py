"""Examples the API documentation shows for leagues and managers' requests,
with the small ids a real league has."""

from drf_spectacular.utils import OpenApiExample

LEAGUE_CREATE = OpenApiExample(
    "A boxing league",
    value={
        "name": "North Coast League",
        "slug": "north-coast",
        "ruleset": "titlebout",
        "start_date": "2026-01-10",
        "description": "Twelve-round title fights, three points a win.",
        "rounds": 10,
        "title_rounds": 12,
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
    },
    request_only=True,
)

BOUT_REQUEST_CREATE = OpenApiExample(
    "A named opponent on a fight night",
    value={
        "fighter": 12,
        "opponent": 17,
        "event": 5,
        "message": "A rematch: Hale wants it, so do we.",
    },
    request_only=True,
)

BOUT_REQUEST_WITHIN = OpenApiExample(
    "Anyone within three places",
    value={"fighter": 12, "within": 3, "division": 2},
    request_only=True,
)
