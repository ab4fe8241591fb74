"""The seed's "AI Opponent Behavior" (SeedPolicy), the league's corner (HealthPolicy)
and the greedy corner (policy.py)."""

import pytest

from bouts.engine.octagon.policy import GreedyPolicy, HealthPolicy, SeedPolicy

from .support import ISLAM, OLIVEIRA, PEREIRA, VOLK, ScriptedRng, arena, code, give


def _seed_game(values=(), **kw):
    game = arena(rng=ScriptedRng(values), red_policy=SeedPolicy(), **kw)
    return game, game.red, SeedPolicy()


def test_seed_ai_skips_the_draw_with_a_full_hand_it_can_play_from():
    """The seed: "Can skip draw phase if hand is full" (asked only then)."""
    game, camp, ai = _seed_game()
    camp.hand = [code("Block")] * 9 + [code("Quick Jab")]
    assert ai.skip_draw(game, camp) is True
    camp.hand = [code("Block")] * 9 + [code("Clinch")]
    assert ai.skip_draw(game, camp) is True
    # nothing to throw on the feet (ground work, defence, corner cards): draw, so
    # that two such hands cannot skip for ever
    camp.hand = [code("Armbar"), code("Ground and Pound"), code("Master Coach")] + [
        code("Block")
    ] * 7
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


# --- the league's corner: HealthPolicy ---------------------------------------------------
def _health(red=(ISLAM,), blue=(PEREIRA,), energy=12):
    game = arena(red=red, blue=blue, energy=energy)
    return game, game.red, HealthPolicy()


def test_health_finishes_with_the_smallest_card_that_does():
    game, camp, ai = _health(red=(OLIVEIRA,), blue=(VOLK,))
    give(game, camp, "Head Kick", "Quick Jab", "Power Cross")
    game.blue.active.stamina = 5  # Jab 3 + 7 - 9 = 1; Cross 6 + 7 - 9 = 4; Head Kick 8
    assert ai.choose_action(game, camp) == 0
    game.blue.active.stamina = 4
    assert ai.choose_action(game, camp) == 2


def test_health_finishes_on_the_ground_with_a_ground_card():
    game, camp, ai = _health()
    game.position = camp
    give(game, camp, "Head Kick", "Guillotine Choke")
    game.blue.active.stamina = 8  # Head Kick 10 + 6 - 6 = 10; choke 10 + 5 - 2 + 2 = 15
    assert ai.choose_action(game, camp) == 1


def test_health_heals_ten_missing_and_coaches_a_fresh_fighter():
    game, camp, ai = _health()
    give(game, camp, "Quick Jab", "Master Coach", "Ringside Medic")
    camp.active.stamina = 31  # 9 missing: the Medic would waste a point
    assert ai.choose_action(game, camp) == 1  # Coach: 31 of 40 is over half
    camp.active.stamina = 30
    assert ai.choose_action(game, camp) == 2
    game, camp, ai = _health()
    give(game, camp, "Quick Jab", "Master Coach")
    camp.active.stamina = 19  # under half: strikes first, the Coach last
    assert ai.choose_action(game, camp) == 0


def test_health_keeps_the_top_position_for_its_ground_work():
    game, camp, ai = _health()
    game.position = camp
    give(game, camp, "Head Kick", "Guillotine Choke", "Armbar", "Ground and Pound")
    assert ai.choose_action(game, camp) == 2  # the biggest: Armbar 12 + 5 - 2 + 2 = 17
    game, camp, ai = _health(energy=2)
    game.position = camp
    give(game, camp, "Teep Kick", "Armbar")  # the Armbar is not affordable
    assert ai.choose_action(game, camp) is None  # a strike would give up the top


def test_health_submits_from_underneath_then_takes_the_fight_down_with_ground_work():
    game, camp, ai = _health()
    game.position = game.blue
    give(game, camp, "Head Kick", "Kimura", "Ground and Pound")
    assert ai.choose_action(game, camp) == 1  # G&P is not legal underneath
    game, camp, ai = _health()
    give(game, camp, "Head Kick", "Clinch", "Suplex", "Kimura")
    assert ai.choose_action(game, camp) == 2  # the best takedown bonus


@pytest.mark.parametrize(
    ("energy", "expected"), [(5, 1), (4, 0)]
)  # Intense Training first when the cheapest strike still fits after it
def test_health_plays_intense_training_before_a_strike(energy, expected):
    game, camp, ai = _health(energy=energy)
    give(game, camp, "Power Cross", "Intense Training")
    assert ai.choose_action(game, camp) == expected


def test_health_spends_a_defence_buff_with_its_smallest_strike():
    game, camp, ai = _health(red=(PEREIRA,), blue=(ISLAM,))
    give(game, camp, "Head Kick", "Quick Jab", "Heavy Hook")
    assert ai.choose_action(game, camp) == 0
    game.blue.active.guard = 5
    assert ai.choose_action(game, camp) == 1


def test_health_ends_with_takedowns_then_defence_then_nothing():
    game, camp, ai = _health()
    give(game, camp, "Block", "Clinch")
    assert ai.choose_action(game, camp) == 1  # a takedown even without ground work
    game, camp, ai = _health()
    give(game, camp, "Block", "Parry")
    assert ai.choose_action(game, camp) == 1  # the bigger defence card
    camp.active.guard = 3
    assert ai.choose_action(game, camp) is None  # one buff at a time
    game, camp, ai = _health(energy=0)
    give(game, camp, "Quick Jab")
    assert ai.choose_action(game, camp) is None


@pytest.mark.parametrize("policy", [HealthPolicy(), SeedPolicy(), GreedyPolicy()])
def test_a_fighter_goes_to_the_bench_while_it_has_room_even_without_energy(policy):
    game, camp, _ = _health(red=(VOLK, ISLAM, PEREIRA), energy=0)
    camp.hand = [code("Quick Jab"), 2, 1]
    assert policy.choose_action(game, camp) == 1  # the first fighter; deploying is free
    camp.bench = [camp.fighters[0]] * 5  # full
    assert policy.choose_action(game, camp) is None


def test_health_benches_fighters_first_and_plays_a_whole_turn_legally():
    game, camp, ai = _health(red=(VOLK, ISLAM))
    camp.policy = ai
    camp.hand = [code("Quick Jab"), 1, code("Armbar"), code("Clinch"), code("Master Coach")]
    camp.fighters[1].where = "hand"
    assert ai.choose_action(game, camp) == 1
    camp.deck = [code("Block")]
    camp.turns, camp.allowance = 3, 12
    game.rng = ScriptedRng([0.99] * 4)  # the Clinch is stuffed
    game.turn(camp)  # trusted: Game.apply without the legality check
    assert camp.energy >= 0 and camp.played >= 3 and camp.bench
