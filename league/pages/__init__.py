"""The fan's pages that are not one object's: the fighter index and the events list
(the older pages are in league.views and league.fighter_page)."""
