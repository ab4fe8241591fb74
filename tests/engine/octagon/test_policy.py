"""The seed's "AI Opponent Behavior" (SeedPolicy) and the greedy corner (policy.py)."""

from bouts.engine.octagon.policy import GreedyPolicy, SeedPolicy

from .support import ISLAM, OLIVEIRA, PEREIRA, VOLK, ScriptedRng, arena, code, give


def _seed_game(values=(), **kw):
    game = arena(rng=ScriptedRng(values), red_policy=SeedPolicy(), **kw)
    return game, game.red, SeedPolicy()


def test_seed_ai_always_draws():
    game, camp, ai = _seed_game()
    camp.hand = [code("Block")] * 10
    assert ai.skip_draw(game, camp) is False


def test_seed_ai_benches_fighters_first_for_free():
    game, camp, ai = _seed_game(red=(VOLK, ISLAM))
    camp.hand = [code("Quick Jab"), 1]
    assert ai.choose_action(game, camp) == 1


def test_seed_ai_heals_first_below_40_percent_stamina():
    game, camp, ai = _seed_game()
    give(game, camp, "Quick Jab", "Ringside Medic")
    camp.active.stamina = 15  # 37.5 % of 40
    assert ai.choose_action(game, camp) == 1
    assert game.rng.calls == 0  # no roll needed


def test_seed_ai_heal_priority_stops_at_40_percent():
    game, camp, ai = _seed_game([0.99, 0.0])  # no corner roll; the first technique
    give(game, camp, "Quick Jab", "Ringside Medic")
    camp.active.stamina = 16  # exactly 40 %
    assert ai.choose_action(game, camp) == 0


def test_seed_ai_plays_a_corner_card_30_percent_of_the_time():
    game, camp, ai = _seed_game([0.29, 0.0])
    give(game, camp, "Quick Jab", "Master Coach")
    assert ai.choose_action(game, camp) == 1
    game, camp, ai = _seed_game([0.30, 0.0])
    give(game, camp, "Quick Jab", "Master Coach")
    assert ai.choose_action(game, camp) == 0


def test_seed_ai_plays_techniques_at_random_among_legal_ones():
    picks = set()
    for value in (0.0, 0.34, 0.67, 0.99):
        game, camp, ai = _seed_game([value])
        give(game, camp, "Quick Jab", "Armbar", "Ground and Pound", "Clinch", "Block")
        picks.add(ai.choose_action(game, camp))
    assert picks == {0, 3, 4}  # never Armbar standing, never G&P without the advantage


def test_seed_ai_uses_ground_work_only_on_the_ground():
    game, camp, ai = _seed_game()
    give(game, camp, "Armbar", "Ground and Pound")
    assert ai.choose_action(game, camp) is None
    game.position = game.blue
    game.rng.values = [0.99]
    assert ai.choose_action(game, camp) == 0  # a submission off the back; no G&P
    game.position = camp
    game.rng.values = [0.99]
    assert ai.choose_action(game, camp) == 1


def test_seed_ai_continues_70_percent_of_the_time_while_energy_remains():
    game, camp, ai = _seed_game([0.69, 0.5])
    give(game, camp, "Quick Jab", "Leg Kick")
    camp.played = 1
    assert ai.choose_action(game, camp) is not None
    game, camp, ai = _seed_game([0.70])
    give(game, camp, "Quick Jab", "Leg Kick")
    camp.played = 1
    assert ai.choose_action(game, camp) is None
    game, camp, ai = _seed_game([], energy=0)
    give(game, camp, "Quick Jab")
    camp.played = 1
    assert ai.choose_action(game, camp) is None  # no energy left: no roll


def test_seed_ai_plays_corner_cards_strategically():
    game, camp, ai = _seed_game([0.0, 0.0])
    give(game, camp, "Ringside Medic", "Intense Training", "Block")
    # Medic at full stamina and Intense Training without a strike are not useful
    assert ai.choose_action(game, camp) == 2
    game, camp, ai = _seed_game([0.0, 0.0], energy=4)
    give(game, camp, "Intense Training", "Power Cross")
    assert ai.choose_action(game, camp) == 1  # 2 energy left after it: no strike affordable
    game, camp, ai = _seed_game([0.0, 0.0], energy=5)
    give(game, camp, "Intense Training", "Power Cross")
    assert ai.choose_action(game, camp) == 0


def test_seed_ai_plays_a_whole_turn_legally():
    game, camp, ai = _seed_game([0.5] * 40)
    camp.policy = ai
    camp.deck = [code("Block")]
    give(game, camp, "Quick Jab", "Armbar", "Heavy Hook", "Clinch", "Master Coach")
    camp.turns = 3
    camp.allowance = 12
    game.turn(camp)
    assert camp.played >= 1
    assert camp.energy >= 0


def test_greedy_prefers_the_finish_and_sets_up_ground_work():
    game = arena(red=(ISLAM,), blue=(PEREIRA,))
    camp = game.red
    greedy = GreedyPolicy()
    give(game, camp, "Quick Jab", "Double Leg Takedown", "Rear Naked Choke")
    assert greedy.choose_action(game, camp) == 1  # 90 % takedown with a choke in hand
    game.position = camp
    assert greedy.choose_action(game, camp) == 2
    game = arena(red=(OLIVEIRA,), blue=(VOLK,))
    give(game, game.red, "Block")
    game.blue.active.stamina = 1  # Quick Jab: 3 + 7 - 9 = 1, a finish
    give(game, game.red, "Quick Jab")
    assert greedy.choose_action(game, game.red) == 1
