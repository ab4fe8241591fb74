from django.apps import AppConfig


class LeagueConfig(AppConfig):
    verbose_name = "League"
    name = "league"
