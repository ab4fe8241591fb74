"""League writes. ``bout_recorded`` is called by the bout pipeline inside the
transaction that records a bout (bouts.services.bout_record)."""


def bout_recorded(*, bout) -> None:
    """Update the derived league tables (standings, rankings, titles) for a bout
    that has just been recorded, in the caller's transaction.

    Extension point owned by the league app (issue 8): until it lands, recording
    a bout updates careers and suspensions only.
    """
    return None
