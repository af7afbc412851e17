"""A Griffe extension for the documentation site (mkdocs.yml): docstrings written for pytest
and for reading in the source, shown well by Markdown.

* Doctest examples become fenced ``pycon`` code blocks. damier's docstrings carry them as
  bare doctest blocks (``>>>`` lines and the expected output, ended by a blank line), which
  pytest runs; Markdown would read them as nested quotations and take bracketed output
  such as ``['28x19']`` for links.
* Sphinx roles (``:class:`~damier.core.board.Board```) become inline code (``Board``).

Nothing else in a docstring is changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|mod|func|meth|attr|data|exc|obj):`(~?)([^`<]+?)\s*(?:<([^>`]+)>)?`")


def _role(match: re.Match[str]) -> str:
    tilde, text, target = match.groups()
    if target:  # :role:`title <target>`
        return f"`{text}`"
    return f"`{text.rsplit('.', 1)[-1] if tilde else text}`"


def plain_roles(text: str) -> str:
    """``text`` with Sphinx cross-reference roles written as inline code.

    >>> plain_roles("See :class:`~damier.core.board.Board` and :mod:`damier.core.fen`.")
    'See `Board` and `damier.core.fen`.'
    >>> plain_roles(":attr:`Rules.first_player_choice <damier.core.rules.Rules.x>`")
    '`Rules.first_player_choice`'
    """
    return ROLE.sub(_role, text)


def fence_doctests(text: str) -> str:
    r"""``text`` with every bare doctest block put between ```` ```pycon ```` fences.

    >>> fence_doctests("Text.\n\n>>> 1 + 1\n2\n\nMore.").splitlines()
    ['Text.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    out: list[str] = []
    in_fence = in_example = False
    indent = ""
    for line in text.splitlines():
        stripped = line.strip()
        if in_example and not stripped:
            out.append(f"{indent}```")
            in_example = False
        elif stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and not in_example and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class MarkdownDocstrings(griffe.Extension):
    """Fence the doctest examples and plain the roles of every docstring Griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(fence_doctests(obj.docstring.value))
