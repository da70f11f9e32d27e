"""What each player may see (spec section 9): hands and deck order hidden, stores and discard piles open; in the
draft a player sees only the pack they hold and their own picks (MUHQ-DRAFT-7).

Besides the state, a view carries what a table needs to be drawn without the game object: ``cards``, the
printed data (costs, stats, keywords, text) of every card definition that appears in this view — and only
those, so it names no card the viewer may not see —, each permanent's board ``role`` (vip, building,
victory_item), crew capacity, solid value and swimming, the board's areas, income and hand size, the drop in
progress, ``max_turns`` and ``log_size`` (how many log lines there are; ``log`` holds the last of them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import current_language

from .turn import DRAFT_PHASE, UPKEEP_MODE
from .words import N_, word
from .places import board_order

if TYPE_CHECKING:  # pragma: no cover
    from .defs import Def
    from .state import MuhqState

LOG_VIEW = 60
PROMPTS = {
    "draft": N_("pick a card from the pack you hold"),
    "drop": N_("place the members of a dropped pile"),
    "place_token": N_("choose a field for the token"),
    "trigger": N_("declare your triggered action"),
    "priority": N_("respond with a fast action or pass"),
    "open": N_("your action phase: play a card, activate a permanent, or end the phase"),
    "upkeep": N_("pay the upkeep of your units (an unpaid unit is defeated)"),
    "closing": N_("choose which permanent to activate next before the phase ends"),
    "buy": N_("buy a card from your store, or skip"),
    "discard": N_("discard any cards you like, then end your turn"),
    "over": N_("the game is over"),
}


def card_json(self: "MuhqState", card: int) -> dict[str, Any]:
    d = self.card_def[card]
    return {"id": card, "card": d.id, "name": d.shown_name, "type": d.type}


def stack_source_json(self: "MuhqState", card: int, player: int | None) -> dict[str, Any]:
    """The card a stack item came from. Its action stays on the stack when the card itself leaves play (an
    Undertow returns it to a hand, say): the card's face was public when it was declared, but which copy
    it is must not be named once it sits in a zone ``player`` cannot see (section 9), so the id is then
    left out."""
    out = card_json(self, card)
    if card in self.perms:  # still on the board (a permanent's id is its card's): public
        return out
    for seat, pl in enumerate(self.players):
        if card in pl.deck or (seat != player and card in pl.hand):
            out["id"] = None
            break
    return out


def view(self: "MuhqState", player: int | None) -> dict[str, Any]:
    grid = self.grid
    st = self.stats()
    perms = []
    roles = {pid: "vip" for pid in self.vips.values()}
    roles.update({pid: "building" for group in self.buildings.values() for pid in group})
    if self.victory_item is not None:
        roles[self.victory_item] = "victory_item"
    for pid in board_order(self):
        entry = self.perms[pid].to_json(grid.xy)
        s = st[pid]
        if self.perms[pid].d.type == "unit":
            entry.update(life=s.life, movement=s.movement, armor=s.armor,
                         attack=[list(c) for c in s.attack])
        if s.veiled:
            entry["veiled"] = True
        if s.crew:
            entry["crew"] = s.crew
        if s.swimming:
            entry["swimming"] = True
        d = self.perms[pid].d
        if d.solid is not None:
            entry["solid"] = d.solid
        if d.landmark:
            entry["landmark"] = True
        if pid in roles:
            entry["role"] = roles[pid]
        perms.append(entry)
    waiting = [m for d in self.drops for m in d.members]
    players = []
    in_draft = self.phase is DRAFT_PHASE
    for seat, pl in enumerate(self.players):
        mine = player == seat
        players.append({
            "seat": seat, "alive": pl.alive, "resource": pl.resource, "vp": pl.vp,
            "hand_count": len(pl.hand),
            "hand": [card_json(self, c) for c in pl.hand] if mine else None,
            "deck": len(pl.deck),
            "discard": [card_json(self, c) for c in sorted(pl.discard)],  # unordered (MUHQ-DISC-1)
            "store": [card_json(self, c) for c in pl.store],
            "drafted": ([card_json(self, c) for c in pl.drafted] if mine else len(pl.drafted)) if in_draft else None,
            "pending": [card_json(self, c) for c in pl.pending],
            "bought": pl.bought,
        })
    fields = grid.fields_json()
    board = self.game.board
    out: dict[str, Any] = {
        "game": "muhq", "board": {"id": board.id, "name": board.translated("name"), "width": grid.width,
                                  "height": grid.height, "fields": fields,
                                  "areas": {k: a.points for k, a in board.areas.items()},
                                  "income": {"base": board.income.base, "per_unit": board.income.per_unit},
                                  "hand_size": board.hand_size},
        # the enums' values as plain strings (str(): a test's plain string too): a view is data, and goldens
        # compare it with its JSON form, types and all
        "turn": self.turn, "active": self.active, "phase": str(self.phase), "step": str(self.step),
        "mode": str(self.mode), "to_act": self.current_player, "prompt": word(PROMPTS, self.mode),
        "priority": self.priority, "activation": self.activation,
        "ai": self.ai[0] if self.ai else None,
        "permanents": perms, "waiting_to_drop": waiting, "players": players,
        "stack": [{"kind": i.kind, "controller": i.controller,
                   "card": stack_source_json(self, i.source, player) if i.source is not None else None,
                   "targets": {k: v for k, v in i.targets}, "text": str(i.label)} for i in self.stack],
        "triggers": [{"controller": t.controller, "card": self.card_def[t.source].shown_name} for t in self.triggers],
        "victory": [v.model_dump() for v in self.game.board.victory],
        "winners": self.winners,
        # a log line is a words.Text: made in the reader's language here
        "log": [{"kind": k, "player": p, "text": str(t)} for k, p, t in self.log[-LOG_VIEW:]],
        "log_size": len(self.log),
        "max_turns": self.opts["max_turns"] or None,
    }
    if self.drops:
        drop = self.drops[0]
        out["drop"] = {"controller": drop.controller, "field": list(grid.xy(drop.cell)),
                       "members": list(drop.members)}
    if in_draft and player is not None:
        out["pack"] = [card_json(self, c) for c in self.packs[player]] if self.packs else []
    if self.mode is UPKEEP_MODE:
        out["upkeep_todo"] = list(self.upkeep_todo)
    out["cards"] = cards_seen(self, card_ids_seen(self, player))
    return out


def card_ids_seen(self: "MuhqState", player: int | None) -> set[str]:
    """The definitions of the cards ``view(player)`` shows: its permanents, the open zones (discard piles,
    stores, pending cards), the viewer's own hand and draft picks, the stack's sources and the pack the
    viewer holds — never one only a hidden zone holds."""
    card_def = self.card_def
    ids: set[str] = {self.perms[pid].d.id for pid in board_order(self)}
    in_draft = self.phase is DRAFT_PHASE
    for seat, pl in enumerate(self.players):
        zones = [pl.discard, pl.store, pl.pending]
        if player == seat:
            zones.append(pl.hand)
            if in_draft:
                zones.append(pl.drafted)
        for zone in zones:
            ids.update(card_def[c].id for c in zone)
    ids.update(card_def[i.source].id for i in self.stack if i.source is not None)
    if in_draft and player is not None and self.packs:
        ids.update(card_def[c].id for c in self.packs[player])
    return ids


def cards_seen(self: "MuhqState", ids: set[str]) -> dict[str, dict[str, Any]]:
    """The printed data of the card definitions ``ids`` (``card_ids_seen``), in id order."""
    defs = self.game.defs
    printed = self.game.printed  # made once per definition and language: bots read a view at every decision
    lang = current_language()
    out = {}
    for i in sorted(ids):
        if i in defs:
            data = printed.get((lang, i))
            if data is None:
                data = printed[lang, i] = card_data(defs[i])
            data = dict(data)  # each view its own copy: a reader may change its view
            if "attack" in data:
                data["attack"] = [list(a) for a in data["attack"]]
            out[i] = data
    return out


def card_data(d: Def) -> dict[str, Any]:
    """A card definition as the tables show it (spec 7.2): costs, stats and keywords, its text."""
    out: dict[str, Any] = {"name": d.shown_name, "type": d.type, "text": d.shown_text}
    for key in ("buy", "play"):
        if getattr(d, key) is not None:
            out[key] = getattr(d, key)
    if d.type == "unit":
        out.update(upkeep=d.upkeep, life=d.life, movement=d.movement, attack=[list(a) for a in d.attack])
    for key in ("armor", "crew", "durability"):
        if getattr(d, key):
            out[key] = getattr(d, key)
    if d.solid is not None:
        out["solid"] = d.solid
    for key in ("veiled", "swimming", "landmark", "token"):
        if getattr(d, key):
            out[key] = True
    return out
