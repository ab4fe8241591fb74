"""The odds endpoint as the league mounts it: hidden cards (league.card_visibility)
are refused, so odds never tell what a hidden card holds (docs/career.md)."""

from bouts.api.odds import OddsView

from ..card_visibility import hidden_card_fighters


class LeagueOddsView(OddsView):
    __doc__ = OddsView.__doc__

    def hidden_card_fighters(self, request):
        return hidden_card_fighters(request.user)
