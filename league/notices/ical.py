"""A manager's fight nights as an iCal feed (RFC 5545, written by hand: no
dependency). Each night one VEVENT at its real fight time, the league date and
his bouts in the description; lines end CRLF and are folded at 75 octets."""

from __future__ import annotations

import datetime as dt

from core.dates import long_date

FIGHT_NIGHT_LENGTH = dt.timedelta(hours=2)


def escape(text: str) -> str:
    """TEXT values: backslash, semicolon, comma and newline escaped (3.3.11)."""
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> str:
    """Lines longer than 75 octets split, each continuation starting with a
    space (3.1), never inside a UTF-8 character."""
    out, current, size = [], "", 0
    for char in line:
        width = len(char.encode())
        limit = 75 if not out else 74  # a continuation's leading space counts
        if size + width > limit:
            out.append(current)
            current, size = "", 0
        current += char
        size += width
    out.append(current)
    return "\r\n ".join(out)


def _stamp(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar(nights, *, name: str, host: str, now: dt.datetime) -> str:
    """``nights``: (event id, event name, league name, league date, fight_at,
    [bout lines], url) tuples."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Ringside//Fight nights//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for event_id, event_name, league_name, date, fight_at, bouts, url in nights:
        description = f"{league_name}, league date {long_date(date)}."
        if bouts:
            description += "\n" + "\n".join(bouts)
        lines += [
            "BEGIN:VEVENT",
            f"UID:event-{event_id}@{host}",
            f"DTSTAMP:{_stamp(now)}",
            f"DTSTART:{_stamp(fight_at)}",
            f"DTEND:{_stamp(fight_at + FIGHT_NIGHT_LENGTH)}",
            f"SUMMARY:{escape(f'{event_name} ({league_name})')}",
            f"DESCRIPTION:{escape(description)}",
            f"URL:{url}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
