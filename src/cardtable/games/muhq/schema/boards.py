"""muhq's boards (spec 6.1): the grid and its fields, spawns, areas, starting cards, income, objects and
victory conditions, with the checks that span them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BeforeValidator, Field, model_validator

from cardtable.engine.datafiles import Located, did_you_mean

from ..words import N_, _
from .base import _CLOSED, AreaId, BoardId, CardId, Coord, Count, DisplayName, Stat, _by_shape, _keyed_union, _Model
from .translations import BoardTexts, BoardTranslations, _translations, _Translated
from .vocabulary import BOARD_FORMAT, FieldType, ObjectRole

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc


# -- boards (spec 6.1) -----------------------------------------------------------------------------------
class FieldDef(_Model):
    """A field type plus its optional properties (MUHQ-BOARD-3)."""

    type: FieldType
    income: Stat = Field(0, description=N_("resource for the player whose unit stands here (MUHQ-UPKEEP-1)"))
    area: AreaId | None = Field(
        None, description=N_("the area (capture points) the field belongs to"))


def _long_form(value: Any) -> Any:
    return {"type": value} if isinstance(value, str) else value


#: A legend entry: a field type (short form) or {type, income, area}; always the long form once read.
LegendEntry = Annotated[FieldDef, BeforeValidator(_long_form, json_schema_input_type=Union[FieldType, FieldDef])]
LegendKey = Annotated[str, Field(pattern=r"^\S$", description=N_("one character, not a space"))]
Seat = Annotated[int, Field(ge=0, le=15)]


class Area(_Model):
    points: Stat = Field(description=N_("scored in each upkeep by the player holding the area (MUHQ-WIN-5)"))


class StartingCard(_Model):
    card: CardId
    count: Count


class Income(_Model):
    base: Stat = Field(description=N_("resource gained in step 1 of each upkeep"))
    per_unit: Stat = Field(0, description=N_("per unit the player controls on the board"))


class BoardObject(_Model):
    """A permanent placed during setup (MUHQ-SETUP-7)."""

    card: CardId
    seat: _by_shape(lambda v: "neutral" if isinstance(v, str) else "seat",  # type: ignore[valid-type]
                    ("seat", Seat), ("neutral", Literal["neutral"])) = Field(description=N_("owner and controller"))
    at: Coord = Field(description=N_("[x, y]"))
    role: ObjectRole = "none"


class VipVictory(_Model):
    kind: Literal["vip"] = Field(description=N_("a player whose VIP leaves the board loses (MUHQ-WIN-3)"))


class ResourceRaceVictory(_Model):
    kind: Literal["resource_race"] = Field(description=N_("MUHQ-WIN-4"))
    target: Annotated[int, Field(ge=1, le=9999)]
    combat_steal: Stat = Field(1, description=N_("resource stolen by combat damage to another player's unit"))


class CapturePointsVictory(_Model):
    kind: Literal["capture_points"] = Field(description=N_("MUHQ-WIN-5; areas from 'areas' and the legend"))
    target: Annotated[int, Field(ge=1, le=9999)]


class DestroyBuildingsVictory(_Model):
    kind: Literal["destroy_buildings"] = Field(description=N_("uses the role: building objects (MUHQ-WIN-6)"))


class VictoryItemVictory(_Model):
    kind: Literal["victory_item"] = Field(description=N_("uses the role: victory_item object; its 'at' is the "
                                                      "start field (MUHQ-WIN-7)"))


VICTORY_MODELS: dict[str, type[_Model]] = {"vip": VipVictory, "resource_race": ResourceRaceVictory,
                                           "capture_points": CapturePointsVictory,
                                           "destroy_buildings": DestroyBuildingsVictory,
                                           "victory_item": VictoryItemVictory}
if TYPE_CHECKING:  # the members, to mypy; pydantic reads the union told apart by ``kind`` below
    Victory = Union[VipVictory, ResourceRaceVictory, CapturePointsVictory, DestroyBuildingsVictory,
                    VictoryItemVictory]
else:
    Victory = _keyed_union("kind", VICTORY_MODELS, "victory condition", "{kind: vip}")  # i18n: no (keys)
#: The object role each victory kind needs, and the victory kind each role serves.
ROLE_OF_VICTORY = {"vip": "vip", "destroy_buildings": "building", "victory_item": "victory_item"}


def _seat_keys(value: Any) -> Any:
    # JSON has only string keys: "0" is seat 0 as in YAML's 0.
    if isinstance(value, dict):
        return {int(k) if isinstance(k, str) and k.isdigit() and len(k) <= 2 else k: v for k, v in value.items()}
    return value


def _legend_keys(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 9:
                k = str(k)  # YAML reads the key 1 as a number; the layout character is "1"
            elif not isinstance(k, str):
                raise Located((), _("the legend key {key} is not a character; write each key in quotes, e.g. "
                                    "\"~\": deep_water (YAML reads a bare ~ as null)", key=repr(k)))
            out[k] = v
        return out
    return value


class Board(_Translated, _Model):
    """A board (spec 6.1): the grid, its fields, spawns, starting cards, income, objects and victory."""

    format: Literal[BOARD_FORMAT]  # type: ignore[valid-type]
    id: BoardId = Field(description=N_("unique identifier (kebab case); the file is <id>.yaml"))
    name: DisplayName
    translations: _translations(BoardTexts, "board") = Field(  # type: ignore[valid-type]
        default_factory=BoardTranslations, description=N_("the board's name in other languages: {de: {name}, hu: …}"))
    test: bool = Field(False, description=N_("a test board: may have no victory condition"))
    players: Annotated[int, Field(ge=2, le=16)]
    width: Annotated[int, Field(ge=1, le=64)]
    height: Annotated[int, Field(ge=1, le=64)]
    layout: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        min_length=1, max_length=64,
        description=N_("height rows of width characters; row i is y = i, character j is x = j"))
    legend: Annotated[dict[LegendKey, LegendEntry], BeforeValidator(_legend_keys)] = Field(
        min_length=1, description=N_("every character of the layout -> a field type or {type, income, area}"),
        json_schema_extra=_CLOSED)
    spawns: Annotated[dict[Seat, list[Coord]], BeforeValidator(_seat_keys)] = Field(
        description=N_("seat -> its spawn fields [[x, y], …]; every seat needs at least one"),
        json_schema_extra={"propertyNames": {"pattern": "^(0|[1-9][0-9]?)$"}})
    areas: dict[AreaId, Area] = Field(default_factory=dict, description=N_("area id -> points"),
                                      json_schema_extra=_CLOSED)
    starting_deck: list[StartingCard] = Field(max_length=100, description=N_("every player receives one copy of this list"))
    hand_size: Annotated[int, Field(ge=0, le=20)] = 3
    starting_resource: Stat = 0
    income: Income
    objects: list[BoardObject] = Field(default_factory=list, max_length=200)
    victory: list[Victory] = Field(
        max_length=5, description=N_("any one wins (MUHQ-WIN-1); empty only on a test board"))

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        self._check_grid()
        self._check_spawns()
        self._check_objects()
        self._check_victory()
        return self

    # spec 6.1 validation 1 and the areas
    def _check_grid(self) -> None:
        if len(self.layout) != self.height:
            raise Located(("layout",), _("the layout has {rows} rows; 'height' is {height}", rows=len(self.layout),
                                         height=self.height))
        for y, row in enumerate(self.layout):
            if len(row) != self.width:
                raise Located(("layout", y), _("row y = {y} has {n} characters; 'width' is {width}", y=y, n=len(row),
                                               width=self.width))
            for x, ch in enumerate(row):
                if ch not in self.legend:
                    raise Located(("layout", y), _("the character {char} at ({x}, {y}) is not in the legend "
                                                   "({legend})", char=repr(ch), x=x, y=y,
                                                   legend=", ".join(map(repr, self.legend))))
        used = {ch for row in self.layout for ch in row}
        for ch, field in self.legend.items():
            if field.area is not None and field.area not in self.areas:
                raise Located(("legend", ch, "area"), _("area {area} is not declared under 'areas'",
                                                        area=repr(field.area))
                              + did_you_mean(field.area, self.areas, _(" (did you mean {!r}?)")))
        for area in self.areas:
            if not any(self.legend[ch].area == area for ch in used):
                raise Located(("areas", area), _("no field of the layout belongs to area {name}; give a legend "
                                                 "character area: {area} and use it in the layout", name=repr(area),
                                                 area=area))

    def _on_board(self, loc: Loc, at: tuple[int, int]) -> None:
        x, y = at
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise Located(loc, _("({x}, {y}) is not on the {width} × {height} board (x 0–{last_x}, y 0–{last_y})",
                                 x=x, y=y, width=self.width, height=self.height, last_x=self.width - 1,
                                 last_y=self.height - 1))
        if self.field_at(x, y).type == "wall":
            raise Located(loc, _("({x}, {y}) is a wall; nothing can stand on it (MUHQ-BOARD-5)", x=x, y=y))

    # spec 6.1 validation 2 and 3
    def _check_spawns(self) -> None:
        for seat, fields in self.spawns.items():
            if seat >= self.players:
                raise Located(("spawns", seat), _("there is no seat {seat}: the board has {players} players (seats "
                                                  "0–{last})", seat=seat, players=self.players,
                                                  last=self.players - 1))
            for j, at in enumerate(fields):
                self._on_board(("spawns", seat, j), at)
                if fields.index(at) != j:
                    raise Located(("spawns", seat, j), _("{field} is listed twice for seat {seat}", field=list(at),
                                                         seat=seat))
        for seat in range(self.players):
            if not self.spawns.get(seat):
                raise Located(("spawns",), _("seat {seat} has no spawn field; every seat needs at least one (spec "
                                             "6.1)", seat=seat))

    # spec 6.1 validation 2 and 4 (the type fit of an object's card is checked by the loader)
    def _check_objects(self) -> None:
        spawn_fields = {at for fields in self.spawns.values() for at in fields}
        taken: dict[tuple[int, int], int] = {}
        for i, obj in enumerate(self.objects):
            if obj.seat != "neutral" and obj.seat >= self.players:
                raise Located(("objects", i, "seat"), _("there is no seat {seat}: the board has {players} players "
                                                        "(seats 0–{last}, or neutral)", seat=obj.seat,
                                                        players=self.players, last=self.players - 1))
            if obj.role in ("vip", "building") and obj.seat == "neutral":
                raise Located(("objects", i, "seat"), _("a vip belongs to a seat, not neutral") if obj.role == "vip"
                              else _("a building belongs to a seat, not neutral"))
            self._on_board(("objects", i, "at"), obj.at)
            if obj.at in spawn_fields:
                raise Located(("objects", i, "at"), _("{field} is a spawn field; an object may not stand on one "
                                                      "(spec 6.1)", field=list(obj.at)))
            if obj.at in taken:
                raise Located(("objects", i, "at"), _("{field} already holds objects[{other}]; at most one "
                                                      "permanent stands on a field (MUHQ-BOARD-4)",
                                                      field=list(obj.at), other=taken[obj.at]))
            taken[obj.at] = i

    # spec 6.1 validation 5 and 7
    def _check_victory(self) -> None:
        if not self.victory and not self.test:
            raise Located(("victory",), _("a board needs at least one victory condition (only a board with "
                                          "test: true may have none)"))
        kinds = [v.kind for v in self.victory]
        for i, kind in enumerate(kinds):
            if kinds.index(kind) != i:
                raise Located(("victory", i, "kind"), _("{value} is listed twice", value=repr(kind)))
        roles = {r: [o for o in self.objects if o.role == r] for r in ("vip", "building", "victory_item")}
        for i, v in enumerate(self.victory):
            if v.kind == "vip":
                for seat in range(self.players):
                    n = sum(o.seat == seat for o in roles["vip"])
                    if n != 1:
                        raise Located(("victory", i), _("the vip victory needs exactly one role: vip object per "
                                                        "seat; seat {seat} has {n}", seat=seat, n=n))
            elif v.kind == "destroy_buildings":
                for seat in range(self.players):
                    if not any(o.seat == seat for o in roles["building"]):
                        raise Located(("victory", i), _("the destroy_buildings victory needs at least one role: "
                                                        "building object per seat; seat {seat} has none", seat=seat))
            elif v.kind == "victory_item" and len(roles["victory_item"]) != 1:
                raise Located(("victory", i), _("the victory_item victory needs exactly one role: victory_item "
                                                "object; the board has {n}", n=len(roles["victory_item"])))
            elif v.kind == "capture_points" and not self.areas:
                raise Located(("victory", i), _("the capture_points victory needs at least one area under 'areas'"))
            elif v.kind == "resource_race" and v.target <= self.starting_resource:
                raise Located(("victory", i, "target"), _("every player starts with {n} resource and would win at "
                                                          "once; the target must be more", n=self.starting_resource))
        for i, obj in enumerate(self.objects):
            needed = {role: kind for kind, role in ROLE_OF_VICTORY.items()}.get(obj.role)
            if needed is not None and needed not in kinds:
                raise Located(("objects", i, "role"), _("role {role} serves the {victory} victory, which this board "
                                                        "does not have; use role: none", role=repr(obj.role),
                                                        victory=needed))

    # -- queries ------------------------------------------------------------------------------------------
    def field_at(self, x: int, y: int) -> FieldDef:
        return self.legend[self.layout[y][x]]

    def spawn_fields(self, seat: int) -> list[tuple[int, int]]:
        return list(self.spawns.get(seat, ()))

    def area_fields(self, area: str) -> list[tuple[int, int]]:
        return [(x, y) for y, row in enumerate(self.layout) for x, ch in enumerate(row) if self.legend[ch].area == area]
