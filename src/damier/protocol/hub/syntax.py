"""The line syntax of Hub-2 (docs/protocols.md, "Hub-2 lines"): ``<command> <name>=<value> ... <flag>``.

Values that contain spaces, ``=`` or ``"``, or are empty, are double-quoted; a backslash
escapes a ``"`` or a backslash inside quotes (Scan never needs it; we accept it). This module
owns reading and writing one line; it must not know what the commands mean.

>>> line = parse_line('info depth=3 score=-0.25 pv="32-28 19-23"')
>>> line.command, line.args["pv"], line.get_float("score")
('info', '32-28 19-23', -0.25)
>>> format_line("id", name="damier", author="damier developers")
'id name=damier author="damier developers"'
>>> parse_line('pos pos="unterminated')
Traceback (most recent call last):
...
damier.protocol.errors.HubError: Hub line 'pos pos="unterminated': unterminated quoted value
"""

from __future__ import annotations

from dataclasses import dataclass, field

from damier.protocol.errors import HubError


@dataclass
class HubLine:
    """One parsed line: the command, its ``name=value`` arguments and its bare flags."""

    command: str
    args: dict[str, str] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    text: str = ""

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of argument ``name``, or ``default``."""
        return self.args.get(name, default)

    def require(self, name: str) -> str:
        """The value of argument ``name``; :class:`HubError` when it is missing."""
        if name not in self.args:
            raise HubError(f"{self.command}: missing argument {name}=")
        return self.args[name]

    def get_int(self, name: str) -> int | None:
        """Argument ``name`` as an int (``None`` when absent); :class:`HubError` when malformed."""
        value = self.args.get(name)
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            raise HubError(f"{self.command}: {name}={value!r} is not an integer") from None

    def get_float(self, name: str) -> float | None:
        """Argument ``name`` as a real (``None`` when absent); :class:`HubError` when malformed."""
        value = self.args.get(name)
        if value is None:
            return None
        try:
            result = float(value)
        except ValueError:
            raise HubError(f"{self.command}: {name}={value!r} is not a number") from None
        if result != result or result in (float("inf"), float("-inf")):
            raise HubError(f"{self.command}: {name}={value!r} is not a finite number")
        return result


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Split into tokens; a token is ``(text, had_quotes)``. Quotes may start after ``=``."""
    out: list[tuple[str, bool]] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            break
        buf: list[str] = []
        quoted = False
        while i < n and text[i] not in " \t":
            ch = text[i]
            if ch == '"':
                quoted = True
                i += 1
                while True:
                    if i >= n:
                        raise HubError(f"Hub line {text!r}: unterminated quoted value")
                    ch = text[i]
                    if ch == "\\" and i + 1 < n and text[i + 1] in '"\\':
                        buf.append(text[i + 1])
                        i += 2
                        continue
                    if ch == '"':
                        i += 1
                        break
                    buf.append(ch)
                    i += 1
                continue
            buf.append(ch)
            i += 1
        out.append(("".join(buf), quoted))
    return out


def parse_line(text: str) -> HubLine:
    """Read one Hub line; :class:`HubError` for an unterminated quote or an empty line."""
    raw = text.rstrip("\r\n")
    tokens = _tokens(raw)
    if not tokens:
        raise HubError("empty Hub line")
    command, quoted = tokens[0]
    if quoted or "=" in command or not command:
        raise HubError(f"Hub line {raw!r}: a line must start with a command name")
    line = HubLine(command=command, text=raw)
    for token, _quoted in tokens[1:]:
        name, eq, value = token.partition("=")
        if eq:
            if not name:
                raise HubError(f"Hub line {raw!r}: argument without a name")
            line.args[name] = value
        else:
            line.flags.append(token)
    return line


def quote(value: str) -> str:
    """``value`` as written in a Hub line: quoted if it is empty or has a blank, ``=`` or ``"``."""
    if value and not any(c in value for c in ' \t="\\'):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_line(command: str, *flags: str, **args: object) -> str:
    """Write a Hub line: ``command``, then ``name=value`` for each argument, then the flags.

    Underscores in argument names become hyphens (``move_time`` -> ``move-time``); ``None``
    values are left out; floats are written with up to 3 decimals.
    """
    parts = [command]
    for name, value in args.items():
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, float):
            text = f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
        else:
            text = str(value)
        parts.append(f"{name.replace('_', '-')}={quote(text)}")
    parts.extend(flags)
    return " ".join(parts)
