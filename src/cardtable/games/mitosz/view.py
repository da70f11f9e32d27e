"""What each player may see (spec section 9) and the whole state for tests (snapshot).

A view holds the board, spheres, afterworlds, oblivion and the stack for everyone; a hand only for
its owner (others see its size); decks only as sizes; the log entries meant for the viewer (a peeked
card only for the peeker and the card's owner).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import current_language

from .actions import STACK_ID_BASE
from .flow.phases import PHASE_TITLES
from .vocabulary import ROWS
from .words import N_, _, join, shown
from .effects.lasting import hand_size
from .effects.stack import describe_use, target_name
from .fights.declaring import fight_text
from .fights.strength import army_level, fight_level, row_capacity, row_cards
from .flow.prompts import prompt_answers, prompt_text
from .levels.abilities import neutralized
from .levels.board import attachments, intrigue_limit, leader_limit
from .levels.card_types import card_type
from .levels.level import level, road_closed, road_level
from .levels.power import power_total

if TYPE_CHECKING:
    from .core import Item
    from .state import MitoszState

LOG_VIEW = 80
HIDDEN_ZONES = frozenset(("hand", "deck"))  # zones some viewer cannot see (a card there is named by face only)


def card_json(self: MitoszState, iid: int, board: bool = True) -> dict[str, Any]:
    inst = self.cards[iid]
    d = inst.d
    out: dict[str, Any] = {"id": iid, "card": d.id, "name": d.shown_name, "type": d.card_type, "owner": inst.owner}
    if not board:
        return out
    out["controller"] = inst.controller
    if d.level is not None:
        out["level"] = level(self, iid)
    if inst.rotated:
        out["rotated"] = True
    if inst.spent:
        out["spent"] = True
    if inst.tokens:
        out["tokens"] = {kind: n for kind, n, _ in inst.tokens}
    if neutralized(self, inst):
        out["neutralized"] = True
    if inst.dormant is not None:
        out["dormant"] = inst.dormant  # MIT-5.15: attached, not a leader on the board until it wakes
    if self.effects or self.fight is not None:
        now = card_type(self, inst)
        if now != d.card_type:
            out["card_type_now"] = now  # MIT-5.16
    attached = attachments(self, iid)
    if attached:
        out["attached"] = [card_json(self, a) for a in attached]
    return out


def stack_text(self: MitoszState, it: Item) -> str:
    """A stack item in words, in the reader's language."""
    if it.kind in ("maneuver", "free", "fate", "trigger"):
        return shown(describe_use(self, it))
    if it.kind == "fight":
        return _("P{seat} declares: {fight}", seat=it.player, fight=fight_text(self, it.declared))
    if it.kind == "mount":
        return _("P{seat} attaches {mount} to {host}", seat=it.player, mount=self.cards[it.user].d,
                 host=self.cards[it.targets[0]].d)
    return _("P{seat} plays {card}", seat=it.player, card=self.cards[it.card].d)


def stack_card_id(self: MitoszState, iid: int) -> int | None:
    """A card of a stack item (the card played, the user of a maneuver, a target) by id. The item waits on the
    stack even if the card leaves play meanwhile (a ``return_to_hand`` on the user, say): its face was public
    when it was announced, but which copy it is must not be named once it sits in a hand or deck (section
    9), so the id is then None for every viewer (the part is shared; the owner sees the card in the hand).
    Ids that are not cards (stack items) pass unchanged."""
    return None if 0 <= iid < len(self.cards) and self.cards[iid].zone in HIDDEN_ZONES else iid


def stack_card_json(self: MitoszState, iid: int) -> dict[str, Any]:
    """A card of a stack item, its face (``card_json``) with the id ``stack_card_id`` gives."""
    out = card_json(self, iid, board=False)
    out["id"] = stack_card_id(self, iid)
    return out


def view(self: MitoszState, player: int | None) -> dict[str, Any]:
    # The public part (everything but the viewer's hand, the prompt's text and the log) is the same for every
    # viewer and changes only when the state does (``version``; a hand or deck changes its seat's version):
    # it is built once and shared by the views made until then. A view is read-only to its users.
    # (and the reader's language: it holds names and texts)
    key = (self.version, *self.seat_versions, current_language())
    cached = self.view_cache
    if cached is None or cached[0] != key:
        cached = self.view_cache = (key, _public_view(self))
    public = cached[1]
    players = public["players"]
    if player is not None and 0 <= player < self.n:
        players = list(players)
        mine = players[player] = dict(players[player])
        mine["hand"] = [card_json(self, i, board=False) for i in self.players[player].hand]
    prompt = None
    if self.prompt is not None:
        # the options of a question may name cards of the asked player's hand (a defending leader to
        # summon, MIT-7.4.3.1): only that player reads them
        chooser = player == self.prompt.player
        prompt = {"kind": self.prompt.kind, "player": self.prompt.player,
                  # the chooser's moves list the answers: its text is the question alone
                  "text": prompt_text(self, options=chooser, answers=not chooser),
                  "options": prompt_answers(self, chooser)}
    log: list[Any] = self.log
    if not self.log_private:  # no entry for some seats only: all are shown
        log_size = len(log)
        log = [shown(entry[1]) for entry in log[-LOG_VIEW:]]
    else:
        log = [text for _turn, text, to in log if to is None or (player is not None and player in to)]
        log_size = len(log)
        log = [shown(text) for text in log[-LOG_VIEW:]]
    return {
        "game": "mitosz",
        "turn": self.turn,
        "active": self.active,
        "phase": self.phase.value,  # (views are plain JSON values: the words, not the enum members)
        "phase_title": _(PHASE_TITLES[self.phase]) if self.phase in PHASE_TITLES else self.phase.value,
        "mode": self.mode.value,
        "to_act": self.current_player,
        "current_player": self.current_player,
        "viewer": player,
        "order": list(self.order),
        "players": players,
        "intrigues": public["intrigues"],
        "intrigue_limit": public["intrigue_limit"],
        "fight": public["fight"],
        "fates": public["fates"],
        "lingering": public["lingering"],
        "stack": public["stack"],
        "prompt": prompt,
        "effects": public["effects"],
        "log": log,
        "log_size": log_size,
        "win_target": self.opts["win_target"],
        # the reason in the reader's language (the state's result keeps the English, as records do)
        "result": dict(self.result, reason=_(self.result["reason"])) if self.result else self.result,
    }


def _public_view(self: MitoszState) -> dict[str, Any]:
    """The parts of a view every viewer sees alike (a hand only as its size: ``hand`` is None)."""
    players = []
    for p in self.players:
        seat = p.seat
        nations = []
        for cell, iid in sorted(p.grid.items()):
            entry = card_json(self, iid)
            entry["x"], entry["y"] = cell
            entry["roads"] = {r: {"level": road_level(self, iid, r), "closed": road_closed(self, iid, r)}
                              for r in self.cards[iid].d.roads}
            nations.append(entry)
        players.append({
            "seat": seat,
            "deck_name": p.deck_name,
            "deck_title": self.game.decks[seat].shown_title() if seat < len(self.game.decks) else p.deck_name,
            "god": card_json(self, p.god),
            "spheres": list(p.spheres),
            "sphere_max": list(p.smax),
            "power": power_total(self, seat),
            "hold": {"anchor": p.hold[0], "since_turn": p.hold[1]} if p.hold else None,
            "deck": len(p.deck),
            "hand_count": len(p.hand),
            "hand": None,
            "hand_size": hand_size(self, seat),
            "afterworld": [card_json(self, i, board=False) for i in reversed(p.afterworld)],
            "oblivion": [card_json(self, i, board=False) for i in p.oblivion],
            "nations": nations,
            "leaders": [card_json(self, i) for i in p.leaders],
            "leader_limit": leader_limit(self, seat),
            "nation_placed": p.nation_placed,
        })
    stack = []
    for it in self.stack:
        stack.append({
            "id": STACK_ID_BASE + it.sid, "kind": it.kind, "player": it.player,
            "card": stack_card_json(self, it.card) if it.card >= 0 else None,
            "user": stack_card_json(self, it.user) if it.user >= 0 else None,
            "targets": [shown(target_name(self, t)) for t in it.targets],
            "target_ids": [stack_card_id(self, t) for t in it.targets],
            "steps": it.steps, "times": it.times, "neutralized": it.neutralized, "text": stack_text(self, it),
        })
    return {
        "players": players,
        "intrigues": [card_json(self, i) for i in self.intrigues],
        "intrigue_limit": intrigue_limit(self),
        "fight": fight_json(self),
        "fates": [card_json(self, i) for i in self.fates],
        "lingering": [card_json(self, i) for i in self.lingering],
        "stack": stack,
        "effects": effects_json(self),
    }


def effects_json(self: MitoszState) -> list[dict[str, Any]]:
    out = []
    for e in self.effects:
        until = e.until
        if until[0] == "turn":
            ends = _("until the start of the next turn")
        elif until[0] == "rounds":
            ends = _("until the start of P{seat}'s turn {turn}", seat=until[1], turn=until[2])
        elif until[0] == "attached":
            ends = _("while attached")
        elif until[0] == "fight":
            ends = _("until the end of the fight")
        else:
            ends = _("permanently")
        source = self.cards[e.source].d.shown_name if e.source >= 0 else _("a rule")
        on = format(join(self.cards[t].d for t in e.targets)) if e.targets else _("every matching card")
        out.append({"kind": e.kind, "source": source, "on": on, "value": _plain(e.value), "ends": ends})
    return out


def fight_json(self: MitoszState) -> dict[str, Any] | None:
    """The fight in progress, as everyone at the table sees it (spec 9: fights are public)."""
    f = self.fight
    if f is None:
        return None
    sides = {}
    for side in ("att", "def"):
        rows = []
        for row in range(3):
            leader = f.row_leader(side, row)
            if f.kind == "duel" and row > 0:
                break
            rows.append({"row": ROWS[row], "leader": card_json(self, leader, board=False) if leader >= 0 else None,
                         "leader_level": fight_level(self, leader) if leader >= 0
                         and self.cards[leader].zone == "board" else None,
                         "supplies": [dict(card_json(self, i, board=False), mode=f.supplies[i][2],
                                           fight_level=fight_level(self, i)) for i in row_cards(self, side, row)],
                         "capacity": row_capacity(self, side, row) if f.kind == "battle" else 0})
        sides[side] = {"player": f.seat_of(side), "rows": rows, "level": army_level(self, side)}
    return {"kind": f.kind, "stage": f.stage, "attacker": f.attacker, "defender": f.defender,
            "nation": card_json(self, f.nation, board=False) if f.nation >= 0 else None, "road": f.road,
            # a battle (nation >= 0) has its road
            "road_level": road_level(self, f.nation, f.road) if f.nation >= 0  # type: ignore[arg-type]
            and self.cards[f.nation].zone == "board" else None,
            "first": f.first, "sides": sides, "winner": f.winner, "compared": list(f.levels) if f.levels else None}


def snapshot(self: MitoszState) -> dict[str, Any]:
    snap = {
        "turn": self.turn, "active": self.active, "phase": self.phase, "mode": self.mode,
        "priority": self.priority, "passes": self.passes, "cycle": self.cycle, "order": list(self.order),
        "cards": [[i.iid, i.d.id, i.owner, i.controller, i.zone, i.host, i.rotated, i.spent,
                   sorted((i.uses or {}).items()), list(i.blocked), [[k, n] for k, n, _ in i.tokens],
                   list(i.cell) if i.cell else None, i.dormant] for i in self.cards],
        "players": [{"spheres": p.spheres, "deck": p.deck, "hand": p.hand, "afterworld": p.afterworld,
                     "oblivion": p.oblivion, "grid": sorted([list(c), i] for c, i in p.grid.items()),
                     "leaders": p.leaders, "nation_placed": p.nation_placed, "allowances": list(p.allowances),
                     "hold": list(p.hold) if p.hold else None} for p in self.players],
        "stack": [[it.sid, it.kind, it.player, it.card, it.user, list(it.targets), it.neutralized,
                   it.destroyed] for it in self.stack],
        "effects": [[e.seq, e.kind, e.controller, e.source, list(e.targets) if e.targets is not None else None,
                     _plain(e.value), list(e.until)] for e in self.effects],
        "intrigues": self.intrigues, "fates": self.fates, "lingering": self.lingering,
        "prompt": {k: _plain(v) for k, v in self.prompt.as_dict().items()} if self.prompt else None,
        "result": self.result, "rng": self.rng.state(), "log": len(self.log), "turns_taken": self.turns_taken,
        "deckout": _plain(self.deckout), "refusals": _plain(self.refusals),
        "todo": list(self.todo), "after_stack": self.after_stack, "window_actor": self.window_actor,
        "next_sid": self.next_sid, "unrotated": self.prompt_done,
        "order_requests": _plain(self.order_requests),
        "fight": None if self.fight is None else {
            k: _plain(getattr(self.fight, k)) if not isinstance(getattr(self.fight, k), dict) else
            sorted([i, list(v)] for i, v in getattr(self.fight, k).items()) for k in self.fight.__slots__},
        "fought": self.fought,
    }
    if self.trigger_on:  # cards with triggers (spec 6.6): their events waiting for a state check
        snap["triggers"] = {
            "pending": [[on, card, player, to, None if waiting is None else
                         [[w[0], w[1], w[2].id if w[2] is not None else None] for w in waiting]]
                        for on, card, player, to, waiting in self.pending],
            "chain": self.trigger_chain, "resume": self.trigger_resume, "spheres": _plain(self.sphere_marks)}
    return snap


def _plain(value: Any) -> Any:
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
