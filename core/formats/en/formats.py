"""English formats: a date is written "5 Dec 2026" wherever Django writes one
(``{{ date }}``, ``|date`` without a format, form initial values shown as text)."""

from core.dates import DATE_FORMAT as DATE_FORMAT

SHORT_DATE_FORMAT = DATE_FORMAT
DATETIME_FORMAT = SHORT_DATETIME_FORMAT = "j M Y, H:i"
