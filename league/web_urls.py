"""The site's pages. Pages showing several apps' data live in the highest app they
need: the fighter page (his bouts and ratings) in the league, the officials' pages
(the bouts they worked) in bouts."""

from django.urls import include, path

from bouts import official_pages, plan_page
from bouts import views as bout_views
from core.read_cache import cached_patterns

from . import career_views, fighter_page, manager_views, scouting, views
from .history import views as history
from .ladders import views as ladder_views
from .notices import views as notices
from .pages import events, fighters
from .sandbox import views as sandbox

# The public pages kept ready until what they show changes (core.read_cache,
# docs/fans.md); a bout's report too (under it, bouts.report_cache keeps it per
# bout across unrelated changes). Not here: the plan sandbox, and what needs
# signing in.
CACHED_PAGES = {
    "home",
    "league",
    "league-history",
    "events",
    "event",
    "event-status",
    "division",
    "title",
    "division-regions",
    "tournament",
    "ladder",
    "fighters",
    "fighter",
    "fighter-scouting",
    "bout",
    "plan-help",
    "referee",
    "judge",
    "doctor",
}

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/<slug:slug>/", views.league_detail, name="league"),
    path("leagues/<slug:slug>/history/", history.league_history, name="league-history"),
    path("events/", events.event_list, name="events"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/status.json", events.event_status, name="event-status"),
    path("divisions/<int:pk>/", views.division_detail, name="division"),
    path("divisions/<int:pk>/title/", views.title_detail, name="title"),
    path("divisions/<int:pk>/regions/", views.division_regions, name="division-regions"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("ladders/<int:pk>/", ladder_views.ladder_detail, name="ladder"),
    path("ladders/<int:pk>/challenge/", ladder_views.ladder_challenge, name="ladder-challenge"),
    path("fighters/", fighters.fighter_index, name="fighters"),
    path("fighters/<int:pk>/", fighter_page.fighter_detail, name="fighter"),
    path("fighters/<int:pk>/retire/", fighter_page.fighter_retire_own, name="fighter-retire"),
    path(
        "fighters/<int:pk>/standing-plan/<str:ruleset>/",
        plan_page.standing_plan,
        name="standing-plan",
    ),
    path("fighters/<int:pk>/scouting/", scouting.fighter_scouting, name="fighter-scouting"),
    path("bouts/<int:pk>/", bout_views.bout_report, name="bout"),
    path("bouts/<int:pk>/plan/<str:side>/", plan_page.bout_plan, name="bout-plan"),
    path(
        "fighters/<int:pk>/standing-plan/<str:ruleset>/check/",
        plan_page.standing_plan_check,
        name="standing-plan-check",
    ),
    path("help/plans/", plan_page.plan_help, name="plan-help"),
    # The plan sandbox (docs/plans.md, "Try this plan").
    path("bouts/<int:pk>/plan/<str:side>/try/", sandbox.bout_plan_try, name="bout-plan-try"),
    path(
        "fighters/<int:pk>/standing-plan/<str:ruleset>/try/",
        sandbox.standing_plan_try,
        name="standing-plan-try",
    ),
    path("sandbox/<int:pk>/", sandbox.sandbox_detail, name="sandbox-run"),
    path("sandbox/<int:pk>/progress.json", sandbox.sandbox_progress, name="sandbox-progress"),
    path("sandbox/<int:pk>/again/", sandbox.sandbox_again, name="sandbox-again"),
    path("referees/<int:pk>/", official_pages.referee_detail, name="referee"),
    path("judges/<int:pk>/", official_pages.judge_detail, name="judge"),
    path("doctors/<int:pk>/", official_pages.doctor_detail, name="doctor"),
    # Managers (docs/managers.md).
    path("desk/", manager_views.desk, name="desk"),
    path("desk/requests/new/", manager_views.request_new, name="bout-request-new"),
    path("requests/<int:pk>/", manager_views.request_detail, name="bout-request"),
    path("requests/<int:pk>/<slug:act>/", manager_views.request_act, name="bout-request-act"),
    path("leagues/<slug:slug>/managers/", manager_views.league_managers, name="league-managers"),
    path("join/<str:token>/", manager_views.join, name="join"),
    # The career game (docs/career.md).
    path(
        "leagues/<slug:slug>/career/new-fighter/",
        career_views.new_fighter,
        name="career-new-fighter",
    ),
    path("bouts/<int:pk>/training/", career_views.bout_training, name="bout-training"),
    path("join/<str:token>/sign-up/", manager_views.sign_up, name="sign-up"),
    # Word when it happens (docs/managers.md).
    path("inbox/", notices.inbox, name="inbox"),
    path("inbox/read/", notices.inbox_read, name="inbox-read"),
    path("inbox/settings/", notices.inbox_settings, name="inbox-settings"),
    path("inbox/settings/feed/", notices.feed_renew, name="inbox-feed-renew"),
    path("managers/<str:token>/fights.ics", notices.fight_feed, name="fight-feed"),
    path("console/", include("league.console.urls")),
]
urlpatterns = cached_patterns(urlpatterns, CACHED_PAGES)
