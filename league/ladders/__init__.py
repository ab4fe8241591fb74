"""Challenge ladders (docs/competitions.md, "Challenge ladders"): the rules in
``league.scheduling.ladder`` (pure), the rows in ``models``, the writes in
``services``, the reads in ``selectors``, the bouts' results taken in by
``receivers``."""
