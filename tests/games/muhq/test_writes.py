"""muhq's one mutation layer: only ``games/muhq/writes.py`` writes the fields the kept facts read, and only it
announces (docs/engine.md). That the announcements it makes are enough is ``test_caches.py``'s part."""

from __future__ import annotations

import inspect
from pathlib import Path

import cardtable.games.muhq as muhq
from cardtable.engine.core import announcements
from cardtable.games.muhq import writes
from cardtable.games.muhq.state import MuhqState

from tests.writes_scan import outside_writes

PACKAGE = Path(inspect.getfile(muhq)).parent
OWNED = {name for names in writes.OWNED.values() for name in names}
#: The finer announcements are the writes module's own (private) functions.
ANNOUNCEMENTS = {*announcements(MuhqState), "_moved", "_entered", "_raised"}
#: ``advance`` starts the machine after a decision: someone else may act now. That is no write of a kept field
#: (the legal actions are made anew at each decision), so it is the machine's own announcement.
MACHINE = {"flow.py": {"priority_changed"}}


def scan(package: Path = PACKAGE) -> list[str]:
    return outside_writes(package, "writes.py", OWNED, ANNOUNCEMENTS, building={"state.py": {"setup"}},
                          allowed_announcements=MACHINE)


def test_only_the_writes_module_writes_an_owned_field_or_announces():
    found = scan()
    assert not found, "muhq rules that write a field a kept fact reads, or announce, outside writes.py:\n" + \
        "\n".join(found)


def test_the_owned_fields_are_fields_of_the_records_named():
    """The list says which record each owned name belongs to, and every name is a field there (a renamed field
    would leave the scan looking for a name nobody writes)."""
    from cardtable.games.muhq import objects

    records = {"MuhqState": MuhqState, "Perm": objects.Perm, "Player": objects.Player, "Drop": objects.Drop}
    assert set(writes.OWNED) == set(records)
    for record, names in writes.OWNED.items():
        fields = set(getattr(records[record], "__slots__", ())) | set(getattr(records[record], "__annotations__", ()))
        assert set(names) <= fields, f"{record}: {set(names) - fields} are not its fields"


def test_the_scan_reports_the_writes_and_announcements_planted_in_a_copy(tmp_path):
    """The scan is not blind: a copy of the package with a rule that writes damage and announces by hand, and
    one that sets a marker through setattr, is reported at those lines."""
    import shutil

    copy = tmp_path / "muhq"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rule = copy / "board_combat.py"
    rule.write_text(rule.read_text(encoding="utf-8") + "\n\ndef _bad(self, pid):\n    self.perms[pid].damage += 1\n"
                    "    self.touched()\n    setattr(self.perms[pid], 'poison', 2)\n    self.players[0].resource = 3\n"
                    "    self.drops.append(None)\n    pile = self.perms[pid].pile\n    pile[0] = 1\n", encoding="utf-8")
    found = [f.split(" ", 1)[1] for f in scan(copy)]
    assert found == ["writes damage", "announces touched()", "setattr (a write the scan cannot read: use the writes "
                     "module)", "writes resource", "drops.append()", "writes pile"], found
