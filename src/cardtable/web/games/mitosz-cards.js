// Generated from the engine's catalogue of the packaged Mítosz sets by tests/web/test_mitosz_cards.py
// (CARDTABLE_WRITE_CARDS=1 python -m pytest tests/web/test_mitosz_cards.py). Do not edit by hand.
// CARDS: the English entries, with the fields of the reader's language put over them.
import { lang } from "../js/i18n.js";

export const CARDS = {
  "SMP-001": {"name":"Solvane, Dawn Sovereign","type":"high_god","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":["Dawnbreak","Gilded Cityfolk","Oath Unmade","Temple of First Light"],"roads":{},"sphere_max":[4,5,4,3],"requirements":[],"duration":null,"text":["Rite, W2: recover the target"],"flavor":"","maneuvers":{"m1":"Rite, W2: recover the target"}}, // i18n: no
  "SMP-002": {"name":"Hrimgar, Frost Father","type":"high_god","subtypes":[],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":["Fjord Wardens","Long Winter","The Rime Wyrm"],"roads":{},"sphere_max":[3,2,3,6],"requirements":[],"duration":null,"text":["Battle, F1: the target +1 level"],"flavor":"","maneuvers":{"m1":"Battle, F1: the target +1 level"}}, // i18n: no
  "SMP-011": {"name":"Solvane, Dawn Sovereign","type":"leader","subtypes":["god"],"mythology":"aurelian","unique":true,"magical":false,"cursed":false,"level":4,"cost_label":"M2 I2","power_points":1,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-012": {"name":"Captain Orren","type":"leader","subtypes":["warlord"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":3,"cost_label":"W1 F2","power_points":1,"links":["Gate Spearmen","Lysa Brightspear"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-013": {"name":"Lysa Brightspear","type":"leader","subtypes":["hero"],"mythology":"aurelian","unique":true,"magical":false,"cursed":false,"level":2,"cost_label":"I1 F1","power_points":0,"links":["Captain Orren","Skyreaver Gryphon","Sunsteel Blade"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-014": {"name":"Skyreaver Gryphon","type":"leader","subtypes":["flying","mount"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"M1 F1","power_points":0,"links":["Lysa Brightspear"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-015": {"name":"Magister Ivo","type":"leader","subtypes":["ruler","scribe","wizard"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"I2","power_points":1,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Reaction, Permanent 2/turn, M1: draw 1; discard 1"],"flavor":"","maneuvers":{"m1":"Reaction, Permanent 2/turn, M1: draw 1; discard 1"}}, // i18n: no
  "SMP-021": {"name":"Hrimgar, Frost Father","type":"leader","subtypes":["giant","god"],"mythology":"nordan","unique":true,"magical":false,"cursed":false,"level":5,"cost_label":"M1 F3","power_points":1,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Action, F1: search the deck for a beast supply"],"flavor":"","maneuvers":{"m1":"Action, F1: search the deck for a beast supply"}}, // i18n: no
  "SMP-022": {"name":"Jarl Skeld Ironbrow","type":"leader","subtypes":["dwarf","warlord"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":3,"cost_label":"F3","power_points":1,"links":["Cliffside Clans","Rune-Forged Axes","Vigdis the Wolf-Sworn"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-023": {"name":"Vigdis the Wolf-Sworn","type":"leader","subtypes":["hero","shapeshifter"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"I1 F1","power_points":0,"links":["Frost Wolves","Jarl Skeld Ironbrow"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-024": {"name":"The Rime Wyrm","type":"leader","subtypes":["dragon","flying","monster"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":5,"cost_label":"M2 F3","power_points":1,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Rite, M1: put a frost token on the target"],"flavor":"","maneuvers":{"m1":"Rite, M1: put a frost token on the target"}}, // i18n: no
  "SMP-025": {"name":"Old Ulfar the Seer","type":"leader","subtypes":["ruler","seer"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"M1 I1","power_points":1,"links":["Omen of Ravens","Scrying Pool"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-031": {"name":"Gilded Cityfolk","type":"nation","subtypes":["urban"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":2,"links":[],"roads":{"E":2,"W":2},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-032": {"name":"Sunfield Herders","type":"nation","subtypes":["steppe"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":1,"links":["Plains of Aster"],"roads":{"N":1,"E":1,"S":1,"W":1},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-033": {"name":"Cliffside Clans","type":"nation","subtypes":["dwarf","mountain"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":2,"links":[],"roads":{"S":3},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-034": {"name":"Fjord Wardens","type":"nation","subtypes":["aquatic"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":2,"links":[],"roads":{"N":2,"E":2},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-035": {"name":"Pinewood Tribes","type":"nation","subtypes":["forest","shapeshifter"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":1,"links":[],"roads":{"N":1,"E":1,"W":1},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-036": {"name":"Dunewatch Nomads","type":"nation","subtypes":["desert"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":2,"links":[],"roads":{"N":2,"S":2},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-041": {"name":"Plains of Aster","type":"location","subtypes":["region"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"W1","power_points":0,"links":["Granary Hall","Sunfield Herders"],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-042": {"name":"Temple of First Light","type":"location","subtypes":["shrine"],"mythology":"aurelian","unique":false,"magical":true,"cursed":false,"level":1,"cost_label":"M1 I1","power_points":1,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-043": {"name":"Granary Hall","type":"location","subtypes":["building"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"W1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Locked: produces sphere points at refill","Permanent: sacrifice this card"],"flavor":"","maneuvers":{"m1":"Locked: produces sphere points at refill"}}, // i18n: no
  "SMP-044": {"name":"Ironhold Bastion","type":"location","subtypes":["fortress"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"W1 F2","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-051": {"name":"Sunsteel Blade","type":"item","subtypes":["weapon"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"W1 F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Permanent: sacrifice this card"],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-052": {"name":"Scale Hauberk","type":"item","subtypes":["armor"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"W1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Permanent: sacrifice this card"],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-053": {"name":"Draught of Embers","type":"item","subtypes":["potion"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"M1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Permanent: sacrifice this card (the potion's level goes to its leader)"],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-054": {"name":"Idol of Kharen","type":"item","subtypes":["relic"],"mythology":"kharenian","unique":false,"magical":true,"cursed":false,"level":1,"cost_label":"M2","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Locked: its card immune to fear","Permanent: sacrifice this card"],"flavor":"","maneuvers":{"m1":"Locked: its card immune to fear"}}, // i18n: no
  "SMP-055": {"name":"Torc of Thorns","type":"item","subtypes":[],"mythology":"nordan","unique":false,"magical":true,"cursed":true,"level":-1,"cost_label":"M1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Locked: its card: cannot attack"],"flavor":"","maneuvers":{"m1":"Locked: its card: cannot attack"}}, // i18n: no
  "SMP-061": {"name":"Whispering Court","type":"intrigue","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"I2","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Locked: every own ruler leader +1 level","Action, I2: neutralize the ability of the target"],"flavor":"","maneuvers":{"m1":"Locked: every own ruler leader +1 level","m2":"Action, I2: neutralize the ability of the target"}}, // i18n: no
  "SMP-062": {"name":"Blood Feud","type":"intrigue","subtypes":[],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"I1 F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Locked: every hero leader +1 level"],"flavor":"","maneuvers":{"m1":"Locked: every hero leader +1 level"}}, // i18n: no
  "SMP-071": {"name":"Dawnbreak","type":"fate","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Action, M1: unrotate the target"],"flavor":"","maneuvers":{"m1":"Action, M1: unrotate the target"}}, // i18n: no
  "SMP-072": {"name":"Long Winter","type":"fate","subtypes":["strike"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":2,"text":["M2: roads of every enemy nation -1"],"flavor":"","maneuvers":{"m1":"M2: roads of every enemy nation -1"}}, // i18n: no
  "SMP-073": {"name":"Oath Unmade","type":"fate","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Counter, I2: neutralize the target"],"flavor":"","maneuvers":{"m1":"Counter, I2: neutralize the target"}}, // i18n: no
  "SMP-080": {"name":"Frost Wolves","type":"supply","subtypes":["beast"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Battle: fear +0"],"flavor":"","maneuvers":{"m1":"Battle: fear +0"}}, // i18n: no
  "SMP-081": {"name":"Gate Spearmen","type":"supply","subtypes":["troop"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-082": {"name":"Gilded Archers","type":"supply","subtypes":["troop"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Battle: arrow volley +1"],"flavor":"","maneuvers":{"m1":"Battle: arrow volley +1"}}, // i18n: no
  "SMP-083": {"name":"Siege Ballista","type":"supply","subtypes":["war_machine"],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":3,"cost_label":"W2","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-085": {"name":"Shieldwall Bearers","type":"supply","subtypes":["armor"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"W1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Battle, Sacrifice: the target +3 level"],"flavor":"","maneuvers":{"m1":"Battle, Sacrifice: the target +3 level"}}, // i18n: no
  "SMP-086": {"name":"Rune-Forged Axes","type":"supply","subtypes":["weapon"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"W1 F1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":[],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-087": {"name":"Adder Swarm","type":"supply","subtypes":["beast"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"M1","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[],"duration":null,"text":["Battle: poison +1"],"flavor":"","maneuvers":{"m1":"Battle: poison +1"}}, // i18n: no
  "SMP-091": {"name":"Gilded Volley","type":"free_maneuver","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":1,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["troop"],["warlord"]],"duration":null,"text":["Battle, F1: arrow volley +1; the user gets +1"],"flavor":"","maneuvers":{"m1":"Battle, F1: arrow volley +1; the user gets +1"}}, // i18n: no
  "SMP-092": {"name":"Veil Counterspell","type":"free_maneuver","subtypes":["spell"],"mythology":"aurelian","unique":false,"magical":true,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["wizard"]],"duration":null,"text":["choose one: Counter, M2: neutralize the target | Counter, M2: destroy the target"],"flavor":"","maneuvers":{}}, // i18n: no
  "SMP-093": {"name":"Scrying Pool","type":"free_maneuver","subtypes":["prophecy"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["seer"],["ruler"]],"duration":null,"text":["Rite, Peek 7+: exile the peeked card"],"flavor":"","maneuvers":{"m1":"Rite, Peek 7+: exile the peeked card"}}, // i18n: no
  "SMP-094": {"name":"Winter's Reckoning","type":"free_maneuver","subtypes":[],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["god"],["giant"]],"duration":null,"text":["Reaction: step 1 (F1): rotate the target / step 2 (F2): the target -2 level"],"flavor":"","maneuvers":{"m1":"Reaction: step 1 (F1): rotate the target / step 2 (F2): the target -2 level"}}, // i18n: no
  "SMP-095": {"name":"Tribute of the Hearth","type":"free_maneuver","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["ruler"]],"duration":null,"text":["Action, per W2: draw 1"],"flavor":"","maneuvers":{"m1":"Action, per W2: draw 1"}}, // i18n: no
  "SMP-096": {"name":"Rune of Warding","type":"free_maneuver","subtypes":["rune"],"mythology":"aurelian","unique":false,"magical":true,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["scribe"]],"duration":null,"text":["M1: the target immune to poison"],"flavor":"","maneuvers":{"m1":"M1: the target immune to poison"}}, // i18n: no
  "SMP-097": {"name":"Shield Oath","type":"free_maneuver","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":2,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["hero"],["warlord"]],"duration":null,"text":["Battle, Locked, F1: the user gets +2"],"flavor":"","maneuvers":{"m1":"Battle, Locked, F1: the user gets +2"}}, // i18n: no
  "SMP-098": {"name":"Omen of Ravens","type":"free_maneuver","subtypes":["prophecy"],"mythology":"nordan","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["seer"],["priest"],["god"]],"duration":null,"text":["Counter, M1, Reveal 5+: neutralize the target"],"flavor":"","maneuvers":{"m1":"Counter, M1, Reveal 5+: neutralize the target"}}, // i18n: no
  "SMP-099": {"name":"Turncoat Gold","type":"free_maneuver","subtypes":[],"mythology":"aurelian","unique":false,"magical":false,"cursed":false,"level":null,"cost_label":"","power_points":0,"links":[],"roads":{},"sphere_max":null,"requirements":[["ruler"]],"duration":null,"text":["Action, I3: steal the target"],"flavor":"","maneuvers":{"m1":"Action, I3: steal the target"}}, // i18n: no
};

const LANGUAGES = {
  "de": {
    "SMP-001": {"name":"Solvane, Souverän der Morgenröte","text":["Ritus, W2: zurückholen: das Ziel"],"maneuvers":{"m1":"Ritus, W2: zurückholen: das Ziel"}}, // i18n: no
    "SMP-002": {"name":"Hrimgar, Vater des Frostes","text":["Kampf, F1: das Ziel +1 Stufe"],"maneuvers":{"m1":"Kampf, F1: das Ziel +1 Stufe"}}, // i18n: no
    "SMP-011": {"name":"Solvane, Souverän der Morgenröte"}, // i18n: no
    "SMP-012": {"name":"Hauptmann Orren"}, // i18n: no
    "SMP-013": {"name":"Lysa Hellspeer"}, // i18n: no
    "SMP-014": {"name":"Himmelsräuber-Greif"}, // i18n: no
    "SMP-015": {"text":["Reaktion, Permanent 2/Zug, M1: 1 ziehen; 1 abwerfen"],"maneuvers":{"m1":"Reaktion, Permanent 2/Zug, M1: 1 ziehen; 1 abwerfen"}}, // i18n: no
    "SMP-021": {"name":"Hrimgar, Vater des Frostes","text":["Aktion, F1: das Deck durchsuchen nach: eine Bestie-Nachschub-Karte"],"maneuvers":{"m1":"Aktion, F1: das Deck durchsuchen nach: eine Bestie-Nachschub-Karte"}}, // i18n: no
    "SMP-022": {"name":"Jarl Skeld Eisenstirn"}, // i18n: no
    "SMP-023": {"name":"Vigdis die Wolfsgeschworene"}, // i18n: no
    "SMP-024": {"name":"Der Raureifwurm","text":["Ritus, M1: einen frost-Marker auf das Ziel legen"],"maneuvers":{"m1":"Ritus, M1: einen frost-Marker auf das Ziel legen"}}, // i18n: no
    "SMP-025": {"name":"Der alte Ulfar, der Seher"}, // i18n: no
    "SMP-031": {"name":"Vergoldetes Stadtvolk"}, // i18n: no
    "SMP-032": {"name":"Hirten der Sonnenfelder"}, // i18n: no
    "SMP-033": {"name":"Klippenclans"}, // i18n: no
    "SMP-034": {"name":"Fjordwächter"}, // i18n: no
    "SMP-035": {"name":"Kiefernwaldstämme"}, // i18n: no
    "SMP-036": {"name":"Dünenwacht-Nomaden"}, // i18n: no
    "SMP-041": {"name":"Ebenen von Aster"}, // i18n: no
    "SMP-042": {"name":"Tempel des Ersten Lichts"}, // i18n: no
    "SMP-043": {"name":"Kornspeicherhalle","text":["Gesperrt: erzeugt beim Auffüllen Sphärenpunkte","Permanent: diese Karte opfern"],"maneuvers":{"m1":"Gesperrt: erzeugt beim Auffüllen Sphärenpunkte"}}, // i18n: no
    "SMP-044": {"name":"Bastion Eisenfeste"}, // i18n: no
    "SMP-051": {"name":"Sonnenstahlklinge","text":["Permanent: diese Karte opfern"]}, // i18n: no
    "SMP-052": {"name":"Schuppenpanzer","text":["Permanent: diese Karte opfern"]}, // i18n: no
    "SMP-053": {"name":"Glutentrank","text":["Permanent: diese Karte opfern (die Stufe des Tranks geht an seinen Anführer)"]}, // i18n: no
    "SMP-054": {"name":"Götzenbild von Kharen","text":["Gesperrt: die Trägerkarte immun gegen Furcht","Permanent: diese Karte opfern"],"maneuvers":{"m1":"Gesperrt: die Trägerkarte immun gegen Furcht"}}, // i18n: no
    "SMP-055": {"name":"Dornentorques","text":["Gesperrt: die Trägerkarte: kann nicht angreifen"],"maneuvers":{"m1":"Gesperrt: die Trägerkarte: kann nicht angreifen"}}, // i18n: no
    "SMP-061": {"name":"Flüsternder Hof","text":["Gesperrt: jede eigene Herrscher-Anführer-Karte +1 Stufe","Aktion, I2: die Fähigkeit neutralisieren: das Ziel"],"maneuvers":{"m1":"Gesperrt: jede eigene Herrscher-Anführer-Karte +1 Stufe","m2":"Aktion, I2: die Fähigkeit neutralisieren: das Ziel"}}, // i18n: no
    "SMP-062": {"name":"Blutfehde","text":["Gesperrt: jede Held-Anführer-Karte +1 Stufe"],"maneuvers":{"m1":"Gesperrt: jede Held-Anführer-Karte +1 Stufe"}}, // i18n: no
    "SMP-071": {"name":"Tagesanbruch","text":["Aktion, M1: das Ziel zurückdrehen"],"maneuvers":{"m1":"Aktion, M1: das Ziel zurückdrehen"}}, // i18n: no
    "SMP-072": {"name":"Langer Winter","text":["M2: jede gegnerische Volk-Karte: Wege -1"],"maneuvers":{"m1":"M2: jede gegnerische Volk-Karte: Wege -1"}}, // i18n: no
    "SMP-073": {"name":"Gebrochener Eid","text":["Konter, I2: das Ziel neutralisieren"],"maneuvers":{"m1":"Konter, I2: das Ziel neutralisieren"}}, // i18n: no
    "SMP-080": {"name":"Frostwölfe","text":["Kampf: Furcht +0"],"maneuvers":{"m1":"Kampf: Furcht +0"}}, // i18n: no
    "SMP-081": {"name":"Torwacht-Speerträger"}, // i18n: no
    "SMP-082": {"name":"Vergoldete Bogenschützen","text":["Kampf: Pfeilhagel +1"],"maneuvers":{"m1":"Kampf: Pfeilhagel +1"}}, // i18n: no
    "SMP-083": {"name":"Belagerungsballiste"}, // i18n: no
    "SMP-085": {"name":"Schildwallträger","text":["Kampf, Opfer: das Ziel +3 Stufe"],"maneuvers":{"m1":"Kampf, Opfer: das Ziel +3 Stufe"}}, // i18n: no
    "SMP-086": {"name":"Runengeschmiedete Äxte"}, // i18n: no
    "SMP-087": {"name":"Natternschwarm","text":["Kampf: Gift +1"],"maneuvers":{"m1":"Kampf: Gift +1"}}, // i18n: no
    "SMP-091": {"name":"Vergoldete Salve","text":["Kampf, F1: Pfeilhagel +1; die nutzende Karte erhält +1"],"maneuvers":{"m1":"Kampf, F1: Pfeilhagel +1; die nutzende Karte erhält +1"}}, // i18n: no
    "SMP-092": {"name":"Schleier-Gegenzauber","text":["wähle eins: Konter, M2: das Ziel neutralisieren | Konter, M2: das Ziel zerstören"]}, // i18n: no
    "SMP-093": {"name":"Seherteich","text":["Ritus, Ausspähen 7+: die ausgespähte Karte ins Vergessen schicken"],"maneuvers":{"m1":"Ritus, Ausspähen 7+: die ausgespähte Karte ins Vergessen schicken"}}, // i18n: no
    "SMP-094": {"name":"Abrechnung des Winters","text":["Reaktion: Schritt 1 (F1): das Ziel drehen / Schritt 2 (F2): das Ziel -2 Stufe"],"maneuvers":{"m1":"Reaktion: Schritt 1 (F1): das Ziel drehen / Schritt 2 (F2): das Ziel -2 Stufe"}}, // i18n: no
    "SMP-095": {"name":"Tribut des Herdes","text":["Aktion, pro W2: 1 ziehen"],"maneuvers":{"m1":"Aktion, pro W2: 1 ziehen"}}, // i18n: no
    "SMP-096": {"name":"Rune der Abwehr","text":["M1: das Ziel immun gegen Gift"],"maneuvers":{"m1":"M1: das Ziel immun gegen Gift"}}, // i18n: no
    "SMP-097": {"name":"Schildeid","text":["Kampf, Gesperrt, F1: die nutzende Karte erhält +2"],"maneuvers":{"m1":"Kampf, Gesperrt, F1: die nutzende Karte erhält +2"}}, // i18n: no
    "SMP-098": {"name":"Rabenomen","text":["Konter, M1, Aufdecken 5+: das Ziel neutralisieren"],"maneuvers":{"m1":"Konter, M1, Aufdecken 5+: das Ziel neutralisieren"}}, // i18n: no
    "SMP-099": {"name":"Verrätergold","text":["Aktion, I3: das Ziel rauben"],"maneuvers":{"m1":"Aktion, I3: das Ziel rauben"}}, // i18n: no
  },
  "hu": {
    "SMP-001": {"name":"Solvane, a Hajnal Uralkodója","text":["Rítus, W2: visszavesz a túlvilágból: a célpont"],"maneuvers":{"m1":"Rítus, W2: visszavesz a túlvilágból: a célpont"}}, // i18n: no
    "SMP-002": {"name":"Hrimgar, a Fagy Atyja","text":["Harci, F1: a célpont +1 szint"],"maneuvers":{"m1":"Harci, F1: a célpont +1 szint"}}, // i18n: no
    "SMP-011": {"name":"Solvane, a Hajnal Uralkodója"}, // i18n: no
    "SMP-012": {"name":"Orren kapitány"}, // i18n: no
    "SMP-013": {"name":"Fénylándzsás Lysa"}, // i18n: no
    "SMP-014": {"name":"Égrabló griff"}, // i18n: no
    "SMP-015": {"name":"Ivo mágister","text":["Reakció, Permanens 2/kör, M1: húz 1 lapot; dob 1 lapot"],"maneuvers":{"m1":"Reakció, Permanens 2/kör, M1: húz 1 lapot; dob 1 lapot"}}, // i18n: no
    "SMP-021": {"name":"Hrimgar, a Fagy Atyja","text":["Akció, F1: kikeres a pakliból: egy bestia hadtáp"],"maneuvers":{"m1":"Akció, F1: kikeres a pakliból: egy bestia hadtáp"}}, // i18n: no
    "SMP-022": {"name":"Vashomlokú Skeld jarl"}, // i18n: no
    "SMP-023": {"name":"Farkasesküdt Vigdis"}, // i18n: no
    "SMP-024": {"name":"A Zúzmarasárkány","text":["Rítus, M1: a célpont kap egy frost jelzőt"],"maneuvers":{"m1":"Rítus, M1: a célpont kap egy frost jelzőt"}}, // i18n: no
    "SMP-025": {"name":"Vén Ulfar, a látnok"}, // i18n: no
    "SMP-031": {"name":"Aranyló városnép"}, // i18n: no
    "SMP-032": {"name":"Napmezei pásztorok"}, // i18n: no
    "SMP-033": {"name":"Sziklaparti klánok"}, // i18n: no
    "SMP-034": {"name":"Fjordőrzők"}, // i18n: no
    "SMP-035": {"name":"Fenyveserdei törzsek"}, // i18n: no
    "SMP-036": {"name":"Dűneőrző nomádok"}, // i18n: no
    "SMP-041": {"name":"Aster síksága"}, // i18n: no
    "SMP-042": {"name":"Az Első Fény temploma"}, // i18n: no
    "SMP-043": {"name":"Magtárcsarnok","text":["Zárt: a visszanyeréskor szférapontot termel","Permanens: ez a lap feláldozható"],"maneuvers":{"m1":"Zárt: a visszanyeréskor szférapontot termel"}}, // i18n: no
    "SMP-044": {"name":"Vasvár bástyája"}, // i18n: no
    "SMP-051": {"name":"Napacél penge","text":["Permanens: ez a lap feláldozható"]}, // i18n: no
    "SMP-052": {"name":"Pikkelyes páncéling","text":["Permanens: ez a lap feláldozható"]}, // i18n: no
    "SMP-053": {"name":"Parázsfőzet","text":["Permanens: ez a lap feláldozható (a főzet szintjét a vezére kapja)"]}, // i18n: no
    "SMP-054": {"name":"Kharen bálványa","text":["Zárt: a hordozó lap immúnis erre: félelem","Permanens: ez a lap feláldozható"],"maneuvers":{"m1":"Zárt: a hordozó lap immúnis erre: félelem"}}, // i18n: no
    "SMP-055": {"name":"Tövises nyakperec","text":["Zárt: a hordozó lap: nem támadhat"],"maneuvers":{"m1":"Zárt: a hordozó lap: nem támadhat"}}, // i18n: no
    "SMP-061": {"name":"Suttogó udvar","text":["Zárt: minden saját uralkodó vezér +1 szint","Akció, I2: a célpont képességének semlegesítése"],"maneuvers":{"m1":"Zárt: minden saját uralkodó vezér +1 szint","m2":"Akció, I2: a célpont képességének semlegesítése"}}, // i18n: no
    "SMP-062": {"name":"Vérbosszú","text":["Zárt: minden hős vezér +1 szint"],"maneuvers":{"m1":"Zárt: minden hős vezér +1 szint"}}, // i18n: no
    "SMP-071": {"name":"Hajnalhasadás","text":["Akció, M1: a célpont visszafordul"],"maneuvers":{"m1":"Akció, M1: a célpont visszafordul"}}, // i18n: no
    "SMP-072": {"name":"Hosszú tél","text":["M2: minden ellenséges nép útjai -1"],"maneuvers":{"m1":"M2: minden ellenséges nép útjai -1"}}, // i18n: no
    "SMP-073": {"name":"Megszegett eskü","text":["Kontra, I2: a célpont semlegesítése"],"maneuvers":{"m1":"Kontra, I2: a célpont semlegesítése"}}, // i18n: no
    "SMP-080": {"name":"Fagyfarkasok","text":["Harci: félelem +0"],"maneuvers":{"m1":"Harci: félelem +0"}}, // i18n: no
    "SMP-081": {"name":"Kapuőr lándzsások"}, // i18n: no
    "SMP-082": {"name":"Aranyló íjászok","text":["Harci: nyílzápor +1"],"maneuvers":{"m1":"Harci: nyílzápor +1"}}, // i18n: no
    "SMP-083": {"name":"Ostromballiszta"}, // i18n: no
    "SMP-085": {"name":"Pajzsfalhordozók","text":["Harci, Feláldozás: a célpont +3 szint"],"maneuvers":{"m1":"Harci, Feláldozás: a célpont +3 szint"}}, // i18n: no
    "SMP-086": {"name":"Rúnakovácsolt bárdok"}, // i18n: no
    "SMP-087": {"name":"Viperaraj","text":["Harci: méreg +1"],"maneuvers":{"m1":"Harci: méreg +1"}}, // i18n: no
    "SMP-091": {"name":"Aranyló nyílzápor","text":["Harci, F1: nyílzápor +1; a használó +1 szintet kap"],"maneuvers":{"m1":"Harci, F1: nyílzápor +1; a használó +1 szintet kap"}}, // i18n: no
    "SMP-092": {"name":"Fátyolos ellenvarázs","text":["válassz egyet: Kontra, M2: a célpont semlegesítése | Kontra, M2: a célpont elpusztul"]}, // i18n: no
    "SMP-093": {"name":"Látók tava","text":["Rítus, Fürkészés 7+: a kifürkészett lap feledésbe merül"],"maneuvers":{"m1":"Rítus, Fürkészés 7+: a kifürkészett lap feledésbe merül"}}, // i18n: no
    "SMP-094": {"name":"A Tél számvetése","text":["Reakció: 1. lépcső (F1): a célpont elfordul / 2. lépcső (F2): a célpont -2 szint"],"maneuvers":{"m1":"Reakció: 1. lépcső (F1): a célpont elfordul / 2. lépcső (F2): a célpont -2 szint"}}, // i18n: no
    "SMP-095": {"name":"A tűzhely adója","text":["Akció, / W2: húz 1 lapot"],"maneuvers":{"m1":"Akció, / W2: húz 1 lapot"}}, // i18n: no
    "SMP-096": {"name":"Oltalom rúnája","text":["M1: a célpont immúnis erre: méreg"],"maneuvers":{"m1":"M1: a célpont immúnis erre: méreg"}}, // i18n: no
    "SMP-097": {"name":"Pajzseskü","text":["Harci, Zárt, F1: a használó +2 szintet kap"],"maneuvers":{"m1":"Harci, Zárt, F1: a használó +2 szintet kap"}}, // i18n: no
    "SMP-098": {"name":"Hollók ómene","text":["Kontra, M1, Lapfelcsapás 5+: a célpont semlegesítése"],"maneuvers":{"m1":"Kontra, M1, Lapfelcsapás 5+: a célpont semlegesítése"}}, // i18n: no
    "SMP-099": {"name":"Árulók aranya","text":["Akció, I3: a célpont elorzása"],"maneuvers":{"m1":"Akció, I3: a célpont elorzása"}}, // i18n: no
  },
};

const BY_NAME = new Map(Object.entries(CARDS).map(([id, c]) => [c.name, id])); // English name -> id
for (const [id, fields] of Object.entries(LANGUAGES[lang] || {})) Object.assign(CARDS[id], fields);

/** A card a link names (links name cards by their English name): its name in the reader's language. */
export const linkName = (name) => (BY_NAME.has(name) ? CARDS[BY_NAME.get(name)].name : name);
