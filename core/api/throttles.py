"""Throttles by cost: queueing bouts costs a worker's time, odds the web
process's, and one request can cost one bout or a hundred (a season's schedule).
So the rates count bouts, not requests.

A ``CostThrottle`` lets a request in while its client has budget left in the
window; the view then charges what the request really cost (``spend``: bouts
queued, known once they are), or, when the cost is known before the work and
the work is done in the request (odds), refuses up front a request that would
overdraw (``reserve``). Rates come from settings (``DEFAULT_THROTTLE_RATES``),
per user, or per address for anonymous clients.
"""

from rest_framework.exceptions import Throttled
from rest_framework.throttling import SimpleRateThrottle


class CostThrottle(SimpleRateThrottle):
    """A rate of units (``num_requests`` per ``duration``) spent by requests; the
    cache keeps ``[(time, cost), ...]`` per client."""

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            ident = request.user.pk
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def _load(self) -> list[tuple[float, int]]:
        cutoff = self.now - self.duration
        return [(t, c) for t, c in self.cache.get(self.key, []) if t > cutoff]

    def used(self) -> int:
        return sum(cost for _, cost in self.history)

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        self.now = self.timer()
        self.history = self._load()
        if self.used() >= self.num_requests:
            return self.throttle_failure()
        # The view charges the request's cost to the throttles that let it in.
        request.cost_throttles = [*getattr(request, "cost_throttles", ()), self]
        return True

    def wait(self, cost: int = 1):
        """Seconds until ``cost`` units are free again (oldest spending first)."""
        over = self.used() + cost - self.num_requests
        for spent_at, spent in sorted(self.history):
            over -= spent
            if over <= 0:
                return max(0.0, spent_at + self.duration - self.now)
        return float(self.duration)

    def spend(self, cost: int) -> None:
        if cost <= 0:
            return
        self.now = self.timer()
        self.history = [*self._load(), (self.now, cost)]
        self.cache.set(self.key, self.history, self.duration)


def spend(request, cost: int) -> None:
    """Charge ``cost`` units (bouts queued) to the throttles that let ``request`` in."""
    for throttle in getattr(request, "cost_throttles", ()):
        throttle.spend(cost)


def reserve(request, cost: int) -> None:
    """Charge ``cost`` before doing the work; a 429 (nothing charged) if any
    throttle has less than ``cost`` left."""
    throttles = getattr(request, "cost_throttles", ())
    for throttle in throttles:
        if throttle.used() + cost > throttle.num_requests:
            raise Throttled(wait=throttle.wait(cost))
    spend(request, cost)


class BoutQueueThrottle(CostThrottle):
    """Bouts queued for simulation: one per bout scheduled and queued, however
    many one request queues (``bout_queue`` in settings)."""

    scope = "bout_queue"


class OddsThrottle(CostThrottle):
    """Bouts simulated in the request to price a matchup (``odds`` in settings):
    a request for n bouts costs n."""

    scope = "odds"
