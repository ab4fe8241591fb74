import pytest
from django.urls import reverse

from referees.models import Referee

pytestmark = pytest.mark.django_db


def test_referee_changelist_search_and_filter(admin_client):
    url = reverse("admin:referees_referee_changelist")
    response = admin_client.get(url, {"q": "Steele"})
    assert response.status_code == 200
    assert "Richard Steele" in response.content.decode()
    assert "Mills Lane" not in response.content.decode()
    response = admin_client.get(
        url, {"fouls__exact": "very_lenient", "overall__exact": "below_average"}
    )
    body = response.content.decode()
    assert "Russell Mora" in body and "Mills Lane" not in body


def test_referee_admin_refuses_bad_availability(admin_client):
    url = reverse("admin:referees_referee_add")
    response = admin_client.post(
        url,
        {
            "name": "New Ref",
            "fouls": "normal",
            "stoppage": "normal",
            "overall": "good",
            "available_low": 60,
            "available_high": 10,
            "is_active": "on",
        },
    )
    assert response.status_code == 200  # the form again, with the error
    assert not Referee.objects.filter(name="New Ref").exists()


@pytest.mark.parametrize("model", ["referee", "judge", "doctor"])
def test_changelists_render(admin_client, model):
    assert admin_client.get(reverse(f"admin:referees_{model}_changelist")).status_code == 200
