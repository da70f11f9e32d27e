"""Levels, roads, power points, statics, immunity and card filters (spec 5.10, 6.2, 6.7; MIT-5.5, 5.8, 5.12).

Continuous effects are never stored on the cards: a level is computed from the printed level, the
attached modifier cards, tokens, the active effects and the statics of the cards on the board, each
time it is asked. Statics are gathered once per change of the board (``statics_cache``).
"""

from __future__ import annotations

from typing import Any

from .cards import ROAD_OFFSET, call_parts
from .vocabulary import ROWS


_TRIGGER_TYPES: dict[type, bool] = {}
#: the primitives that change what a card is (``Levels.subtypes``, ``Levels.card_type``)
_RETYPING = frozenset(("grant_subtype", "remove_subtype", "set_card_type"))


def is_trigger_call(call) -> bool:
    """Is a token's effect a trigger (it has ``trigger``)? Asked of the call's model type once: ``hasattr`` on a
    pydantic model without the field goes through its slow ``__getattr__``."""
    t = type(call)
    hit = _TRIGGER_TYPES.get(t)
    if hit is None:
        hit = _TRIGGER_TYPES[t] = hasattr(call, "trigger")
    return hit


class Levels:
    # -- where cards are ---------------------------------------------------------------------------
    def cache(self) -> dict:
        """Facts derived from where the cards are; dropped (``statics_cache = None``) whenever a card moves,
        is attached or an effect starts or ends."""
        c = self.statics_cache
        if c is None:
            c = self.statics_cache = {}
        return c

    def layout_facts(self) -> dict:
        """Facts that follow from the board's layout alone — which cards are on it, their controllers and hosts,
        whether they are dormant, the grids — and from card definitions: dropped (``layout = None``,
        ``Moves.layout_changed``) only when one of those changes, not when an effect starts or ends or a token is
        added."""
        c = self.layout
        if c is None:
            c = self.layout = {}
        return c

    def decision_cache(self) -> dict:
        """Facts that hold until anything happens (a rotation, a payment, the stack): dropped by ``touch``."""
        c = self.dcache
        if c is None:
            c = self.dcache = {}
        return c

    def board_insts(self) -> list:
        """The cards on the board, in instance order. Entering and leaving the board replace the list (a caller
        may be walking the old one), so it is never scanned again from all the cards."""
        board = self.board
        if board is None:
            board = self.board = [i for i in self.cards if i.zone == "board"]
        return board

    def attached(self, iid: int) -> list:
        c = self.layout
        if c is None:
            c = self.layout = {}
        index = c.get("att")
        if index is None:
            index = c["att"] = {}
            for i in self.board_insts():
                if i.host >= 0:
                    index.setdefault(i.host, []).append(i)
        return index.get(iid, ())

    def attachments(self, iid: int) -> list[int]:
        return [i.iid for i in self.attached(iid)]

    def is_magical(self, inst) -> bool:
        """Is the card magical: printed so, or carrying a magical rune (MIT-8.rune, OP-60)?"""
        return inst.d.magical or (inst.zone == "board" and self._rune_marks().get(inst.iid, 0) & 1 == 1)

    def is_cursed(self, inst) -> bool:
        """Is the card cursed: printed so, or carrying a cursed rune (MIT-8.rune, OP-60)?"""
        return inst.d.cursed or (inst.zone == "board" and self._rune_marks().get(inst.iid, 0) & 2 == 2)

    def rune_host(self, inst) -> int:
        """The card an attached rune (a free maneuver a scribe attached, MIT-8.rune) is attached to, else -1."""
        d = inst.d
        if inst.host < 0 or inst.zone != "board" or d.card_type != "free_maneuver" or "rune" not in d.subtypes:
            return -1
        return inst.host

    def _rune_marks(self) -> dict:
        """{host: 1 magical | 2 cursed} of the cards that carry a magical or cursed rune (kept with the layout)."""
        c = self.layout_facts()
        marks = c.get("runes")
        if marks is None:
            marks = c["runes"] = {}
            for i in self.board_insts():
                d = i.d
                if (d.magical or d.cursed) and self.rune_host(i) >= 0:
                    marks[i.host] = marks.get(i.host, 0) | (1 if d.magical else 0) | (2 if d.cursed else 0)
        return marks

    def opponents(self, seat: int) -> list[int]:
        return [s for s in self.order if s != seat]

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def god_name(self, seat: int) -> str:
        return self.cards[self.players[seat].god].d.name

    def god_myth(self, seat: int) -> str:
        return self.cards[self.players[seat].god].d.mythology

    def is_god_leader(self, inst) -> bool:
        """MIT-3.4.3.a: the leader is its controller's own high god (and a leader on the board: not dormant,
        MIT-5.15; not of another card type now, MIT-5.16)."""
        return inst.d.card_type == "leader" and inst.zone == "board" and inst.d.name == self.god_name(inst.controller) \
            and inst.owner == inst.controller and inst.dormant is None and self.card_type(inst) == "leader"

    def leader_limit(self, seat: int) -> int:
        return len(self.players[seat].grid) + self.opts["leader_limit_bonus"]  # MIT-3.4.2.b

    def row_leaders(self, seat: int) -> list[int]:
        """The leaders of a leader row that are leaders now: a card that got another card type (MIT-5.16)
        stands in the row but is no leader until the change ends."""
        leaders = self.players[seat].leaders
        if not self.effects or "set_card_type" not in self.prims or not self.retyped():
            return leaders
        return [i for i in leaders if self.card_type(self.cards[i]) == "leader"]

    # -- card types (MIT-5.16) ---------------------------------------------------------------------
    def card_type(self, inst) -> str:
        """MIT-5.16: a card has one card type. An effect (``set_card_type``) or a rule gives it a new one, which
        replaces the old: a leader fighting as a supply — a monster (MIT-8.monster.1, OP-58) or a mount
        (OP-57) — is a supply until the fight ends. Where a card stands (a leader row, the grid, a host, a
        row of a battle) does not change; what a rule asks of its type does."""
        t = inst.d.card_type
        if self.effects and "set_card_type" in self.prims:
            retyped = self.retyped()
            if retyped:
                t = retyped.get(inst.iid, t)
        fight = self.fight
        if fight is not None and t == "leader" and inst.iid in fight.supplies:
            return "supply"
        return t

    def retyping(self) -> bool:
        """Does an active effect or a static change some card's subtypes or card type (MIT-5.16)? While none does,
        what a card is (its type, its subtypes) follows from its definition alone (and, for a leader, the
        fight)."""
        if not self.effects and "grant_subtype" not in self.prims:
            return False
        c = self.cache()  # every change of the effects, and every card moving, drops it
        hit = c.get("retyping")
        if hit is None:
            hit = c["retyping"] = any(e.kind in _RETYPING for e in self.effects) or bool(self._subtype_statics())
        return hit

    def _subtype_statics(self) -> tuple:
        """The statics that grant a subtype (spec 6.7), if a card of the game can have one."""
        return self.statics_by("grant_subtype") if "grant_subtype" in self.prims else ()

    def retyped(self) -> dict[int, str]:
        """Card → its card type now, for the cards a ``set_card_type`` effect changed (the latest wins)."""
        c = self.cache()
        hit = c.get("types")
        if hit is None:
            hit = c["types"] = {t: e.value for e in self.effects if e.kind == "set_card_type" for t in e.targets}
        return hit

    def intrigue_limit(self) -> int:
        return self.n + self.opts["intrigue_limit_bonus"]  # MIT-3.6.b

    # -- statics (spec 6.7) ------------------------------------------------------------------------
    def statics(self) -> list[tuple]:
        """(source iid, controller, primitive, params, keys) of every static on the board, and of tokens."""
        c = self.cache()
        cached = c.get("statics")
        if cached is not None:
            return cached
        out = []
        for inst in self.board_insts():
            d = inst.d
            if not d.statics and not inst.tokens:
                continue  # most cards have neither
            if inst.dormant is not None:
                continue  # MIT-5.15, OP-35: a dormant leader is not in play: its abilities wait with it
            if d.statics and self.intrigue_works(inst):
                keys = d.static_keys
                for prim, params in d.static_calls:
                    out.append((inst.iid, inst.controller, prim, params, keys, inst.iid))
            for kind, count, call in inst.tokens:
                if call is None or is_trigger_call(call):
                    continue  # a token that acts on an event is a trigger (spec 6.6), not a static
                prim, params = call_parts(call)
                for _ in range(count):
                    out.append((inst.iid, inst.controller, prim, params, frozenset(("token", kind)), inst.iid))
        c["statics"] = out
        return out

    def intrigue_works(self, inst) -> bool:
        """MIT-3.6.d "Ugyanazon intrika csak egyszer érvényesül, több azonos hatása nem kombinálható": of
        identical intrigues (one card definition) one player controls, only the earliest on the board applies its
        effects. Another player's copy is no identical effect where its text reads "own" (its controller's
        rulers are other cards): it works too; where both copies reach the same card, ``_static_hits`` lets
        only one of them count."""
        if inst.d.card_type != "intrigue" or inst.iid not in self.intrigues:
            return True
        before = self.intrigues[:self.intrigues.index(inst.iid)]
        return not any(self.cards[j].d.id == inst.d.id and self.cards[j].controller == inst.controller
                       for j in before)

    def statics_by(self, primitive: str) -> list[tuple]:
        """The entries of ``statics()`` that call ``primitive`` (most primitives have none on the board)."""
        c = self.cache()
        index = c.get("statics_by")
        if index is None:
            index = c["statics_by"] = {}
            for entry in self.statics():
                index.setdefault(entry[2], []).append(entry)
        return index.get(primitive, ())

    def _static_hits(self, primitive: str, inst, attr: str = "target", immunity: bool = True):
        """The statics of ``primitive`` that apply to ``inst``."""
        seen = None  # MIT-3.6.d: identical intrigues of two players reaching one card count once
        for src, ctrl, prim, params, keys, bearer in self.statics_by(primitive):
            target = getattr(params, attr)
            if isinstance(target, str):
                ref = {"$host": self.cards[src].host, "$self": src, "$bearer": bearer}.get(target, -1)
                if ref != inst.iid:
                    continue
            elif not self.matches(inst, target.filter, ctrl, {"$self": src}):
                continue
            if immunity and self.immune(inst, keys, ctrl):
                continue
            if src in self.intrigues and keys is self.cards[src].d.static_keys:  # (not a token on it) a copy's
                # static is its definition's own params object
                if seen is None:
                    seen = set()
                elif id(params) in seen:
                    continue
                seen.add(id(params))
            yield src, ctrl, params

    def _effects_on(self, kind: str, inst):
        for e in self.effects:
            if e.kind != kind:
                continue
            if e.targets is not None:
                if inst.iid not in e.targets:
                    continue
            elif not self.matches(inst, e.selector.filter, e.controller, {}):
                continue
            if self.immune(inst, e.keys, e.controller):
                continue
            yield e

    # -- abilities ---------------------------------------------------------------------------------
    def neutralized(self, inst) -> bool:
        """MIT-5.5: the card's ability is neutralized (no level, no maneuvers)."""
        for e in self.effects:
            if e.kind == "neutralize_ability" and self._effect_hits(e, inst):
                return True
        return False

    def _effect_hits(self, e, inst) -> bool:
        """Does the active effect ``e`` apply to ``inst`` (its targets or selector, and immunity), as in
        ``_effects_on``?"""
        if e.targets is not None:
            if inst.iid not in e.targets:
                return False
        elif not self.matches(inst, e.selector.filter, e.controller, {}):
            return False
        return not self.immune(inst, e.keys, e.controller)

    def restricted(self, inst, what: str) -> bool:
        c = self.statics_cache
        if c is None:
            c = self.statics_cache = {}
        by_statics = c.get("restrict")
        if by_statics is None:  # (card, restriction) pairs the statics on the board impose
            by_statics = set()
            for src, ctrl, prim, params, keys, bearer in self.statics_by("restrict"):
                target = params.target
                if isinstance(target, str):
                    ref = {"$host": self.cards[src].host, "$self": src, "$bearer": bearer}.get(target, -1)
                    hits = [self.cards[ref]] if ref >= 0 else []
                else:
                    hits = [i for i in self.board_insts() if self.matches(i, target.filter, ctrl, {"$self": src})]
                by_statics.update((i.iid, params.what) for i in hits if not self.immune(i, keys, ctrl))
            c["restrict"] = by_statics
        if by_statics and (inst.iid, what) in by_statics:
            return True
        for e in self.effects:  # the restriction named first: most effects are something else
            if e.kind == "restrict" and e.value == what and self._effect_hits(e, inst):
                return True
        return False

    def subtypes(self, inst) -> frozenset:
        subs = inst.d.subtypes
        if "grant_subtype" in self.prims and inst.zone == "board" and self._subtype_statics():
            subs = subs | self._static_subtypes(inst)
        effects = self.effects
        if not effects:
            return subs
        added = removed = None
        for e in effects:
            kind = e.kind
            if kind == "grant_subtype":
                if self._effect_hits(e, inst):
                    added = [e.value] if added is None else added + [e.value]
            elif kind == "remove_subtype":
                if self._effect_hits(e, inst):
                    removed = [e.value] if removed is None else removed + [e.value]
        if added is None and removed is None:
            return subs
        return (subs | frozenset(added or ())) - frozenset(removed or ())

    def _static_subtypes(self, inst) -> frozenset:
        """The subtypes statics grant ``inst`` (spec 6.7 ``grant_subtype``). A static's own filter reads the
        subtypes without the statics' (a static granting [flying] to [flying] cards would otherwise ask itself)."""
        c = self.cache()
        if c.get("subtyping"):
            return frozenset()
        c["subtyping"] = True
        try:
            return frozenset(params.subtype for _src, _ctrl, params in self._static_hits("grant_subtype", inst))
        finally:
            c["subtyping"] = False

    def immunities(self, inst, seat: int | None = None) -> set:
        out: set = set()
        d = inst.d
        if d.card_type == "location" and "shrine" in d.subtypes:
            out.add("strike")  # MIT-8.shrine
        if inst.zone == "board" and self.is_god_leader(inst):
            out.add("intrigue")  # MIT-3.4.3.a
        for _src, _ctrl, params in self._static_hits("grant_immunity", inst, immunity=False):
            out.update(params.against)
        for e in self.effects:
            if e.kind == "grant_immunity" and e.targets is not None and inst.iid in e.targets:
                out.update(e.value)
        return out

    def _immune_to(self, inst, keys: frozenset) -> bool:
        """Is ``inst`` itself immune to one of ``keys``? (``immunities(inst) & keys``, without gathering them.)"""
        d = inst.d
        if "strike" in keys and d.card_type == "location" and "shrine" in d.subtypes:
            return True  # MIT-8.shrine
        if "intrigue" in keys and inst.zone == "board" and self.is_god_leader(inst):
            return True  # MIT-3.4.3.a
        for _src, _ctrl, params in self._static_hits("grant_immunity", inst, immunity=False):
            if not keys.isdisjoint(params.against):
                return True
        for e in self.effects:
            if e.kind == "grant_immunity" and e.targets is not None and inst.iid in e.targets \
                    and not keys.isdisjoint(e.value):
                return True
        return False

    def immune(self, inst, keys: frozenset, source_controller: int | None = None) -> bool:
        """MIT-5.12, OP-34: an effect of kind ``keys`` does not apply to ``inst`` if it, or a card it is
        attached to (directly or not), is immune to one of the keys — or, while it fights, a member of its
        side of the fight is."""
        if not keys:
            return False
        current = inst
        for _ in range(6):
            if self._immune_to(current, keys):
                return True
            if current.host < 0:
                break
            current = self.cards[current.host]
        fight = self.fight
        if fight is not None and inst.iid in self.fight_members():
            place = fight.leaders.get(inst.iid) or fight.supplies.get(inst.iid)
            return any(self.immunities(self.cards[i]) & keys for i in self.fight_members()
                       if i != inst.iid and (fight.leaders.get(i) or fight.supplies.get(i))[0] == place[0])
        return False

    def is_creature(self, inst) -> bool:
        """MIT-5.6: leaders, troops and beasts (by the card type they have now, MIT-5.16). A leader fighting as a
        supply stays a creature: a mount counts as a beast (OP-57), a monster keeps its nature (OP-58)."""
        if inst.dormant is not None:
            return False  # OP-35: not a leader on the board
        t = self.card_type(inst)
        if t == "leader":
            return True
        if t != "supply":
            return False
        return inst.d.card_type == "leader" or bool(self.subtypes(inst) & {"troop", "beast"})

    # -- levels (spec 5.10) ------------------------------------------------------------------------
    def _myth_bonus(self, card, partner) -> int:
        """MIT-5.8, OP-32: +1 when both cards share the mythology of the controller's high god."""
        myth = self.god_myth(card.controller)
        return 1 if card.d.mythology == myth and partner.d.mythology == myth else 0

    def _is_modifier_attachment(self, a) -> bool:
        d = a.d
        return d.level is not None and d.is_modifier and not (d.card_type == "item" and "potion" in d.subtypes)

    def mod_current(self, a) -> int:
        if not self._is_modifier_attachment(a) or self.neutralized(a):
            return 0
        value = a.d.level + self._myth_bonus(a, self.cards[a.host]) if a.host >= 0 else a.d.level
        for e in self._effects_on("modify_level", a):
            value += e.value
        return value

    def mod_base(self, a) -> int:
        if not self._is_modifier_attachment(a) or self.neutralized(a):
            return 0
        value = a.d.level
        for e in self._effects_on("modify_base_level", a):
            value += e.value
        return value

    def _token_levels(self, inst) -> int:
        total = 0
        for src, _ctrl, params in self._static_hits("modify_level", inst):
            total += self.value(params.delta, {"$self": src, "$bearer": src}, None)
        return total

    def level(self, iid: int) -> int:
        """The current level (spec 5.10), floored at 0 (OP-63); 0 while the ability is neutralized."""
        inst = self.cards[iid]
        d = inst.d
        if d.level is None:
            return 0
        if d.is_modifier:
            return self.mod_current(inst)
        if self.neutralized(inst):
            return 0
        value = d.level
        for a in self.attached(iid):
            value += self.mod_current(a)
        value += self._token_levels(inst)
        for e in self._effects_on("modify_level", inst):
            value += e.value
        for e in self._effects_on("modify_base_level", inst):
            value += e.value
        if self.is_god_leader(inst):
            value += 1  # MIT-3.4.3.a
        return max(0, value)

    def base_level(self, iid: int) -> int:
        """OP-08: printed level + attached modifiers' base values + tokens + base-level effects."""
        inst = self.cards[iid]
        d = inst.d
        if d.level is None:
            return 0
        if d.is_modifier:
            return self.mod_base(inst)
        value = d.level
        for a in self.attached(iid):
            value += self.mod_base(a)
        for e in self._effects_on("modify_base_level", inst):
            value += e.value
        return value

    def road_level(self, nation: int, road: str, base: bool = False) -> int:
        """A road's level (spec 5.10): printed + the location (MIT-3.3.b) + road and nation effects."""
        inst = self.cards[nation]
        value = inst.d.roads[road]
        for a in self.attached(nation):
            if a.d.card_type == "location":
                value += self.mod_base(a) if base else self.mod_current(a)
        if base:
            return value
        if self.statics_by("modify_road"):  # most of the time no card on the board has one
            for src, _ctrl, params in self._static_hits("modify_road", inst, "nation"):
                if params.road in ("all", road):
                    value += self.value(params.delta, {"$self": src, "$bearer": src}, None)
        if self.effects:
            for e in self._effects_on("modify_road", inst):
                r, delta = e.value
                if r in ("all", road):
                    value += delta
            for e in self._effects_on("modify_level", inst):
                value += e.value  # MIT-3.2.1.i: a nation's level gain goes to each road
        return max(0, value)

    def road_closed(self, nation: int, road: str) -> bool:
        """MIT-3.2.2.a, OP-12: closed by an own nation in the cell it points to, or by an effect."""
        inst = self.cards[nation]
        dx, dy = ROAD_OFFSET[road]
        x, y = inst.cell
        if (x + dx, y + dy) in self.players[inst.controller].grid:
            return True
        if not self.effects:
            return False
        closed = False
        for e in self._effects_on("close_road", inst):
            if e.value in ("all", road):
                closed = True
        for e in self._effects_on("open_road", inst):
            if e.value in ("all", road):
                closed = False
        return closed

    # -- power points (OP-01) ----------------------------------------------------------------------
    def power_total(self, seat: int) -> int:
        return self.power_totals()[seat]

    def power_totals(self) -> list[int]:
        """Every player's power points (OP-01), computed once per change of the board."""
        c = self.cache()
        totals = c.get("power")
        if totals is not None:
            return totals
        by_owner = self.opts["pp_counts_for"] == "owner"
        pp_effects = bool(self.effects) and any(e.kind == "modify_power_points" for e in self.effects)
        pp_statics = "modify_power_points" in self.prims and bool(self.statics_by("modify_power_points"))  # spec 6.7
        if not pp_effects and not pp_statics:
            # then only printed power points count, and a leader that is its controller's high god (MIT-3.4.3.a):
            # the printed points follow from the layout (dormant cards change it too); of the leaders named as a
            # high god, which are one now (MIT-5.16) is asked each time
            layout = self.layout_facts()
            base = layout.get("power_base")
            if base is None:
                base = layout["power_base"] = self._power_base(by_owner)
            totals = list(base[0])
            for inst in base[1]:
                if self.is_god_leader(inst):
                    totals[inst.owner if by_owner else inst.controller] += 1
            totals = c["power"] = [max(0, t) for t in totals]
            return totals
        totals = [0] * self.n
        gods = [self.cards[p.god].d.name for p in self.players]
        for inst in self.board_insts():
            if inst.dormant is not None:
                continue  # OP-01, OP-35: a dormant leader gives no power points
            seat = inst.owner if by_owner else inst.controller
            d = inst.d
            totals[seat] += d.power_points
            if d.card_type == "leader" and d.name == gods[inst.controller] and inst.owner == inst.controller \
                    and self.is_god_leader(inst):
                totals[seat] += 1  # MIT-3.4.3.a
            if pp_effects:
                for e in self._effects_on("modify_power_points", inst):
                    totals[seat] += e.value
            if pp_statics:
                for src, _ctrl, params in self._static_hits("modify_power_points", inst):
                    totals[seat] += self.value(params.delta, {"$self": src, "$bearer": src}, None)
        totals = c["power"] = [max(0, t) for t in totals]
        return totals

    def _power_base(self, by_owner: bool) -> tuple:
        """(printed power points per player, the leaders on the board named as their controller's high god), of
        the cards on the board that are not dormant (OP-01, OP-35)."""
        totals = [0] * self.n
        gods = [self.cards[p.god].d.name for p in self.players]
        named = []
        for inst in self.board_insts():
            d = inst.d
            if not d.counts_power or inst.dormant is not None:
                continue
            totals[inst.owner if by_owner else inst.controller] += d.power_points
            if d.card_type == "leader" and d.name == gods[inst.controller] and inst.owner == inst.controller:
                named.append(inst)
        return totals, named

    # -- filters (spec 6.2) ------------------------------------------------------------------------
    def matches(self, inst, f, seat: int, refs: dict[str, int], source_is_god: bool = False) -> bool:
        """Does the card ``inst`` match the filter ``f`` for the player ``seat``? Zone defaults to board."""
        d = inst.d
        if f is None:
            return inst.zone == "board" and (d.card_type != "high_god" or source_is_god)
        zone = f.zone or "board"
        if zone == "fight":
            if inst.iid not in self.fight_members():
                return False
            zone = "board"
        if inst.zone != zone:
            return False
        if d.card_type == "high_god" and not (f.includes_high_god or source_is_god):
            return False  # MIT-3.1.f
        if f.controller and f.controller != "any":
            ctrl = inst.controller if zone == "board" else inst.owner
            if (ctrl == seat) != (f.controller == "self"):
                return False
        if f.owner and f.owner != "any" and (inst.owner == seat) != (f.owner == "self"):
            return False
        if f.card_type is not None:
            t = d.card_type if not self.effects and self.fight is None else self.card_type(inst)
            if t not in f.card_type or (inst.dormant is not None and t == "leader"):
                return False  # MIT-5.16: the type it has now; OP-35: a dormant leader is chosen as no leader
        if f.subtypes_any is not None or f.subtypes_all is not None:
            subs = self.subtypes(inst)
            if f.subtypes_any is not None and not subs.intersection(f.subtypes_any):
                return False
            if f.subtypes_all is not None and not subs.issuperset(f.subtypes_all):
                return False
        if f.mythology is not None and d.mythology != f.mythology:
            return False
        if f.name is not None and d.name != f.name:
            return False
        if f.unique is not None and d.unique != f.unique:
            return False
        if f.magical is not None and self.is_magical(inst) != f.magical:
            return False
        if f.cursed is not None and self.is_cursed(inst) != f.cursed:
            return False
        if f.rotated is not None and inst.rotated != f.rotated:
            return False
        if f.creature is not None and self.is_creature(inst) != f.creature:
            return False
        if f.in_fight is not None and (inst.iid in self.fight_members()) != f.in_fight:
            return False
        if f.row is not None:
            fight = self.fight
            place = None if fight is None else fight.leaders.get(inst.iid) or fight.supplies.get(inst.iid)
            if place is None or ROWS[place[1]] != f.row:
                return False
        if f.level is not None and not self.compare(self.level(inst.iid), f.level, refs, None):
            return False
        if f.number is not None and d.number not in f.number.in_:
            return False
        if f.attached_to is not None and inst.host != refs.get(f.attached_to, -2):
            return False
        if f.linked_to is not None:
            from .cards import linked

            other = refs.get(f.linked_to, -1)
            if other < 0 or not linked(d, self.cards[other].d):
                return False
        return True

    def matches_item(self, item, f, seat: int) -> bool:
        """A filter on the stack (``zone: stack``): maneuvers, fates and cards being played."""
        if f is None or f.zone != "stack":
            return False
        if f.controller and f.controller != "any" and (item.player == seat) != (f.controller == "self"):
            return False
        if item.kind in ("fight", "mount", "trigger"):
            # a declared fight or a mount's attaching is not a card or a maneuver, and a triggered locked ability is
            # never neutralized (MIT-4.2.6.b): nothing targets them
            return False
        if f.card_type is not None:
            kinds = set(f.card_type)
            if item.kind in ("maneuver", "free"):
                if "maneuver" not in kinds:
                    return False
            elif item.kind == "fate":
                if "fate" not in kinds:
                    return False
            elif self.cards[item.card].d.card_type not in kinds:
                return False
        card = self.cards[item.card] if item.card >= 0 else None
        if card is not None:
            if f.name is not None and card.d.name != f.name:
                return False
            if f.magical is not None and self.is_magical(card) != f.magical:
                return False
            if f.subtypes_any is not None:
                subs = set(card.d.subtypes) | set(item.m.subtypes if item.m is not None else ())
                if not subs.intersection(f.subtypes_any):
                    return False
        return True

    def compare(self, value: int, cmp, refs: dict[str, int], item) -> bool:
        for op in ("lt", "le", "eq", "ge", "gt"):
            bound = getattr(cmp, op)
            if bound is None:
                continue
            b = self.value(bound, refs, item)
            if op == "lt" and not value < b or op == "le" and not value <= b or op == "eq" and value != b \
                    or op == "ge" and not value >= b or op == "gt" and not value > b:
                return False
        return True

    def value(self, v: Any, refs: dict[str, int], item) -> int:
        """A value (spec 6.1): an int, an expression, or ``{count: {filter}}``."""
        if isinstance(v, int):
            return v
        if isinstance(v, str):
            from .schema import parse_value

            return self._eval(parse_value(v), refs, item)
        seat = item.player if item is not None else self.active
        return sum(1 for i in self.cards if self.matches(i, v.count.filter, seat, refs))

    def _eval(self, tree: tuple, refs: dict[str, int], item) -> int:
        kind = tree[0]
        if kind == "int":
            return tree[1]
        if kind == "x":
            return item.x if item is not None else 1
        if kind in ("level", "base_level", "number", "cost_total"):
            iid = refs.get(tree[1], -1)
            if iid < 0:
                return 0
            if kind == "level":
                return self.level(iid)
            if kind == "base_level":
                return self.base_level(iid)
            if kind == "number":
                return self.cards[iid].d.number
            return self.cards[iid].d.cost_total
        if kind == "half":
            return self._eval(tree[1], refs, item) // 2  # MIT-5.3
        if kind == "neg":
            return -self._eval(tree[1], refs, item)
        left, right = self._eval(tree[1], refs, item), self._eval(tree[2], refs, item)
        return left + right if kind == "+" else left - right if kind == "-" else left * right
