"""Prompts: a player asked a question, the answers offered, the answer applied, and the question in words."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardtable.engine import IllegalAction

from ..actions import Choose, ChooseOption, PASS, Pass, Refill, made
from ..words import N_, _, _n, join, shown

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardtable.engine import Action

    from ..cards import CardDef
    from ..state import MitoszState


#: The questions of a fight's prompts (but supply_mode's, which names the supply)
FIGHT_QUESTIONS = {"fight_leader": N_("name an army leader"), "fight_help": N_("you are asked to help in a battle"),
                   "save_nation": N_("your nation lost the battle"), "spoils": N_("take the war spoils"),
                   "fear_resist": N_("fear strikes your creature"),
                   "monster_return": N_("your monster's side won the battle")}
#: The prompts of a fight's procedure (answered by ``Fights.answer_fight``).
FIGHT_PROMPTS = frozenset(("fight_leader", "fight_help", "supply_mode", "save_nation", "spoils", "fear_resist",
                           "monster_return"))
#: The questions answered by number (``ChooseOption``); the words of their answers are the prompt's ``options``.
NUMBERED_PROMPTS = FIGHT_PROMPTS | {"option", "permission", "choose_enemy", "play_card", "trigger_order"}
#: … of which only the chooser reads the words: they may name cards of its hand or deck (MIT-7.4.3.1, MIT-6.5.1).
PRIVATE_ANSWERS = frozenset(("fight_leader", "play_card"))


@lru_cache(maxsize=4096)
def refills(n: int, room: tuple[int, ...]) -> tuple[Refill, ...]:
    """The answers to a refill prompt (immutable, so shared by every state that asks the same)."""
    return tuple(Refill(v) for v in splits(n, room))


@lru_cache(maxsize=4096)
def splits(n: int, room: tuple[int, ...], start: int = 0) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``n`` points among the spheres from ``start`` on, none above its room."""
    if start == len(room) - 1:
        return ((n,),) if 0 <= n <= room[start] else ()
    out: list[tuple[int, ...]] = []
    for k in range(min(n, room[start]) + 1):
        out += [(k,) + rest for rest in splits(n - k, room, start + 1)]
    return tuple(out)


def _ask_order(self: MitoszState) -> None:
    (seat, cards), self.order_requests = self.order_requests[0], self.order_requests[1:]
    cards = tuple(i for i in cards if self.cards[i].zone == "afterworld")
    if len({self.cards[i].d.id for i in cards}) < 2:
        return
    resume = (self.mode, self.priority, self.prompt)
    self.set_prompt("afterworld_order", seat, rule="MIT-1.4.2.c", cards=cards, placed=(), resume=resume)


def _place_in_order(self: MitoszState, pr: dict[str, Any], card: int) -> None:
    """The chosen card goes next onto the afterworld (the first chosen lies lowest)."""
    placed = pr["placed"] + (card,)
    rest = [i for i in pr["cards"] if i not in placed]
    if len({self.cards[i].d.id for i in rest}) > 1:
        self.set_prompt("afterworld_order", pr["player"], rule=pr["rule"], cards=pr["cards"], placed=placed,
                        resume=pr["resume"])
        return
    order = list(placed) + rest
    pile = self.players[pr["player"]].afterworld
    spots = sorted(pile.index(i) for i in order)
    for spot, iid in zip(spots, order):
        pile[spot] = iid
    self.note(N_("P{seat} lays them in the afterworld: {cards} (the last on top)"), seat=pr["player"],
              cards=join(self.cards[i].d for i in order))
    self.mode, self.priority, self.prompt = pr["resume"]


# -- prompts (spec 8.2) ------------------------------------------------------------------------
def set_prompt(self: MitoszState, kind: str, seat: int, rule: str, **data: Any) -> None:
    self.mode = "prompt"
    self.prompt = {"kind": kind, "player": seat, "rule": rule, **data}


def _prompt_options(self: MitoszState) -> list[Action]:
    dc = self.decision_cache()
    options = dc.get("prompt")
    if options is None:
        options = dc["prompt"] = self._prompt_choices()
    return list(options)


def _prompt_choices(self: MitoszState) -> list[Action]:
    pr: dict[str, Any] = self.prompt  # type: ignore[assignment]  # asked in prompt mode: a prompt is set
    kind = pr["kind"]
    seat = pr["player"]
    if kind in ("discard_hand", "discard"):  # (a condition's discard: only the hand cards that fit it)
        return [made(Choose, (i,)) for i in self.distinct(pr.get("cards") or self.players[seat].hand)]
    if kind == "sacrifice_leader":
        return [made(Choose, (i,)) for i in self.limit_candidates(seat)]
    if kind == "sacrifice":
        return [made(Choose, (i,)) for i in pr["cards"]]
    if kind == "unrotate":
        return [made(Choose, (i,)) for i in self.players[seat].leaders if self.cards[i].rotated]
    if kind in ("search", "pick"):
        return [made(Choose, (i,)) for i in pr["cards"]]
    if kind in ("afterworld_order", "deck_order"):  # the cards not placed yet, equal ones once
        return [made(Choose, (i,)) for i in self.distinct([i for i in pr["cards"] if i not in pr["placed"]])]
    if kind == "refill":
        p = self.players[seat]
        room = [p.smax[s] - p.spheres[s] for s in range(4)]
        n = pr["n"]
        return list(refills(n, tuple(room)))
    if kind in NUMBERED_PROMPTS:
        return [made(ChooseOption, i) for i in range(len(pr["options"]))]
    if kind == "on_enter":
        acts = [self.game.codec.parse(a) for a in pr["options"]]
        return acts if pr["must"] else acts + [PASS]
    return []


def _answer(self: MitoszState, seat: int, action: Any, options: list[Action] | None = None) -> None:
    pr: dict[str, Any] = self.prompt  # type: ignore[assignment]  # answered in prompt mode: a prompt is set
    if seat != pr["player"]:
        raise IllegalAction(pr["rule"], _("P{seat} is choosing now ({question})", seat=pr["player"],
                                          question=self.prompt_text()))
    if options is None:
        options = self._prompt_options()
    # the common case first: the very object offered (``in`` alone would compare field by field)
    if not any(x is action for x in options) and action not in options:
        if isinstance(action, Pass):
            raise IllegalAction(pr["rule"], _("that does not answer the question: {question} (pass is not an "
                                              "answer here)", question=self.prompt_text()))
        raise IllegalAction(pr["rule"], _("that does not answer the question: {question}",
                                          question=self.prompt_text()))
    kind = pr["kind"]
    self.mode = "busy"
    self.prompt = None
    if kind in ("discard_hand", "discard"):
        (card,) = action.cards
        self.discard_card(card)
        left = pr["n"] - 1
        if "then" in pr:  # a maneuver's discard condition (MIT-5.11): the rest as the condition has it
            rest = tuple(i for i in pr["cards"] if i != card)
            self.pay_conditions(seat, (("discard", left, rest),) + pr["then"], pr["maneuver"])
        elif left > 0 and self.players[seat].hand:
            self.set_prompt(kind, seat, n=left, rule=pr["rule"], **{k: v for k, v in pr.items()
                                                                    if k not in ("kind", "player", "rule", "n")})
    elif kind == "sacrifice":
        self.answer_sacrifice(pr, action.cards[0])
    elif kind == "sacrifice_leader":
        (card,) = action.cards
        inst = self.cards[card]
        cursed = self.is_cursed(inst)
        if cursed:
            self.note(N_("P{seat} is over the leader limit: {card} goes to the afterworld (MIT-3.4.2.b)"),
                      seat=seat, card=inst.d)
        else:
            self.note(N_("P{seat} is over the leader limit: {card} is sacrificed to the afterworld "
                         "(MIT-3.4.2.b)"), seat=seat, card=inst.d)
        self.leave_board(card, "afterworld", "sacrifice" if not cursed else "rule")
    elif kind == "unrotate":
        (card,) = action.cards
        self.cards[card].rotated = False
        self.note(N_("P{seat} unrotates {cards}"), seat=seat, cards=join((self.cards[card].d,)))
        self.prompt_done = (self.prompt_done or 0) + 1
    elif kind == "refill":
        self._gain(self.players[seat], list(action.spheres), "regains")
    elif kind in ("search", "pick"):
        (card,) = action.cards
        self.answer_pick(pr, card)
    elif kind == "option":
        self.answer_option(pr, action.index)
    elif kind in FIGHT_PROMPTS:
        self.answer_fight(pr, action.index)
    elif kind == "choose_enemy":  # OP-24: for the item being resolved (top of the stack)
        self.stack[-1].enemy = pr["enemies"][action.index]
        self.note(N_("P{seat} chooses P{enemy} (OP-24)"), seat=seat, enemy=self.stack[-1].enemy)
    elif kind == "on_enter":
        self.answer_on_enter(pr, action)
    elif kind == "play_card":  # spec 6.4: the card an effect plays
        self.play_by_effect(seat, pr["choices"][action.index], pr)
    elif kind == "afterworld_order":
        self._place_in_order(pr, action.cards[0])
    elif kind == "deck_order":
        self.answer_deck_order(pr, action.cards[0])
    elif kind == "trigger_order":
        self.answer_trigger_order(pr, action.index)
    elif kind == "permission":  # MIT-3.4.3.c
        asker, card = pr["asker"], pr["card"]
        self.mode = "window"
        self.priority = asker
        if action.index == 0:
            self.note(N_("P{seat} allows it"), seat=seat)
            self.announce(asker, self.game.codec.parse(pr["action"]), permitted=True)
        else:
            self.refusals = self.refusals + ((self.turn, asker, self.cards[card].d.id),)
            self.note(N_("P{seat} refuses: {card} stays in P{asker}'s hand"), seat=seat, card=self.cards[card].d,
                      asker=asker)


def prompt_answers(self: MitoszState, chooser: bool) -> list[str] | None:
    """The words of a numbered question's answers as a seat reads them (the chooser, or another seat): None
    for other questions, and for another seat where the answers are private (``PRIVATE_ANSWERS``)."""
    pr = self.prompt
    if pr is None or pr["kind"] not in NUMBERED_PROMPTS or (not chooser and pr["kind"] in PRIVATE_ANSWERS):
        return None
    return [shown(o) for o in pr["options"]]


def prompt_text(self: MitoszState, options: bool = True, answers: bool = True) -> str:
    """The question in words; without ``options`` what others may read (no card of the asked hand); without
    ``answers`` the question alone, for the chooser, whose moves list the answers (``prompt_answers``)."""
    pr = self.prompt
    if pr is None:
        return ""
    kind: str
    kind, n = pr["kind"], pr.get("n", 1)
    opts = " / ".join(shown(o) for o in pr["options"]) if kind in NUMBERED_PROMPTS and pr.get("options") else ""
    if kind == "discard_hand":
        return _n("discard {n} card down to the hand size (MIT-6.2.4.1)",
                  "discard {n} cards down to the hand size (MIT-6.2.4.1)", n)
    if kind == "discard":
        return _n("discard {n} card ({source})", "discard {n} cards ({source})", n,
                  source=pr.get("source") or _("an effect"))
    if kind == "sacrifice_leader":
        return _n("sacrifice {n} leader: over the leader limit (MIT-3.4.2.b)",
                  "sacrifice {n} leaders: over the leader limit (MIT-3.4.2.b)", n)
    if kind == "sacrifice":
        return _n("sacrifice {n} card ({source}'s condition, MIT-5.11)",
                  "sacrifice {n} cards ({source}'s condition, MIT-5.11)", n, source=pr["source"])
    if kind == "unrotate":
        return _n("choose {n} leader to unrotate (MIT-6.2.4.4)", "choose {n} leaders to unrotate (MIT-6.2.4.4)", n)
    if kind == "refill":
        return _n("share {n} sphere point among the spheres (MIT-6.2.4.3)",
                  "share {n} sphere points among the spheres (MIT-6.2.4.3)", n)
    if kind == "search":
        return _("choose the card found by the search (MIT-1.3.3)")
    if kind == "pick":
        return shown(pr.get("text")) or _("choose a card")
    if kind == "option":
        return _("choose: {options}", options=opts) if answers else _("choose one ({rule})", rule=pr["rule"])
    if kind == "afterworld_order":
        return _("cards went to your afterworld together: choose the order, lowest first (MIT-1.4.2.c)")
    if kind == "trigger_order":
        if answers:
            return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4): "
                     "{options}", options=opts)
        return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4)")
    if kind == "deck_order":
        if pr["deck"] == pr["player"]:
            return _("put the top {n} cards of your deck back in the order you choose: the card for the top "
                     "first (spec 6.4 look_top)", n=len(pr["cards"]))
        return _("put the top {n} cards of P{seat}'s deck back in the order you choose: the card for the top "
                 "first (spec 6.4 look_top)", n=len(pr["cards"]), seat=pr["deck"])
    if kind == "on_enter":
        if pr["must"]:
            return _("{card} is played: you must use its maneuver now (MIT-6.3.7)", card=self.cards[pr["card"]].d)
        return _("{card} is played: you may use its maneuver now (MIT-6.3.7)", card=self.cards[pr["card"]].d)
    if kind == "play_card":  # the options may name cards of the hand or the deck: only the chooser reads them
        if options and answers:
            return _("choose the card an effect plays (MIT-6.5.1): {options}", options=opts)
        return _("choose the card an effect plays (MIT-6.5.1)")
    if kind == "choose_enemy":
        if answers:
            return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24): {options}",
                     options=opts)
        return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24)")
    if kind in FIGHT_PROMPTS:
        if kind == "supply_mode":
            what = _("choose how {card} fights", card=self.cards[pr["card"]].d) if "card" in pr else \
                _("choose how the supply fights")
        else:
            what = _(FIGHT_QUESTIONS[kind])
        if not answers or not options and kind in PRIVATE_ANSWERS:
            return _("{question} ({rule})", question=what, rule=pr["rule"])
        return _("{question} ({rule}): {options}", question=what, rule=pr["rule"], options=opts)
    if kind == "permission":
        return _("P{seat} asks leave to summon {card}, your high god, as a leader (MIT-3.4.3.c): allow or refuse",
                 seat=pr["asker"], card=self.cards[pr["card"]].d)
    return kind


def distinct(self: MitoszState, iids: Sequence[int]) -> list[int]:
    """One card of each definition (the first), so equal choices are offered once."""
    if len(iids) < 2:
        return list(iids)
    cards = self.cards
    first: dict[CardDef, int] = {}
    for i in iids:
        first.setdefault(cards[i].d, i)
    return list(first.values())
