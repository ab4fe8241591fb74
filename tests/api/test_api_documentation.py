"""The API documentation reads like documentation (issue 31): request bodies are
components of their own, so a body built from a request component alone is
accepted; example ids are small; Token and Bearer are both documented."""

import json
import re

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer as JSONRenderer
from rest_framework.test import APIClient

from . import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker):
    # Built once for the module (the served document: /api/schema/), as JSON reads it.
    with django_db_blocker.unblock():
        document = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(JSONRenderer().render(document))


def resolve(schema, node):
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    if "allOf" in node and len(node["allOf"]) == 1:
        return resolve(schema, node["allOf"][0])
    return node


def value_for(schema, name, node):
    """A value a generated client would send: an enum's first choice, a slug-safe
    text, a small number within bounds."""
    node = resolve(schema, node)
    if "enum" in node:
        return node["enum"][0]
    if node.get("type") == "integer":
        return node.get("example", node.get("minimum", 1))
    if node.get("type") == "boolean":
        return False
    if node.get("format") == "date":
        return "2026-01-01"
    return f"generated-{name}"


def body_from_required_fields(schema, path, method="post"):
    ref = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    component = resolve(schema, ref)
    assert ref["$ref"].endswith("Request"), ref  # a request component of its own
    properties = component["properties"]
    assert "id" not in properties
    assert not any(p.get("readOnly") for p in properties.values())
    return {name: value_for(schema, name, properties[name]) for name in component["required"]}


def test_a_league_is_created_from_the_request_components_required_fields(schema, staff):
    body = body_from_required_fields(schema, "/api/leagues/")
    client = APIClient()
    client.force_authenticate(staff)
    response = client.post("/api/leagues/", body, format="json")
    assert response.status_code == 201, (body, response.content)
    assert response.json()["id"]


def test_a_region_is_created_from_the_request_components_required_fields(schema, staff):
    league = factories.league()
    league.regions_enabled = True
    league.save(update_fields=["regions_enabled"])
    body = body_from_required_fields(schema, "/api/leagues/{slug}/regions/")
    client = APIClient()
    client.force_authenticate(staff)
    response = client.post(f"/api/leagues/{league.slug}/regions/", body, format="json")
    assert response.status_code == 201, (body, response.content)


def test_responses_keep_their_server_set_fields(schema):
    components = schema["components"]["schemas"]
    assert "id" in components["League"]["properties"]
    assert "id" not in components["LeagueRequest"]["properties"]
    assert "id" not in components["FighterCreateRequest"]["properties"]


def test_no_example_is_a_64_bit_bound(schema):
    text = str(schema["paths"]) + str(schema["components"]["schemas"])
    assert "9223372036854776000" not in text
    assert "api.example.org" not in text  # DRF's pages' example URLs

    def integers(node):
        if isinstance(node, dict):
            if node.get("type") == "integer" and node.get("maximum", 0) >= 2**31:
                yield node
            for value in node.values():
                yield from integers(value)
        elif isinstance(node, list):
            for value in node:
                yield from integers(value)

    bounded = list(integers(schema))
    assert bounded
    for node in bounded:
        assert node.get("example", node.get("default")) < 1000, node


def test_token_and_bearer_are_both_documented(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["tokenAuth"]["type"] == "apiKey"
    assert schemes["bearerAuth"] == {**schemes["bearerAuth"], "type": "http", "scheme": "bearer"}
    post = schema["paths"]["/api/fighters/"]["post"]
    assert post["security"] == [{"tokenAuth": []}, {"bearerAuth": []}]


def operations(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if method != "parameters":
                yield f"{method.upper()} {path}", operation


def test_every_operation_has_a_summary_a_description_and_a_declared_tag(schema):
    declared = {tag["name"]: tag.get("description") for tag in schema["tags"]}
    assert all(declared.values()), declared
    for name, operation in operations(schema):
        assert operation.get("summary", "").strip(), name
        assert len(operation["summary"]) <= 60, name
        assert len(operation.get("description", "").strip()) >= 40, name
        assert len(operation["tags"]) == 1 and operation["tags"][0] in declared, name


def test_no_two_operations_share_a_description_or_a_summary(schema):
    seen: dict[str, str] = {}
    for name, operation in operations(schema):
        for key in ("summary", "description"):
            text = operation[key]
            assert text not in seen, f"{name} and {seen.get(text)} share a {key}"
            seen[text] = name


# What belongs to the code's readers, not the API's: reST markup, module paths,
# source files and documentation paths of the repository.
LEAKS = re.compile(
    r"``|\bobj\.|\.py\b|\bdocs/|\b(core|league|bouts|fighters|referees)\.[a-z_]+\.[a-z_]+"
)


def test_no_description_leaks_the_codes_words(schema):
    def descriptions(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "description" and isinstance(value, str):
                    yield where, value
                else:
                    yield from descriptions(value, f"{where}/{key}")
        elif isinstance(node, list):
            for value in node:
                yield from descriptions(value, where)

    found = [(where, text[:80]) for where, text in descriptions(schema, "") if LEAKS.search(text)]
    assert found == []


@pytest.mark.parametrize(
    ("operation", "mentions"),
    [
        ("GET /api/fighters/{id}/", ["/career/", "/bouts/"]),
        ("GET /api/fighters/{id}/career/", ["/api/fighters/{id}/bouts/"]),
        ("GET /api/fighters/{id}/bouts/", ["/career/", "/api/bouts/{id}/"]),
        ("GET /api/bouts/{id}/", ["scorecard", "play-by-play", "/plans/"]),
        ("GET /api/leagues/{id}/", ["/api/divisions/", "/api/seasons/", "/api/standings/"]),
        ("GET /api/divisions/{id}/", ["/api/standings/", "/api/rankings/", "/api/titles/"]),
        ("GET /api/seasons/{id}/", ["/api/events/", "/api/standings/", "/awards/"]),
    ],
)
def test_a_read_names_its_related_reads(schema, operation, mentions):
    description = dict(operations(schema))[operation]["description"]
    for mention in mentions:
        assert mention in description, (operation, mention)


EXAMPLES = [
    ("GET /api/fighters/", "200", "Fighter"),
    ("GET /api/bouts/", "200", "Bout"),
    ("GET /api/fighters/{id}/", "200", "Fighter"),
    ("POST /api/fighters/", None, "FighterCreateRequest"),
    ("GET /api/fighters/{id}/career/", "200", "Career"),
    ("GET /api/cards/{id}/", "200", "Card"),
    ("POST /api/bouts/", None, "BoutScheduleRequest"),
    ("GET /api/bouts/{id}/", "200", "BoutDetail"),
    ("POST /api/leagues/", None, "LeagueRequest"),
    ("POST /api/bout-requests/", None, "BoutRequestCreateRequest"),
]


@pytest.mark.parametrize(("operation", "status", "component"), EXAMPLES)
def test_the_main_reads_and_writes_have_realistic_examples(schema, operation, status, component):
    found = dict(operations(schema))[operation]
    where = found["responses"][status] if status else found["requestBody"]
    examples = where["content"]["application/json"]["examples"]
    target = schema["components"]["schemas"][component]
    for example in examples.values():
        value = example["value"]
        if "results" in value:  # a page of a list: its next page is the list's own
            assert value["next"].startswith(f"https://ringside.example{operation[4:]}?page=")
            value = value["results"][0]
        if status is None:  # a body a client sends: valid against its component
            jsonschema.validate(value, {**target, "components": schema["components"]})
        else:  # a body answered: the component's fields, and no others
            assert set(value) == set(target["properties"]), set(value) ^ set(target["properties"])
        ids = [v for k, v in value.items() if k in ("id", "fighter", "red", "blue", "event")]
        assert all(isinstance(i, int) and 0 < i < 1000 for i in ids), ids


def test_search_is_offered_only_where_it_searches_and_the_words_say_what_it_finds(schema):
    offered = []
    for name, operation in operations(schema):
        if any(p["name"] == "search" for p in operation.get("parameters", [])):
            offered.append(name)
            assert "`search`" in operation["description"], name
    assert "GET /api/fighters/" in offered and "GET /api/bouts/" in offered
    for name in ("GET /api/cards/", "GET /api/seasons/", "GET /api/jobs/", "GET /api/titles/"):
        assert name not in offered, name
