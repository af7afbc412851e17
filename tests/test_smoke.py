"""The package imports and plays the first move of every example in the README."""

from damier import Board


def test_first_moves_from_the_start() -> None:
    # White has exactly nine moves from the initial position [FMJD 3.4]
    assert sorted(str(m) for m in Board().legal_moves) == [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
    ]
