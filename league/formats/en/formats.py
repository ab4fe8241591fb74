"""Dates written one way on every page: "5 Dec 2026", as the templates' explicit
``date:"j M Y"`` filters write them, not English's default "Dec. 5, 2026"."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
