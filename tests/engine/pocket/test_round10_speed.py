"""Round 10 (speed): the bout's hot code stays specialisable, and what replaced
general code gives what it gave."""

import dis
import itertools
import sys

import pytest

from bouts.engine.pocket import fight, scoring


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="CPython 3.11's specializer")
@pytest.mark.parametrize(
    "function", [fight.Bout.exchange, fight.Bout.fight_round, scoring.score_bout]
)
def test_hot_compares_can_specialize(function):
    # CPython 3.11 specializes a compare only when a conditional jump follows it
    # directly; a jump over more than 255 code units needs an EXTENDED_ARG first, and
    # the compare stays generic (e.g. a ``return`` inside exchange's try/finally copies
    # the finally block to its site)
    ops = list(dis.get_instructions(function))
    for op, nxt in itertools.pairwise(ops):
        if op.opname == "COMPARE_OP":
            assert nxt.opname != "EXTENDED_ARG", f"line {op.positions.lineno}"
