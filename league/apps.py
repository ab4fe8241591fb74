from django.apps import AppConfig


class LeagueConfig(AppConfig):
    verbose_name = "League"
    name = "league"

    def ready(self):
        # The league listens to what the bouts app announces (docs/layers.md).
        from league import receivers

        receivers.connect()
        # Public reads kept ready until what they show changes (core.read_cache).
        from league import read_models

        read_models.connect()
        # Word when it happens: notices, email and webhooks (league.notices).
        from league.notices import receivers as notice_receivers

        notice_receivers.connect()
        # Challenge ladders follow their challenges' bouts (league.ladders).
        from league.ladders import receivers as ladder_receivers

        ladder_receivers.connect()

        # Who commissions what, for every layer's write services (core.scoping).
        from core.scoping import register_commissioned_lookup
        from league.selectors import commissioned_league_ids

        register_commissioned_lookup(commissioned_league_ids)
