"""/console/: the commissioner's console."""

from django.urls import path

from . import (
    archive,
    calendar,
    card_files,
    cards,
    competitions,
    fighter,
    ladders,
    officials,
    regions,
    views,
    webhooks,
)

app_name = "console"

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/new/", views.league_new, name="league-new"),
    path("leagues/<slug:slug>/", views.league_page, name="league"),
    path("leagues/<slug:slug>/play/", calendar.league_play, name="league-play"),
    path("jobs/<int:pk>/cancel/", calendar.job_cancel, name="job-cancel"),
    path("leagues/<slug:slug>/break/", calendar.break_step, name="break-step"),
    path("seasons/<int:pk>/close/", calendar.season_close, name="season-close"),
    path("leagues/<slug:slug>/settings/", views.league_edit, name="league-edit"),
    path("leagues/<slug:slug>/archive/", archive.league_archive, name="league-archive"),
    path("leagues/<slug:slug>/divisions/", views.division_new, name="division-new"),
    path("leagues/<slug:slug>/events/", views.event_new, name="event-new"),
    path("leagues/<slug:slug>/cards/", card_files.card_file_page, name="card-file"),
    path(
        "leagues/<slug:slug>/cards/confirm/", card_files.card_file_confirm, name="card-file-confirm"
    ),
    path("leagues/<slug:slug>/officials/", officials.officials_page, name="officials"),
    path(
        "leagues/<slug:slug>/officials/<str:kind>/",
        officials.official_new,
        name="official-new",
    ),
    path(
        "leagues/<slug:slug>/officials/<str:kind>/<int:pk>/",
        officials.official_edit,
        name="official-edit",
    ),
    path("leagues/<slug:slug>/fighters/<int:pk>/", fighter.fighter_page, name="fighter"),
    path("leagues/<slug:slug>/fighters/<int:pk>/card/", fighter.fighter_card, name="fighter-card"),
    path(
        "leagues/<slug:slug>/fighters/<int:pk>/retire/",
        fighter.fighter_retire_view,
        name="fighter-retire",
    ),
    path(
        "leagues/<slug:slug>/fighters/<int:pk>/unretire/",
        fighter.fighter_unretire_view,
        name="fighter-unretire",
    ),
    path(
        "leagues/<slug:slug>/fighters/<int:pk>/rosters/<int:division_pk>/<str:action>/",
        fighter.fighter_roster,
        name="fighter-roster",
    ),
    path("leagues/<slug:slug>/regions/", regions.regions_page, name="regions"),
    path("leagues/<slug:slug>/regions/new/", regions.region_new, name="region-new"),
    path("leagues/<slug:slug>/regions/members/", regions.region_member, name="region-member"),
    path("leagues/<slug:slug>/regions/many/", regions.region_bulk, name="region-bulk"),
    path("leagues/<slug:slug>/webhooks/", webhooks.webhooks_page, name="webhooks"),
    path("leagues/<slug:slug>/webhooks/new/", webhooks.webhook_new, name="webhook-new"),
    path("webhooks/<int:pk>/<slug:act>/", webhooks.webhook_act, name="webhook-act"),
    path("divisions/<int:pk>/", views.division_page, name="division"),
    path("divisions/<int:pk>/name/", views.division_rename, name="division-rename"),
    path(
        "divisions/<int:pk>/seasons/<int:season_pk>/name/",
        views.season_rename,
        name="season-rename",
    ),
    path("divisions/<int:pk>/roster/", views.roster_generate, name="roster-generate"),
    path("divisions/<int:pk>/seasons/", views.season_new, name="season-new"),
    path("divisions/<int:pk>/tournaments/", views.tournament_new, name="tournament-new"),
    path("divisions/<int:pk>/ladders/", ladders.ladder_new, name="ladder-new"),
    path("ladders/<int:pk>/", ladders.ladder_page, name="ladder"),
    path("ladders/<int:pk>/challenges/", ladders.challenge_new, name="challenge-new"),
    path("challenges/<int:pk>/withdraw/", ladders.challenge_withdraw, name="challenge-withdraw"),
    path(
        "divisions/<int:pk>/competitions/",
        competitions.competition_new,
        name="competition-new",
    ),
    path("tournaments/<int:pk>/", competitions.tournament_page, name="tournament"),
    path("tournaments/<int:pk>/seeds/", competitions.tournament_seeds, name="tournament-seeds"),
    path("tournaments/<int:pk>/start/", competitions.tournament_start, name="tournament-start"),
    path("events/<int:pk>/", cards.event_page, name="event"),
    path("events/<int:pk>/bouts/", cards.bout_add, name="bout-add"),
    path("events/<int:pk>/fight/", cards.card_fight, name="card-fight"),
    path("bouts/<int:pk>/move/", cards.bout_move, name="bout-move"),
    path("bouts/<int:pk>/remove/", cards.bout_remove, name="bout-remove"),
    path("bouts/<int:pk>/requeue/", cards.bout_requeue, name="bout-requeue"),
    path("bouts/<int:pk>/rebook/", cards.bout_rebook, name="bout-rebook"),
    path("bouts/<int:pk>/void/", cards.bout_void_page, name="bout-void"),
]
