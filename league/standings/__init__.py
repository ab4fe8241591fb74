"""Pure-Python standings: points, metrics registered by key, tiebreakers."""

from .metrics import METRICS, Outcome, PointsConfig, StandingRow, compute_standings, metric

__all__ = ["METRICS", "Outcome", "PointsConfig", "StandingRow", "compute_standings", "metric"]
