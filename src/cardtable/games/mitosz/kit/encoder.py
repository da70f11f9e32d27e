"""Mítosz: the fallback slot encoding for actions, and an observation of card counts per zone.

Mítosz's actions are combinatorial: a summon names a card, a host, a row and a sphere substitution; a
maneuver names its targets, steps and repetitions; a prompt's answer is a set of cards. A fixed table of
every combination would be huge and almost all masked, so actions use the **ordered slot encoding**
(``cardtable.envs.encoding.SlotEncoder``): index *k* is the *k*-th legal action in canonical order — pass
first, then the other types by name, each sorted by its fields — for *k* below ``slots`` (64 by default; the
most legal actions seen in 30 random games was 58). Each slot is described in the observation by its type
(one-hot), the card it names (one-hot over the card definitions of the decks: the card summoned or used,
the mount, the commander of a battle, the challenger of a duel, the first chosen card), how many targets or
cards it names / 4 and a chosen option's number / 8.

What the fallback loses: an index has no fixed meaning (a policy has to read the slot descriptions, which
leave out the targets' identities, hosts, rows and payments: two summons of one card that differ only in
their host look alike); and past 64 legal actions the last ones in canonical order are never offered.

Observation (relative seats: 0 is the observer; counts are per card definition, / 4):

* own hand; per seat: cards on the board (high god, nations, leaders and what is attached to them), its
  afterworld, its oblivion; intrigues of the observer, intrigues of others, fates, lingering cards, cards
  on the stack;
* per seat: spheres and sphere maxima / 10, power / win target, deck / 60, hand count and hand size / 10,
  leader limit / 10, nation placed this turn, holding power, nations / 10, leaders / 10, rotated leaders /
  10, sum of leader levels / 30, active, to act;
* phase and mode one-hot, turn / 100, stack size / 5, a fight in progress, a prompt (and its kind, hashed
  into 16 buckets, and whether it asks the observer), effects in force / 10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from cardtable.engine.encoding import Layout, SlotEncoder, bucket, one_hot, relative

if TYPE_CHECKING:
    import numpy as np

    from cardtable.engine import Game
    from cardtable.engine.encoding import ActionMap

PHASES = ("start", "draw", "summon_1", "battle", "summon_2", "end")
MODES = ("window", "counter", "prompt")
PROMPT_BUCKETS = 16
#: the field naming the card an action is mainly about, by action type
PRIMARY = {"place_nation": "card", "summon": "card", "play_unsummoned": "card", "use_maneuver": "card",
           "use_free_maneuver": "card", "use_fate": "card", "attach_mount": "mount", "declare_battle": "commander",
           "declare_duel": "challenger"}


class MitoszEncoder(SlotEncoder):
    slots = 64
    type_order = ("pass", "option", "refill", "choose")

    def __init__(self, game: Game, slots: int | None = None) -> None:
        super().__init__(game, slots)
        n = self.num_players
        cat = game.catalogue()
        self.defs = sorted(cat["cards"])
        self.def_index = {d: i for i, d in enumerate(self.defs)}
        #: instance id -> definition index (the decks' lists are public: catalogue "instances")
        self.inst = [self.def_index[d] for d in cat["instances"]]
        self.win = max(1, game.options["win_target"])
        D = self.D = len(self.defs)
        self.seat_width = 21
        lay = self.layout = Layout()
        self.o_hand = lay.add("own hand per card", D)  # i18n: no (programmers: the Python API)
        self.o_seat_zones = lay.add("per seat: board, afterworld, oblivion per card", 3 * n * D)  # i18n: no (programmers: the Python API)
        self.o_shared = lay.add("own intrigues, others' intrigues, fates, lingering, stack per card", 5 * D)  # i18n: no (programmers: the Python API)
        self.o_seats = lay.add("per seat: spheres, power, sizes", n * self.seat_width)  # i18n: no (programmers: the Python API)
        self.o_misc = lay.add("phase, mode, turn, stack, fight, prompt, effects",
                              len(PHASES) + 1 + len(MODES) + 1 + 5 + PROMPT_BUCKETS)
        self.o_slots = lay.add("slots: type, card, targets, option", self.slots * self.slot_width)
        self.observation_size = lay.size

    @property
    def slot_width(self) -> int:
        return len(self.types) + len(self.defs) + 1 + 2

    # (an action's fields read by its type: Any here)
    def slot_features(self, a: Any, view: Mapping[str, Any], player: int, out: np.ndarray) -> None:
        t = len(self.types)
        out[self.type_rank[a.type]] = 1.0
        field = PRIMARY.get(a.type)
        iid = getattr(a, field) if field else (a.cards[0] if a.type == "choose" and a.cards else None)
        if isinstance(iid, int) and 0 <= iid < len(self.inst):
            out[t + self.inst[iid]] = 1.0
        else:
            out[t + len(self.defs)] = 1.0  # names no card
        many = getattr(a, "targets", None) or getattr(a, "cards", None) or ()
        out[t + len(self.defs) + 1] = len(many) / 4
        if a.type == "option":
            out[t + len(self.defs) + 2] = a.index / 8

    # -- observation -------------------------------------------------------------------------
    def _count(self, out: np.ndarray, base: int, cards: Iterable[dict[str, Any]], scale: float = 0.25) -> None:
        index = self.def_index
        for c in cards:
            i = index.get(c["card"])
            if i is not None:
                out[base + i] += scale
            for sub in c.get("attached") or ():
                self._count(out, base, (sub,), scale)

    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        n = self.num_players
        D = self.D
        to_act = view["current_player"]
        active = view["active"]
        for p in view["players"]:
            seat = p["seat"]
            r = relative(seat, player, n)
            if seat == player:
                self._count(out, self.o_hand, p.get("hand") or ())
            base = self.o_seat_zones + r * 3 * D
            self._count(out, base, [p["god"], *p["nations"], *p["leaders"]])
            self._count(out, base + D, p["afterworld"])
            self._count(out, base + 2 * D, p["oblivion"])
            base = self.o_seats + r * self.seat_width
            for k, v in enumerate(p["spheres"][:4]):
                out[base + k] = v / 10
            for k, v in enumerate(p["sphere_max"][:4]):
                out[base + 4 + k] = v / 10
            out[base + 8] = p["power"] / self.win
            out[base + 9] = p["deck"] / 60
            out[base + 10] = p["hand_count"] / 10
            out[base + 11] = p["hand_size"] / 10
            out[base + 12] = p["leader_limit"] / 10
            out[base + 13] = bool(p["nation_placed"])
            out[base + 14] = p["hold"] is not None
            out[base + 15] = len(p["nations"]) / 10
            out[base + 16] = len(p["leaders"]) / 10
            out[base + 17] = sum(1 for x in p["leaders"] if x.get("rotated")) / 10
            out[base + 18] = sum(x.get("level") or 0 for x in p["leaders"]) / 30
            out[base + 19] = seat == active
            out[base + 20] = seat == to_act
        base = self.o_shared
        mine = [c for c in view["intrigues"] if c.get("controller") == player]
        theirs = [c for c in view["intrigues"] if c.get("controller") != player]
        self._count(out, base, mine)
        self._count(out, base + D, theirs)
        self._count(out, base + 2 * D, view["fates"])
        self._count(out, base + 3 * D, view["lingering"])
        self._count(out, base + 4 * D, [c for item in view["stack"] for c in (item["card"], item["user"]) if c])
        base = self.o_misc
        phase = view["phase"]
        one_hot(out, base, PHASES.index(phase) if phase in PHASES else len(PHASES), len(PHASES) + 1)
        base += len(PHASES) + 1
        mode = view["mode"]
        one_hot(out, base, MODES.index(mode) if mode in MODES else len(MODES), len(MODES) + 1)
        base += len(MODES) + 1
        out[base] = view["turn"] / 100
        out[base + 1] = len(view["stack"]) / 5
        out[base + 2] = view["fight"] is not None
        out[base + 3] = len(view["effects"]) / 10
        prompt = view["prompt"]
        if prompt is not None:
            out[base + 4] = prompt["player"] == player
            out[base + 5 + bucket(prompt["kind"], PROMPT_BUCKETS)] = 1.0
        self.write_slots(view, player, out, self.o_slots, actions)


__all__ = ["MitoszEncoder"]
