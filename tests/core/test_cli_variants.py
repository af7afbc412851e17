"""``damier variants``: one line per registered variant, ``--json`` for scripts."""

from __future__ import annotations

import json

import pytest

from damier import get_variant, variant_names
from damier.cli import main
from damier.core.variants import aliases_of


def test_table_has_one_line_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    assert header.split()[:5] == ["name", "aliases", "board", "first", "GameType"]
    assert [line.split()[0] for line in lines] == variant_names()
    by_name = {line.split()[0]: line for line in lines}
    for name in variant_names():
        rules = get_variant(name)
        assert rules.gametype in by_name[name] and rules.summary() in by_name[name]
        assert all(alias in by_name[name] for alias in aliases_of(name))
    assert "black/choice" in by_name["thai"] and "white/choice" in by_name["malaysian"]
    assert " black " in by_name["english"] and "8x8 inverted, 12 men" in by_name["portuguese"]


def test_json_for_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in records] == variant_names()
    thai = next(r for r in records if r["name"] == "thai")
    assert thai["board"] == "8x8, 8 men" and thai["gametype"] == "31,B,8,8,N2,0"
    assert thai["first_player"] == "black" and thai["first_player_choice"] is True
    assert "mak-hos" in thai["aliases"]
    assert "landing directly behind" in thai["rules"]
    malaysian = next(r for r in records if r["name"] == "malaysian")
    assert malaysian["size"] == 12 and malaysian["squares"] == 72 and "huffing" in malaysian["rules"]


def test_one_variant_by_alias(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "damenspiel", "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    assert record["name"] == "german" and record["first_player_choice"] is False


def test_unknown_variant_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("damier variants: unknown variant 'chess'") and len(err.splitlines()) == 1
