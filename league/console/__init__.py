"""The commissioner's console: run a league from the browser (docs/console.md).

Pages behind sign-in for a league's commissioners and staff. Thin views over
``league.services.setup`` and ``league.services.fight_cards``; every permission
is the services' own, so the console can show no more than a service allows.
"""
