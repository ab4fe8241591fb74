"""Throttles: queueing bouts costs a worker's time, odds cost the web process's."""

from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle


class BoutQueueThrottle(ScopedRateThrottle):
    """The ``bout_queue`` rate of settings (per user, or per address when
    anonymous), whatever the view's own ``throttle_scope``."""

    scope_attr = "bout_queue_scope"


class OddsThrottle(SimpleRateThrottle):
    """Odds run bouts in the request: a fixed rate per user or address."""

    scope = "odds"
    rate = "30/min"

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            ident = request.user.pk
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
