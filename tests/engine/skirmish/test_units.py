"""units.py: the smart target's key tells exhaustion (``EXHAUSTED_ABOVE``)."""

from bouts.engine.skirmish.units import EXHAUSTED_ABOVE, Unit


def test_the_key_is_past_exhausted_above_exactly_when_fatigue_and_damage_pass_health():
    for attack in range(10):
        for defence in range(10):
            for health in range(1, 21):
                # from untouched to 12 enemies' three attacks and its own in one cycle
                for worn in range(health + 52):
                    u = Unit()
                    u.health = health
                    u.target_bias = (0 if defence else 4096) - attack
                    u.damage_taken = worn // 2
                    u.fatigue_points = worn - worn // 2
                    u.rekey()
                    assert (u.target_key > EXHAUSTED_ABOVE) == (worn > health)
