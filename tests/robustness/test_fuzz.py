"""The fuzz harnesses of ``fuzz/`` run briefly in CI (``make fuzz`` runs them at length): each
must try its inputs and find no failure."""

from __future__ import annotations

import pytest

from fuzz import servers, text_formats
from fuzz.common import Report

BRIEF = {
    text_formats.fen: 300, text_formats.moves: 200, text_formats.pdn: 200,
    servers.hub: 40, servers.dxp: 25, servers.web: 40,
}


@pytest.mark.parametrize("harness", list(BRIEF), ids=lambda h: h.__name__)
def test_harness_finds_no_failure(harness: object) -> None:
    examples = BRIEF[harness]  # type: ignore[index]
    report: Report = harness(examples)  # type: ignore[operator]
    assert report.tried >= examples // 2, report.line()
    assert not report.failures, "\n".join([report.line(), *report.failures])
