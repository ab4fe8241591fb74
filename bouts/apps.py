from django.apps import AppConfig


class BoutsConfig(AppConfig):
    name = "bouts"

    def ready(self):
        # Register the Celery tasks in every process (web, commands, workers):
        # the request side sends them by name (bouts.services.scheduling).
        from bouts import tasks  # noqa: F401
