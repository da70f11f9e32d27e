"""The whole package passes ``mypy --strict`` (``[tool.mypy]`` of pyproject.toml), so an engine API change that
breaks a caller, or a rule reading a field the state does not have, is found before it runs."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_the_whole_package_passes_mypy_strict(tmp_path):
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                "--no-error-summary", "--hide-error-context"])
    assert status == 0, f"mypy found type errors:\n{out}{err}"
