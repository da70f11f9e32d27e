"""The names of the turn's phases and of the spheres, and the machine's steps that change nothing."""

from __future__ import annotations

from ..modes import PHASES as PHASES, SUMMON_PHASES as SUMMON_PHASES
from ..words import N_, Said

PHASE_TITLES = {"start": N_("start phase"), "draw": N_("draw phase"), "summon_1": N_("summon phase"),
                "battle": N_("battle phase"), "summon_2": N_("summon phase (after the battle phase)"),
                "end": N_("end phase")}
SPHERE_NAMES = ("magic", "influence", "wealth", "force")
#: the spheres' names as words of a kept text (read in the reader's language)
SPHERE_SAID = tuple(Said(w) for w in (N_("magic"), N_("influence"), N_("wealth"), N_("force")))

#: Steps that change nothing a legal action depends on (they only open windows or move to the next phase).
QUIET_STEPS = frozenset(("window", "window_resume", "next_phase", "checks", "triggers", "triggers_done",
                         "end_effects"))  # checks touch when they change
