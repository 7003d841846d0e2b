"""Fixtures shared by the judge tests."""

from __future__ import annotations

import pytest

from overrefusal.judges.rubric.judge import RubricJudge


@pytest.fixture(scope="session")
def rubric_judge() -> RubricJudge:
    """The rubric judge on its shipped weights. One for the session: it keeps nothing between replies (what it
    caches is keyed by text, and the same for every instance), so no test can see another's."""
    return RubricJudge()
