"""A game's rulebook: the rule IDs of its specification with their text, and which tests name them.

Each game package ships its English specification as ``data/rules.md`` (the same text as the project's
``rules/<game>.md``). A rule is a bullet whose first words are its ID in bold::

    - **MOJO-4.2** A player who cannot play must draw.
    * **MUHQ-COMBAT-4** The defender must be within the attacker's attack range …

Beside it a game may ship ``data/departures.md``: the rules as cardtable implements them where a second reading of
the original rulebook departed from the specification (same bullet form). A departure's text replaces the
specification's for its ID, and an ID the specification lacks (a table rule such as MAOQY-6.6) is added after the
specification's rules; each such rule is marked ``departure``. The reason for each is in the game's docs page.

A test names a rule by spelling its ID with underscores in its function name: ``test_MOJO_4_2_…``,
``test_MIT_3_1_a_…``, ``test_MUHQ_COMBAT_4_…``. At each place where a name spells a rule, the longest ID
spelled there counts (``test_MIT_4_2_1_e_x`` names MIT-4.2.1.e, not MIT-4.2.1).
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from .game import Game

_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.M)


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    line: int
    section: str = ""
    #: from data/departures.md: how cardtable reads the original rulebook where the specification departs from it
    departure: bool = False


def spell(rule_id: str) -> str:
    """How a test name writes a rule ID: MIT-3.1.a -> MIT_3_1_a, MUHQ-COMBAT-4 -> MUHQ_COMBAT_4."""
    return re.sub(r"[.\-]", "_", rule_id)


@dataclass
class Rulebook:
    game: str
    rules: list[Rule]
    source: str = ""
    _by_spelling: dict[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def from_markdown(cls, game: str, text: str, pattern: str, source: str = "") -> "Rulebook":
        """Every bullet ``- **ID** text`` whose ID matches ``pattern``, in order; a rule listed twice keeps
        its first text. ``section`` is the nearest heading above it."""
        bullet = re.compile(rf"^\s*[-*]\s+\*\*({pattern})\*\*\s*(.*)$")
        rules, seen, section = [], set(), ""
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("#"):
                section = line.lstrip("#").strip()
                continue
            m = bullet.match(line)
            if m and m.group(1) not in seen:
                seen.add(m.group(1))
                rules.append(Rule(m.group(1), m.group(2).strip(), number, section))
        return cls(game, rules, source)

    @classmethod
    def for_game(cls, game_class: type[Game], lang: str = "en") -> Rulebook | None:
        """The packaged rulebook of a game class (``data/rules.md`` beside its module), or None; in ``lang``
        other than English, each rule's text and section come from ``data/rules.<lang>.md`` (``translate``)."""
        pattern = getattr(game_class.info, "rule_pattern", "")
        if not pattern:
            return None
        folder = Path(inspect.getfile(game_class)).resolve().parent / "data"
        path = folder / "rules.md"
        if not path.exists():
            return None
        book = cls.from_markdown(game_class.info.name, path.read_text(encoding="utf-8"), pattern, str(path))
        amended = folder / "departures.md"
        if amended.exists():
            book.amend(cls.from_markdown(game_class.info.name, amended.read_text(encoding="utf-8"), pattern,
                                         str(amended)))
        translated = folder / f"rules.{lang}.md"
        if lang != "en" and translated.exists():
            book.translate(cls.from_markdown(game_class.info.name, translated.read_text(encoding="utf-8"),
                                             pattern, str(translated)))
        return book

    def translate(self, other: "Rulebook") -> None:
        """Take the text and section of each rule from ``other``, the same rules in another language (its
        IDs, its order and its lines do not matter; a rule it lacks keeps the English text)."""
        texts = {r.id: r for r in other.rules}
        self.rules = [Rule(r.id, texts[r.id].text, r.line, texts[r.id].section, r.departure) if r.id in texts else r
                      for r in self.rules]

    def amend(self, departures: "Rulebook") -> None:
        """Take each rule of ``departures`` in place of the specification's (or after its rules, if new)."""
        index = {r.id: i for i, r in enumerate(self.rules)}
        for rule in departures.rules:
            marked = Rule(rule.id, rule.text, rule.line, rule.section, departure=True)
            if rule.id in index:
                old = self.rules[index[rule.id]]
                self.rules[index[rule.id]] = Rule(rule.id, rule.text, old.line, old.section, departure=True)
            else:
                self.rules.append(marked)
        self._by_spelling = {}

    def ids(self) -> list[str]:
        return [r.id for r in self.rules]

    def find(self, words: str) -> list[Rule]:
        """Rules whose ID starts with ``words`` or whose text contains it (case-insensitive)."""
        w = words.lower()
        return [r for r in self.rules if r.id.lower().startswith(w) or w in r.text.lower()]

    def named_by(self, test_name: str) -> set[str]:
        """The rule IDs a test's name spells."""
        if not self._by_spelling:
            self._by_spelling = {spell(r.id): r.id for r in self.rules}
        found = set()
        prefixes = {s.split("_", 1)[0] + "_" for s in self._by_spelling}
        for prefix in prefixes:
            for m in re.finditer(re.escape(prefix), test_name):
                rest = test_name[m.start():]
                hits = [s for s in self._by_spelling if rest == s or rest.startswith(s + "_")]
                if hits:
                    found.add(self._by_spelling[max(hits, key=len)])
        return found

    def coverage(self, tests: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
        """Rule ID -> the tests ("file::name") that name it, for every rule (an empty list: uncovered)."""
        out: dict[str, list[str]] = {r.id: [] for r in self.rules}
        for where, name in tests:
            for rule_id in self.named_by(name):
                out[rule_id].append(f"{where}::{name}")
        return out


def collect_tests(folder: Path) -> list[tuple[str, str]]:
    """Every ``def test_…`` under ``folder`` as (path relative to the folder's parent, name), sorted."""
    found: list[tuple[str, str]] = []
    for path in sorted(folder.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(folder.parent).as_posix()
        found.extend((rel, name) for name in _TEST_DEF.findall(text))
    return found
