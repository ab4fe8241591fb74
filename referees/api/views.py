"""Officials. Every league draws on the same officials, so only staff edits them."""

from rest_framework import viewsets

from core.api.permissions import IsStaffOrCommissioner

from .. import selectors, services
from .serializers import DoctorSerializer, JudgeSerializer, RefereeSerializer


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
