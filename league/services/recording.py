"""Recording hooks: the bout pipeline's calls into the league's derived tables.

``bout_recorded`` is called by the bout pipeline inside the transaction that
records a bout (bouts.services.bout_record). Everything it maintains — ratings
and rating history, season standings, the title lineage, tournament brackets —
is a function of the division's completed bout rows in chronological order
(``chronological_key``: date, event, order on the card, id), never of the order
in which workers finish:

- it locks the division row first, so recordings in one division serialise and
  none is lost;
- ratings: when the bout is the chronologically latest completed bout (the usual
  case) its two sides are rated on top of their stored ratings (an append); when
  it lands before bouts already rated (a worker finished out of order), the
  division's ratings are replayed from scratch and the history from that bout on
  is rewritten;
- the season table and the title lineage are recomputed from the bout rows (one
  query serves all three) and written only where they changed;
- a tournament bout advances its bracket: the matches it made ready are
  scheduled and queued on commit.

``division_derive`` computes all of it from scratch; ``check_league`` compares it
with the stored rows.
"""

from __future__ import annotations

from bouts.models import Bout
from league.models import Division, Season, TournamentMatch
from league.services.derive import division_bouts, season_members, season_table, title_lineage
from league.services.seasons import _season_close_if_done
from league.services.storage import _store_standings, _update_ratings, store_reigns
from league.services.tournaments import tournament_advance, tournament_unstall


def bout_recorded(*, bout) -> None:
    """Update ratings, standings, titles and brackets for a bout that has just
    been recorded, in the caller's transaction (see the module docstring)."""
    if bout.division_id is None:
        return
    division = (
        Division.objects.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=bout.division_id)
    )
    bouts = division_bouts(division.id)
    if bout.id not in {b.id for b in bouts}:
        return  # not completed with a result: nothing to derive
    _update_ratings(division, bouts, bout.id)
    season_id = next(b.season_id for b in bouts if b.id == bout.id)
    if season_id is not None:
        season = Season.objects.select_related("league").get(pk=season_id)
        members = season_members([season.id])[season.id]
        _store_standings(season, season_table(season=season, members=members, bouts=bouts))
        _season_close_if_done(season)
    store_reigns(division, title_lineage(division=division, bouts=bouts))
    match = TournamentMatch.objects.filter(bout_id=bout.id).select_related("tournament").first()
    if match is not None:
        tournament_advance(tournament=match.tournament, division=division)


def bout_failed(*, bout) -> None:
    """The pipeline gave up on ``bout`` (for the bouts app to call from its
    ``bout_fail``): a tournament bout becomes a walkover for the higher seed so
    its bracket goes on; a season bout may close its season. Nothing else is
    derived from a failed bout."""
    match = TournamentMatch.objects.filter(bout_id=bout.pk).select_related("tournament").first()
    if match is not None:
        tournament_unstall(tournament=match.tournament)
    season_id = Bout.objects.filter(pk=bout.pk).values_list("event__season_id", flat=True).first()
    if season_id is not None:
        _season_close_if_done(Season.objects.get(pk=season_id))
