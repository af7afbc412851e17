"""Which path runs: the native kernel (C, the extension ``damier._kernel``) or pure Python.

damier's hot code exists twice: in C (``src/damier/native/``, compiled by the package's own
build) and in Python (the readable specification and the fallback); the tests hold both to the
same moves. This module loads the kernel and tells which path runs:

* ``DAMIER_PURE=1`` in the environment, or no compiled kernel (a machine without a C
  compiler): the pure-Python path, said once on standard error at first use;
* otherwise the native path, for every variant whose rules the kernel knows
  (:func:`unsupported` says why a variant is not covered).

Entry points: :func:`path`, :func:`native_object` (the per-variant C object, for the
generator of :mod:`damier.core.native_movegen` and the native search), :func:`unsupported`.
This module must not generate moves; it only hands the rules' parameters to C.

>>> path() in ("native", "pure")
True
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from types import ModuleType
from typing import Any, Literal

from damier.core.rules import Rules
from damier.core.userdata import env

__all__ = [
    "PURE_NOTICE", "announce_pure", "native_module", "native_object", "parameters", "path", "pure_reason",
    "unsupported",
]

_CAPTURE_RULES = {"max_count": 0, "free": 1, "italian": 2, "spanish": 3, "max_value": 4}
_PROMOTIONS = {"continue_as_man": 0, "promote_and_continue": 1, "promote_and_stop": 2}

# The fields of Rules the kernel reads, and those it may ignore (draw rules, names, notation,
# the goal of the game, the start position): any other field is a rule the kernel does not
# know, and a variant that sets it away from its default runs on the pure-Python path.
_READ = {
    "size", "shape", "man_steps", "man_captures", "king_steps", "king_captures", "flying_kings",
    "capture_rule", "king_priority", "king_must_continue", "promotion_in_capture", "remove_at_end",
    "no_reverse_capture", "men_capture_kings", "man_value", "king_value", "king_move_limit", "huffing",
    "king_lands_behind", "king_breaks_ties",
}
_IGNORED = {
    "name", "title", "gametype", "rows_of_men", "first_rows_empty", "first_player", "first_player_choice",
    "goal", "draws",
    "capture_separator", "result_style", "description",
}

PURE_NOTICE = "damier: pure-Python move generation"
"""How the one line on standard error starts when the pure-Python path runs."""

NOT_BUILT = ("the C kernel was not built when damier was installed (no C compiler then): install "
             "a C compiler (gcc or clang) and Python's headers (e.g. python3-dev), then install "
             "damier again to play about 40 times faster")
"""Why the pure-Python path runs where the extension is missing (it once said "cannot import
name '_kernel' from partially initialized module 'damier' (most likely due to a circular
import)")."""

_state: dict[str, Any] = {}
_objects: dict[str, tuple[Rules, object]] = {}


def _load() -> ModuleType | None:
    """The kernel module, or None (the reason is in ``_state["reason"]``); loaded once."""
    if "module" in _state:
        module: ModuleType | None = _state["module"]
        return module
    module = None
    if env("DAMIER_PURE") not in ("", "0"):
        reason = "DAMIER_PURE is set"
    elif importlib.util.find_spec("damier._kernel") is None:
        reason = NOT_BUILT
    else:
        try:
            from damier import _kernel  # type: ignore[attr-defined]

            module = _kernel
            reason = ""
        except ImportError as exc:
            reason = f"the native kernel cannot be loaded ({exc})"
    _state["module"] = module
    _state["reason"] = reason
    return module


def native_module() -> ModuleType | None:
    """The loaded kernel module ``damier._kernel``, or None on the pure-Python path."""
    return _load()


def path() -> Literal["native", "pure"]:
    """``"native"`` when the C kernel is loaded, else ``"pure"``."""
    return "native" if _load() is not None else "pure"


def pure_reason() -> str:
    """Why the pure-Python path runs (empty when the kernel is loaded)."""
    _load()
    reason: str = _state["reason"]
    return reason


def announce_pure() -> None:
    """Say once, on standard error, that damier runs on the pure-Python path and why."""
    if _load() is None and not _state.get("announced"):
        _state["announced"] = True
        print(f"{PURE_NOTICE} ({pure_reason()})", file=sys.stderr)


def unsupported(rules: Rules) -> str | None:
    """Why the kernel cannot run ``rules``, or ``None`` when it can (the convention of every
    ``unsupported`` of damier, e.g. :func:`damier.engine.egdb.database.unsupported`)."""
    for f in dataclasses.fields(rules):
        if f.name in _READ or f.name in _IGNORED:
            continue
        if f.default is not dataclasses.MISSING:
            default: object = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            return f"the kernel does not know the rule parameter {f.name!r}"
        if getattr(rules, f.name) != default:
            return f"the kernel does not know the rule parameter {f.name!r}"
    if rules.shape not in ("dark", "full"):
        return f"unknown board shape {rules.shape!r}"
    if rules.capture_rule not in _CAPTURE_RULES or rules.promotion_in_capture not in _PROMOTIONS:
        return "unknown capture or promotion rule"
    if rules.huffing and rules.king_move_limit:
        return "huffing and a king-move limit together"
    bits = max(rules.geometry.bit_position) + 1
    if bits > 128:
        return f"the board needs {bits} bits (the kernel holds 128)"
    return None


def parameters(rules: Rules) -> dict[str, Any]:
    """The keyword arguments of ``damier._kernel.Generator`` for ``rules`` (direction indices
    of :class:`~damier.core.geometry.Geometry`, rule names as the numbers of kernel.h)."""
    directions = rules.directions
    return {
        "size": rules.size,
        "full_board": int(rules.shape == "full"),
        "man_steps_white": directions(rules.man_steps, 0),
        "man_steps_black": directions(rules.man_steps, 1),
        "man_captures_white": directions(rules.man_captures, 0),
        "man_captures_black": directions(rules.man_captures, 1),
        "king_steps": directions(rules.king_steps, 0),
        "king_captures": directions(rules.king_captures, 0),
        "flying_kings": int(rules.flying_kings),
        "capture_rule": _CAPTURE_RULES[rules.capture_rule],
        "king_priority": int(rules.king_priority),
        "king_must_continue": int(rules.king_must_continue),
        "promotion_in_capture": _PROMOTIONS[rules.promotion_in_capture],
        "remove_at_end": int(rules.remove_at_end),
        "no_reverse_capture": int(rules.no_reverse_capture),
        "men_capture_kings": int(rules.men_capture_kings),
        "man_value": rules.man_value,
        "king_value": rules.king_value,
        "king_move_limit": rules.king_move_limit,
        "huffing": int(rules.huffing),
        "king_lands_behind": int(rules.king_lands_behind),
        "king_breaks_ties": int(rules.king_breaks_ties),
    }


def native_object(rules: Rules) -> Any:
    """The kernel's generator for ``rules`` (a ``damier._kernel.Generator``, built once per
    rules object), or None on the pure-Python path or for a variant the kernel does not cover."""
    module = _load()
    if module is None or unsupported(rules) is not None:
        return None
    cached = _objects.get(rules.name)
    if cached is not None and cached[0] is rules:
        return cached[1]
    obj = module.Generator(**parameters(rules))
    _objects[rules.name] = (rules, obj)
    return obj
