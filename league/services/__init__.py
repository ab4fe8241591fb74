"""League writes (a package: one module per concept; every name is re-exported
here, so ``from league import services`` / ``services.<name>`` keep working).

- common: competitor keys, seeds, small helpers
- derive: derivations from a division's completed bouts
- storage: storing ratings, standings and reigns
- recording: the bout pipeline's hooks (bout_recorded, bout_failed)
- rebuild: division_rebuild
- booking: officials, sides, scheduling one bout
- seasons: season_schedule, closing seasons
- matchmaking: division_ranking, card_matchmake
- tournaments: brackets, results, walkovers, advancing
"""

from league.services.booking import Officials, _schedule, _sides
from league.services.common import (
    CAMP,
    FIGHTER,
    SEED_LIMIT,
    chronological_key,
    competitor_fields,
    competitor_of,
    derive_seed,
    division_is_team,
    division_members,
    ruleset_is_team,
)
from league.services.derive import (
    BoutRow,
    Derived,
    division_bouts,
    division_derive,
    points_config,
    season_members,
    season_table,
    title_lineage,
)
from league.services.matchmaking import card_matchmake, division_ranking
from league.services.rebuild import division_rebuild
from league.services.recording import bout_failed, bout_recorded
from league.services.seasons import _season_close_if_done, season_schedule
from league.services.storage import (
    STANDING_FIELDS,
    _history_rows,
    _ratings_of,
    _store_rating_points,
    _store_standings,
    _update_ratings,
    reign_values,
    store_reigns,
    title_for,
)
from league.services.tournaments import (
    _earliest_date,
    tournament_advance,
    tournament_create,
    tournament_draw_winners,
    tournament_results,
    tournament_state,
    tournament_unstall,
)

__all__ = [
    "CAMP",
    "FIGHTER",
    "SEED_LIMIT",
    "STANDING_FIELDS",
    "BoutRow",
    "Derived",
    "Officials",
    "_earliest_date",
    "_history_rows",
    "_ratings_of",
    "_schedule",
    "_season_close_if_done",
    "_sides",
    "_store_rating_points",
    "_store_standings",
    "_update_ratings",
    "bout_failed",
    "bout_recorded",
    "card_matchmake",
    "chronological_key",
    "competitor_fields",
    "competitor_of",
    "derive_seed",
    "division_bouts",
    "division_derive",
    "division_is_team",
    "division_members",
    "division_ranking",
    "division_rebuild",
    "points_config",
    "reign_values",
    "ruleset_is_team",
    "season_members",
    "season_schedule",
    "season_table",
    "store_reigns",
    "title_for",
    "title_lineage",
    "tournament_advance",
    "tournament_create",
    "tournament_draw_winners",
    "tournament_results",
    "tournament_state",
    "tournament_unstall",
]
