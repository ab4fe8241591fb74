from django.apps import AppConfig


class FightersConfig(AppConfig):
    name = "fighters"

    def ready(self):
        # What the fighter list shows changed: its cached pages go (fighters.list_cache).
        from django.db.models.signals import post_delete, post_save

        from fighters import list_cache
        from fighters.models import Camp, Career, Fighter, RatingCard

        for model in (Fighter, Camp, Career, RatingCard):
            for signal in (post_save, post_delete):
                signal.connect(
                    list_cache.changed,
                    sender=model,
                    dispatch_uid=f"fighters.list_cache.{signal is post_save}.{model.__name__}",
                )
