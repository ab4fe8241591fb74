"""The sandbox's fights and counts: pure (the engine and plain data, no database).

``fight_many`` fights seeds ``seed .. seed + n - 1`` between my card with my plan and
the opponent's model, and counts what a manager asks of a plan: how the fights ended,
the rounds won, my energy and damage per round against his, and the lines of my plan
that fought. The same inputs give the same figures (the seeds are the run's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from bouts.engine import simulate
from bouts.engine.registry import method_name
from bouts.plan_lines import PlanLines, line_words, round_label

# What a round's statistics call a side's energy left, by ruleset (None: not kept).
ENERGY_KEYS = ("endurance", "end")
# How often the progress callback is told (fights).
PROGRESS_EVERY = 20
RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn"}


def outcome_words(outcome: str, method: str) -> str:
    """ "Won — knockout", "Lost — split decision", "Draw"."""
    if outcome == "draw":
        return method_name(method)
    return f"{RESULT_WORDS[outcome].capitalize()} — {method_name(method).lower()}"


def _other(side: str) -> str:
    return "blue" if side == "red" else "red"


def _energy(stats: dict) -> float | None:
    for key in ENERGY_KEYS:
        value = stats.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


def _rounds_won(scorecards: list, mine: int) -> tuple[int, int]:
    """Rounds won and lost on at least two of the three judges' cards."""
    won = lost = 0
    if not scorecards:
        return 0, 0
    for scores in zip(*scorecards):
        me = sum(1 for s in scores if s[mine] > s[1 - mine])
        him = sum(1 for s in scores if s[1 - mine] > s[mine])
        if me >= 2:
            won += 1
        elif him >= 2:
            lost += 1
    return won, lost


class Tally:
    """What the fights add up to, counted as they come."""

    def __init__(self, side: str, plan_lines: PlanLines):
        self.side, self.them = side, _other(side)
        self.mine = 0 if side == "red" else 1
        self.plan_lines = plan_lines
        self.fights = 0
        self.outcomes: Counter = Counter()
        self.won = self.lost = 0
        self.per_round: dict[int, list[float]] = {}
        self.labels: Counter = Counter()

    def add(self, result: dict) -> None:
        self.fights += 1
        winner = result["winner"]
        outcome = "draw" if winner is None else ("win" if winner == self.side else "loss")
        self.outcomes[(outcome, result["method"])] += 1
        won, lost = _rounds_won(result.get("scorecards") or [], self.mine)
        self.won += won
        self.lost += lost
        for stat in result.get("rounds") or []:
            mine, theirs = stat.get(self.side) or {}, stat.get(self.them) or {}
            row = self.per_round.setdefault(stat["round"], [0, 0.0, 0.0, 0.0, 0.0, 0])
            row[0] += 1
            row[1] += float(mine.get("damage") or 0)
            row[2] += float(theirs.get("damage") or 0)
            mine_energy, their_energy = _energy(mine), _energy(theirs)
            if mine_energy is not None and their_energy is not None:
                row[3] += mine_energy
                row[4] += their_energy
                row[5] += 1
            label = round_label(mine)
            if label:
                self.labels[(stat["round"], label)] += 1

    def summary(self) -> dict:
        n = max(self.fights, 1)
        shares = Counter()
        for (outcome, _method), count in self.outcomes.items():
            shares[outcome] += count
        outcomes = [
            {
                "result": outcome,
                "words": outcome_words(outcome, method),
                "method": method,
                "count": count,
                "share": round(count / n, 4),
            }
            for (outcome, method), count in sorted(
                self.outcomes.items(), key=lambda item: (-item[1], item[0])
            )
        ]
        rounds = []
        for number in sorted(self.per_round):
            fought, dealt, taken, energy, their_energy, with_energy = self.per_round[number]
            rounds.append(
                {
                    "round": number,
                    "fought": fought,
                    "damage_dealt": round(dealt / fought, 2),
                    "damage_taken": round(taken / fought, 2),
                    "energy": round(energy / with_energy, 2) if with_energy else None,
                    "their_energy": round(their_energy / with_energy, 2) if with_energy else None,
                }
            )
        return {
            "fights": self.fights,
            "win": round(shares["win"] / n, 4),
            "loss": round(shares["loss"] / n, 4),
            "draw": round(shares["draw"] / n, 4),
            "outcomes": outcomes,
            "rounds_won": round(self.won / n, 2),
            "rounds_lost": round(self.lost / n, 2),
            "rounds": rounds,
            "lines": self._lines(),
        }

    def _lines(self) -> list[dict]:
        """Each label my side fought with: how many rounds, and the plan lines behind it."""
        by_label: dict[str, dict] = {}
        for (number, label), count in sorted(self.labels.items()):
            entry = by_label.setdefault(label, {"label": label, "rounds": 0, "lines": set()})
            entry["rounds"] += count
            entry["lines"].update(self.plan_lines.lines_for(number, label))
            if self.plan_lines.is_fallback(number, label):
                entry["fallback"] = True
        out = []
        for entry in sorted(by_label.values(), key=lambda e: (-e["rounds"], e["label"])):
            lines = sorted(entry.pop("lines"))
            entry["lines"] = lines
            entry["line_words"] = line_words(lines)
            out.append(entry)
        return out


def fight_many(
    ruleset: str,
    *,
    mine: dict,
    theirs: dict,
    side: str,
    my_plan,
    their_plan,
    rounds: int | None,
    n: int,
    seed: int,
    options: dict | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    """Fight ``n`` bouts (seeds ``seed`` ..) with me in ``side``'s corner and count them."""
    red, blue = (mine, theirs) if side == "red" else (theirs, mine)
    plans = {}
    if my_plan is not None:
        plans[side] = my_plan
    if their_plan is not None:
        plans[_other(side)] = their_plan
    tally = Tally(side, PlanLines(ruleset, my_plan))
    for i in range(n):
        result = simulate(
            ruleset,
            red,
            blue,
            rounds=rounds,
            seed=seed + i,
            plans=plans or None,
            options=options or None,
        )
        tally.add(result.to_dict())
        if progress is not None and (i + 1) % PROGRESS_EVERY == 0:
            progress(i + 1)
    return tally.summary()
