"""Shared test material: the seed's example fighters, a scripted rng and a way to
put two fighters in the cage with a chosen state."""

from __future__ import annotations

from bouts.engine.octagon.catalogue import CODE_BASE, CORNER_BY_NAME, TECHNIQUE_BY_NAME
from bouts.engine.octagon.game import ZERO_STATS, Game
from bouts.engine.octagon.policy import Policy

# The seed's "Example Fighters" (real athletes: used only as the seed's worked examples).
ISLAM = {"name": "Islam Makhachev", "style": "grappler", "striking": 6, "grappling": 10,
         "defense": 8, "stamina": 40}  # fmt: skip
PEREIRA = {"name": "Alex Pereira", "style": "striker", "striking": 10, "grappling": 4,
           "defense": 6, "stamina": 34}  # fmt: skip
VOLK = {"name": "Alexander Volkanovski", "style": "balanced", "striking": 8, "grappling": 8,
        "defense": 9, "stamina": 42}  # fmt: skip
TOPURIA = {"name": "Ilia Topuria", "style": "balanced", "striking": 9, "grappling": 7,
           "defense": 7, "stamina": 38}  # fmt: skip
MERAB = {"name": "Merab Dvalishvili", "style": "grappler", "striking": 6, "grappling": 9,
         "defense": 7, "stamina": 45}  # fmt: skip
OLIVEIRA = {"name": "Charles Oliveira", "style": "grappler", "striking": 7, "grappling": 10,
            "defense": 6, "stamina": 36}  # fmt: skip
HOLLOWAY = {"name": "Max Holloway", "style": "striker", "striking": 9, "grappling": 6,
            "defense": 7, "stamina": 45}  # fmt: skip
SEED_FIGHTERS = (ISLAM, PEREIRA, VOLK, TOPURIA, MERAB, OLIVEIRA, HOLLOWAY)


class ScriptedRng:
    """Stands in for random.Random: ``random()`` returns the scripted values in turn."""

    def __init__(self, values=()):
        self.values = list(values)
        self.calls = 0

    def random(self):
        self.calls += 1
        if not self.values:
            raise AssertionError("the scripted rng ran out of values")
        return self.values.pop(0)


class Idle(Policy):
    """Plays nothing and never skips the draw: lets a test drive every action."""

    name = "idle"

    def skip_draw(self, game, camp):
        return False

    def choose_action(self, game, camp):
        return None


class Script(Policy):
    """Plays the named cards, in order, from the hand (then stops)."""

    name = "script"

    def __init__(self, names=()):
        self.names = list(names)

    def skip_draw(self, game, camp):
        return False

    def choose_action(self, game, camp):
        if not self.names:
            return None
        wanted = code(self.names.pop(0))
        return camp.hand.index(wanted)


def code(name: str) -> int:
    card = TECHNIQUE_BY_NAME.get(name) or CORNER_BY_NAME[name]
    return CODE_BASE + card.index


def side(*fighters, name="Camp") -> dict:
    return {"name": name, "fighters": [dict(f) for f in fighters], "techniques": [], "corner": []}


def arena(red=(ISLAM,), blue=(PEREIRA,), rng=None, red_policy=None, blue_policy=None,
          energy=12) -> Game:  # fmt: skip
    """A game with each camp's first fighter active, empty decks and hands, and
    ``energy`` to spend; nothing shuffled, nothing drawn."""
    game = Game(
        side(*red, name="Red Camp"),
        side(*blue, name="Blue Camp"),
        red_policy or Idle(),
        blue_policy or Idle(),
        rng or ScriptedRng(),
        100,
    )
    game.round = 1
    for camp in (game.red, game.blue):
        game.deploy_active(camp, camp.fighters[0])
        camp.energy = energy
        camp.stats = ZERO_STATS.copy()
    return game


def give(game: Game, camp, *names) -> None:
    """Put cards in ``camp``'s hand (oldest first)."""
    camp.hand.extend(code(n) for n in names)


def play(game: Game, camp, name: str) -> None:
    """Give ``camp`` the card and play it at once."""
    give(game, camp, name)
    game.play(camp, len(camp.hand) - 1)
