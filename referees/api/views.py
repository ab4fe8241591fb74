"""Officials. Every league draws on the same officials, so only staff edits them."""

from rest_framework import viewsets

from core.api.permissions import IsStaffOrCommissioner
from core.api.schema import documented, record_operations

from .. import selectors, services
from .serializers import DoctorSerializer, JudgeSerializer, RefereeSerializer

OFFICIALS = "Officials"
STAFF = "Staff only: every league draws on the same officials."


class _OfficialViewSet(viewsets.ModelViewSet):
    permission_classes = [IsStaffOrCommissioner]
    staff_only_writes = True
    search_fields = ["name"]
    ordering = ["name"]
    create_service = None
    update_service = None
    update_keyword = ""

    def perform_create(self, serializer):
        serializer.instance = type(self).create_service(**serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = type(self).update_service(
            **{self.update_keyword: serializer.instance, "data": serializer.validated_data}
        )


@documented(
    OFFICIALS,
    **record_operations(
        one="a referee",
        many="referees",
        listing="Referees, rated for calling fouls (`fouls`), stopping bouts (`stoppage`) and "
        "overall. Filter by `fouls`, `stoppage`, `overall` or `is_active`; `search` matches a "
        "name; order by `name` or `overall`. A referee's bouts are `GET /api/bouts/?referee={id}`.",
        detail="One referee and his ratings. His bouts are `GET /api/bouts/?referee={id}`.",
        writers=STAFF,
    ),
)
class RefereeViewSet(_OfficialViewSet):
    """Referees, rated for fouls, stoppages and overall (Title Bout II)."""

    serializer_class = RefereeSerializer
    filterset_fields = ["fouls", "stoppage", "overall", "is_active"]
    ordering_fields = ["name", "overall"]
    create_service = services.referee_create
    update_service = services.referee_update
    update_keyword = "referee"

    def get_queryset(self):
        return selectors.referee_list()


@documented(
    OFFICIALS,
    **record_operations(
        one="a judge",
        many="judges",
        listing="Judges, with their `bias` and how they score a close round (`close_round`). "
        "Filter by `bias`, `close_round` or `is_active`; `search` matches a name; order by "
        "`name`. Their scorecards are in each bout's record (`GET /api/bouts/{id}/`).",
        detail="One judge, his bias and how he scores a close round.",
        writers=STAFF,
    ),
)
class JudgeViewSet(_OfficialViewSet):
    """Judges, with their bias and how they score a close round."""

    serializer_class = JudgeSerializer
    filterset_fields = ["bias", "close_round", "is_active"]
    ordering_fields = ["name"]
    create_service = services.judge_create
    update_service = services.judge_update
    update_keyword = "judge"

    def get_queryset(self):
        return selectors.judge_list()


@documented(
    OFFICIALS,
    **record_operations(
        one="a ringside doctor",
        many="ringside doctors",
        listing="Ringside doctors, with their `caution` (how soon a cut or injury stops a "
        "bout). Filter by `caution` or `is_active`; `search` matches a name; order by `name`.",
        detail="One ringside doctor and his caution.",
        writers=STAFF,
    ),
)
class DoctorViewSet(_OfficialViewSet):
    """Ringside doctors, with their caution."""

    serializer_class = DoctorSerializer
    filterset_fields = ["caution", "is_active"]
    ordering_fields = ["name"]
    create_service = services.doctor_create
    update_service = services.doctor_update
    update_keyword = "doctor"

    def get_queryset(self):
        return selectors.doctor_list()
