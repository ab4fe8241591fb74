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
        self._record(cost)

    def refund(self, cost: int) -> None:
        """Units reserved for work not done: a negative spending in the window."""
        if cost > 0:
            self._record(-cost)

    def _record(self, cost: int) -> None:
        self.now = self.timer()
        self.history = [*self._load(), (self.now, cost)]
        self.cache.set(self.key, self.history, self.duration)


def spend(request, cost: int) -> None:
    """Charge ``cost`` units (bouts queued) to the throttles that let ``request`` in."""
    for throttle in getattr(request, "cost_throttles", ()):
        throttle.spend(cost)


def limit_text(throttle: CostThrottle) -> str:
    seconds = {1: "second", 60: "minute", 3600: "hour", 86400: "day"}
    per = seconds.get(throttle.duration, f"{throttle.duration} seconds")
    return f"{throttle.num_requests} per {per}"


def reserve(request, cost: int) -> None:
    """Charge ``cost`` before doing the work; a 429 naming the limit (nothing
    charged) if any throttle has less than ``cost`` left."""
    throttles = getattr(request, "cost_throttles", ())
    for throttle in throttles:
        if throttle.used() + cost > throttle.num_requests:
            raise Throttled(
                wait=throttle.wait(cost),
                detail=f"This request costs {cost}; the limit is {limit_text(throttle)}, "
                f"{max(0, throttle.num_requests - throttle.used())} left now.",
            )
    spend(request, cost)


def refund(request, cost: int) -> None:
    """Give back ``cost`` reserved for work that was not done (or cost less)."""
    for throttle in getattr(request, "cost_throttles", ()):
        throttle.refund(cost)


def over_any_limit(request, cost: int) -> str | None:
    """The limit ``cost`` alone is more than (a request no wait would let
    through), in words; None when every throttle could take it."""
    for throttle in getattr(request, "cost_throttles", ()):
        if cost > throttle.num_requests:
            return limit_text(throttle)
    return None


class BoutQueueThrottle(CostThrottle):
    """Bouts queued for simulation: one per bout scheduled and queued, however
    many one request queues (``bout_queue`` in settings)."""

    scope = "bout_queue"


class OddsThrottle(CostThrottle):
    """Bouts simulated in the request to price a matchup (``odds`` in settings):
    a request for n bouts costs n."""

    scope = "odds"
