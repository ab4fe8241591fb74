from django.apps import AppConfig


class RefereesConfig(AppConfig):
    name = "referees"
