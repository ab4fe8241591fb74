from django.apps import AppConfig


class BoutsConfig(AppConfig):
    name = "bouts"

    def ready(self):
        # Register the Celery tasks in every process (web, commands, workers):
        # the request side sends them by name (bouts.services.scheduling).
        from bouts import tasks  # noqa: F401

        # Commissioners' scope: a fighter or camp belongs to the leagues it has
        # fought in, which only the bouts know (fighters.scope).
        from bouts.selectors import leagues_fought_in_by_camps, leagues_fought_in_by_fighters
        from fighters.scope import register_fought_in

        register_fought_in(fighters=leagues_fought_in_by_fighters, camps=leagues_fought_in_by_camps)

        # An official belongs to the leagues whose bouts he works (referees.scope).
        from bouts.selectors import leagues_officiated_by
        from referees.scope import register_worked_in

        register_worked_in(leagues_officiated_by)
