"""Plumbing shared by every app, below all of them: it imports none of the apps
(league, bouts, fighters, referees) and no app-specific rule lives here. See
docs/layers.md."""
