"""Fights (chapter 7, spec 5.12): a battle against a nation through a free road, or a duel of leaders.

A fight is a procedure inside the battle phase, kept as data (:class:`Fight`) so that any clone can
resume it: the declaration goes on the stack like any act (a pre-event counter round, OP-43); when it
resolves the fight begins, and the machine's step ``fight`` moves it on, one stage at a time
(``Fight.stage``): the defending commander and the companions are prompts (MIT-7.4.3.1–7.4.7, OP-50);
the fight rounds are an open window among the fight's players that starts with the first player (OP-44),
where supplies are summoned into rows and battle maneuvers used; a round in which everyone passed ends
them; then the armies are compared (MIT-7.4.9), the outcome applied (MIT-7.4.10), the spoils taken
(MIT-7.4.11), the end-of-fight effects happen (MIT-7.4.12) and the fight is cleaned up (MIT-7.4.13). After a
fight the battle phase ends (OP-39).

Rows are numbered 0 (front line), 1 (auxiliaries), 2 (reserve); a side is ``"att"`` (the attacker, or
the challenger) or ``"def"``. (This package imports nothing: importing one of its modules costs no other.)
"""
