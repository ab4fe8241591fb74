from django.shortcuts import render

from bouts.engine import RULESETS


def home(request):
    return render(request, "home.html", {"rulesets": [r.describe() for r in RULESETS.values()]})
