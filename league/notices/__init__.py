"""Word when it happens (docs/managers.md, "Word when it happens"): an inbox on
the site, email, an iCal feed of a manager's fight nights, and outbound webhooks
per league.

``core`` decides who hears what from a fact (pure: plain data in, notices out),
``models`` keeps notices, per-user settings, webhooks and their deliveries,
``services`` writes them (permission-checked) and sends email on commit,
``receivers`` listens to what the bouts app and bout requests announce,
``ical`` writes the feed, ``webhooks`` signs and delivers, ``views`` the pages.
"""
