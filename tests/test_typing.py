"""The packages listed in ``[tool.mypy]`` of pyproject.toml pass mypy with no error, so an engine API change that
breaks a caller is found before it runs."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_the_typed_packages_pass_mypy(tmp_path):
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                "--no-error-summary", "--hide-error-context"])
    assert status == 0, f"mypy found type errors:\n{out}{err}"
