"""The OpenAPI schema and the docs page. Every operation is fuzzed with all of
schemathesis' checks against a live server in test_contract_live.py."""

import pytest


def test_schema_is_openapi_3(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["openapi"].startswith("3.")
    paths = body["paths"]
    for path in (
        "/api/fighters/",
        "/api/fighters/{id}/career/",
        "/api/fighters/{id}/bouts/",
        "/api/cards/",
        "/api/referees/",
        "/api/judges/",
        "/api/doctors/",
        "/api/corner-men/",
        "/api/camps/",
        "/api/leagues/",
        "/api/divisions/",
        "/api/seasons/",
        "/api/events/",
        "/api/bouts/",
        "/api/bouts/{id}/",
        "/api/standings/",
        "/api/rankings/",
        "/api/tournaments/",
        "/api/tournaments/{id}/bracket/",
        "/api/titles/",
        "/api/titles/{id}/",
        "/api/odds/",
        "/api/ladders/",
        "/api/ladders/{id}/",
        "/api/ladder-challenges/",
        "/api/ladder-challenges/{id}/withdraw/",
    ):
        assert path in paths, path


@pytest.mark.django_db
def test_docs_page_uses_no_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html.lower()
    assert "cdn" not in html.lower()
    assert "https://" not in html and "http://" not in html.replace("http://testserver", "")


def test_the_schema_states_the_contract(client):
    """Issue 14: public reads need no credentials, errors are documented where
    they happen, null where null is answered, bounds, and "exactly one of"."""
    body = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths, schemas = body["paths"], body["components"]["schemas"]
    fighters = paths["/api/fighters/"]
    assert {} in fighters["get"]["security"]
    assert {} not in fighters["post"]["security"]
    assert {"400", "401", "404"} <= set(fighters["get"]["responses"])
    assert {"400", "401", "403"} <= set(fighters["post"]["responses"])
    assert "403" not in fighters["get"]["responses"]
    assert "429" in paths["/api/bouts/"]["post"]["responses"]
    assert "429" in paths["/api/odds/"]["post"]["responses"]
    assert "429" in paths["/api/divisions/{id}/schedule-season/"]["post"]["responses"]
    assert "429" not in paths["/api/leagues/"]["post"]["responses"]
    assert "application/x-www-form-urlencoded" not in fighters["post"]["requestBody"]["content"]
    for name in ("winner", "end_round", "end_time", "method", "event_name"):
        assert schemas["Bout"]["properties"][name].get("nullable"), name
    assert schemas["SideEnum"]["enum"] == ["red", "blue"]
    parameters = {p["name"]: p["schema"] for p in fighters["get"]["parameters"]}
    assert parameters["page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert parameters["camp"]["minimum"] == 1 and parameters["division"]["minimum"] == 1
    odds = schemas["MatchupRequest"]
    assert odds["allOf"][0]["oneOf"] == [
        {"required": ["red"]},
        {"required": ["red_camp"]},
        {"required": ["red_card"]},
    ]
    league_id = paths["/api/leagues/{id}/"]["get"]["parameters"][0]
    assert league_id["schema"]["type"] == "string"  # an id or a slug


@pytest.mark.parametrize("component", ["Camp", "CornerMan", "Referee", "Judge", "Doctor"])
def test_a_name_that_may_not_be_blank_says_so(client, component):
    # The server answers "This field may not be blank." to name "": a schema that
    # allowed "" let schemathesis infer from those 400s that name is required, then
    # report a PATCH without it (rightly accepted) as a failure (issue 14).
    schemas = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"][
        "schemas"
    ]
    for name in (f"{component}Request", f"Patched{component}Request"):
        assert schemas[name]["properties"]["name"]["minLength"] == 1, name
    assert "required" not in schemas[f"Patched{component}Request"]
