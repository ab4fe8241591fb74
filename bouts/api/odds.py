"""Odds for a proposed matchup: N seeded bouts run in the request, in this process."""

from django.db.models import Q
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bouts.engine.odds import odds
from bouts.engine.registry import RULESETS, get_ruleset
from bouts.inputs import one_on_one_card, team_side
from core.api.schema import ExactlyOneOf, documented
from core.api.throttles import OddsThrottle, reserve
from fighters import selectors as fighter_selectors
from fighters.api.views import HiddenCardsMixin
from fighters.models import Camp, Fighter

# The request waits for the bouts: keep it to a second or two.
MAX_ODDS_BOUTS = 500
DEFAULT_ODDS_BOUTS = 200
SIDES = ("red", "blue")


@extend_schema_serializer(component_name="Matchup")  # its body: MatchupRequest
class OddsRequestSerializer(ExactlyOneOf, serializers.Serializer):
    """Each side is exactly one of a fighter (his card for the ruleset), a camp
    (team rulesets) or a card given in full."""

    exactly_one_of = (("red", "red_camp", "red_card"), ("blue", "blue_camp", "blue_card"))

    ruleset = serializers.ChoiceField(choices=[])
    red = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.all(), required=False, help_text="A fighter."
    )
    blue = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.all(), required=False, help_text="A fighter."
    )
    red_camp = serializers.PrimaryKeyRelatedField(queryset=Camp.objects.all(), required=False)
    blue_camp = serializers.PrimaryKeyRelatedField(queryset=Camp.objects.all(), required=False)
    red_card = serializers.DictField(required=False, help_text="A card in the ruleset's fields.")
    blue_card = serializers.DictField(required=False, help_text="A card in the ruleset's fields.")
    n = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ODDS_BOUTS,
        default=DEFAULT_ODDS_BOUTS,
        help_text=f"How many bouts to fight (at most {MAX_ODDS_BOUTS}).",
    )
    seed = serializers.IntegerField(default=0, min_value=0, max_value=2**53)
    rounds = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=100)
    options = serializers.DictField(required=False, allow_null=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = list(RULESETS)

    def validate(self, attrs):
        errors = {}
        for side in SIDES:
            given = [
                key for key in (side, f"{side}_camp", f"{side}_card") if attrs.get(key) is not None
            ]
            if len(given) != 1:
                errors[side] = [f"Give exactly one of {side}, {side}_camp or {side}_card."]
        if errors:
            raise serializers.ValidationError(errors)
        team = get_ruleset(attrs["ruleset"]).team
        for side in SIDES:
            if team and attrs.get(side) is not None:
                errors[side] = [f"{attrs['ruleset']} is fought between camps."]
            if not team and attrs.get(f"{side}_camp") is not None:
                errors[f"{side}_camp"] = [f"{attrs['ruleset']} is fought one on one."]
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class OddsSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    bouts = serializers.IntegerField()
    first_seed = serializers.IntegerField()
    red = serializers.FloatField()
    blue = serializers.FloatField()
    draw = serializers.FloatField()
    methods = serializers.DictField(child=serializers.FloatField(), help_text="winner:method")


def _side(attrs: dict, side: str):
    ruleset = attrs["ruleset"]
    fighter = attrs.get(side)
    if fighter is not None:
        card = fighter_selectors.fighter_card(fighter=fighter, ruleset=ruleset)
        if card is None:
            raise serializers.ValidationError({side: [f"{fighter.name} has no {ruleset} card."]})
        return one_on_one_card(fighter, card)
    camp = attrs.get(f"{side}_camp")
    if camp is not None:
        members = fighter_selectors.camp_members_with_cards(camp=camp, ruleset=ruleset)
        if not members:
            raise serializers.ValidationError(
                {f"{side}_camp": [f"{camp.name} has no active fighter with a {ruleset} card."]}
            )
        return team_side(ruleset, camp, members, attrs["seed"])
    return attrs[f"{side}_card"]


@documented(
    "Bouts & results",
    post=(
        "Price a matchup",
        "Win and method shares for a proposed bout, from `n` bouts simulated with seeds "
        "`seed`..`seed+n-1`: give each side as a fighter (`red`/`blue`), a camp "
        "(`red_camp`/`blue_camp`) or a rating card of your own (`red_card`/`blue_card`). "
        "Nothing is stored. Public; a fighter whose card a career league hides from you is a "
        "403. Counts the bouts simulated against the odds throttle (429 with Retry-After).",
    ),
)
class OddsView(HiddenCardsMixin, APIView):
    """Win and method shares for a proposed matchup, from ``n`` seeded bouts
    (``seed`` .. ``seed + n - 1``). Nothing is stored.

    Odds are fought with the stored cards, so they would tell what a hidden card
    holds: a fighter (or a camp's member) whose card the requester may not see is
    refused (403, naming him) before anything is fought. Only the league knows who
    may see what (docs/career.md); it answers ``hidden_card_fighters`` when it
    mounts the view. Here: nothing is hidden."""

    permission_classes = [AllowAny]
    throttle_classes = [OddsThrottle]

    def refuse_hidden_cards(self, request, attrs: dict) -> None:
        hidden = self.hidden_card_fighters(request)
        if hidden is None:
            return
        fighters = [attrs[s].pk for s in SIDES if attrs.get(s) is not None]
        camps = [attrs[f"{s}_camp"].pk for s in SIDES if attrs.get(f"{s}_camp") is not None]
        names = list(
            Fighter.objects.filter(Q(pk__in=fighters) | Q(camp_id__in=camps))
            .filter(pk__in=hidden)
            .order_by("name")
            .values_list("name", flat=True)
        )
        if names:
            raise PermissionDenied(
                f"{', '.join(names)}: card hidden by the league (only his manager and the "
                "league's commissioners see it), so no odds. Scout him on his scouting "
                "page, or give a card of your own."
            )

    @extend_schema(request=OddsRequestSerializer, responses=OddsSerializer)
    def post(self, request):
        body = OddsRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        attrs = body.validated_data
        self.refuse_hidden_cards(request, attrs)
        red, blue = _side(attrs, "red"), _side(attrs, "blue")
        reserve(request, attrs["n"])  # the throttle counts bouts simulated
        extra = {}
        if attrs.get("rounds") is not None:
            extra["rounds"] = attrs["rounds"]
        if attrs.get("options"):
            extra["options"] = attrs["options"]
        figures = odds(
            attrs["ruleset"], red, blue, n=attrs["n"], seed=attrs["seed"], workers=1, **extra
        )
        return Response(OddsSerializer(figures).data)
