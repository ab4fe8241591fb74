"""Fighter reads for the API and the pages: each returns a queryset or object with
everything its callers show already joined or prefetched (no N+1)."""

from django.db.models import Exists, F, OuterRef, Prefetch, QuerySet

from . import scope
from .models import Camp, CornerMan, Fighter, RatingCard


def fighter_list(
    *, ruleset: str | None = None, hidden_cards: QuerySet[Fighter] | None = None
) -> QuerySet[Fighter]:
    """Fighters with camp, career and cards; ``ruleset`` keeps those holding a card
    for it (an EXISTS, so no duplicate rows). ``hidden_cards``: fighters whose cards
    the reader may not see (their ``cards`` come back empty)."""
    cards = RatingCard.objects.order_by("ruleset")
    if hidden_cards is not None:
        cards = cards.exclude(fighter__in=hidden_cards)
    qs = Fighter.objects.select_related("camp", "career").prefetch_related(
        Prefetch("cards", queryset=cards)
    )
    if ruleset:
        qs = qs.filter(Exists(RatingCard.objects.filter(fighter=OuterRef("pk"), ruleset=ruleset)))
    return qs


# A fighter's own columns as the list shows them; the camp's name and the record
# come through the joins (``fighter_rows``).
FIGHTER_ROW_FIELDS = (
    "id",
    "name",
    "nickname",
    "nationality",
    "date_of_birth",
    "stance",
    "height_cm",
    "reach_cm",
    "weight_class",
    "camp_id",
    "is_active",
    "retired_on",
    "created_at",
    "updated_at",
)


class FighterRows:
    """Plain rows of fighters for a paginator: sliced from the rows query,
    counted on the fighters' own query. Counting the rows query would make Django
    build an aggregate over its joins and annotations (~2 ms of CPU a page); the
    camp and career joins are to-one, so both count the same fighters."""

    def __init__(self, rows: QuerySet, fighters: QuerySet[Fighter]):
        self.rows = rows
        self.fighters = fighters

    def count(self) -> int:
        return self.fighters.count()

    @property
    def ordered(self) -> bool:
        return self.rows.ordered

    def __getitem__(self, key):
        return self.rows[key]

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def fighter_rows(fighters: QuerySet[Fighter]) -> FighterRows:
    """``fighters`` (a ``fighter_list``, filtered and ordered) as plain rows: the
    columns the list shows, the camp's name and the career's wins, losses and
    draws (None without a career) in the same one query, no model instances and
    no card prefetch (``card_summaries`` reads the page's cards)."""
    rows = fighters.prefetch_related(None).values(
        *FIGHTER_ROW_FIELDS,
        camp_name=F("camp__name"),
        career_wins=F("career__wins"),
        career_losses=F("career__losses"),
        career_draws=F("career__draws"),
    )
    return FighterRows(rows, fighters)


def card_summaries(
    *, fighter_ids, hidden_cards: QuerySet[Fighter] | None = None
) -> dict[int, list[dict]]:
    """The cards of ``fighter_ids`` as rows (id, ruleset, rating, updated_at) by
    fighter, each fighter's in ruleset order; none for ``hidden_cards``' fighters.
    One query; the card's own data (a JSON document) is not read."""
    cards = RatingCard.objects.filter(fighter_id__in=fighter_ids).order_by("ruleset")
    if hidden_cards is not None:
        cards = cards.exclude(fighter__in=hidden_cards)
    by_fighter: dict[int, list[dict]] = {}
    for card in cards.values("fighter_id", "id", "ruleset", "rating", "updated_at"):
        by_fighter.setdefault(card.pop("fighter_id"), []).append(card)
    return by_fighter


def fighter_careers() -> QuerySet[Fighter]:
    """Fighters with their career (a record summary: no cards, nothing hidden)."""
    return Fighter.objects.select_related("career")


def fighter_get(*, fighter_id: int) -> Fighter | None:
    """One fighter for his page: camp, career, cards and divisions (with leagues)."""
    return fighter_list().prefetch_related("divisions__league").filter(pk=fighter_id).first()


def card_list() -> QuerySet[RatingCard]:
    return RatingCard.objects.select_related("fighter")


def camp_list() -> QuerySet[Camp]:
    return Camp.objects.all()


def camp_get(*, camp_id: int) -> Camp | None:
    return (
        Camp.objects.prefetch_related(
            Prefetch("fighters", queryset=Fighter.objects.select_related("career")),
            "corner_men",
        )
        .filter(pk=camp_id)
        .first()
    )


def corner_man_list() -> QuerySet[CornerMan]:
    return CornerMan.objects.select_related("camp")


def fighter_league_ids(*, fighter: Fighter) -> set[int]:
    """The leagues a fighter is on the roster of or has fought in (``scope``)."""
    return scope.fighter_league_ids(fighter=fighter)


def camp_league_ids(*, camp: Camp) -> set[int]:
    """The leagues a camp (or one of its fighters) is on the roster of or has
    fought in (``scope``)."""
    return scope.camp_league_ids(camp=camp)


def corner_man_league_ids(*, corner: CornerMan) -> set[int]:
    """A corner man belongs to his camp's leagues (none without a camp)."""
    return scope.camp_league_ids(camp=corner.camp) if corner.camp_id else set()


def fighter_card(*, fighter: Fighter, ruleset: str) -> RatingCard | None:
    return RatingCard.objects.filter(fighter=fighter, ruleset=ruleset).first()


def camp_members_with_cards(*, camp: Camp, ruleset: str) -> list[tuple[Fighter, RatingCard]]:
    """A camp's active fighters holding a card for ``ruleset``, by id, with the card
    (what a team side is built from; one query)."""
    cards = (
        RatingCard.objects.filter(fighter__camp=camp, fighter__is_active=True, ruleset=ruleset)
        .select_related("fighter")
        .order_by("fighter_id")
    )
    return [(card.fighter, card) for card in cards]
