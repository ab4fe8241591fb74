from django.apps import AppConfig


class BoutsConfig(AppConfig):
    name = "bouts"
