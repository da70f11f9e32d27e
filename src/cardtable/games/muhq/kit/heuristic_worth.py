"""The muhq heuristic's worth of cards and units (draft, buy, upkeep, end-of-turn discards) and its tables of
what spells and full actions do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_board import attack_value

if TYPE_CHECKING:
    from .heuristic import _Decision

#: Worth of a card to the bot (draft, buy, upkeep, end-of-turn discards), by card id.
WORTH = {
    # Iron Vanguard
    "vanguard/pikeman": 6, "vanguard/longbow_archer": 6, "vanguard/crossbow_sentry": 5,
    "vanguard/shield_bearer": 5, "vanguard/outrider": 7, "vanguard/siege_wagon": 3, "vanguard/field_medic": 2,
    "vanguard/berserker": 7, "vanguard/war_drummer": 2, "vanguard/banner_knight": 8, "vanguard/forager": 4,
    "vanguard/veteran_captain": 6, "vanguard/watchtower": 1, "vanguard/supply_depot": 2, "vanguard/caltrops": 1,
    "vanguard/iron_helm": 3, "vanguard/rangers_bow": 3, "vanguard/war_banner": 3, "vanguard/volley": 7,
    "vanguard/shield_wall": 3, "vanguard/rally": 1, "vanguard/forced_march": 2, "vanguard/conscription": 4,
    "vanguard/requisition": 0, "vanguard/challenge": 4, "vanguard/levy": 3,
    # Tidecallers
    "tide/bog_stalker": 6, "tide/spitting_newt": 5, "tide/harpoon_skiff": 4, "tide/war_galley": 4,
    "tide/siren": 3, "tide/eel_swarm": 4, "tide/reef_guardian": 6, "tide/smuggler": 5, "tide/tide_priestess": 4,
    "tide/drowned_thrall": 5, "tide/kraken_spawn": 5, "tide/mire_witch": 4, "tide/lantern_warden": 5,
    "tide/tide_totem": 1, "tide/sunken_idol": 2, "tide/lighthouse": 1, "tide/coral_mail": 3,
    "tide/venom_blade": 4, "tide/cloak_of_mist": 3, "tide/toxic_spray": 4, "tide/terrify": 3, "tide/enrage": 1,
    "tide/undertow": 5, "tide/mind_tide": 5, "tide/perish": 7, "tide/paralyzing_mist": 4, "tide/brine_bubble": 3,
    # core
    "core/recruit": 3, "core/scout": 3, "core/coin_purse": 4,
}
#: Spells (and free actions) by what they do to their target: "harm" goes on enemy units, "help" on own.
DAMAGE = {"vanguard/volley": 2, "tide/perish": 3}
HARM = {"vanguard/volley", "tide/perish", "tide/toxic_spray", "tide/terrify", "tide/undertow", "tide/mind_tide",
        "tide/paralyzing_mist", "vanguard/challenge"}
HELP = {"vanguard/shield_wall", "tide/brine_bubble"}
GAIN = {"core/coin_purse"}  # played whenever the bot holds priority
#: Full actions worth a unit's whole turn, by card id: "gain", "heal" (own damaged unit), "harm" (enemy).
FULL = {"vanguard/forager": "gain", "vanguard/field_medic": "heal", "tide/siren": "harm", "tide/mire_witch": "harm"}
BUY_FLOOR = 3
SET_BONUS = 4.0  # draft: a card of the set the bot has picked most, once it has SET_AFTER picks
SET_AFTER = 2
CURVE = 0.35  # draft: worth lost per point of buy cost


# -- worth ------------------------------------------------------------------------------------------
def has_water_spawn(self: _Decision) -> bool:
    return any(f["type"] == "deep_water" and self.me in f.get("spawn", ()) for f in self.fields)


def worth(self: _Decision, cid: str) -> float:
    w = float(WORTH.get(cid, 2))
    if cid in self.bot.swimming and not self.has_water_spawn():
        w = 0.5
    return w


def unit_worth(self: _Decision, p: dict[str, Any]) -> float:
    if p["card"] == "core/sovereign":
        return 100.0
    life: int = p.get("life", 1) - p.get("damage", 0)
    return self.worth(p["card"]) + 0.5 * life + attack_value(p.get("attack") or [], 1)


def useless(self: _Decision, cid: str) -> bool:
    card = self.bot.cards.get(cid, {})
    if cid in self.bot.swimming and not self.has_water_spawn():
        return True
    if card.get("type") == "equipment":
        return not any(self.bot.cards.get(c, {}).get("type") == "unit" for c in self.hand.values())
    return WORTH.get(cid, 2) <= 1
