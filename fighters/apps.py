from django.apps import AppConfig


class FightersConfig(AppConfig):
    name = "fighters"
