"""The balance report as one HTML page that works offline: tables and matplotlib plots embedded as PNG.

Every figure in a table cell comes from the numbers (``balance.json``) and carries its place there as
``data-key`` (a dotted path, e.g. ``seats.0.rate``) and its exact value as ``data-value``, so a test (or a
designer's script) can check the page against the JSON. Plots are drawn from the same numbers.
"""

from __future__ import annotations

import base64
import html
import io
import json
from types import ModuleType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from cardtable.engine.i18n import N_, Translator, current_language, number

from .probes import feature_words

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_ = Translator("cardtable")
STYLE = str(  # i18n: no (markup)
    """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1100px;
padding:0 1rem;color:#1d2330;background:#fbfaf7}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:2px solid #d9d3c4;padding-bottom:.2rem}
table{border-collapse:collapse;margin:.6rem 0 1rem;font-size:.92rem}
th,td{padding:.25rem .6rem;border-bottom:1px solid #e4dfd3;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#efe9dc}
.warn{background:#fff3cd;border-left:4px solid #e0a800;padding:.5rem 1rem;margin:.3rem 0}
.small{color:#8a8577}.clear{font-weight:600}.up{color:#1a7f37}.down{color:#b42318}
.meta{color:#5d5a52;font-size:.9rem}img{max-width:100%;height:auto;margin:.5rem 0}
""")


def _esc(x: Any) -> str:
    return html.escape(str(x))


def _get(doc: Any, key: str) -> Any:
    for part in key.split("."):
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def pct(x: float, signed: bool = False) -> str:
    """A share as a percentage in the reader's locale: 55.1% / 55,1 % / 55,1%; ``signed``: +4.2% / −1.0%."""
    sign = "-" if x < 0 else "+" if signed else ""
    return sign + number(abs(x) * 100, 1) + ("\u00a0%" if current_language() == "de" else "%")


def _cell(doc: Any, key: str, kind: str = "num", cls: str = "") -> str:
    value = _get(doc, key)
    if value is None:
        text = "—"
    elif kind == "pct":
        text = pct(value)
    elif kind == "ci":
        text = f"{pct(value[0])} – {pct(value[1])}"
    elif kind == "diff":
        text = pct(value, signed=True)
    elif kind == "dci":
        text = f"{pct(value[0], signed=True)} … {pct(value[1], signed=True)}"
    elif isinstance(value, float):
        text = number(round(value, 2))
    else:
        text = number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)
    attr = f' class="{cls}"' if cls else ""
    return f'<td data-key="{_esc(key)}" data-value="{_esc(json.dumps(value))}"{attr}>{_esc(text)}</td>'  # i18n: no (markup)


def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    import matplotlib.pyplot as plt
    plt.close(fig)
    alt = _esc(_("plot"))
    return (f'<img alt="{alt}" src="data:image/png;base64,' + base64.b64encode(buf.getvalue()).decode()  # i18n: no (markup)
            + '">')


def _plt() -> ModuleType:
    """matplotlib.pyplot, drawing off screen (imported when a report has plots: matplotlib is slow to import)."""
    import matplotlib
    matplotlib.use("Agg")  # no screen, no window: the report renders anywhere
    import matplotlib.pyplot as plt
    return plt


def _rate_plot(labels: Sequence[str], rows: Sequence[Mapping[str, Any]], expected: float | None, title: str) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(4, 0.9 * len(labels) + 2), 3))
    rates = [r["rate"] or 0 for r in rows]
    err = [[rt - r["ci95"][0] for rt, r in zip(rates, rows)], [r["ci95"][1] - rt for rt, r in zip(rates, rows)]]
    ax.bar(labels, rates, yerr=err, capsize=4, color="#5b7fbd")
    if expected is not None:
        ax.axhline(expected, color="#b42318", linestyle="--", linewidth=1, label=_("fair: {share}", share=pct(expected)))
        ax.legend(loc="upper right", fontsize=8)  # i18n: no (markup)
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("win rate (95 % interval)"))
    ax.set_title(title, fontsize=10)
    return _png(fig)


def _hist_plot(hist: Mapping[str, Any], xlabel: str, title: str) -> str:
    if not hist.get("counts"):
        return ""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 2.8))
    edges, counts = hist["edges"], hist["counts"]
    widths = [edges[i + 1] - edges[i] for i in range(len(counts))]
    ax.bar(edges[:-1], counts, width=widths, align="edge", color="#8aa36b", edgecolor="#fbfaf7")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(_("games"))
    ax.set_title(title, fontsize=10)
    return _png(fig)


def _impact_plot(rows: Sequence[Mapping[str, Any]], title: str, top: int = 20) -> str:
    rows = [r for r in rows if r["difference"] is not None]
    rows = sorted(rows, key=lambda r: -abs(r["difference"]))[:top]
    if not rows:
        return ""
    rows = sorted(rows, key=lambda r: r["difference"])
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(rows) + 1.2))
    diffs = [r["difference"] for r in rows]
    err = [[d - r["difference_ci95"][0] for d, r in zip(diffs, rows)],
           [r["difference_ci95"][1] - d for d, r in zip(diffs, rows)]]
    colours = ["#c8c2b4" if r["small_sample"] else ("#1a7f37" if d > 0 else "#b42318") for d, r in zip(diffs, rows)]
    ax.barh([feature_words(r["feature"]) for r in rows], diffs, xerr=err, capsize=3, color=colours)
    ax.axvline(0, color="#1d2330", linewidth=0.8)
    ax.set_xlabel(_("win rate with − without (95 % interval); grey = small sample"))
    ax.set_title(title, fontsize=10)
    ax.tick_params(axis="y", labelsize=8)
    return _png(fig)


def _dist_table(doc: Mapping[str, Any], rows: Sequence[tuple[str, str]]) -> str:
    head = "<tr><th></th>" + "".join(f"<th>{_esc(h)}</th>" for h in (
        _("games"), _("mean"), _("median"), "10 %", "90 %", _("min"), _("max"))) + "</tr>"
    body = []
    for label, key in rows:
        d = _get(doc, key)
        if not d.get("n"):
            continue
        cells = "".join(_cell(doc, f"{key}.{k}") for k in ("n", "mean", "median", "p10", "p90", "min", "max"))
        body.append(f"<tr><td>{_esc(label)}</td>{cells}</tr>")
    return f"<table>{head}{''.join(body)}</table>" if body else f"<p class=small>" + _esc(_("No games.")) + f"</p>"


def _th(*heads: str) -> str:
    return "<tr>" + "".join(f"<th>{_esc(h)}</th>" for h in heads) + "</tr>"


def render(numbers: Mapping[str, Any], plots: bool = True) -> str:
    """The HTML page of a balance run's numbers (see :func:`cardtable.sim.balance.analyse`)."""
    d = numbers
    spec = d["spec"]
    n = spec["players"]
    out: list[str] = []
    add = out.append
    title = _("{game} balance report", game=spec['game'])
    add(f"<!doctype html><html lang={current_language()}><head><meta charset=utf-8><meta name=viewport "  # i18n: no (markup)
        f"content='width=device-width,initial-scale=1'><title>{_esc(title)}</title><style>{STYLE}</style></head><body>")
    partial = _esc(_(" (partial)")) if d['partial'] else ""
    add(f"<h1>{_esc(title)}{partial}</h1>")
    agents = ", ".join(spec["agents"])
    add("<p class=meta>" + _esc(_(
        "{valid} valid games of {planned} planned · {players} players · agents {agents} (seats rotated every game) "
        "· seed {seed} (game i uses seed + i)", valid=number(d['games_valid']), planned=number(d['games_planned']),
        players=n, agents=agents, seed=spec['seed']))
        + (f" · {_esc(number(d['seconds']))} s" if d.get("seconds") is not None else "") + "</p>")
    opts = ", ".join(f"{k}={v}" for k, v in spec["options"].items())
    add(f"<p class=meta>" + _esc(_("options: {options}", options=opts)) + f"</p>")
    for w in d["warnings"]:
        add(f"<div class=warn>{_esc(w)}</div>")  # i18n: no (markup)

    first = _(d.get("first_label", N_("first to act")))  # the probe's name for who moved first (older reports: none)
    add(f"<h2>" + _esc(_("Seats and the first move")) + f"</h2><p>" + _esc(_(
        "Share of the win per seat and for the player who moved first (the row “{first}”), with 95 % Wilson "
        "intervals; a fair game gives every seat 1/players. A row in bold has an interval that excludes the fair "
        "share.", first=first)) + "</p>")
    add("<table>" + _th("", _("games"), _("wins"), _("win rate"), _("95 % interval"), _("fair")))
    rows = [(_("seat {seat}", seat=s), f"seats.{s}") for s in range(n)] + [(first, "first_actor")]
    for label, key in rows:
        cls = "clear" if _get(d, key).get("off_expected") else ""
        add(f"<tr><td>{_esc(label)}</td>{_cell(d, key + '.n')}{_cell(d, key + '.wins')}{_cell(d, key + '.rate', 'pct', cls)}"
            f"{_cell(d, key + '.ci95', 'ci')}{_cell(d, key + '.expected', 'pct')}</tr>")
    add("</table>")
    if len(d["agents"]) > 1:
        add("<table>" + _th(_("agent"), _("seats"), _("win rate"), _("95 % interval")))
        for name in d["agents"]:
            key = f"agents.{name}"
            add(f"<tr><td>{_esc(name)}</td>{_cell(d, key + '.n')}{_cell(d, key + '.rate', 'pct')}{_cell(d, key + '.ci95', 'ci')}</tr>")
        add("</table>")
    if plots:
        add(_rate_plot([_("seat {seat}", seat=s) for s in range(n)] + [_("first")],
                       [d["seats"][s] for s in range(n)] + [d["first_actor"]], 1 / n, _("win rate by seat")))

    add(f"<h2>" + _esc(_("Game length")) + f"</h2>")
    endings = d["results"].get("endings") or {}  # (reports written before end rules were kept: none)
    if endings:
        add("<p>" + _esc(_("How the games ended (the rule that ended each game): {endings}", endings=", ".join(
            f"{rule} {number(count)}" for rule, count in endings.items())))
            + (_esc(_(" · ended by a limit: {share}", share=pct(d['results']['by_limit']['rate'])))
               if d["results"].get("by_limit") else "")
            + "</p>")
    length_rows = [(_("actions"), "length.actions")] + [(_(k), f"length.{k}") for k in d["length"] if k != "actions"]
    add(_dist_table(d, length_rows))
    if plots:
        add(_hist_plot(d["length"]["actions"].get("histogram", {}), _("actions per game"), _("game length")))

    standing = _(d['margin']['standing'])
    add(f"<h2>" + _esc(_("Winning margin")) + f"</h2><p>" + _esc(_(
        "The winner's standing minus the best other seat's, in {standing}, over the games with one winner.",
        standing=standing)) + "</p>")
    add(_dist_table(d, [(_("margin"), "margin")]))
    if plots:
        add(_hist_plot(d["margin"].get("histogram", {}), standing, _("winning margin")))

    add(f"<h2>" + _esc(_("Drama and decisiveness")) + f"</h2><p>" + _esc(_(
        "The leader is the seat strictly ahead in standing after an action; a lead change is the lead passing from "
        "one seat to another. A comeback is a game whose winner was not leading two thirds of the way through."))
        + "</p>")
    add(_dist_table(d, [(_("lead changes per game"), "drama.lead_changes")]))
    add("<table>" + _th("", _("games"), _("rate"), _("95 % interval")))
    for label, key in ((_("games with one winner"), "results.decided"), (_("comebacks"), "drama.comeback"),
                       (_("leader at half-time wins"), "drama.leader_at_half_wins")):
        add(f"<tr><td>{_esc(label)}</td>{_cell(d, key + '.n')}{_cell(d, key + '.rate', 'pct')}{_cell(d, key + '.ci95', 'ci')}</tr>")
    add("</table>")
    if plots:
        add(_hist_plot(d["drama"]["lead_changes"].get("histogram", {}), _("lead changes"), _("lead changes per game")))

    imp = d["impact"]
    unit = _(imp['unit_label'])
    units = _(UNITS.get(imp['unit_label'], imp['unit_label']))
    features = _(imp['feature_label'])
    add("<h2>" + _esc(_("Impact: {features}", features=features)) + "</h2><p>" + _esc(_(
        "Per {unit} and seat: the win rate with the feature against without it, and the difference with Newcombe's "
        "95 % interval. Bold: the interval excludes 0. Grey: fewer than {n} {units} on one side (a hint, not a "
        "finding). A feature a strong player seeks out wins more because strong play wins: read a difference as an "
        "association, not a cause.", unit=unit, n=d['min_sample'], units=units)) + "</p>")
    if plots:
        add(_impact_plot(imp["rows"], _("largest differences")))
    add("<table>" + _th(_("feature"), _("with"), _("win rate with"), _("without"), _("win rate without"),
                        _("difference"), _("95 % interval")))
    for i, row in enumerate(imp["rows"]):
        key = f"impact.rows.{i}"
        cls = "small" if row["small_sample"] else ("clear" if row["clear"] else "")
        within = ""
        if row.get("compared_within"):
            groups = _esc(_("(within {groups})", groups=", ".join(map(feature_words, row['compared_within']))))
            within = f" <span class=small>{groups}</span>"  # i18n: no (markup)
        add(f"<tr class='{cls}'><td>{_esc(feature_words(row['feature']))}{within}</td>{_cell(d, key + '.with.n')}{_cell(d, key + '.with.rate', 'pct')}"  # i18n: no (markup)
            f"{_cell(d, key + '.without.n')}{_cell(d, key + '.without.rate', 'pct')}{_cell(d, key + '.difference', 'diff')}"
            f"{_cell(d, key + '.difference_ci95', 'dci')}</tr>")
    add("</table><p class=meta>" + _esc(_("Made by {command}; the numbers are in balance.json beside this page.",
                                          command="\x00")).replace("\x00", "<code>cardtable balance</code>")  # i18n: no (markup)
        + "</p></body></html>")
    return "\n".join(out)


#: a probe's unit (``Probe.unit_label``) and its plural, for "fewer than 30 rounds"
UNITS = {"game": N_("games"), "round": N_("rounds")}
#: the names of the probes' counts in the length table (``Probe.extra``: rounds, turns)
LENGTH_NAMES = (N_("rounds"), N_("turns"))


def render_compare(cmp: Mapping[str, Any]) -> str:
    """The HTML page of two reports compared (see :func:`cardtable.sim.balance.compare`)."""
    a, b = cmp["a"]["spec"], cmp["b"]["spec"]

    def describe(spec: Mapping[str, Any], games: int) -> str:
        return _("{game}, {players} players, agents {agents}, {options} ({n} games)", game=spec['game'],
                 players=spec['players'], agents=", ".join(spec['agents']),
                 options=", ".join(f"{k}={v}" for k, v in spec["options"].items()), n=number(games))

    out = [f"<!doctype html><html lang={current_language()}><head><meta charset=utf-8><title>"  # i18n: no (markup)
           f"" + _esc(_("balance: A vs B")) + f"</title><style>{STYLE}</style></head><body><h1>" + _esc(_("Balance: A against B")) + f"</h1>",
           f"<p class=meta>A: {_esc(describe(a, cmp['a']['games_valid']))}<br>"
           f"B: {_esc(describe(b, cmp['b']['games_valid']))}</p>",
           f"<h2>" + _esc(_("Rates")) + f"</h2><p>"
           + _esc(_("Bold: the two 95 % intervals do not overlap (the change is clear in these samples).")) + "</p>",
           "<table>" + _th("", "A", "A 95 %", "B", "B 95 %", _("change"))]
    for i, r in enumerate(cmp["rates"]):
        k = f"rates.{i}"
        cls = "clear" if r["clear"] else ""
        out.append(f"<tr class='{cls}'><td>{_esc(r['metric'])}</td>{_cell(cmp, k + '.a', 'pct')}{_cell(cmp, k + '.a_ci95', 'ci')}"  # i18n: no (markup)
                   f"{_cell(cmp, k + '.b', 'pct')}{_cell(cmp, k + '.b_ci95', 'ci')}{_cell(cmp, k + '.change', 'diff')}</tr>")
    out.append(f"</table><h2>" + _esc(_("Means")) + f"</h2><table>"
               + _th("", "A", "B", _("change"), _("A median"), _("B median")))
    for i, r in enumerate(cmp["means"]):
        k = f"means.{i}"
        out.append(f"<tr><td>{_esc(r['metric'])}</td>{_cell(cmp, k + '.a')}{_cell(cmp, k + '.b')}{_cell(cmp, k + '.change')}"
                   f"{_cell(cmp, k + '.a_median')}{_cell(cmp, k + '.b_median')}</tr>")
    out.append(f"</table><h2>" + _esc(_("Impact")) + f"</h2><p>" + _esc(_(
        "Each feature's difference (win rate with − without) in A and in B, largest change first; bold where the "
        "intervals do not overlap; — where a feature appears in one report only.")) + "</p><table>"
        + _th(_("feature"), "A", "A 95 %", "B", "B 95 %", _("change")))

    for i, r in enumerate(cmp["impact"]):
        k = f"impact.{i}"
        cls = "clear" if r["clear"] else ""
        out.append(f"<tr class='{cls}'><td>{_esc(feature_words(r['feature']))}</td>{_cell(cmp, k + '.a', 'diff')}"  # i18n: no (markup)
                   f"{_cell(cmp, k + '.a_ci95', 'dci')}{_cell(cmp, k + '.b', 'diff')}{_cell(cmp, k + '.b_ci95', 'dci')}"
                   f"{_cell(cmp, k + '.change', 'diff')}</tr>")
    out.append("</table></body></html>")
    return "\n".join(out)
