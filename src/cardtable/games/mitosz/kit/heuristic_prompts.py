"""The Mítosz heuristic's answers to the other prompts: discards, sacrifices, unrotations, searches, the
refill of spheres, options, deck and afterworld orders."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .heuristic_decision import Action, _Decision


def answer(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    kind = prompt.get("kind")
    s = self.s
    if kind in ("discard_hand", "discard"):
        hand_count: dict[str, int] = {}
        for cid in self.hand:
            hand_count[cid] = hand_count.get(cid, 0) + 1

        def keep(a: Any) -> tuple[float, int]:
            cid = s.instances[a.cards[0]]
            value = self.keep_value(cid)
            if hand_count.get(cid, 0) > 1 and s.type.get(cid) != "nation":
                value -= 1  # a second copy is worth a little less
            return (value, a.cards[0])

        return min(self.by_type("choose"), key=keep, default=None)
    if kind == "sacrifice_leader":
        leaders = {ld["id"]: ld for ld in self.my["leaders"]}
        return min(self.by_type("choose"),
                   key=lambda a: (self.leader_value(leaders[a.cards[0]]) if a.cards[0] in leaders else 99,
                                  a.cards[0]), default=None)
    if kind == "sacrifice":  # MIT-5.11: what a maneuver's condition takes — the cheapest card that fits
        def price(a: Any) -> tuple[int, int, int, int]:
            cid = s.instances[a.cards[0]]
            return (s.pp.get(cid, 0), sum(s.cost.get(cid, ())), s.level.get(cid, 0), a.cards[0])

        return min(self.by_type("choose"), key=price, default=None)
    if kind == "unrotate":
        leaders = {ld["id"]: ld for ld in self.my["leaders"]}

        def use(a: Any) -> tuple[float, int]:
            ld = leaders.get(a.cards[0])
            if ld is None:
                return (0.0, -a.cards[0])
            cid = ld["card"]
            value = self.leader_value(ld) / 10.0 + self.leader_level(ld, self.me)  # fights need levels
            text = s.text.get(cid, "")
            if text:
                value += 3.0
            if any(s.name[c] in s.links.get(cid, ()) for c in self.hand):
                value += 2.0  # a free maneuver in hand it uses for free
            return (value, -a.cards[0])

        return max(self.by_type("choose"), key=use, default=None)
    if kind in ("search", "pick"):
        def worth(a: Any) -> tuple[float, int]:
            cid = s.instances[a.cards[0]]
            return (10.0 * self.pp_value(cid) + self.keep_value(cid), -a.cards[0])

        return max(self.by_type("choose"), key=worth, default=None)
    if kind == "refill":
        return self.refill()
    if kind == "option":
        return self.option(prompt)
    if kind == "fight_leader":
        return self.answer_fight_leader(prompt)
    if kind == "supply_mode":
        return self.answer_supply_mode(prompt)
    if kind == "save_nation":
        return self.answer_save_nation()
    if kind == "spoils":
        return self.answer_spoils(prompt)
    if kind == "fear_resist":
        return self.answer_fear(prompt)
    if kind == "monster_return":
        return self.answer_monster(prompt)
    if kind == "permission":
        return self.pick_option(1)  # never lend its high god to an opponent as a leader (MIT-3.4.3.c)
    if kind == "deck_order":  # spec 6.4 look_top: its own best card on top, an enemy's least useful
        own = "your deck" in (prompt.get("text") or "")  # i18n: no (the game's English words: agents decide in English)
        pick = max if own else min
        return pick(self.by_type("choose"), key=lambda a: (self.keep_value(s.instances[a.cards[0]]), -a.cards[0]),
                    default=None)
    if kind == "afterworld_order":
        # the most useful card last, on top (where a recover looks first)
        return min(self.by_type("choose"), key=lambda a: (self.keep_value(s.instances[a.cards[0]]), a.cards[0]),
                   default=None)
    return None


def refill(self: _Decision) -> Action | None:
    wanted = self.wanted_costs()
    res = self.reserve()
    first = list(wanted[0][1]) if wanted else [0, 0, 0, 0]
    target = [first[i] + res[i] for i in range(4)]
    total = [res[i] for i in range(4)]
    for _worth, cost in wanted:
        total = [total[i] + cost[i] for i in range(4)]
    # the bot's general taste: the spheres its deck's wanted cards cost
    taste = [0, 0, 0, 0]
    for cid in set(self.s.deck(self.v, self.me)):
        if self.s.type.get(cid) in ("leader", "location") and (self.pp_value(cid) > 0):
            taste = [taste[i] + self.s.cost[cid][i] for i in range(4)]

    def score(a: Any) -> tuple[int, int, int, tuple[int, ...]]:
        new = [self.spheres[i] + a.spheres[i] for i in range(4)]
        short = sum(max(0, target[i] - new[i]) for i in range(4))
        cover = sum(min(new[i], total[i]) for i in range(4))
        general = sum(min(new[i], self.smax[i]) * taste[i] for i in range(4))
        return (-short, cover, general, tuple(a.spheres))

    return max(self.by_type("refill"), key=score, default=None)


def option(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    text = (prompt.get("text") or "").lower()
    labels = [x.strip() for x in text.split("choose:", 1)[-1].split("/")]
    top = (self.v.get("stack") or [None])[0]
    intrigue = False
    for it in self.v.get("stack") or ():
        for t in it.get("target_ids") or ():
            tgt = next((x for x in self.v["stack"] if x["id"] == t), None)
            if tgt is not None and (tgt.get("card") or {}).get("type") == "intrigue":
                intrigue = True
    del top
    want = "destroy" if intrigue else "neutralize"
    for i, label in enumerate(labels):
        if want in label:
            for a in self.by_type("option"):
                if a.index == i:
                    return a  # type: ignore[no-any-return]  # an action: Any to the bot
    return next(iter(self.by_type("option")), None)
