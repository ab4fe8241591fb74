from django.apps import AppConfig


class LeagueConfig(AppConfig):
    verbose_name = "League"
    name = "league"

    def ready(self):
        # The league listens to what the bouts app announces (docs/layers.md).
        from league import receivers

        receivers.connect()
