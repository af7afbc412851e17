"""Text that can be stored and sent: no lone surrogate.

JSON may spell a character as ``"\\ud800"``, half of a UTF-16 pair: Python reads it as a lone
surrogate, a ``str`` that cannot be encoded as UTF-8, so that every later answer holding it
fails (issue 24: a tag, a comment or a player's name so stored made the game's ``GET``, its
PDN and its WebSocket fail for good). :func:`lone_surrogate_at` finds one in a parsed JSON
value, so that the request is refused (422 ``bad_text``) before anything is stored;
:func:`without_lone_surrogates` mends a value read from a database written before that.

This module must not import anything else of the web package.

>>> lone_surrogate_at({"tags": {"Event": "ok", "Site": "a\\ud800"}})
'tags.Site'
>>> lone_surrogate_at({"move": "32-28", "smile": "\\U0001F600"}) is None
True
>>> without_lone_surrogates({"Event": "a\\udfffb"})
{'Event': 'a\\ufffdb'}
"""

from __future__ import annotations

import re
from typing import Any

_LONE = re.compile("[\ud800-\udfff]")


def lone_surrogate_at(value: Any, where: str = "") -> str | None:
    """Where in ``value`` (dotted keys, list indexes) a string holds a lone surrogate, or
    ``None``; keys are looked at too."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _LONE.search(item):
                return path or "(the value)"
        elif isinstance(item, dict):
            for key, inner in item.items():
                name = f"{path}.{key}" if path else str(key)
                if isinstance(key, str) and _LONE.search(key):
                    return name.encode("utf-8", "replace").decode("utf-8")
                stack.append((inner, name))
        elif isinstance(item, list):
            stack.extend((inner, f"{path}[{i}]") for i, inner in enumerate(item))
    return None


def without_lone_surrogates(value: Any) -> Any:
    """``value`` with every lone surrogate of its strings (and keys) replaced by U+FFFD."""
    if isinstance(value, str):
        return _LONE.sub("\ufffd", value) if _LONE.search(value) else value
    if isinstance(value, dict):
        return {without_lone_surrogates(k): without_lone_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_lone_surrogates(v) for v in value]
    return value


__all__ = ["lone_surrogate_at", "without_lone_surrogates"]
