import pytest

from .leagues import booked_league, role_accounts


@pytest.fixture
def booked(ruleset):
    return booked_league(ruleset)


@pytest.fixture
def roles(booked, ruleset):
    return role_accounts(booked, ruleset)
