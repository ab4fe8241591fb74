""" "Play until" through the API: a job resource that can be polled and cancelled.

- ``POST /api/jobs/ {league, target, nights?, until?, seasons?}``: advance a league — the
  next ``nights`` fight nights, up to the league date ``until``, or to the end
  of its running seasons (``target: season``). Staff or the league's
  commissioner; 202 with the job, whose runs (one per division) fight on the
  workers.
- ``GET /api/jobs/?league=<id>`` and ``GET /api/jobs/<id>/``: status and
  progress (nights and bouts fought, of how many known), public like the
  league's results.
- ``POST /api/jobs/<id>/cancel/``: stop after the night in hand (the nights
  fought stand). The same people as creating.
"""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.api.filters import IdFilter
from core.api.schema import documented

from ..calendar.jobs import job_cancel, job_progress, job_start
from ..calendar.models import AdvanceJob, DivisionRun, JobTarget
from ..models import League


class RunSerializer(serializers.ModelSerializer):
    division_name = serializers.CharField(source="division.name", read_only=True)

    class Meta:
        model = DivisionRun
        fields = [
            "division",
            "division_name",
            "status",
            "nights_done",
            "bouts_done",
            "bouts_total",
            "reached",
        ]
        read_only_fields = fields


class ProgressSerializer(serializers.Serializer):
    nights = serializers.IntegerField(help_text="Fight nights fought so far.")
    season = serializers.IntegerField(help_text="The season being fought (of `seasons`).")
    seasons = serializers.IntegerField(
        allow_null=True, help_text="Seasons to play (a several-season job), else null."
    )
    bouts_done = serializers.IntegerField()
    bouts_total = serializers.IntegerField(help_text="Bouts the target holds, as known.")
    percent = serializers.IntegerField()


class JobSerializer(serializers.ModelSerializer):
    league_date = serializers.DateField(source="league.date", read_only=True)
    progress = serializers.SerializerMethodField()
    runs = RunSerializer(many=True, read_only=True)

    class Meta:
        model = AdvanceJob
        fields = [
            "id",
            "league",
            "target",
            "nights",
            "until",
            "seasons",
            "seasons_done",
            "status",
            "message",
            "cancel_requested",
            "league_date",
            "progress",
            "runs",
            "created_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_progress(self, job) -> ProgressSerializer:
        return ProgressSerializer(job_progress(job)).data


@extend_schema_serializer(component_name="JobCreate")  # its body: JobCreateRequest
class JobRequestSerializer(serializers.Serializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    target = serializers.ChoiceField(
        choices=JobTarget.choices,
        help_text="nights: the next `nights` fight nights; date: up to the league date "
        "`until`; season: to the end of the running seasons; tournament: to the end of the "
        "running tournaments (their fight nights fired in date order); seasons: through `seasons` "
        "seasons, the season breaks' steps taken between them (a league that "
        "auto-advances seasons).",
    )
    nights = serializers.IntegerField(required=False, min_value=1, max_value=1000)
    seasons = serializers.IntegerField(required=False, min_value=1, max_value=100)
    until = serializers.DateField(required=False, help_text="A league date (ISO).")


class JobFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")

    class Meta:
        model = AdvanceJob
        fields = ["league"]


@documented(
    "Calendar & jobs",
    list=(
        "List play-until jobs",
        "The jobs advancing leagues, newest first: each one's target, `status`, the "
        "league's date and its progress (nights and bouts fought, of how many known), per "
        "division. Filter by `league`. Public, like the league's results.",
    ),
    retrieve=(
        "Get a play-until job and its progress",
        "One job: its `status` (queued, running, done, failed, cancelled), `progress` "
        "(`percent`, nights and bouts fought) and each division's run. Poll it while it "
        "runs; the nights fought are `GET /api/events/?league={league}`. Public; 404 for no "
        "such job.",
    ),
    create=(
        "Advance a league (play until)",
        "Starts a job that fights a league's fight nights on the workers: the next `nights`, "
        "up to the league date `until`, or to the end of its running seasons "
        "(`target: season`, `seasons` of them). Answers 202 with the job: poll "
        "`GET /api/jobs/{id}/`. Staff or the league's commissioner: 401 when not signed in, "
        "403 for anyone else; 400 when the league already has a job running.",
    ),
    cancel=(
        "Cancel a play-until job",
        "Stops the job after the night in hand (the nights fought stand); answers the job. "
        "Staff or the league's commissioner: 401 when not signed in, 403 for anyone else.",
    ),
)
class JobViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = JobSerializer
    permission_classes = [AllowAny]  # reads are public; writes checked by the services
    filterset_class = JobFilter

    def get_queryset(self):
        return AdvanceJob.objects.select_related("league").prefetch_related(
            Prefetch("runs", queryset=DivisionRun.objects.select_related("division"))
        )

    @extend_schema(
        request=JobRequestSerializer,
        responses={202: JobSerializer},
    )
    def create(self, request):
        self._require_user(request)
        body = JobRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        job = job_start(
            league=data["league"],
            target=data["target"],
            nights=data.get("nights"),
            until=data.get("until"),
            seasons=data.get("seasons"),
            user=request.user,
        )
        job = self.get_queryset().get(pk=job.pk)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(
        request=None,
        responses={200: JobSerializer},
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        self._require_user(request)
        job = job_cancel(job=self.get_object(), user=request.user)
        return Response(JobSerializer(self.get_queryset().get(pk=job.pk)).data)

    @staticmethod
    def _require_user(request):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
