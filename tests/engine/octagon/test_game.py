"""Every rule of play (game.py), each on a crafted position with a scripted rng."""

import random

import pytest

from bouts.engine.octagon import RULESET
from bouts.engine.octagon.catalogue import CODE_BASE
from bouts.engine.octagon.game import GameOver

from .support import (
    HOLLOWAY,
    ISLAM,
    MERAB,
    OLIVEIRA,
    PEREIRA,
    TOPURIA,
    VOLK,
    Idle,
    ScriptedRng,
    arena,
    code,
    give,
    play,
)


# --- strikes ------------------------------------------------------------------------
def test_strike_deals_the_formula_damage_and_costs_energy():
    game = arena(red=(PEREIRA,), blue=(VOLK,))
    play(game, game.red, "Head Kick")
    assert game.blue.active.stamina == 42 - 13  # 10 + 10 - 9 + 2 (Striker)
    assert game.red.energy == 12 - 5
    assert game.red.stats["landed"] == game.red.stats["thrown"] == 1
    assert game.red.stats["damage"] == 13
    assert game.red.active.damage_dealt == 13 and game.blue.active.damage_taken == 13


def test_regular_strike_resets_the_fight_to_standing():
    for holder in ("red", "blue"):
        game = arena()
        game.position = getattr(game, holder)
        play(game, game.red, "Quick Jab")
        assert game.position is None


def test_ground_and_pound_needs_the_advantage_and_keeps_it():
    game = arena(red=(ISLAM,), blue=(PEREIRA,))
    gnp = code("Ground and Pound")
    assert not game.can_play(game.red, gnp)  # standing
    game.position = game.blue
    assert not game.can_play(game.red, gnp)  # the opponent has the advantage
    game.position = game.red
    assert game.can_play(game.red, gnp)
    play(game, game.red, "Ground and Pound")
    assert game.blue.active.stamina == 34 - 9  # 6 + 6 - 6 + 3
    assert game.position is game.red


def test_illegal_play_is_refused():
    game = arena()
    give(game, game.red, "Armbar")
    with pytest.raises(ValueError, match="illegal play"):
        game.play(game.red, 0)
    game = arena(energy=4)
    give(game, game.red, "Head Kick")
    assert not game.can_play(game.red, code("Head Kick"))  # not enough energy


# --- takedowns ----------------------------------------------------------------------
def test_takedown_success_gives_advantage_and_impact_damage():
    # Volkanovski (G8) Clinch (+2) on Makhachev (D8, fresh): 70 %; roll 69 < 70 succeeds
    game = arena(red=(VOLK,), blue=(ISLAM,), rng=ScriptedRng([0.695]))
    play(game, game.red, "Clinch")
    assert game.position is game.red
    assert game.blue.active.stamina == 40 - 1
    assert game.red.stats["takedowns_landed"] == game.red.stats["landed"] == 1
    assert "(70%)" in game.events[-1]["text"]


def test_takedown_failure_changes_nothing():
    game = arena(red=(VOLK,), blue=(ISLAM,), rng=ScriptedRng([0.70]))
    play(game, game.red, "Clinch")
    assert game.position is None
    assert game.blue.active.stamina == 40
    assert game.red.stats["takedowns_attempted"] == game.red.stats["thrown"] == 1
    assert game.red.stats["landed"] == 0
    assert game.red.energy == 10  # the energy is spent either way


def test_takedown_uses_the_defenders_stamina_penalty():
    # Pereira (G4) Single Leg (+2) = 6 vs Makhachev D8: 30 % fresh, 50 % below half stamina
    game = arena(red=(PEREIRA,), blue=(ISLAM,), rng=ScriptedRng([0.45, 0.45]))
    play(game, game.red, "Single Leg Takedown")
    assert game.position is None  # 45 >= 30
    game.blue.active.stamina = 19  # below 50 % of 40
    play(game, game.red, "Single Leg Takedown")
    assert game.position is game.red  # 45 < 50
    assert "(50%)" in game.events[-1]["text"]


def test_takedown_from_the_bottom_reverses_the_position():
    game = arena(red=(MERAB,), blue=(VOLK,), rng=ScriptedRng([0.0]))
    game.position = game.blue
    play(game, game.red, "Suplex")
    assert game.position is game.red
    assert game.blue.active.stamina == 42 - 5


# --- submissions ---------------------------------------------------------------------
def test_submission_needs_the_ground():
    game = arena()
    assert not game.can_play(game.red, code("Armbar"))
    game.position = game.blue
    assert game.can_play(game.red, code("Armbar"))  # either side's advantage
    game.position = game.red
    assert game.can_play(game.red, code("Armbar"))


def test_submission_always_lands_and_keeps_the_position_for_chains():
    game = arena(red=(ISLAM,), blue=(OLIVEIRA,))
    game.position = game.red
    play(game, game.red, "Armbar")  # 12 + 5 - 5 + 2 = 14
    assert game.blue.active.stamina == 36 - 14
    assert game.position is game.red
    play(game, game.red, "Kimura")  # 11 + 5 - 5 + 2 = 13
    assert game.blue.active.stamina == 36 - 27
    assert game.position is game.red
    assert game.red.active.subs_landed == 2


def test_submission_off_the_back():
    game = arena(red=(OLIVEIRA,), blue=(ISLAM,))
    game.position = game.blue
    play(game, game.red, "Triangle Choke")  # 13 + 5 - 5 - 2 = 11
    assert game.blue.active.stamina == 40 - 11
    assert game.position is game.blue


def test_defence_cards_do_not_reduce_submissions():
    game = arena(red=(ISLAM,), blue=(OLIVEIRA,))
    play(game, game.blue, "Slip Counter")
    game.position = game.red
    play(game, game.red, "Armbar")
    assert game.blue.active.stamina == 36 - 14
    assert game.blue.active.guard == 8  # still waiting for a strike


def test_submission_finish_is_credited_as_submission_won_and_lost():
    game = arena(red=(ISLAM,), blue=(OLIVEIRA, HOLLOWAY))
    game.blue.bench.append(game.blue.fighters[1])
    game.position = game.red
    game.blue.active.stamina = 5
    play(game, game.red, "Rear Naked Choke")
    islam, charles = game.red.fighters[0], game.blue.fighters[0]
    assert (islam.kos_scored, islam.subs_won) == (1, 1)
    assert (charles.kos_suffered, charles.subs_lost, charles.where) == (1, 1, "ko")
    assert game.knockdowns[-1]["how"] == "submission"


# --- defence cards ---------------------------------------------------------------------
@pytest.mark.parametrize(("card", "reduced"), [("Block", 5), ("Parry", 3), ("Slip Counter", 8)])
def test_defence_card_reduces_the_next_strike_only(card, reduced):
    game = arena(red=(VOLK,), blue=(ISLAM,))
    play(game, game.blue, card)
    play(game, game.red, "Heavy Hook")  # 8 + 8 - 8 = 8
    assert game.blue.active.stamina == 40 - max(1, 8 - reduced)
    play(game, game.red, "Heavy Hook")
    assert game.blue.active.stamina == 40 - max(1, 8 - reduced) - 8


def test_parry_counters_for_three():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    play(game, game.blue, "Parry")
    play(game, game.red, "Power Cross")  # 6 + 8 - 8 - 3 = 3
    assert game.blue.active.stamina == 37
    assert game.red.active.stamina == 42 - 3
    assert game.blue.stats["damage"] == 3
    assert game.events[-1]["kind"] == "counter"


def test_defence_buffs_add_up_and_are_spent_together():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    play(game, game.blue, "Block")
    play(game, game.blue, "Parry")
    play(game, game.red, "Head Kick")  # 10 + 8 - 8 - 8 = 2
    assert game.blue.active.stamina == 38
    assert game.blue.active.guard == 0 and game.blue.active.counter == 0


# --- corner cards ----------------------------------------------------------------------
def test_master_coach_is_permanent_and_draws_a_card():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    game.red.deck = [code("Quick Jab")]
    play(game, game.red, "Master Coach")
    volk = game.red.active
    assert (volk.striking, volk.grappling, volk.defense) == (9, 9, 10)
    assert volk.stamina == volk.max_stamina == 42  # stamina is not a coached stat
    assert game.red.hand == [code("Quick Jab")] and not game.red.deck
    play(game, game.red, "Master Coach")  # empty deck: the draw fizzles, no deck out
    assert (volk.striking, volk.grappling, volk.defense) == (10, 10, 11)
    assert not game.over
    game.red.deck = [code("Block")]
    game.turn(game.red)
    assert volk.striking == 10  # survives the turn


def test_intense_training_lasts_until_the_next_turn():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    game.red.deck = [code("Block")] * 3
    play(game, game.red, "Intense Training")
    play(game, game.red, "Power Cross")  # 6 + 8 + 3 - 8 = 9
    assert game.blue.active.stamina == 31
    game.red.turns = 1
    game.turn(game.red)  # the energy phase resets the bonus
    assert game.red.active.training == 0
    play(game, game.red, "Power Cross")
    assert game.blue.active.stamina == 25


def test_ringside_medic_heals_ten_capped_at_max_stamina():
    game = arena(red=(VOLK,))
    volk = game.red.active
    volk.stamina = 20
    play(game, game.red, "Ringside Medic")
    assert volk.stamina == 30
    volk.stamina = 37
    play(game, game.red, "Ringside Medic")
    assert volk.stamina == 42


# --- status effects ----------------------------------------------------------------------
def test_cutting_elbow_bleeds_two_a_turn_for_two_turns():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    game.blue.deck = [code("Block")] * 5
    play(game, game.red, "Cutting Elbow")  # 5 + 8 - 8 = 5
    islam = game.blue.active
    assert islam.stamina == 35 and islam.bleed == 2
    assert game.injuries[-1]["type"] == "bleed"
    game.turn(game.blue)
    assert islam.stamina == 33
    game.turn(game.blue)
    assert islam.stamina == 31 and islam.bleed == 0
    game.turn(game.blue)
    assert islam.stamina == 31
    assert game.red.active.damage_dealt == 9  # the bleed is credited to the elbow


def test_bleed_is_refreshed_not_stacked():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    play(game, game.red, "Cutting Elbow")
    game.blue.active.bleed = 1
    play(game, game.red, "Cutting Elbow")
    assert game.blue.active.bleed == 2


def test_spinning_back_fist_makes_the_opponent_skip_the_whole_turn():
    game = arena(red=(VOLK,), blue=(ISLAM,))
    game.blue.deck = [code("Block")] * 3
    play(game, game.red, "Cutting Elbow")
    play(game, game.red, "Spinning Back Fist")
    blue = game.blue
    assert blue.skip
    assert game.injuries[-1]["type"] == "stagger"
    stamina, allowance, turns = blue.active.stamina, blue.allowance, blue.turns
    blue.policy = None  # any action would fail
    game.turn(blue)
    assert not blue.skip
    assert (blue.allowance, blue.turns, len(blue.deck), blue.hand) == (allowance, turns, 3, [])
    assert blue.active.stamina == stamina  # not even the bleed ticks
    assert game.events[-1]["kind"] == "skip"


# --- energy, draw, hand -------------------------------------------------------------------
def test_energy_7_and_6_then_plus_2_a_turn_up_to_12_never_carried():
    game = arena(energy=0)
    for camp in (game.red, game.blue):
        camp.deck = [code("Block")] * 10
    seen = {"red": [], "blue": []}
    for _ in range(5):
        for camp in (game.red, game.blue):
            game.turn(camp)
            seen[camp.key].append(camp.energy)  # Idle spends nothing
    assert seen == {"red": [7, 9, 11, 12, 12], "blue": [6, 8, 10, 12, 12]}


def test_blue_can_play_first_with_the_option():
    red, blue = (RULESET.generate_side(random.Random(s), 5) for s in (1, 2))
    result = RULESET.simulate(red, blue, rounds=3, rng=random.Random(3), officials=None,
                              corners=None, plans={}, options={"first": "blue"})  # fmt: skip
    assert result.details["first"] == "blue"
    assert next(e["side"] for e in result.events if e["round"] == 2) == "blue"


def test_draw_with_a_full_hand_discards_the_oldest_card():
    game = arena(red=(VOLK, ISLAM))
    game.red.hand = [1] + [code("Block")] * 9  # the oldest card is the fighter Makhachev
    game.red.fighters[1].where = "hand"
    game.red.deck = [code("Head Kick")]
    game.turn(game.red)
    assert len(game.red.hand) == 10
    assert game.red.hand[-1] == code("Head Kick") and 1 not in game.red.hand
    assert game.red.fighters[1].where == "discarded"


def test_drawing_from_an_empty_deck_loses_by_deck_out():
    game = arena()
    with pytest.raises(GameOver):
        game.turn(game.red)
    assert (game.winner, game.method) == (game.blue, "DECK_OUT")


class Skipper(Idle):
    """Always wants to skip the draw (the engine asks only with a full hand)."""

    asked = 0

    def skip_draw(self, game, camp):
        self.asked += 1
        return True


def test_the_draw_may_be_skipped_only_with_a_full_hand():
    game = arena(red_policy=Skipper())
    game.red.deck = [code("Head Kick")] * 2
    game.red.hand = [code("Block")] * 9
    game.turn(game.red)  # 9 cards: not asked, draws
    assert game.red.policy.asked == 0 and len(game.red.hand) == 10 and len(game.red.deck) == 1
    game.turn(game.red)  # 10 cards: asked, skips; nothing discarded, the deck kept
    assert game.red.policy.asked == 1 and len(game.red.hand) == 10 and len(game.red.deck) == 1


def test_a_full_hand_need_not_draw_from_an_empty_deck():
    """ "Opponent's deck is empty when they need to draw": a full hand does not need to."""
    game = arena()  # Idle wants to draw
    game.red.hand = [code("Armbar")] * 10
    game.turn(game.red)
    assert not game.over and len(game.red.hand) == 10
    game.red.hand.pop()
    with pytest.raises(GameOver):
        game.turn(game.red)
    assert (game.winner, game.method) == (game.blue, "DECK_OUT")


@pytest.mark.parametrize(
    ("red_health", "blue_health", "winner"),
    [(80, 60, "red"), (60, 80, "blue"), (60, 60, "blue")],
)
def test_option_deck_out_health_gives_a_deck_out_to_the_camp_with_more_health(
    red_health, blue_health, winner
):
    game = arena()
    game.deck_out_health = True
    game.red.health, game.blue.health = red_health, blue_health
    with pytest.raises(GameOver):
        game.turn(game.red)  # red must draw from an empty deck
    assert (game.winner.key, game.method) == (winner, "DECK_OUT")


def test_bench_holds_five_fighters():
    game = arena(red=(VOLK, ISLAM, PEREIRA, TOPURIA, MERAB, OLIVEIRA, HOLLOWAY))
    game.red.hand = [1, 2, 3, 4, 5, 6]
    for _ in range(5):
        game.play(game.red, 0)
    assert len(game.red.bench) == 5
    assert not game.can_play(game.red, 6)
    with pytest.raises(ValueError):
        game.play(game.red, 0)


def test_opening_hand_is_a_fighter_and_four_cards_and_the_best_fighter_opens():
    red, blue = (RULESET.generate_side(random.Random(s), 5) for s in (4, 5))
    for seed in range(20):
        from bouts.engine.octagon.game import Game

        game = Game(red, blue, Idle(), Idle(), random.Random(seed), 10)
        game.setup(red, blue)
        for camp in (game.red, game.blue):
            assert len(camp.deck) == 45
            assert len(camp.hand) == 4  # five, one of them deployed
            opened = camp.active
            others = [camp.fighters[c] for c in camp.hand if c < CODE_BASE]
            assert all(opened.rating >= f.rating for f in others)


# --- knockouts and replacement ---------------------------------------------------------------
def test_ko_costs_20_health_resets_position_and_promotes_the_best_from_the_bench():
    game = arena(red=(PEREIRA,), blue=(ISLAM, OLIVEIRA, MERAB))
    blue = game.blue
    blue.bench.extend([blue.fighters[1], blue.fighters[2]])
    game.position = blue
    blue.active.stamina = 3
    play(game, game.red, "Quick Jab")
    assert blue.health == 80 and blue.kos == 1
    assert game.position is None
    assert blue.active is blue.fighters[2]  # Merab 8.0 over Oliveira 7.35
    assert blue.bench == [blue.fighters[1]]
    assert game.red.active.kos_scored == 1
    knock = game.knockdowns[-1]
    assert (knock["fighter"], knock["name"], knock["count"], knock["how"]) == (
        "blue",
        "Islam Makhachev",
        1,
        "strike",
    )


def test_replacement_from_the_hand_then_from_the_deck():
    game = arena(red=(PEREIRA,), blue=(ISLAM, OLIVEIRA, MERAB))
    blue = game.blue
    blue.hand = [code("Block"), 1]
    blue.deck = [2, code("Armbar"), code("Kimura")]  # the top is the end
    blue.active.stamina = 1
    play(game, game.red, "Quick Jab")
    assert blue.active is blue.fighters[1] and blue.hand == [code("Block")]
    blue.active.stamina = 1
    play(game, game.red, "Quick Jab")
    assert blue.active is blue.fighters[2]
    assert blue.hand == [code("Block"), code("Kimura"), code("Armbar")] and blue.deck == []


def test_no_fighters_anywhere_loses():
    game = arena(red=(PEREIRA,), blue=(ISLAM,))
    game.blue.deck = [code("Block")]
    game.blue.active.stamina = 1
    with pytest.raises(GameOver):
        play(game, game.red, "Quick Jab")
    assert (game.winner, game.method) == (game.red, "NO_FIGHTERS")


def test_health_at_zero_loses_before_any_replacement():
    game = arena(red=(PEREIRA,), blue=(ISLAM, OLIVEIRA))
    game.blue.bench.append(game.blue.fighters[1])
    game.blue.health = 20
    game.blue.active.stamina = 1
    with pytest.raises(GameOver):
        play(game, game.red, "Quick Jab")
    assert (game.winner, game.method, game.blue.health) == (game.red, "HEALTH", 0)


def test_parry_counter_can_knock_out_the_striker():
    game = arena(red=(PEREIRA, HOLLOWAY), blue=(VOLK,))
    game.red.bench.append(game.red.fighters[1])
    play(game, game.blue, "Parry")
    game.red.active.stamina = 2
    play(game, game.red, "Quick Jab")
    assert game.red.kos == 1 and game.red.active is game.red.fighters[1]
    assert game.blue.active.kos_scored == 1
    assert game.knockdowns[-1]["how"] == "counter"


def test_bleed_ko_is_credited_to_the_elbow():
    game = arena(red=(VOLK,), blue=(ISLAM, MERAB))
    game.blue.bench.append(game.blue.fighters[1])
    game.blue.deck = [code("Block")] * 2
    play(game, game.red, "Cutting Elbow")
    game.blue.active.stamina = 2
    game.turn(game.blue)
    assert game.blue.fighters[0].where == "ko"
    assert game.red.active.kos_scored == 1
    assert game.blue.active is game.blue.fighters[1]


def test_turn_limit_goes_to_health_then_damage_else_no_winner():
    game = arena()
    game.blue.health = 80
    with pytest.raises(GameOver):
        game.turn_limit()
    assert (game.winner, game.method) == (game.red, "TURNS")
    game = arena()
    with pytest.raises(GameOver):
        game.turn_limit()
    assert (game.winner, game.method) == (None, "TURNS")
