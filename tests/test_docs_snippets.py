"""The documentation's commands and Python snippets still match the code.

* Every `cardtable COMMAND --option` written in README.md or docs/*.md (shell blocks and inline code) names a
  command and options that exist: a renamed or removed option cannot linger in the docs.
* Every command and option of the CLI is mentioned somewhere in the docs.
* The Python snippets users copy (README's engine tour, balance.md, muhq.md, mitosz.md, envs.md) run as
  written (a run length cut down where a snippet plays hundreds of games).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

from cardtable.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def doc_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", flags=re.S | re.M)


def code_blocks(path: Path, lang: str) -> list[str]:
    """The fenced blocks of ``lang`` in a Markdown file, in order."""
    return [block for block_lang, block in FENCE.findall(doc_text(path)) if block_lang == lang]


def block_with(path: Path, lang: str, marker: str) -> str:
    found = [b for b in code_blocks(path, lang) if marker in b]
    assert len(found) == 1, f"{path.name}: expected one ```{lang} block containing {marker!r}, found {len(found)}"
    return found[0]


def cli():
    return typer.main.get_command(app)


def command_options(command) -> set[str]:
    names = {"--help"}
    for param in options_of(command):
        names.update(param.opts)
        names.update(param.secondary_opts)
    return names


def options_of(command) -> list:
    # typer ships its own click: ask the parameter what it is rather than checking a class
    return [param for param in command.params if param.param_type_name == "option"]


def documented_commands() -> list[tuple[str, str]]:
    """(where, command line) for every `cardtable …` line of a shell block and every inline `cardtable …` span."""
    found = []
    for path in DOC_FILES:
        text = doc_text(path)
        for lang, block in FENCE.findall(text):
            if lang not in ("sh", ""):
                continue
            for line in block.splitlines():
                line = line.split(" #", 1)[0].strip()
                # an environment assignment may come first: CARDTABLE_DATA_DIR=… cardtable balance …
                match = re.match(r"^(?:[A-Z_]+=\S+\s+)*cardtable\s+(.*)$", line)
                if match:
                    found.append((path.name, match.group(1)))
        prose = FENCE.sub("", text)
        for span in prose.split("`")[1::2]:  # the inline code spans
            if span.startswith("cardtable ") and span[10:11].islower():
                found.append((path.name, " ".join(span[10:].split())))
    return found


def test_documented_commands_and_options_exist():
    group = cli()
    problems = []
    lines = documented_commands()
    assert len(lines) > 40  # the extraction still finds the docs' commands
    for where, line in lines:
        try:
            words = shlex.split(line.replace("[", " ").replace("]", " ").replace("…", " "))
        except ValueError:
            words = line.split()
        name = words[0]
        if name.isupper():  # a placeholder such as `cardtable COMMAND --help`
            continue
        command = group.commands.get(name)
        if command is None:
            problems.append(f"{where}: `cardtable {line}`: no command {name!r}")
            continue
        known = command_options(command) | command_options(group)  # --lang is global: it stands anywhere
        for word in words[1:]:
            option = word.split("=", 1)[0]
            if re.fullmatch(r"--?[a-z][a-z-]*", option) and option not in known:
                problems.append(f"{where}: `cardtable {line}`: {name} has no option {option}")
    assert not problems, "\n".join(problems)


def test_every_command_and_option_is_documented():
    text = "\n".join(doc_text(path) for path in DOC_FILES)
    missing = []
    for name, command in cli().commands.items():
        if not re.search(rf"cardtable {name}\b", text):
            missing.append(f"command {name}")
        for param in options_of(command):
            if not any(
                re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", text) for opt in param.opts + param.secondary_opts
            ):
                missing.append(f"{name} {'/'.join(param.opts)}")
    assert not missing, "undocumented: " + ", ".join(missing)


def test_readme_engine_tour_runs():
    code = block_with(ROOT / "README.md", "python", "cardtable.load(")
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    state = namespace["state"]
    assert state.is_terminal()
    assert namespace["record"].replay(check=True).digest() == state.digest()


def test_balance_from_python_runs(tmp_path, monkeypatch):
    code = block_with(ROOT / "docs" / "balance.md", "python", "BalanceRun(")
    assert "), 500).play()" in code
    monkeypatch.chdir(tmp_path)
    exec(compile(code.replace("), 500).play()", "), 10).play()"), "balance.md", "exec"), {})
    assert "<html" in (tmp_path / "report.html").read_text(encoding="utf-8").lower()


def test_what_if_from_python_runs(capsys):
    code = block_with(ROOT / "docs" / "balance.md", "python", "WhatIfJob(")
    assert "), 200).play(workers=2)" in code
    exec(compile(code.replace("), 200).play(workers=2)", "), 6).play(workers=1)"), "balance.md", "exec"), {})
    assert "actions per game" in capsys.readouterr().out


def test_muhq_data_snippet_runs():
    code = block_with(ROOT / "docs" / "muhq.md", "python", "data.board_names()")
    # the last line only shows the by-path readers' names (its `path` is a placeholder)
    lines = [line for line in code.splitlines() if "(path)" not in line]
    namespace: dict = {}
    exec(compile("\n".join(lines), "muhq.md", "exec"), namespace)
    data = namespace["data"]
    assert data.board_names() == ["arena-9", "bastion-run", "river-crown", "three-hills"]
    assert data.set_names() == ["core", "tide", "vanguard"]
    assert namespace["tide"].card("tide/siren").name


def test_mitosz_data_snippet_runs(monkeypatch):
    from cardtable.engine.errors import DataError

    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)
    code = block_with(ROOT / "docs" / "mitosz.md", "python", "data.deck_names()")
    # the last line reads the reader's own deck "ours", which is not packaged: the DeckRules call must still work
    with pytest.raises(DataError, match="no deck 'ours'"):
        exec(compile(code, "mitosz.md", "exec"), {})


def test_envs_snippets_run():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    envs = ROOT / "docs" / "envs.md"
    aec: dict = {}
    exec(compile(block_with(envs, "python", "pettingzoo_env("), "envs.md", "exec"), aec)
    assert all(aec["env"].terminations.values())
    gym: dict = {}
    exec(compile(block_with(envs, "python", "gym_env("), "envs.md", "exec"), gym)
    assert gym["obs"].shape == gym["env"].observation_space.shape
