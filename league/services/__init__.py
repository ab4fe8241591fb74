"""League writes (a package: one module per concept). The names below are the
package's interface — what the league's commands, pages, API and selectors use.

- common: competitor keys, seeds, small helpers
- rows, derive, lineage: a division's bouts as rows; derivations from them
- storage: storing ratings, standings and reigns
- projector: the per-division projector (docs/pipeline.md)
- rebuild: division_rebuild
- booking: officials, sides, the league's bouts as the bouts app's specs
- seasons: season_schedule, closing seasons
- matchmaking: division_ranking, card_matchmake
- tournaments: brackets, results, walkovers, advancing
- membership: managers joining leagues (by username, invitation links), camp owners
- bout_requests: managers asking each other for bouts, commissioners approving them
  (docs/managers.md)
"""

from league.services.common import competitor_of
from league.services.derive import division_derive
from league.services.matchmaking import card_matchmake
from league.services.projector import (
    division_derivation,
    division_derived_through,
    division_project,
)
from league.services.rebuild import division_rebuild
from league.services.seasons import season_schedule
from league.services.storage import STANDING_FIELDS, reign_values
from league.services.tournament_draws import tournament_settlements
from league.services.tournaments import bracket_stage, tournament_create, tournament_state

__all__ = [
    "STANDING_FIELDS",
    "bracket_stage",
    "card_matchmake",
    "competitor_of",
    "division_derivation",
    "division_derive",
    "division_derived_through",
    "division_project",
    "division_rebuild",
    "reign_values",
    "season_schedule",
    "tournament_create",
    "tournament_settlements",
    "tournament_state",
]
