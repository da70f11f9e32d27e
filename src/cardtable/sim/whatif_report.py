"""The HTML page of a paired what-if (``cardtable balance GAME --compare A B``): the paired differences first, with
the interval an unpaired comparison would give beside each, then the two reports side by side
(:func:`cardtable.sim.report.render_compare`). One file, works offline (the plot is an embedded PNG)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from cardtable.engine.i18n import Translator, number

from .report import _cell, _esc, _get, _png, _plt, _th, render_compare

_ = Translator("cardtable")


def _interval_plot(rows: Sequence[Mapping[str, Any]]) -> str:
    """Each paired difference with its paired (thick) and unpaired (thin) 95 % interval."""
    rows = [r for r in rows if r["ci95"][0] is not None and r["unpaired_ci95"][0] is not None
            and r["key"] != "actions"]
    if not rows:
        return ""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.2))
    for y, r in enumerate(reversed(rows)):
        ax.plot(r["unpaired_ci95"], [y - 0.15] * 2, color="#999", linewidth=1.5)
        ax.plot(r["ci95"], [y + 0.15] * 2, color="#1f5fa8", linewidth=4)
        ax.plot([r["difference"]], [y + 0.15], "o", color="#0b2e55")
    ax.axvline(0, color="#444", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [str(r["metric"]) for r in reversed(rows)])
    ax.set_xlabel(_("B − A (thick: paired 95 % interval; thin: unpaired)"))
    fig.tight_layout()
    return _png(fig)


def _number_cell(doc: Mapping[str, Any], key: str) -> str:
    """An interval of plain numbers (actions per game), as ``_cell`` writes a cell."""
    import json

    value = _get(doc, key)
    text = "—" if value is None or None in value else f"{number(round(value[0], 2))} … {number(round(value[1], 2))}"
    return f'<td data-key="{_esc(key)}" data-value="{_esc(json.dumps(value))}">{_esc(text)}</td>'  # i18n: no (markup)


def render_whatif(numbers: Mapping[str, Any], plots: bool = True) -> str:
    """The page of :func:`cardtable.sim.whatif.what_if_numbers`."""
    labels = numbers["labels"]
    section = [
        "<h2>" + _esc(_("Paired differences (B − A)")) + "</h2>",
        "<p>" + _esc(_(
            "A: {a}. B: {b}. Both played the same {n} games: the same seeds, seats and bots' random numbers, so "
            "each game's difference leaves out the luck both shared. {same} of them came out exactly the same "
            "(the change did not matter there).", a=labels["a"], b=labels["b"], n=number(numbers["games_paired"]),
            same=number(numbers["unchanged_games"]))) + "</p>",
        "<p>" + _esc(_("Bold: the paired interval leaves out 0. The last column is the paired interval's width as a "
                       "share of the unpaired one's (smaller is better: what pairing bought).")) + "</p>",
        "<table>" + _th("", "A", "B", _("difference"), _("paired 95 %"), _("unpaired 95 %"), _("width ratio")),
    ]
    for i, r in enumerate(numbers["paired"]):
        k = f"paired.{i}"
        kind = "num" if r["key"] == "actions" else "pct"
        diff = "num" if r["key"] == "actions" else "diff"
        cls = "clear" if r["clear"] else ""
        if r["key"] == "actions":
            intervals = _number_cell(numbers, k + ".ci95") + _number_cell(numbers, k + ".unpaired_ci95")
        else:
            intervals = _cell(numbers, k + ".ci95", "dci") + _cell(numbers, k + ".unpaired_ci95", "dci")
        section.append(
            f"<tr class='{cls}'><td>{_esc(r['metric'])}</td>{_cell(numbers, k + '.a', kind)}"  # i18n: no (markup)
            f"{_cell(numbers, k + '.b', kind)}{_cell(numbers, k + '.difference', diff)}{intervals}"
            f"{_cell(numbers, k + '.width_ratio')}</tr>")
    section.append("</table>")
    if plots:
        section.append(_interval_plot(numbers["paired"]))
    title = _esc(_("What-if: A against B, paired"))
    page = render_compare(numbers["compare"])
    page = page.replace(_esc(_("Balance: A against B")), title, 1).replace(_esc(_("balance: A vs B")), title, 1)
    at = page.index("<h2>")
    return page[:at] + "\n".join(section) + "\n<h2>" + _esc(_("Each side on its own")) + "</h2>" + page[at:]
