"""muhq's game: the fallback slot encoding for actions, and an observation of board planes and card counts.

muhq's actions name paths across the board, targets and costs: a unit with movement 4 has dozens of paths,
a spell several target combinations. So actions use the **ordered slot encoding**
(``cardtable.envs.encoding.SlotEncoder``): index *k* is the *k*-th legal action in canonical order — the
phase ends and passes first (pass, end_action_phase, end_activation, skip_buy, end_discard), then the other
types by name, each sorted by its fields — for *k* below ``slots`` (128 by default; in 30 random games
0.1 % of decisions had more legal actions, at most 157, nearly all of them paths of ``move`` and
``carry``). Each slot is described in the observation by its type (one-hot), the kind of the card it is
about (unit, spell, artifact, equipment, none), that card's buy and play cost / 10, life, movement and
attack / 5, the field it ends on (a move's or carry's last field, a placement's field, the attacked unit's
field) as x / width, y / height, and how many targets or cards it names / 4.

What the fallback loses: an index has no fixed meaning (the slot descriptions leave out the path taken,
which targets exactly and which costs are paid); past 128 legal actions the last ones in canonical order
(mostly long paths) are never offered.

Observation (relative seats: 0 is the observer; card counts are per card definition of the sets, / 4):

* board planes, one row of channels per field: a unit of the observer / of another seat, another
  permanent of the observer / of another seat, the unit's life and movement / 5, armor / 3, tapped, move
  used, attack used, the roles (vip, building, victory item), and the field itself: its type one-hot,
  a spawn field of the observer / of another seat, an income field;
* own hand, own pending cards, own draft picks, the pack held; per seat: discard pile and store;
* per seat: alive, resource / 20, victory points / 10, hand count / 10, deck / 30, bought this turn, to
  act, active, has priority;
* phase and mode one-hot, turn / max turns (or / 50), stack and triggers / 5, a drop in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from cardtable.engine.encoding import Layout, SlotEncoder, one_hot, relative

if TYPE_CHECKING:
    import numpy as np

    from cardtable.engine import Action, Game
    from cardtable.engine.encoding import ActionMap

PHASES = ("draft", "start", "action", "buy", "upkeep", "end")
MODES = ("draft", "drop", "place_token", "trigger", "priority", "open", "upkeep", "closing", "buy", "discard", "over")
CARD_TYPES = ("unit", "spell", "artifact", "equipment")
ROLES = ("vip", "building", "victory_item")
#: the field naming the card or permanent an action is mainly about, by action type
PRIMARY = {"draft_pick": "card", "play_spell": "card", "play_permanent": "card", "buy": "card",
           "pay_upkeep": "unit", "decline_upkeep": "unit", "move": "unit", "attack": "unit", "full_action": "unit",
           "equip": "unit", "swap": "unit", "carry": "unit", "clear_paralysis": "unit", "free_action": "source",
           "activate": "permanent", "drop_place": "member"}
UNIT_CHANNELS = 13


class MuhqEncoder(SlotEncoder):
    slots = 128
    type_order = ("pass", "end_action_phase", "end_activation", "skip_buy", "end_discard")

    def __init__(self, game: Game, slots: int | None = None):
        super().__init__(game, slots)
        n = self.num_players
        cat = game.catalogue()
        self.defs = sorted(cat["cards"])
        self.def_index = {d: i for i, d in enumerate(self.defs)}
        self.card_data = cat["cards"]
        board = game.new_initial_state(0).view(None)["board"]  # the board is fixed by the options: public
        self.width, self.height = board["width"], board["height"]
        self.cells = self.width * self.height
        self.field_types = sorted({f["type"] for f in board["fields"]})
        self.max_turns = game.options.get("max_turns") or 50
        D = self.D = len(self.defs)
        self.cell_width = UNIT_CHANNELS + len(self.field_types) + 3
        self.seat_width = 9
        lay = self.layout = Layout()
        self.o_board = lay.add("board planes (per field)", self.cells * self.cell_width)  # i18n: no (programmers: the Python API)
        self.o_own = lay.add("own hand, pending, draft picks, pack (per card)", 4 * D)  # i18n: no (programmers: the Python API)
        self.o_seat_cards = lay.add("per seat: discard, store (per card)", 2 * n * D)  # i18n: no (programmers: the Python API)
        self.o_seats = lay.add("per seat: alive, resource, vp, sizes, turn", n * self.seat_width)  # i18n: no (programmers: the Python API)
        self.o_misc = lay.add("phase, mode, turn, stack, triggers, drop", len(PHASES) + 1 + len(MODES) + 1 + 4)
        self.o_slots = lay.add("slots: type, card, destination, targets", self.slots * self.slot_width)
        self.observation_size = lay.size

    @property
    def slot_width(self) -> int:
        return len(self.types) + len(CARD_TYPES) + 1 + 5 + 3 + 1

    # -- slots -------------------------------------------------------------------------------
    @staticmethod
    def _index(view: Mapping[str, Any]) -> tuple[dict[int, str], dict[int, list[int]]]:
        """instance id -> card definition id, and permanent id -> field, of everything the view shows."""
        cards: dict[int, str] = {}
        fields: dict[int, list[int]] = {}
        for p in view["permanents"]:
            cards[p["id"]] = p["card"]
            if p.get("field"):
                fields[p["id"]] = p["field"]
        for pl in view["players"]:
            for zone in ("hand", "discard", "store", "drafted", "pending"):
                if isinstance(pl.get(zone), list):
                    for c in pl[zone]:
                        cards[c["id"]] = c["card"]
        for c in view.get("pack") or ():
            cards[c["id"]] = c["card"]
        return cards, fields

    def slot_features(self, a: Any, view: Mapping[str, Any], player: int, out: np.ndarray) -> None:
        cards, fields = self._seen
        t = len(self.types)
        out[self.type_rank[a.type]] = 1.0
        field = PRIMARY.get(a.type)
        iid = getattr(a, field) if field else None
        if iid is None and a.type in ("universal_free_action", "end_discard") and a.cards:
            iid = a.cards[0]
        data = self.card_data.get(cards.get(iid)) if iid is not None else None
        if data is None:
            out[t + len(CARD_TYPES)] = 1.0
        else:
            kind = data.get("type")
            one_hot(out, t, CARD_TYPES.index(kind) if kind in CARD_TYPES else len(CARD_TYPES), len(CARD_TYPES) + 1)
            s = t + len(CARD_TYPES) + 1
            out[s] = (data.get("buy") or 0) / 10
            out[s + 1] = (data.get("play") or 0) / 10
            out[s + 2] = (data.get("life") or 0) / 5
            out[s + 3] = (data.get("movement") or 0) / 5
            out[s + 4] = sum(x[0] for x in data.get("attack") or ()) / 5
        dest = None
        path = getattr(a, "path", None) or getattr(a, "field", None)
        if path and len(path) >= 2:
            dest = path[-2:]
        elif a.type == "attack":
            dest = fields.get(a.defender)
        d = t + len(CARD_TYPES) + 1 + 5
        if dest is not None:
            out[d] = dest[0] / max(1, self.width - 1)
            out[d + 1] = dest[1] / max(1, self.height - 1)
            out[d + 2] = 1.0
        many = getattr(a, "targets", None) or getattr(a, "cards", None) or ()
        out[d + 3] = len(many) / 4

    # -- observation -------------------------------------------------------------------------
    def _count(self, out: np.ndarray, base: int, cards: Iterable[Mapping[str, Any]]) -> None:
        index = self.def_index
        for c in cards:
            i = index.get(c["card"])
            if i is not None:
                out[base + i] += 0.25

    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        n = self.num_players
        D = self.D
        W = self.width
        cw = self.cell_width
        ob = self.o_board
        nft = len(self.field_types)
        for c, f in enumerate(view["board"]["fields"]):
            base = ob + c * cw + UNIT_CHANNELS
            one_hot(out, base, self.field_types.index(f["type"]) if f["type"] in self.field_types else -1, nft)
            spawn = f.get("spawn") or ()
            out[base + nft] = player in spawn
            out[base + nft + 1] = any(s != player for s in spawn)
            out[base + nft + 2] = bool(f.get("income"))
        for p in view["permanents"]:
            xy = p.get("field")
            if not xy:
                continue
            base = ob + (xy[1] * W + xy[0]) * cw
            mine = p["controller"] == player
            if p["type"] == "unit":
                out[base + (0 if mine else 1)] = 1.0
                out[base + 4] = (p.get("life") or 0) / 5
                out[base + 5] = (p.get("movement") or 0) / 5
                out[base + 6] = (p.get("armor") or 0) / 3
            else:
                out[base + (2 if mine else 3)] = 1.0
            out[base + 7] = bool(p.get("tapped"))
            out[base + 8] = bool(p.get("move_used"))
            out[base + 9] = bool(p.get("attack_used"))
            role = p.get("role")
            if role in ROLES:
                out[base + 10 + ROLES.index(role)] = 1.0
        to_act = view["to_act"]
        for pl in view["players"]:
            seat = pl["seat"]
            r = relative(seat, player, n)
            if seat == player:
                self._count(out, self.o_own, pl.get("hand") or ())
                self._count(out, self.o_own + D, pl.get("pending") or ())
                if isinstance(pl.get("drafted"), list):
                    self._count(out, self.o_own + 2 * D, pl["drafted"])
            base = self.o_seat_cards + r * 2 * D
            self._count(out, base, pl["discard"])
            self._count(out, base + D, pl["store"])
            base = self.o_seats + r * self.seat_width
            out[base] = bool(pl["alive"])
            out[base + 1] = pl["resource"] / 20
            out[base + 2] = pl["vp"] / 10
            out[base + 3] = pl["hand_count"] / 10
            out[base + 4] = pl["deck"] / 30
            out[base + 5] = bool(pl["bought"])
            out[base + 6] = seat == to_act
            out[base + 7] = seat == view["active"]
            out[base + 8] = seat == view["priority"]
        self._count(out, self.o_own + 3 * D, view.get("pack") or ())
        base = self.o_misc
        phase = view["phase"]
        one_hot(out, base, PHASES.index(phase) if phase in PHASES else len(PHASES), len(PHASES) + 1)
        base += len(PHASES) + 1
        mode = view["mode"]
        one_hot(out, base, MODES.index(mode) if mode in MODES else len(MODES), len(MODES) + 1)
        base += len(MODES) + 1
        out[base] = view["turn"] / self.max_turns
        out[base + 1] = len(view["stack"]) / 5
        out[base + 2] = len(view["triggers"]) / 5
        out[base + 3] = "drop" in view
        if actions:
            self._seen = self._index(view)
            self.write_slots(view, player, out, self.o_slots, actions)


__all__ = ["MuhqEncoder"]
