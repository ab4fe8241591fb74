"""The career game through the API (docs/career.md).

``/api/leagues/<slug>/career/``: GET the league's budget and the abilities it buys
(public); POST a new fighter for the manager's own camp, bought within the budget.
``/api/bouts/<id>/training/``: POST what the manager's fighter trains for the bout.
The services decide who may (403) and what is valid (400, field errors)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bouts.models import Bout
from core.api.schema import documented
from core.api.serializers import BoundedJSONField
from fighters.models import Camp, Fighter
from fighters.weight_classes import WeightClass

from ..models import League
from ..services import career, training


class AbilitySerializer(serializers.Serializer):
    path = serializers.CharField()
    low = serializers.IntegerField()
    high = serializers.IntegerField()
    price = serializers.IntegerField()
    step = serializers.IntegerField()


class BudgetSerializer(serializers.Serializer):
    league = serializers.CharField()
    ruleset = serializers.CharField()
    career_mode = serializers.BooleanField()
    budget = serializers.IntegerField()
    abilities = AbilitySerializer(many=True)


class CareerFighterInSerializer(serializers.Serializer):
    camp = serializers.PrimaryKeyRelatedField(queryset=Camp.objects.all())
    name = serializers.CharField(max_length=120)
    weight_class = serializers.ChoiceField(choices=WeightClass.choices)
    abilities = serializers.DictField(child=serializers.IntegerField())
    nickname = serializers.CharField(max_length=120, required=False, allow_blank=True)
    height_cm = serializers.IntegerField(required=False, allow_null=True)


class CareerFighterOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    camp = serializers.IntegerField(source="camp_id")
    weight_class = serializers.CharField()
    spent = serializers.IntegerField()
    budget = serializers.IntegerField()
    card = BoundedJSONField()


def budget_of(league: League) -> dict:
    rule = career.budget_rule(league)
    return {
        "league": league.slug,
        "ruleset": league.ruleset,
        "career_mode": league.career_mode,
        "budget": career.league_budget(league),
        "abilities": [
            {"path": a.path, "low": a.low, "high": a.high, "price": a.price, "step": a.step}
            for a in rule.abilities
        ],
    }


@documented(
    "Managers' desk",
    get=(
        "Get a career league's budget",
        "What a new fighter may cost in a career league: its `budget`, and each ability it "
        "sells with its range and price. Public; 404 for no such league.",
    ),
    post=(
        "Buy a fighter in a career league",
        "Makes a new fighter for your camp in the league, his card bought ability by ability "
        "within the league's budget; answers 201 with him, his card and what he cost. The "
        "camp's manager (or staff): 401 when not signed in, 403 when not his camp, 400 when "
        "the card is over the budget or outside what the league sells (a field message says "
        "why).",
    ),
)
class CareerFighterView(APIView):
    """A career league's budget (GET, public) and a new fighter bought within it
    (POST: the camp's manager, or staff)."""

    permission_classes = [AllowAny]  # the service checks the actor on POST

    @extend_schema(responses={200: BudgetSerializer})
    def get(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        return Response(BudgetSerializer(budget_of(league)).data)

    @extend_schema(request=CareerFighterInSerializer, responses={201: CareerFighterOutSerializer})
    def post(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        if not request.user.is_authenticated:
            raise NotAuthenticated(career.SIGN_IN)
        data = CareerFighterInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        fighter = career.career_fighter_create(actor=request.user, league=league, **values)
        card = fighter.cards.get(ruleset=league.ruleset)
        out = {
            "id": fighter.pk,
            "name": fighter.name,
            "camp_id": fighter.camp_id,
            "weight_class": fighter.weight_class,
            "spent": career.budget_rule(league).cost(card.data),
            "budget": career.league_budget(league),
            "card": card.data,
        }
        return Response(CareerFighterOutSerializer(out).data, status=status.HTTP_201_CREATED)


class TrainingInSerializer(serializers.Serializer):
    fighter = serializers.PrimaryKeyRelatedField(queryset=Fighter.objects.select_related("camp"))
    ability = serializers.CharField(max_length=40)


class TrainingOutSerializer(serializers.Serializer):
    bout = serializers.IntegerField(source="bout_id")
    fighter = serializers.IntegerField(source="fighter_id")
    ability = serializers.CharField()
    moved = serializers.BooleanField()
    state = serializers.CharField()


@documented(
    "Managers' desk",
    post=(
        "Choose what a fighter trains for a bout",
        "Before a scheduled bout, the fighter's manager chooses the `ability` he trains; "
        "answers what moved and the training's state. His manager (or staff): 401 when not "
        "signed in, 403 when not his fighter, 400 when the league's training rules refuse the "
        "choice (a field message says why).",
    ),
)
class TrainingView(APIView):
    """What a fighter trains for a scheduled bout (his manager, or staff)."""

    permission_classes = [AllowAny]  # the service checks the actor

    @extend_schema(request=TrainingInSerializer, responses={200: TrainingOutSerializer})
    def post(self, request, pk):
        if not request.user.is_authenticated:
            raise NotAuthenticated(career.SIGN_IN)
        bout = get_object_or_404(
            Bout.objects.select_related("division__league", "event__league"), pk=pk
        )
        data = TrainingInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = training.training_choose(actor=request.user, bout=bout, **data.validated_data)
        return Response(TrainingOutSerializer(made).data)
