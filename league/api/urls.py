"""The REST API's router: every app's viewsets under /api/.

The league is the top layer, so it mounts the other apps' endpoints: their
league-scoped viewsets through ``commissioner_writes`` (the commissioners' lookup
only the league can do), and a fighter's bouts, which the bouts app serves."""

from django.urls import path, re_path
from rest_framework.routers import DefaultRouter
from rest_framework.urlpatterns import format_suffix_patterns

from bouts.api.fighter_history import FighterBoutsView
from bouts.api.plans import BoutPlansView, BoutPlanValidateView, StandingPlansView
from bouts.api.views import BoutViewSet
from core.read_cache import cached_patterns
from fighters.api.views import CampViewSet, CardViewSet, CornerManViewSet, FighterViewSet
from referees.api.views import DoctorViewSet, JudgeViewSet, RefereeViewSet

from .career import CareerFighterView, TrainingView
from .competitions import TitleViewSet, TournamentViewSet
from .desk import DeskView
from .exceptions import api_not_found
from .history import HallOfFameView, LeagueHistoryView, RecordBookView, SeasonAwardsView
from .jobs import JobViewSet
from .ladders import LadderChallengeViewSet, LadderViewSet
from .members import InvitationViewSet, MembershipViewSet
from .odds import LeagueOddsView
from .permissions import commissioner_writes
from .regions import DivisionRegionsView, LeagueRegionsView, RegionMembersView
from .requests import BoutRequestViewSet
from .tables import RankingViewSet, StandingViewSet
from .views import DivisionViewSet, EventViewSet, LeagueViewSet, SeasonViewSet

router = DefaultRouter()
router.register("fighters", commissioner_writes(FighterViewSet), basename="fighter")
router.register("cards", commissioner_writes(CardViewSet), basename="card")
router.register("camps", commissioner_writes(CampViewSet), basename="camp")
router.register("corner-men", commissioner_writes(CornerManViewSet), basename="cornerman")
router.register("referees", RefereeViewSet, basename="referee")
router.register("judges", JudgeViewSet, basename="judge")
router.register("doctors", DoctorViewSet, basename="doctor")
router.register("leagues", LeagueViewSet, basename="league")
router.register("divisions", DivisionViewSet, basename="division")
router.register("seasons", SeasonViewSet, basename="season")
router.register("events", EventViewSet, basename="event")
router.register("bouts", commissioner_writes(BoutViewSet), basename="bout")
router.register("standings", StandingViewSet, basename="standing")
router.register("rankings", RankingViewSet, basename="ranking")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("titles", TitleViewSet, basename="title")
router.register("ladders", LadderViewSet, basename="ladder")
router.register("ladder-challenges", LadderChallengeViewSet, basename="ladderchallenge")
router.register("jobs", JobViewSet, basename="job")
# Managers (docs/managers.md).
router.register("bout-requests", BoutRequestViewSet, basename="boutrequest")
router.register("memberships", MembershipViewSet, basename="membership")
router.register("invitations", InvitationViewSet, basename="invitation")

# The fighter's sub-resource, matched as the router matches its own detail routes
# (any id text: a bad one is the API's JSON 404, not the site's page).
fighter_bouts = format_suffix_patterns(
    [
        re_path(
            r"^fighters/(?P<pk>[^/.]+)/bouts/$",
            FighterBoutsView.as_view(),
            name="fighter-bouts",
        )
    ]
)

# A bout's fight plans: written by the sides' managers (not the commissioners'
# writes of the bouts viewset), so mounted beside it.
bout_plans = [
    path("bouts/<int:pk>/plans/", BoutPlansView.as_view(), name="bout-plans"),
    path(
        "bouts/<int:pk>/plans/validate/",
        BoutPlanValidateView.as_view(),
        name="bout-plans-validate",
    ),
    path("standing-plans/", StandingPlansView.as_view(), name="standing-plans"),
]

# The public reads kept ready until what they show changes (core.read_cache,
# docs/fans.md); a bout's detail too (under it, bouts.report_cache keeps the
# record per bout across unrelated changes). Not here: odds (priced, and
# throttled, per request), and what needs signing in.
CACHED_READS = {
    *(
        f"{basename}-{route}"
        for basename in (
            "fighter",
            "card",
            "camp",
            "cornerman",
            "referee",
            "judge",
            "doctor",
            "league",
            "division",
            "season",
            "event",
            "tournament",
            "title",
            "bout",
            "ladder",
            "ladderchallenge",
        )
        for route in ("list", "detail")
    ),
    "fighter-career",
    "fighter-bouts",
    "standing-list",
    "ranking-list",
    "tournament-bracket",
    "api-division-regions",
    "api-regions",
    "api-region-members",
    "api-history",
    "api-records",
    "api-hall-of-fame",
    "api-season-awards",
}

urlpatterns = [
    path("odds/", LeagueOddsView.as_view(), name="odds"),
    path("desk/", DeskView.as_view(), name="api-desk"),
    *bout_plans,
    # The career game (docs/career.md).
    path("leagues/<slug:slug>/career/", CareerFighterView.as_view(), name="api-career"),
    path("bouts/<int:pk>/training/", TrainingView.as_view(), name="api-training"),
    path("divisions/<int:pk>/regions/", DivisionRegionsView.as_view(), name="api-division-regions"),
    path("leagues/<slug:slug>/regions/", LeagueRegionsView.as_view(), name="api-regions"),
    path(
        "leagues/<slug:slug>/regions/members/",
        RegionMembersView.as_view(),
        name="api-region-members",
    ),
    # A league's history (docs/history.md).
    path("leagues/<slug:slug>/history/", LeagueHistoryView.as_view(), name="api-history"),
    path("leagues/<slug:slug>/records/", RecordBookView.as_view(), name="api-records"),
    path("leagues/<slug:slug>/hall-of-fame/", HallOfFameView.as_view(), name="api-hall-of-fame"),
    path("seasons/<int:pk>/awards/", SeasonAwardsView.as_view(), name="api-season-awards"),
    *fighter_bouts,
    *router.urls,
]
urlpatterns = [
    *cached_patterns(urlpatterns, CACHED_READS),
    # Anything else under /api/ (a float or a word where an id goes, a newline in
    # a slug: "." would not match it) is the API's JSON 404, not the site's HTML page.
    re_path(r"^[\s\S]*/$", api_not_found),
]
