"""The effect vocabulary of spec 7.5-7.7 interpreted: filters, references, groups, targets, conditions and the
effect steps. A card's behaviour is its data; nothing here names a card.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any, Iterator

from .objects import NEUTRAL, LazyName
from .words import N_, _, _n

#: At most this many target assignments are listed for one card or ability (target_choices).
TARGET_LIMIT = 400

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


#: Why a permanent is not a target of a kind (MUHQ-ACT-3), by the kind.
NOT_OF_KIND = {"unit": N_("{name} is not a unit"), "artifact": N_("{name} is not an artifact"),
               "equipment": N_("{name} is not an equipment"), "permanent": N_("{name} is not a permanent")}
#: Why a permanent is not within a target's range, by the range's origin (``target``: an earlier target).
NOT_WITHIN = {"self": N_("{name} is not within range {range} of this card"),
              "unit_you_control": N_("{name} is not within range {range} of a unit you control"),
              "target": N_("{name} is not within range {range} of {target}")}


class Ctx:
    """Who does an effect: its source (a permanent, a spell card, or None), the source's definition, the
    controller ("you", MUHQ-GEN-6), the chosen targets by name and the event references of a trigger."""

    __slots__ = ("source", "d", "you", "targets", "refs", "item")

    def __init__(self, source: int | None, d: Any, you: int, targets: dict | None = None,
                 refs: dict | None = None, item: Any = None) -> None:
        self.source, self.d, self.you = source, d, you
        self.targets = targets if targets is not None else {}
        self.refs = refs if refs is not None else {}
        self.item = item


def _combine(groups: list[list[int]], i: int, left: int, acc: tuple[int, ...], out: list) -> None:
    """``card_combinations`` for any count: ``left`` more cards from groups ``i`` on, most of each kind first."""
    if left == 0:
        out.append(tuple(sorted(acc)))
        return
    if i == len(groups):
        return
    g = groups[i]
    for k in range(min(left, len(g)), -1, -1):
        _combine(groups, i + 1, left - k, acc + tuple(g[:k]), out)


class EffectsMixin:
    # -- filters (spec 7.5) ---------------------------------------------------------------------------------
    def relation(self: "MuhqState", controller: int, you: int) -> str:
        if controller == NEUTRAL:
            return "neutral"
        return "you" if controller == you else "enemy"

    def def_matches(self: "MuhqState", d: Any, controller: int, filt: dict, you: int, life: int | None = None,
                    pid: int | None = None, ctx: Ctx | None = None) -> bool:
        """Does a card (its definition and controller) match a filter, seen from player ``you``?"""
        rel = filt.get("controller")
        if rel is not None and rel != "any" and self.relation(controller, you) != rel:
            return False
        kind = filt.get("type")
        if kind is not None:
            kinds = kind if isinstance(kind, list) else [kind]
            if d.type not in kinds and not ("artifact" in kinds and d.type == "equipment"):
                return False
        if "name" in filt and d.name != filt["name"]:
            return False
        if "buy_gt" in filt and (d.buy is None or not d.buy > filt["buy_gt"]):
            return False
        if "buy_lt" in filt and (d.buy is None or not d.buy < filt["buy_lt"]):
            return False
        if "life_le" in filt and (d.type != "unit" or (d.life if life is None else life) > filt["life_le"]):
            return False
        if "landmark" in filt and d.landmark != filt["landmark"]:
            return False
        if "other_than" in filt and ctx is not None and pid is not None:
            if pid in self.objects(filt["other_than"], ctx):
                return False
        return True

    def perm_matches(self: "MuhqState", pid: int, filt: dict | None, you: int, ctx: Ctx | None = None,
                     use_stats: bool = True) -> bool:
        if not filt:
            return True
        p = self.perms[pid]
        life = self.stats()[pid].life if use_stats and "life_le" in filt else None
        return self.def_matches(p.d, p.controller, filt, you, life, pid, ctx)

    def kind_matches(self: "MuhqState", pid: int, kind: str) -> bool:
        t = self.perms[pid].d.type
        return kind == "permanent" or t == kind or (kind == "artifact" and t == "equipment")

    # -- references and groups --------------------------------------------------------------------------------
    def objects(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
        """The permanents a reference, target name or group names now (only those on the board)."""
        perms = self.perms
        if isinstance(ref, dict):
            if "each" in ref:
                return self.group(ref, ctx)
            return []
        if ref == "self":
            found = ctx.source
        elif ref == "equipped_unit":
            src = perms.get(ctx.source) if ctx.source is not None else None
            found = src.base if src is not None and src.d.type == "equipment" else None
        elif ref in ("event.unit", "event.damaged", "event.defender"):
            found = ctx.refs.get(ref)
        else:  # a target name
            found = ctx.targets.get(ref)
        return [found] if found is not None and found in perms else []

    def cell_of_ref(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
        if ref == "unit_you_control":
            return [self.cell_of(pid) for pid, p in self.perms.items()
                    if p.controller == ctx.you and p.d.type == "unit"]
        return [self.cell_of(pid) for pid in self.objects(ref, ctx)]

    def group(self: "MuhqState", g: dict, ctx: Ctx, use_stats: bool = True) -> list[int]:
        """``{each: kind, filter, within}``: every matching permanent on the board, in reading order of their
        fields (pile members after their base). Groups do not target: veiled does not protect (MUHQ-VEIL-2)."""
        kind, filt, within = g["each"], g.get("filter"), g.get("within")
        origins = self.cell_of_ref(within["of"], ctx) if within else None
        if within and not origins:
            return []
        grid = self.grid
        out = []
        for pid in self.board_order():
            if not self.kind_matches(pid, kind):
                continue
            if origins is not None:
                cell = self.cell_of(pid)
                if not any(grid.distance(o, cell) <= within["range"] for o in origins):
                    continue
            if self.perm_matches(pid, filt, ctx.you, ctx, use_stats):
                out.append(pid)
        return out

    def players_of(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
        """The seats a player reference names: you, controller_of: <ref>, a player target, each player."""
        if ref == "you":
            return [ctx.you]
        if isinstance(ref, dict):
            if "controller_of" in ref:
                inner = ref["controller_of"]
                if inner in ("event.unit", "event.damaged", "event.defender") and inner + ".controller" in ctx.refs:
                    c = ctx.refs[inner + ".controller"]
                    return [c] if c != NEUTRAL else []
                return [self.perms[pid].controller for pid in self.objects(inner, ctx)
                        if self.perms[pid].controller != NEUTRAL]
            if ref.get("each") == "player":
                rel = (ref.get("filter") or {}).get("controller", "any")
                return [p for p in self.alive_seats() if rel == "any" or self.relation(p, ctx.you) == rel]
        if isinstance(ref, str) and ref in ctx.targets and isinstance(ctx.targets[ref], int):
            return [ctx.targets[ref]]
        return []

    # -- conditions (spec 7.7 "if") ---------------------------------------------------------------------------
    def condition_holds(self: "MuhqState", cond: dict | None, ctx: Ctx) -> bool:
        if not cond:
            return True
        if "in_range" in cond:
            c = cond["in_range"]
            a, b = self.cell_of_ref(c["object"], ctx), self.cell_of_ref(c["of"], ctx)
            return any(self.grid.distance(x, y) <= c["range"] for x in a for y in b)
        if "resource_at_least" in cond:
            return self.players[ctx.you].resource >= cond["resource_at_least"]
        if "controls_at_least" in cond:
            c = cond["controls_at_least"]
            n = sum(1 for pid, p in self.perms.items()
                    if p.controller == ctx.you and self.perm_matches(pid, c["filter"], ctx.you, ctx))
            return n >= c["count"]
        return False

    # -- targets (spec 7.5; MUHQ-VEIL-1, MUHQ-PROT-2) -------------------------------------------------------
    def protected_from(self: "MuhqState", pid: int, source_d: Any, source_controller: int | None) -> bool:
        """MUHQ-PROT-2/3: the permanent has protection from this source (the universal free action has no
        source and matches nothing, MUHQ-PROT-4)."""
        if source_d is None:
            return False
        prot = self.stats()[pid].protection_from
        if not prot:
            return False
        you = self.perms[pid].controller
        controller = source_controller if source_controller is not None else NEUTRAL
        for f in prot:  # (a loop: any() over a generator would make every call build a closure)
            if self.def_matches(source_d, controller, f, you):
                return True
        return False

    def target_problem(self: "MuhqState", spec: dict, value: Any, ctx: Ctx) -> tuple[str, str] | None:
        """Why ``value`` is not a legal choice for a target spec now, or None (MUHQ-ACT-3, MUHQ-ACT-6)."""
        kind = spec["kind"]
        if kind == "player":
            if not isinstance(value, int) or value not in self.alive_seats():
                return "MUHQ-ACT-3", _("{value} is not a player in the game", value=value)
            return None
        p = self.perms.get(value) if isinstance(value, int) else None
        if p is None:
            return "MUHQ-ACT-6", _("#{id} is not a permanent on the board; only permanents on the board are targets",
                                   id=value)
        name = LazyName(self, value)
        if not self.kind_matches(value, kind):
            return "MUHQ-ACT-3", _(NOT_OF_KIND[kind], name=name)
        if p.base is not None and not spec.get("in_pile_ok"):
            return "MUHQ-ACT-3", _("{name} is in a pile; this target must stand on a field (spec 7.5)", name=name)
        if self.stats()[value].veiled:
            return "MUHQ-VEIL-1", _("{name} is veiled and cannot be chosen as a target", name=name)
        if self.protected_from(value, ctx.d, ctx.you):
            return "MUHQ-PROT-2", _("{name} has protection from {card}", name=name, card=ctx.d.shown_name)
        if not self.perm_matches(value, spec.get("filter"), ctx.you, ctx):
            return "MUHQ-ACT-3", _("{name} does not match the card's filter {filter}", name=name,
                                   filter=spec.get("filter"))
        within = spec.get("within")
        if within:
            origins = self.cell_of_ref(within["of"], ctx)
            cell = self.cell_of(value)
            if not any(self.grid.distance(o, cell) <= within["range"] for o in origins):
                message = NOT_WITHIN.get(within["of"], NOT_WITHIN["target"])
                return "MUHQ-ACT-3", _(message, name=name, range=within["range"], target=within["of"])
        attacker = spec.get("legal_defender_for")
        if attacker:
            att = ctx.targets.get(attacker)
            if att is None or att not in self.perms:
                return "MUHQ-ACT-6", _("the attacker {target} is gone", target=attacker)
            problem = self.defender_problem(att, value)
            if problem:
                return problem
        return None

    def target_candidates(self: "MuhqState", spec: dict, ctx: Ctx) -> list[int]:
        if spec["kind"] == "player":
            return list(self.alive_seats())
        # The permanents for which target_problem finds nothing, with its checks in its order; what does not
        # depend on the candidate (the origins of "within", the named attacker) is worked out once, because
        # the list is made before ctx changes. Keep this in step with target_problem.
        perms = self.perms
        st = self.stats()
        kind = spec["kind"]
        pile_ok = spec.get("in_pile_ok")
        filt = spec.get("filter")
        within = spec.get("within")
        origins = self.cell_of_ref(within["of"], ctx) if within else ()
        attacker = spec.get("legal_defender_for")
        att = ctx.targets.get(attacker) if attacker else None
        dist_from = self.grid.dist_from
        you, source_d = ctx.you, ctx.d
        out = []
        for pid in self.board_order():
            p = perms[pid]
            t = p.d.type
            if not (kind == "permanent" or t == kind or (kind == "artifact" and t == "equipment")):  # MUHQ-ACT-3
                continue
            if p.base is not None and not pile_ok:  # spec 7.5: a target stands on a field
                continue
            if st[pid].veiled:  # MUHQ-VEIL-1
                continue
            if st[pid].protection_from and self.protected_from(pid, source_d, you):  # MUHQ-PROT-2
                continue
            if filt and not self.perm_matches(pid, filt, you, ctx):  # MUHQ-ACT-3
                continue
            if within:
                cell = self.cell_of(pid)
                reach = within["range"]
                for o in origins:
                    if dist_from(o)[cell] <= reach:
                        break
                else:
                    continue
            if attacker and (att is None or att not in perms or self.defender_problem(att, pid) is not None):
                continue  # MUHQ-ACT-6, MUHQ-COMBAT-3, 4
            out.append(pid)
        return out

    def target_choices(self: "MuhqState", specs: tuple, ctx: Ctx, limit: int = TARGET_LIMIT) -> Iterator[tuple[int, ...]]:
        """Every legal assignment of the card's targets, in order (a later target may depend on an earlier)."""
        if not specs:
            yield ()
            return

        count = 0
        for choice in self._target_assignments(specs, ctx, 0, ()):
            yield choice
            count += 1
            if count >= limit:
                return

    def _target_assignments(self: "MuhqState", specs: tuple, ctx: Ctx, i: int,
                            chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """``target_choices`` from target ``i`` on (a method, not a closure that calls itself: such a closure is
        a reference cycle, and muhq's random play spent a tenth of its time collecting them)."""
        if i == len(specs):
            yield chosen
            return
        name, spec = specs[i]
        for value in self.target_candidates(spec, ctx):
            ctx.targets[name] = value
            yield from self._target_assignments(specs, ctx, i + 1, chosen + (value,))
        ctx.targets.pop(name, None)

    def check_targets(self: "MuhqState", specs: tuple, values: tuple, ctx: Ctx) -> tuple[str, str] | None:
        if len(values) != len(specs):
            names = ", ".join(n for n, _spec in specs) or _("none")
            return "MUHQ-ACT-3", _n("this needs {n} target ({names}), not {given}",
                                    "this needs {n} targets ({names}), not {given}", len(specs), names=names,
                                    given=len(values))
        for (name, spec), value in zip(specs, values):
            ctx.targets[name] = value
            problem = self.target_problem(spec, value, ctx)
            if problem:
                return problem[0], _("target {target}: {problem}", target=name, problem=problem[1])
        return None

    # -- costs (spec 7.4) -----------------------------------------------------------------------------------
    def cost_choices(self: "MuhqState", costs: tuple, player: int, source: int | None,
                     exclude: tuple[int, ...] = (), resource_extra: int = 0) -> Iterator[tuple[int, ...]]:
        """Every way to pay a cost list: the chosen hand cards (discard) and permanents (sacrifice), in order.
        Cards of the same definition are interchangeable, so one representative choice per multiset is given."""
        options: list[list[tuple[int, ...]]] = []
        hand = [c for c in self.players[player].hand if c not in exclude]
        for cost in costs:
            if "resource" in cost:
                if self.players[player].resource < cost["resource"] + resource_extra:
                    return
                options.append([()])
            elif "tap" in cost:
                if source is None or source not in self.perms or self.perms[source].tapped:
                    return
                options.append([()])
            elif "discard" in cost:
                n = cost["discard"]
                if len(hand) < n:
                    return
                options.append(self.card_combinations(hand, n))
            elif "sacrifice" in cost:
                you = player
                choices = [(pid,) for pid in self.board_order()
                           if self.perms[pid].controller == you and self.perm_matches(pid, cost["sacrifice"], you)
                           and pid != source]
                if not choices:
                    return
                options.append(choices)
        for combo in product(*options):
            flat = tuple(x for part in combo for x in part)
            if len(set(flat)) == len(flat):
                yield flat

    def card_combinations(self: "MuhqState", hand: list[int], n: int) -> list[tuple[int, ...]]:
        """Distinct multisets of n cards from a hand (identical cards are interchangeable), as sorted ids."""
        by_def: dict[str, list[int]] = {}
        for c in sorted(hand):
            by_def.setdefault(self.card_def[c].id, []).append(c)
        groups = sorted(by_def.values())
        out: list[tuple[int, ...]] = []
        if n == 2:
            # What the recursion below gives for two cards, in its order: two of one kind, then one of this kind
            # with one of each later kind (groups are ascending and ordered by their first card, so these
            # pairs come sorted).
            for i, g in enumerate(groups):
                first = g[0]
                if len(g) >= 2:
                    out.append((first, g[1]))
                for h in groups[i + 1:]:
                    out.append((first, h[0]))
            return out

        _combine(groups, 0, n, (), out)
        return out

    def cost_problem(self: "MuhqState", costs: tuple, chosen: tuple[int, ...], player: int,
                     source: int | None, exclude: tuple[int, ...] = (), resource_extra: int = 0
                     ) -> tuple[str, str] | None:
        need = sum(c.get("discard", 0) + (1 if "sacrifice" in c else 0) for c in costs)
        if len(chosen) != need:
            return "MUHQ-ACT-3", _n("the costs need {n} chosen card or permanent, not {given}",
                                    "the costs need {n} chosen cards or permanents, not {given}", need,
                                    given=len(chosen))
        if len(set(chosen)) != len(chosen):
            return "MUHQ-ACT-3", _("a card or permanent is chosen twice for the costs")
        k = 0
        pl = self.players[player]
        for cost in costs:
            if "resource" in cost and pl.resource < cost["resource"] + resource_extra:
                return "MUHQ-RES-3", _("this costs {cost} resource; you have {resource}",
                                       cost=cost["resource"] + resource_extra, resource=pl.resource)
            if "tap" in cost and (source is None or source not in self.perms or self.perms[source].tapped):
                return "MUHQ-TIMING-6", _("the cost 'tap' needs the permanent untapped")
            if "discard" in cost:
                for c in chosen[k:k + cost["discard"]]:
                    if c not in pl.hand or c in exclude:
                        return "MUHQ-ACT-3", _("card #{card} is not in your hand to discard", card=c)
                k += cost["discard"]
            if "sacrifice" in cost:
                pid = chosen[k]
                k += 1
                if pid not in self.perms or self.perms[pid].controller != player:
                    return "MUHQ-PERM-7", _("#{id} is not a permanent you control; only your own can be sacrificed",
                                            id=pid)
                if not self.perm_matches(pid, cost["sacrifice"], player) or pid == source:
                    return "MUHQ-ACT-3", _("{name} does not match the sacrifice {filter}", name=self.name_of(pid),
                                           filter=cost["sacrifice"])
        return None

    def pay_costs(self: "MuhqState", costs: tuple, chosen: tuple[int, ...], player: int, source: int | None) -> None:
        k = 0
        pl = self.players[player]
        for cost in costs:
            if "resource" in cost:
                pl.resource -= cost["resource"]
            elif "tap" in cost:
                self.perms[source].tapped = True
            elif "discard" in cost:
                for c in chosen[k:k + cost["discard"]]:
                    self.discard_from_hand(player, c)
                k += cost["discard"]
            elif "sacrifice" in cost:
                self.destroy(chosen[k])  # MUHQ-PERM-7
                k += 1
        self.touched()

    # -- effect steps (spec 7.6) -------------------------------------------------------------------------
    def run_steps(self: "MuhqState", steps: tuple, ctx: Ctx, start: int = 0) -> None:
        """Apply the steps in order (MUHQ-ACT-5). A step that needs a choice (placing a token) suspends the
        resolution; :meth:`resume` continues with the next step."""
        for i in range(start, len(steps)):
            step = steps[i]
            op = step["do"]
            if op == "create_token":
                if self.create_tokens(step, ctx, i, steps):
                    return  # suspended: a field must be chosen
                continue
            getattr(self, "_op_" + op)(step, ctx)
        self.touched()

    def _op_damage(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            self.deal_damage(ctx.d, ctx.you, ctx.source, pid, step["amount"])

    def _op_heal(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            p.damage = max(0, p.damage - step["amount"])

    def _op_add_marker(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        marker = step["marker"]
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            if p.d.type == "unit":  # MUHQ-COND-3
                setattr(p, marker, getattr(p, marker) + step["count"])
                self.mark_raised(pid)  # (poison is one of them)

    def _op_remove_marker(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        marker, count = step["marker"], step["count"]
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            have = getattr(p, marker)
            setattr(p, marker, 0 if count == "all" else max(0, have - count))

    def _op_gain_resource(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for seat in self.players_of(step["player"], ctx):
            self.players[seat].resource += step["amount"]

    def _op_lose_resource(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for seat in self.players_of(step["player"], ctx):
            pl = self.players[seat]
            pl.resource = max(0, pl.resource - step["amount"])  # MUHQ-RES-4

    def _op_steal_resource(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for seat in self.players_of(step["from"], ctx):
            if seat != ctx.you:
                self.steal(ctx.you, seat, step["amount"])

    def _op_draw(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for seat in self.players_of(step["player"], ctx):
            self.draw(seat, step["count"])

    def _op_destroy(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            if pid in self.perms:
                self.destroy(pid)

    def _op_return_to_hand(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            if pid in self.perms and not self.perms[pid].d.landmark:  # MUHQ-PERM-10
                self.leave_board(pid, "hand")

    def _op_gain_control(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        seats = self.players_of(step["player"], ctx)
        if not seats:
            return
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            if not p.d.landmark:  # MUHQ-PERM-10; tapped state, markers and pile stay (MUHQ-CARD-5)
                p.controller = seats[0]
                self.changed()

    def _op_modify_until_eot(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            p.eot = p.eot + (dict(step["modify"]),)
            self.changed()

    def _op_combat(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        att, dfn = self.objects(step["attacker"], ctx), self.objects(step["defender"], ctx)
        if att and dfn and self.defender_problem(att[0], dfn[0]) is None:  # MUHQ-COMBAT-14, 12
            self.combat(att[0], dfn[0], bonus=step.get("attacker_damage_bonus", 0), action=False)

    def _op_reduce_durability(self: "MuhqState", step: dict, ctx: Ctx) -> None:
        for pid in self.objects(step["to"], ctx):
            p = self.perms[pid]
            if p.d.type == "equipment":
                p.worn += step["amount"]
                self.mark_raised(pid)
