"""A whole league as one JSON archive, and back (docs/archive.md).

- ``format``: the archive's sections and keys, as data (pure)
- ``validate``: the archive's shape and references checked before any write (pure)
- ``codec``, ``writer``: a model's carried fields to JSON and back; rows written
- ``export``: ``export_league(league) -> dict``
- ``importer``: ``import_league(data, *, by, slug=None, name=None) -> League``
- ``derived``: the derived tables rebuilt after an import
"""

from .export import export_league
from .format import FORMAT, VERSION
from .importer import import_league
from .validate import archive_problems
from .writer import ArchiveError

__all__ = [
    "FORMAT",
    "VERSION",
    "ArchiveError",
    "archive_problems",
    "export_league",
    "import_league",
]
