"""The league archive's format (docs/archive.md), as data: pure Python.

An archive is one JSON object: ``format``, ``version``, ``complete``, the
``league`` object and one list per kind of row. Each item of a list is an
object; rows refer to each other by **archive keys**, never by database ids:

- natural keys where the database has them: a camp, region, referee, judge,
  doctor or corner man by its name, a division by its weight class, a person
  by his username;
- archive-local ids elsewhere (``"F1"`` a fighter, ``"B7"`` a bout, ``"E2"``
  an event, ``"S1"`` a season, ``"T1"`` a tournament, ``"C3"`` a card change):
  any string, unique in its list, meaningful only inside the archive.

``SECTIONS`` says, for each list, which model its items become, which key names
an item, and which of its fields refer to which kind. The model's own fields
(settings, names, dates, JSON records) are carried by name beside them; which
ones is the bridge's business (``league.archive.codec``): every stored column
of the model but its id, its automatic timestamps and what ``exclude`` names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORMAT = "ringside-league-archive"
VERSION = 1
SUPPORTED_VERSIONS = (1,)

USER = "user"  # a username: the kind no section holds


@dataclass(frozen=True, eq=False)
class Section:
    """How one kind of archive item maps to a model.

    ``refs``: archive field -> kind referred to (a trailing ``?``: may be null);
    ``lists``: archive field -> kind of each element; ``children``: archive field
    -> the section of each nested item; ``one``: a nested object or null;
    ``kind``/``key``: the kind an item is and the field that names it, for the
    kinds others refer to; ``extra``: fields handled by hand (not the model's);
    ``exclude``: the model's fields not carried."""

    model: str
    kind: str | None = None
    key: str | None = None
    refs: dict[str, str] = field(default_factory=dict)
    lists: dict[str, str] = field(default_factory=dict)
    children: dict[str, Section] = field(default_factory=dict)
    one: dict[str, Section] = field(default_factory=dict)
    extra: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()


def _official(model: str, kind: str) -> Section:
    return Section(model=model, kind=kind, key="name")


CARD = Section(model="fighters.RatingCard", exclude=("rating",))
CARD_CHANGE = Section(
    model="fighters.CardChange",
    kind="card_change",
    key="id",
    refs={"changed_by": USER + "?"},
    extra=("id", "changed_at"),
)
STANDING_PLAN = Section(model="bouts.DefaultPlan", refs={"author": USER + "?"})
SUSPENSION = Section(model="bouts.MedicalSuspension", refs={"bout": "bout?"})

FIGHTER = Section(
    model="fighters.Fighter",
    kind="fighter",
    key="id",
    refs={"camp": "camp?", "region": "region?"},
    children={
        "cards": CARD,
        "card_history": CARD_CHANGE,
        "standing_plans": STANDING_PLAN,
        "suspensions": SUSPENSION,
    },
    extra=("id", "region"),
)

FIXTURE = Section(
    model="league.SeasonFixture",
    refs={
        "red": "fighter?",
        "blue": "fighter?",
        "red_camp": "camp?",
        "blue_camp": "camp?",
        "bout": "bout?",
    },
)
SEASON = Section(
    model="league.Season",
    kind="season",
    key="id",
    refs={"division": "division", "champion": "fighter?", "champion_camp": "camp?"},
    children={"fixtures": FIXTURE},
    extra=("id",),
)

ENTRY = Section(model="league.TournamentEntry", refs={"fighter": "fighter?", "camp": "camp?"})
MATCH = Section(model="league.TournamentMatch", refs={"bout": "bout?"})
STAGE = Section(model="league.TournamentStage")
TOURNAMENT = Section(
    model="league.Tournament",
    kind="tournament",
    key="id",
    refs={"division": "division", "champion": "fighter?", "champion_camp": "camp?"},
    children={"stages": STAGE, "entries": ENTRY, "matches": MATCH},
    extra=("id",),
)

EVENT = Section(
    model="league.Event",
    kind="event",
    key="id",
    refs={"season": "season?", "tournament": "tournament?"},
    extra=("id",),
)

FIGHTER_ROW = {"fighter": "fighter?"}
BOUT = Section(
    model="bouts.Bout",
    kind="bout",
    key="id",
    refs={
        "event": "event?",
        "division": "division?",
        "red": "fighter?",
        "blue": "fighter?",
        "red_camp": "camp?",
        "blue_camp": "camp?",
        "referee": "referee?",
        "judge_1": "judge?",
        "judge_2": "judge?",
        "judge_3": "judge?",
        "doctor": "doctor?",
        "red_corner": "corner_man?",
        "blue_corner": "corner_man?",
        "voided_by": USER + "?",
        "regional_title": "region?",
    },
    one={"result": Section(model="bouts.Result", extra=("recorded_at",))},
    children={
        "round_stats": Section(model="bouts.RoundStat"),
        "judge_scores": Section(model="bouts.JudgeScore", refs={"judge": "judge?"}),
        "knockdowns": Section(model="bouts.Knockdown", refs=FIGHTER_ROW),
        "injuries": Section(model="bouts.Injury", refs=FIGHTER_ROW),
        "fouls": Section(model="bouts.Foul", refs=FIGHTER_ROW),
        "fighter_lines": Section(model="bouts.BoutFighterLine", refs=FIGHTER_ROW),
        "plan_versions": Section(
            model="bouts.BoutPlan", refs={"author": USER + "?"}, extra=("created_at",)
        ),
        "trainings": Section(
            model="league.Training",
            refs={"fighter": "fighter", "chosen_by": USER + "?", "change": "card_change?"},
        ),
        "career_bouts": Section(model="league.CareerBout", refs={"fighter": "fighter"}),
    },
    extra=("id", "regional_title"),
    # A request's retry key belongs to the installation that took the request.
    exclude=("idempotency_key",),
)

DIVISION = Section(
    model="league.Division",
    kind="division",
    key="weight_class",
    lists={"fighters": "fighter", "camps": "camp", "regional_titles": "region"},
    extra=("title", "regional_titles"),
)

BOUT_REQUEST = Section(
    model="league.BoutRequest",
    refs={
        "division": "division",
        "fighter": "fighter",
        "camp": "camp",
        "opponent": "fighter",
        "opponent_camp": "camp?",
        "event": "event?",
        "bout": "bout?",
        "requested_by": USER + "?",
        "answered_by": USER + "?",
        "decided_by": USER + "?",
    },
    extra=("created_at",),
)

MANAGER = Section(
    model="league.LeagueMembership",
    refs={"user": USER, "invited_by": USER + "?"},
    extra=("joined_at",),
)
# The awards are computed from the bouts (derived); that a league season's awards
# were handed out, on which league date and by whom, is what the archive keeps.
AWARDS_HANDED_OUT = Section(
    model="league.Award",
    refs={"handed_out_by": USER + "?"},
    exclude=("kind", "score", "summary", "rule"),
)
LEAGUE = Section(
    model="league.League",
    lists={"commissioners": USER},
    children={"managers": MANAGER, "awards_handed_out": AWARDS_HANDED_OUT},
)

# A challenge ladder (league.ladders): its rungs and its challenges (which point
# at their bouts: written after the bouts).
RUNG = Section(model="league.LadderRung", refs={"fighter": "fighter"})
CHALLENGE = Section(
    model="league.LadderChallenge",
    refs={
        "challenger": "fighter",
        "defender": "fighter",
        "bout": "bout?",
        "issued_by": USER + "?",
    },
)
LADDER = Section(
    model="league.Ladder",
    refs={"division": "division"},
    children={"rungs": RUNG, "challenges": CHALLENGE},
)

# The lists of an archive, in the order they are written (a list refers only
# to kinds of the lists before it, but for the bouts fixtures, matches,
# suspensions and requests point at: those rows are written after the bouts).
SECTIONS: dict[str, Section] = {
    "regions": Section(model="league.Region", kind="region", key="name"),
    "camps": Section(
        model="fighters.Camp",
        kind="camp",
        key="name",
        refs={"owner": USER + "?"},
        children={"standing_plans": STANDING_PLAN},
    ),
    "referees": _official("referees.Referee", "referee"),
    "judges": _official("referees.Judge", "judge"),
    "doctors": _official("referees.Doctor", "doctor"),
    "corner_men": Section(
        model="fighters.CornerMan", kind="corner_man", key="name", refs={"camp": "camp?"}
    ),
    "fighters": FIGHTER,
    "divisions": DIVISION,
    "seasons": SEASON,
    "tournaments": TOURNAMENT,
    "events": EVENT,
    "bouts": BOUT,
    "bout_requests": BOUT_REQUEST,
    "career_states": Section(model="league.CareerState", refs={"fighter": "fighter"}),
    # A season break's steps (league.calendar.season_break); ``retire_due``
    # names its fighters by archive key.
    "season_breaks": Section(model="league.SeasonBreak"),
    "hall_of_fame": Section(
        model="league.HallOfFamer", refs={"fighter": "fighter", "inducted_by": USER + "?"}
    ),
    "ladders": LADDER,
}

TOP_LEVEL = ("format", "version", "complete", "league", *SECTIONS)

# Tables a league has that an archive does not carry, and why (docs/archive.md).
DERIVED_TABLES = {
    "league.Standing": "season tables",
    "league.Rating": "rankings (current ratings)",
    "league.RatingHistory": "rating after each bout",
    "league.Title": "the belt's current champion (its name is carried on the division)",
    "league.Reign": "title lineages",
    "league.RegionalTitle": "regional champions (which regions have a belt is carried)",
    "league.RegionalReign": "regional lineages",
    "league.DivisionProjection": "the projector's watermark",
    "league.ProjectionRequest": "the projector's pending work",
    "fighters.Career": "fighters' records",
    "league.RecordLine": "the record book's lines",
    "league.Award": "awards (which league seasons had them handed out, when and by whom: carried)",
}
NOT_CARRIED = {
    "league.Invitation": "invitation links are secrets of the installation that made them",
    "league.AdvanceJob": "play-until jobs are the installation's work log",
    "league.DivisionRun": "the jobs' per-division runs",
    "league.SandboxRun": "a manager's plan trials: his, not the league's",
    "league.Notification": "a user's inbox: his, not the league's",
    "league.Webhook": "webhook addresses and secrets are the installation's",
    "league.WebhookDelivery": "the webhooks' delivery log",
}
