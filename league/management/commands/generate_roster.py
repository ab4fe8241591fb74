"""python manage.py generate_roster --ruleset R --fighters N --seed S
[--league SLUG] [--weight-class W]

A league command: ``--league`` puts the fighters in the league's divisions, and
only the league may read it (fighters sits below). The roster itself is the
fighters app's (``fighters.roster``, ``fighters.services.roster_create``)."""

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from bouts.engine.registry import RULESETS
from core.words import counted
from fighters.roster import plan_roster
from fighters.services import roster_create
from fighters.weight_classes import LIMIT_LB
from league.models import League

PROGRESS_FROM = 50  # show a progress bar from this many fighters


class Command(BaseCommand):
    help = (
        "Create fictional fighters: Faker names from many nations (seeded), bodies that "
        "fit the weight class, cards from the ruleset's own generator spread over its "
        "rating range, in camps with corner men. The same seed gives the same roster. "
        "With --league, fighters join the league's divisions (all of them round-robin, "
        "or the --weight-class one)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--ruleset", help="a registered ruleset (default: the league's)")
        parser.add_argument("--fighters", type=int, required=True, help="how many fighters")
        parser.add_argument("--seed", type=int, required=True)
        parser.add_argument("--league", help="league slug: add the fighters to its divisions")
        parser.add_argument("--weight-class", help="only this weight class (e.g. welterweight)")

    def handle(self, *args, **opts):
        count, seed = opts["fighters"], opts["seed"]
        ruleset, weight_class, slug = opts["ruleset"], opts["weight_class"], opts["league"]
        if count < 1:
            raise CommandError("--fighters must be at least 1")
        if weight_class and weight_class not in LIMIT_LB:
            raise CommandError(
                f"unknown weight class {weight_class!r} (known: {', '.join(LIMIT_LB)})"
            )
        league = None
        divisions = None
        if slug:
            league = League.objects.filter(slug=slug).first()
            if league is None:
                raise CommandError(f"no league with slug {slug!r}")
            ruleset = ruleset or league.ruleset
            if ruleset != league.ruleset:
                raise CommandError(f"league {slug!r} fights under {league.ruleset}, not {ruleset}")
            divisions = {d.weight_class: d for d in league.divisions.all()}
            if weight_class:
                if weight_class not in divisions:
                    raise CommandError(f"league {slug!r} has no {weight_class} division")
                divisions = {weight_class: divisions[weight_class]}
            if not divisions:
                raise CommandError(f"league {slug!r} has no divisions")
        if not ruleset:
            raise CommandError("--ruleset is required (or --league, to use the league's)")
        if ruleset not in RULESETS:
            known = ", ".join(RULESETS) or "none"
            raise CommandError(f"unknown ruleset {ruleset!r} (known: {known})")

        classes = [weight_class] if weight_class else list(divisions or LIMIT_LB)
        plan = plan_roster(ruleset=ruleset, count=count, seed=seed, weight_classes=classes)

        def progress(items):
            return tqdm(
                items,
                desc="fighters",
                unit="fighter",
                file=self.stderr._out,
                disable=len(items) < PROGRESS_FROM or opts["verbosity"] < 1,
            )

        created = roster_create(plan=plan, divisions=divisions, progress=progress)
        self.stdout.write(
            f"Created {counted(len(created['fighters']), ruleset + ' fighter')} in "
            f"{counted(len(created['camps']), 'camp')} with "
            f"{counted(len(created['corners']), 'corner man', 'corner men')} (seed {seed})."
        )
        if divisions:
            for _wc, division in sorted(divisions.items()):
                n = len(created["joined"].get(division.pk, []))
                self.stdout.write(f"  {division.name}: +{n}")
