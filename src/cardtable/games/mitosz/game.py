"""Mítosz as a cardtable game: its description, options, decks and the words for its actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Game, GameInfo, OptionError
from cardtable.engine.game import fresh_seed

from .kit import KIT
from .actions import (CODEC, STACK_ID_BASE, AttachMount, Choose, ChooseOption, DeclareBattle, DeclareDuel, Pass,
                      PlaceNation, PlayUnsummoned, Refill, Summon, UseFate, UseFreeManeuver, UseManeuver)
from .cards import build_defs, cost_label
from .data import DeckRules, MitoszDataError, load_deck
from .options import OPTIONS
from .card_text import call_text, card_text, maneuver_text
from .text import road_word, row_into, sphere_word, subtype_word
from .words import N_, _, _n, shown
from .vocabulary import SPHERES

if TYPE_CHECKING:
    from cardtable.engine import Action

    from .state import MitoszState


class MitoszGame(Game):
    info = GameInfo(
        name="mitosz",
        title="Mítosz",
        summary=N_("Gods, nations and leaders: summon, build an empire on a grid of roads, use maneuvers and counter "
                   "them on a stack, fight battles and duels; hold 12 power points for a round to win."),
        min_players=2,
        max_players=4,  # OP-65: more than two players is tier 2 (fights stay between attacker and defender)
        default_players=2,
        rules_version="mitosz/1.1.2",
        turn_rule="MIT-6.1.4.b",
        docs="docs/mitosz.md",
        rule_pattern=r"MIT-(?:G\d+|\d+(?:\.(?:\d+|[a-z][a-z-]*[a-z]|[a-z]))*)",
    )
    kit = KIT
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        opts = self.options
        rules = DeckRules(win_target=opts["win_target"], deck_min_multiplier=opts["deck_min_multiplier"],
                          deck_min_includes_high_god=opts["deck_min_includes_high_god"], max_copies=opts["max_copies"])
        decks = []
        for key in ("deck_a", "deck_b", "deck_c", "deck_d")[:self.num_players]:
            try:
                decks.append(load_deck(opts[key], rules))
            except MitoszDataError as exc:
                raise OptionError(_("option {key}={value}: {problem}", key=key, value=repr(opts[key]),
                                    problem=exc)) from None
        self.decks = decks
        cards = {}
        for deck in decks:
            cards.update(deck.cards_by_id)
        self.defs = build_defs(cards)
        # instance ids follow the deck lists (high god first), whatever the seed
        self.layout = []
        for seat, deck in enumerate(decks):
            self.layout.append((self.defs[deck.high_god.id], seat))
            self.layout += [(self.defs[cid], seat) for cid in deck.card_ids()]

    def new_initial_state(self, seed: int | None = None) -> MitoszState:
        from .state import MitoszState

        return MitoszState(self, fresh_seed(seed), self.decks)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "docs": self.info.docs}

    def catalogue(self) -> dict[str, Any]:
        """The cards' public data, their names and texts in the reader's language (made when asked: not cached)."""
        cards = {}
        for d in self.defs.values():
            cards[d.id] = {"id": d.id, "name": d.shown_name, "type": d.card_type, "subtypes": sorted(d.subtypes),
                           "mythology": d.mythology, "unique": d.unique, "magical": d.magical, "cursed": d.cursed,
                           "level": d.level, "modifier": d.is_modifier, "cost": list(d.cost),
                           "cost_label": cost_label(d.cost) if d.card_type in ("leader", "item", "location",
                                                                                "intrigue", "supply") else "",
                           # links name cards by their English names: keys (a display translates the card named)
                           "power_points": d.power_points, "links": sorted(d.links), "number": d.number,
                           "roads": d.roads, "sphere_max": list(d.sphere_max) if d.sphere_max else None,
                           "requirements": [sorted(g) for g in d.requirement_groups],
                           "duration": d.duration_rounds, "text": card_text(d), "flavor": d.shown_flavor,
                           # each bound maneuver by its id, so that a choice between two reads as their texts
                           "maneuvers": {m.id: maneuver_text(m, d) for m in d.maneuvers}}
        return {"cards": cards, "instances": [d.id for d, _ in self.layout],
                "decks": [{"name": deck.name, "title": deck.shown_title()} for deck in self.decks]}

    # -- words ---------------------------------------------------------------------------------
    def _name(self, iid: int | None) -> str:
        if iid is None:
            return "?"
        if iid >= STACK_ID_BASE:
            return _("stack item {n}", n=iid - STACK_ID_BASE)
        if 0 <= iid < len(self.layout):
            d = self.layout[iid][0]
            return _("{card} (high god)", card=d) if d.card_type == "high_god" else d.shown_name
        return _("card {n}", n=iid)

    def action_label(self, action: Action) -> str:
        """A move as a person reads it, in the reader's language (made when read)."""
        n = self._name
        if isinstance(action, Pass):
            return _("pass")
        if isinstance(action, PlaceNation):
            return _("place {card} at ({x}, {y})", card=n(action.card), x=action.x, y=action.y)
        if isinstance(action, Summon):
            card = n(action.card)
            if action.host is not None:
                text = _("summon {card} onto {host}", card=card, host=n(action.host))
                if action.row is not None:
                    text = _("{move} {into}", move=text, into=row_into(action.row))
            elif action.row is not None:
                text = _("summon {card} {into}", card=card, into=row_into(action.row))
            else:
                text = _("summon {card}", card=card)
            if action.pay_from:
                text = _("{move} (paying 1 {sphere} with {other})", move=text,
                         # (a substitution names both spheres)
                         sphere=sphere_word(action.pay_for),  # type: ignore[arg-type]
                         other=sphere_word(action.pay_from))
            return text
        if isinstance(action, PlayUnsummoned):
            if action.row is not None:
                return _("play {card} {into} without summoning", card=n(action.card), into=row_into(action.row))
            return _("play {card} onto {host} without summoning", card=n(action.card), host=n(action.host))
        if isinstance(action, DeclareBattle):
            return _("attack {nation} through its {road} road, led by {commander}", nation=n(action.nation),
                     road=road_word(action.road), commander=n(action.commander))
        if isinstance(action, DeclareDuel):
            return _("duel: {challenger} challenges {challenged}", challenger=n(action.challenger),
                     challenged=n(action.challenged))
        if isinstance(action, AttachMount):
            if action.share:
                return _("attach the mount {mount} to {host}, sharing its subtype {subtype}", mount=n(action.mount),
                         host=n(action.host), subtype=subtype_word(action.share))
            return _("attach the mount {mount} to {host}", mount=n(action.mount), host=n(action.host))
        if isinstance(action, (UseManeuver, UseFreeManeuver, UseFate)):
            if isinstance(action, UseManeuver):
                text = _("sacrifice {card}", card=n(action.card)) if action.maneuver == "sacrifice" else \
                    _("use {card}'s maneuver", card=n(action.card))
            elif isinstance(action, UseFreeManeuver):
                text = _("use {card} with {user}", card=n(action.card), user=n(action.user))
                d = self.layout[action.card][0] if 0 <= action.card < len(self.layout) else None
                ids = [m.id for m in d.options] if d is not None and d.options else []
                if action.option in ids:  # a 'choose one' card: the option's number and what it does
                    k = ids.index(action.option)
                    text = _("{move} (option {k}: {effect})", move=text, k=k + 1,
                             # (an option found: ``d`` is the card's definition)
                             effect="; ".join(call_text(c) for c in d.options[k].effect)  # type: ignore[union-attr]
                             or "—")
            elif action.via is not None:
                text = _("use the fate {card} (allowed by {via})", card=n(action.card), via=n(action.via))
            else:
                text = _("use the fate {card}", card=n(action.card))
            if getattr(action, "steps", None):
                text = _n("{move}, {n} step", "{move}, {n} steps", action.steps,  # type: ignore[union-attr, arg-type]
                          move=text)  # (the guard above: a fate has no steps)
            if getattr(action, "times", None):
                text = _("{move}, ×{times}", move=text, times=action.times)  # type: ignore[union-attr]  # (as steps)
            if action.targets:
                text = _("{move} on {targets}", move=text, targets=", ".join(n(t) for t in action.targets))
            if getattr(action, "attach", False):
                text = _("{move}, attaching the rune to it", move=text)
            return text
        if isinstance(action, Choose):
            return _("choose {cards}", cards=", ".join(n(c) for c in action.cards))
        if isinstance(action, Refill):
            return _("regain {points}", points=", ".join(_("{n} {sphere}", n=v, sphere=sphere_word(SPHERES[s]))
                                                         for s, v in enumerate(action.spheres) if v))
        if isinstance(action, ChooseOption):
            return _("option {n}", n=action.index + 1)
        return str(action)

    def view_label(self, action: Action, view: dict[str, Any]) -> str | None:
        """An answer to a numbered question reads as its words ('steal 1 force') where ``view`` shows them, and
        as the question where only the chooser reads them ('name an army leader (MIT-7.4.3.1)')."""
        if isinstance(action, ChooseOption):
            prompt = view.get("prompt")
            if not prompt:
                return None
            answers: list[str] | None = prompt.get("options")
            if answers is None:
                return prompt.get("text") or None
            if 0 <= action.index < len(answers):
                return shown(answers[action.index])
        return None

    secret_actions = True  # a card chosen in a prompt may be one only its chooser has seen (a search)

    def log_entry(self, action: Action, actor: int, viewer: int | None) -> tuple[str, dict[str, Any]]:
        """Others hear that a card was chosen, not which: an unrestricted search finds a card only its
        searcher sees (MIT-1.3.3). Everything a choice makes public (a discard) is in the view's log."""
        if isinstance(action, Choose) and viewer != actor:
            return _("choose a card"), {"type": "choose"}
        return self.action_label(action), action.to_json()

    def display_order(self, actions: list[Action], view: dict[str, Any] | None = None) -> list[Action]:
        kinds = {"place_nation": 0, "summon": 1, "play_unsummoned": 2, "use_maneuver": 3, "use_free_maneuver": 4,
                 "use_fate": 5, "choose": 6, "refill": 7, "option": 8, "pass": 9}
        # answers by number in their order ('option 10' would sort before 'option 2')
        return sorted(actions, key=lambda a: (kinds.get(a.type, 10), a.index if isinstance(a, ChooseOption) else 0,
                                              self.action_label(a)))
