"""Three judges score every round on the 10-point must system.

The seed says only that each judge counts the landed punches with a small random
error and that penalties move a point (step 5). The rest follows reference/webl.md:
a round goes to whoever landed more and better punches, damage can swing it, close
rounds may be even, a knockdown is worth a point. RULES.md lists every value.

How real judges disagree (RULES.md, "Judges"): not only by a counting error that
evens out over twelve rounds, but by a view that holds for the whole bout (where the
judge sits, whose work he rates): each judge draws per bout how much he values damage
against punches (``taste``) and a lean towards one fighter's work (``view``, up to
``VIEW``). Each round his count of the margin is off by up to ``JUDGE_NOISE``; only a
near dead-even round (``CLOSE``) is left to his close-round view (10-10 for ``even``).
"""

from __future__ import annotations

LANDED_WEIGHT = 1.0  # points per landed punch a judge counts
DAMAGE_WEIGHT = 2.0  # points per endurance point of damage dealt
JUDGE_NOISE = 0.30  # each judge's count of the round: red's score x uniform(1 - n, 1 + n)
VIEW = 0.03  # a judge's lean for the bout: red x (1 + v), blue x (1 - v), v in [-VIEW, VIEW]
CLOSE = 0.005  # a difference within 0.5% of the two scores is a close round
BIAS_FACTOR = 1.03  # hometown / champion judges: +3% for their man
MIN_SCORE = 6

EVEN, AGGRESSOR, COUNTERPUNCHER, HOME = range(4)
_CLOSE_MODE = {"even": EVEN, "aggressor": AGGRESSOR, "counterpuncher": COUNTERPUNCHER, "home": HOME}


def judge_params(
    judge: dict, home: str | None, champion: str | None, taste: float = 0.5, view: float = 0.5
):
    """``(landed weight, damage weight, red factor, blue factor, close mode, home side)``.

    ``taste`` (uniform 0-1, drawn per judge per bout) sets how much this judge values
    damage against landed punches: x0.5 to x1.5 of DAMAGE_WEIGHT. ``view`` (uniform
    0-1, drawn per judge per bout) is his lean for the bout: red's score x (1 + v) and
    blue's x (1 - v), v = VIEW x (2 view - 1); 0.5 = none."""
    bias = judge.get("bias", "none")
    landed_weight, damage_weight = LANDED_WEIGHT, DAMAGE_WEIGHT * (0.5 + taste)
    if bias == "slugger":
        damage_weight *= 1.5
    elif bias == "boxer":
        landed_weight *= 1.15
        damage_weight *= 0.6
    lean = VIEW * (2.0 * view - 1.0)
    red, blue = 1.0 + lean, 1.0 - lean
    favoured = home if bias == "hometown" else (champion if bias == "champion" else None)
    if favoured == "red":
        red *= BIAS_FACTOR
    elif favoured == "blue":
        blue *= BIAS_FACTOR
    mode = _CLOSE_MODE[judge.get("close_round", "even")]
    return landed_weight, damage_weight, red, blue, mode, home


def judge_view(params: tuple) -> tuple:
    """A judge's weights for the bout as ``round_scores`` reads them: ``(red's landed
    weight, red's damage weight, blue's landed weight, blue's damage weight, close
    mode, home side)``, each weight times that side's factor (``judge_params``)."""
    landed_weight, damage_weight, red, blue, mode, home = params
    return (
        landed_weight * red,
        damage_weight * red,
        landed_weight * blue,
        damage_weight * blue,
        mode,
        home,
    )


def judge_round(params, landed_red, dealt_red, landed_blue, dealt_blue, draw, lean):
    """One judge's ``[red, blue]`` for a round before knockdowns and penalties:
    ``round_scores`` for this judge alone (``params``: ``judge_params``).

    ``draw`` is a uniform number for the judge's counting error on the round;
    ``lean`` is ``(aggressor, counterpuncher)``: the side a judge of that view gives
    a close round to (None for neither)."""
    views = (judge_view(params),)
    return round_scores(views, lambda: draw, landed_red, dealt_red, landed_blue, dealt_blue, lean)[
        0
    ]


def apply_knockdowns(score: list, red_downs: int, blue_downs: int) -> list:
    """10-8 for a knockdown (reference: fight reports print "10-8 for the knockdown"):
    the fighter who was down fewer times wins the round, 10 to 9 less one point for
    each knockdown more (10-8, 10-7 for two, at least MIN_SCORE), whatever the punches
    said. Knockdowns on both sides cancel; equal ones leave the round to the punches."""
    net = blue_downs - red_downs  # red's knockdowns scored, less those suffered
    if net > 0:
        return [10, 9 - net if net < 9 - MIN_SCORE else MIN_SCORE]
    if net < 0:
        return [9 + net if -net < 9 - MIN_SCORE else MIN_SCORE, 10]
    return score


def apply_penalty(score: list, side: str) -> list:
    """Step 5: a penalised fighter who won the round gives his opponent a point;
    otherwise (lost or even) he loses a point."""
    red, blue = score
    if side == "red":
        if red > blue:
            return [red, blue + 1]
        return [max(MIN_SCORE - 1, red - 1), blue]
    if blue > red:
        return [red + 1, blue]
    return [red, max(MIN_SCORE - 1, blue - 1)]


def bout_judges(judges: list, random, home, champion) -> tuple:
    """Each judge's view for the bout (``judge_view``), drawn judge by judge: his
    ``taste``, then his ``view`` (``judge_params``)."""
    views = []
    for judge in judges:
        views.append(judge_view(judge_params(judge, home, champion, random(), random())))
    return tuple(views)


def close_round(mode: int, home, lean) -> list:
    """A close round for a judge: even, or to his side (aggressor, counterpuncher, home)."""
    if mode == EVEN:
        return [10, 10]
    side = home if mode == HOME else lean[mode - AGGRESSOR]
    if side is None:
        return [10, 10]
    return [10, 9] if side == "red" else [9, 10]


def adjust(
    score: list, red_downs: int, blue_downs: int, red_penalties: int, blue_penalties: int
) -> list:
    """Knockdowns, then point penalties, on one judge's score for the round."""
    if red_downs or blue_downs:
        score = apply_knockdowns(score, red_downs, blue_downs)
    for _ in range(red_penalties):
        score = apply_penalty(score, "red")
    for _ in range(blue_penalties):
        score = apply_penalty(score, "blue")
    return score


def adjust_round(
    scores: list, red_downs: int, blue_downs: int, red_penalties: int, blue_penalties: int
) -> list:
    """A round's knockdowns and point penalties on the judges' scores (``round_scores``'):
    a knockdown's 10-8 on every card whatever each judge's punch score, then the
    penalties; equal knockdowns cancel, and the penalties come off each judge's score."""
    if red_downs != blue_downs:
        first = adjust(scores[0], red_downs, blue_downs, red_penalties, blue_penalties)
        return [first, first[:], first[:]]
    return [adjust(score, red_downs, blue_downs, red_penalties, blue_penalties) for score in scores]


def round_scores(views, random, landed_red, dealt_red, landed_blue, dealt_blue, lean) -> list:
    """Each judge's ``[red, blue]`` for a round on punches, judge by judge (the only
    place a judge's arithmetic lives): his weights of what each landed and dealt
    (``judge_view``), one draw of his counting error on red's side (red's score x
    uniform(1 - JUDGE_NOISE, 1 + JUDGE_NOISE)); a margin within ``CLOSE`` of the two
    together is a close round (``close_round``)."""
    low, span = 1.0 - JUDGE_NOISE, 2.0 * JUDGE_NOISE
    scores = []
    for landed_red_w, dealt_red_w, landed_blue_w, dealt_blue_w, mode, home in views:
        red = (landed_red_w * landed_red + dealt_red_w * dealt_red) * (low + span * random())
        blue = landed_blue_w * landed_blue + dealt_blue_w * dealt_blue
        margin = CLOSE * (red + blue)
        if red - blue > margin:
            scores.append([10, 9])
        elif blue - red > margin:
            scores.append([9, 10])
        else:
            scores.append(close_round(mode, home, lean))
    return scores
