"""Mítosz's one mutation layer: only ``games/mitosz/writes.py`` writes the fields the kept facts read (where the
cards are, what hangs on them, the effects, the fight and its members) and announces what they make stale
(docs/engine.md). That the announcements are enough is ``test_caches.py``'s part (kept legal actions and views
equal fresh ones in random games)."""

from __future__ import annotations

import inspect
import shutil
from pathlib import Path

import cardtable.games.mitosz as mitosz
from cardtable.engine.core import announcements
from cardtable.games.mitosz import writes
from cardtable.games.mitosz.state import MitoszState

from tests.writes_scan import outside_writes

PACKAGE = Path(inspect.getfile(mitosz)).parent
OWNED = {name for names in writes.OWNED.values() for name in names}
ANNOUNCEMENTS = {*announcements(MitoszState), "_members_changed"}
#: "Something happened" (``touch()``: the version moves, the decision's facts go) belongs to the turn machine,
#: which says it around every step and decision; the state checks say it when they changed something, and the
#: trigger machinery at each new round of triggers: both are the machine's work between steps.
MACHINE = {"flow/machine.py": {"touch"}, "checks.py": {"touch"}, "effects/triggers.py": {"touch"}}
#: Where records build or reset themselves: an instance forgetting everything as it leaves the board
#: (``Inst.reset``), a fight's copy, the state's setup.
BUILDING = {"core.py": {"reset"}, "fights/fight.py": {"copy"}, "state.py": {"_setup"}}


def scan(package: Path = PACKAGE) -> list[str]:
    return outside_writes(package, "writes.py", OWNED, ANNOUNCEMENTS, building=BUILDING,
                          allowed_announcements=MACHINE)


def test_only_the_writes_module_writes_an_owned_field_or_announces():
    found = scan()
    assert not found, "Mítosz rules that write a field a kept fact reads, or announce, outside writes.py:\n" + \
        "\n".join(found)


def test_the_owned_fields_are_fields_of_the_records_named():
    from cardtable.games.mitosz import core
    from cardtable.games.mitosz.fights.fight import Fight

    records = {"MitoszState": MitoszState, "Inst": core.Inst, "Player": core.Player, "Fight": Fight}
    assert set(writes.OWNED) == set(records)
    for record, names in writes.OWNED.items():
        fields = set(getattr(records[record], "__slots__", ())) | set(getattr(records[record], "__annotations__", ()))
        assert set(names) <= fields, f"{record}: {set(names) - fields} are not its fields"


def test_the_scan_reports_the_writes_and_announcements_planted_in_a_copy(tmp_path):
    copy = tmp_path / "mitosz"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rule = copy / "effects" / "board.py"
    rule.write_text(rule.read_text(encoding="utf-8") + "\n\ndef _bad(self, inst):\n    inst.host = 3\n"
                    "    self.layout_changed()\n    self.players[0].leaders.append(inst.iid)\n"
                    "    self.fight.supplies[4] = None\n    self.touch()\n", encoding="utf-8")
    found = [f.split(" ", 1)[1] for f in scan(copy)]
    assert found == ["writes host", "announces layout_changed()", "leaders.append()", "writes supplies",
                     "announces touch()"], found
