"""Names folded for search: case and accents ignored, so that "nemeth" finds
Németh and "ozil" finds Özil on SQLite and PostgreSQL alike (the folded form is
stored on the row; the databases' own collations differ)."""

import unicodedata

# Letters that carry no combining mark to strip (NFKD leaves them whole).
_WHOLE_LETTERS = str.maketrans(
    {
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ł": "l",
        "ħ": "h",
        "ı": "i",
        "þ": "th",
        "æ": "ae",
        "œ": "oe",
        "ß": "ss",
    }
)


def fold(text: str) -> str:
    """``text`` lower-cased, without accents, with runs of spaces made one."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.translate(_WHOLE_LETTERS).split())


def search_name(*, name: str, nickname: str = "") -> str:
    """What a fighter is found by: his name and nickname, folded."""
    return fold(f"{name} {nickname}")
