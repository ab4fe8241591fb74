"""Managers of a league through the API (docs/managers.md): a commissioner adds
one by username, makes invitation links, gives a camp to a manager; an account
accepts an invitation. The services in league.services.membership check who;
the commissioner's writes check the league named in the body before the rest of
it is read (``_commissioner_first``: a stranger's bad input is a 403, not a 400)."""

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api.schema import documented
from fighters.models import Camp

from ..models import Invitation, League, LeagueMembership
from ..services import membership as services
from ..services.membership import require_commissioner
from .permissions import commissioned_league_ids


def _commissioner_first(request) -> None:
    """403 unless the user runs the league the body names. A body that names no
    league (or none that exists) is left to its serializer: a 400 on ``league``."""
    data = request.data
    pk = data.get("league") if isinstance(data, Mapping) else None
    if isinstance(pk, bool) or not isinstance(pk, (int, str)):
        return
    pk = str(pk)
    if not (pk.isascii() and pk.isdigit() and len(pk) <= 18):  # what a pk may be
        return
    league = League.objects.filter(pk=int(pk)).first()
    if league is not None:
        require_commissioner(request.user, league)


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = LeagueMembership
        fields = ["id", "league", "user", "username", "joined_at"]
        read_only_fields = fields


class MembershipCreateSerializer(serializers.Serializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    username = serializers.CharField(max_length=150)
    camp = serializers.PrimaryKeyRelatedField(
        queryset=Camp.objects.all(), required=False, allow_null=True
    )


class CampOwnerSerializer(serializers.Serializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    camp = serializers.PrimaryKeyRelatedField(queryset=Camp.objects.all())
    username = serializers.CharField(
        max_length=150, required=False, allow_blank=True, default="", help_text="Blank: no owner."
    )


DESK = "Managers' desk"


@documented(
    DESK,
    list=(
        "List managers of my leagues",
        "The managers of the leagues you play in or commission, with their username and when "
        "they joined (staff: every league's). Filter by `league`; order by `joined_at`. 401 "
        "when not signed in.",
    ),
    create=(
        "Add a manager to a league",
        "Makes an existing account (`username`) a manager of the `league`, optionally giving "
        "him one of its ownerless `camp`s; answers 201 with the membership. The league's "
        "commissioner (or staff): 403 for anyone else, checked before the rest of the body. "
        "To invite someone by link instead: `POST /api/invitations/`.",
    ),
    assign_camp=(
        "Give a camp to a manager",
        "Gives the league's `camp` to one of its managers (`username`), or takes it from its "
        "owner (`username` blank). The league's commissioner (or staff). A username with no "
        "account is a 400.",
    ),
)
class MembershipViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The managers of the leagues you play in or commission (staff: all; filter
    by ``league``), for signed-in accounts only, as the managers page. ``POST``
    adds an account by username (the league's commissioner); ``assign-camp``
    gives a camp of the league to one of its managers."""

    serializer_class = MembershipSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["league"]
    ordering_fields = ["joined_at"]
    ordering = ["league_id", "joined_at", "id"]

    def get_queryset(self):
        rows = LeagueMembership.objects.select_related("user")
        user = self.request.user
        if user.is_staff or user.is_superuser:
            return rows
        if not user.is_authenticated:  # the schema's generator asks too
            return rows.none()
        # One subquery, no query of its own: the leagues he plays in or runs.
        leagues = League.objects.filter(Q(commissioners=user) | Q(memberships__user=user))
        return rows.filter(league_id__in=leagues.values("pk"))

    @extend_schema(request=MembershipCreateSerializer, responses={201: MembershipSerializer})
    def create(self, request):
        _commissioner_first(request)
        body = MembershipCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        membership = services.membership_add(actor=request.user, **body.validated_data)
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=CampOwnerSerializer, responses={200: None})
    @action(detail=False, methods=["post"], url_path="assign-camp", filter_backends=[])
    def assign_camp(self, request):
        _commissioner_first(request)
        body = CampOwnerSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        owner = None
        if data["username"]:
            owner = get_user_model().objects.filter(username=data["username"]).first()
            if owner is None:
                raise serializers.ValidationError(
                    {"username": [f"No account is called {data['username']!r}."]}
                )
        camp = services.camp_assign_owner(
            actor=request.user, league=data["league"], camp=data["camp"], user=owner
        )
        return Response({"camp": camp.pk, "owner": camp.owner_id})


class InvitationSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Invitation
        fields = ["id", "league", "token", "url", "created_at", "expires_at", "accepted_at"]
        read_only_fields = fields

    def get_url(self, invitation) -> str:
        path = reverse("join", args=[invitation.token])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class InvitationCreateSerializer(serializers.Serializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    days = serializers.IntegerField(default=services.INVITATION_DAYS, min_value=1, max_value=60)


class InvitationAcceptSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=64)
    camp = serializers.PrimaryKeyRelatedField(
        queryset=Camp.objects.all(), required=False, allow_null=True
    )
    camp_name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")


@documented(
    DESK,
    list=(
        "List invitation links",
        "The invitation links of the leagues you commission (staff: all), newest first, each "
        "with its `url`, expiry and whether it was accepted. Filter by `league`. 401 when not "
        "signed in.",
    ),
    create=(
        "Make an invitation link",
        "Makes a single-use link to join the `league` as a manager, expiring after `days` "
        "(1 to 60); answers 201 with its `token` and `url`. The league's commissioner (or "
        "staff): 403 for anyone else.",
    ),
    accept=(
        "Accept an invitation",
        "Joins the invitation's league as a manager (`token` from the link), claiming one of "
        "its ownerless camps (`camp`) or naming a new one (`camp_name`); answers 201 with the "
        "membership (`GET /api/memberships/`). 401 when not signed in; 400 for a token "
        "expired, used or unknown.",
    ),
)
class InvitationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Invitation links of the leagues you commission. ``POST`` makes one
    (single use, expiring after ``days``); ``accept`` joins its league as a
    manager, claiming an ownerless ``camp`` of it or naming a new one."""

    serializer_class = InvitationSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["league"]
    ordering = ["-created_at", "-id"]

    def get_queryset(self):
        rows = Invitation.objects.all()
        if self.request.user.is_staff:
            return rows
        return rows.filter(league_id__in=commissioned_league_ids(self.request))

    @extend_schema(request=InvitationCreateSerializer, responses={201: InvitationSerializer})
    def create(self, request):
        _commissioner_first(request)
        body = InvitationCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        invitation = services.invitation_create(actor=request.user, **body.validated_data)
        data = InvitationSerializer(invitation, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(request=InvitationAcceptSerializer, responses={201: MembershipSerializer})
    @action(detail=False, methods=["post"], filter_backends=[])
    def accept(self, request):
        body = InvitationAcceptSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        membership = services.invitation_accept(user=request.user, **body.validated_data)
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)
