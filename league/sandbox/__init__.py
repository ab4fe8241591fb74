"""The plan sandbox (docs/plans.md, "Try this plan"): a manager fights his plan N
times against a model of the opponent built only from what he may see.

``core`` fights and counts (pure), ``opponent`` builds the opponent's model (public
card, or a scouting estimate where cards are hidden), ``models`` keeps a run,
``services`` starts and runs one (permission-checked, throttled), ``views`` the pages.
"""
