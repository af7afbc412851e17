"""The PDN reader's visitor: every part of a game in text order, skipping, problems of form."""

from __future__ import annotations

import io

from damier.formats.pdn import SKIP, GameVisitor, PdnIssue, ReadContext, TagsOnly, visit_games
from damier.formats.pdn.index import PdnIndex

TEXT = ('[Event "E \\"1\\""]\n[White "A"]\n{before} 1.32-28! $3 (1.33-28 {alt} 18-23) '
        '19-23 2.28x19 ! 14x23 /FEN "W:W33:B3"/ 3... 3-9 ) 2-0\n'
        '[White "B"]\n1.32-28 *')


class Recorder(GameVisitor[list[tuple[str, object]]]):
    """Writes down every call; skips what it is told to."""

    skip_tags = False
    skip_variations = False

    def begin_game(self, context: ReadContext) -> None:
        self.calls: list[tuple[str, object]] = [("begin", context.where(context.tokens[0]))]

    def tag(self, name: str, value: str) -> None:
        self.calls.append(("tag", (name, value)))

    def end_tags(self) -> object:
        self.calls.append(("end_tags", None))
        return SKIP if self.skip_tags else None

    def move(self, text: str, strength: str) -> None:
        self.calls.append(("move", text + strength))

    def strength(self, sign: str) -> None:
        self.calls.append(("strength", sign))

    def comment(self, text: str) -> None:
        self.calls.append(("comment", text))

    def nag(self, value: int) -> None:
        self.calls.append(("nag", value))

    def setup(self, fen: str) -> None:
        self.calls.append(("setup", fen))

    def begin_variation(self) -> object:
        self.calls.append(("(", None))
        return SKIP if self.skip_variations else None

    def end_variation(self) -> None:
        self.calls.append((")", None))

    def issue(self, issue: PdnIssue) -> None:
        self.calls.append(("issue", (issue.line, issue.column, issue.severity)))

    def end_game(self, terminator: str) -> list[tuple[str, object]]:
        return self.calls + [("end", terminator)]


def test_every_part_in_text_order() -> None:
    first, second = visit_games(io.StringIO(TEXT), Recorder)
    assert first[:4] == [("begin", (1, 1)), ("tag", ("Event", 'E "1"')), ("tag", ("White", "A")),
                         ("comment", "before")]
    kinds = [k for k, _ in first]
    assert kinds.index("end_tags") == kinds.index("move") - 1  # the movetext starts at '1.'
    assert [v for k, v in first if k == "move"] == ["32-28!", "33-28", "18-23", "19-23", "28x19",
                                                     "14x23", "3-9"]
    assert ("nag", 3) in first and ("comment", "alt") in first and ("strength", "!") in first
    assert ("setup", "W:W33:B3") in first
    # the stray ')' and the separated '!' are reported where they are
    issues = [v for k, v in first if k == "issue"]
    line = TEXT.splitlines()[2]
    assert issues == [(3, line.index(" ! ") + 2, "warning"), (3, line.rindex(")") + 1, "error")]
    assert first[-1] == ("end", "2-0") and second[-1] == ("end", "*")


def test_skipping_the_movetext_or_a_variation() -> None:
    class Tags(Recorder):
        skip_tags = True

    class MainLine(Recorder):
        skip_variations = True

    headers = next(visit_games(io.StringIO(TEXT), Tags))
    assert not [k for k, _ in headers if k in ("move", "comment", "nag", "(")][1:]
    assert headers[-1] == ("end", "2-0")
    main = next(visit_games(io.StringIO(TEXT), MainLine))
    assert [v for k, v in main if k == "move"] == ["32-28!", "19-23", "28x19", "14x23", "3-9"]
    assert ("comment", "alt") not in main and (")", None) not in main
    assert list(visit_games(io.StringIO(TEXT), TagsOnly)) == [{"Event": 'E "1"', "White": "A"},
                                                              {"White": "B"}]


def test_the_index_lists_headers_through_the_visitor(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "g.pdn"
    path.write_text(TEXT, encoding="utf-8")
    index = PdnIndex(path, headers=True)
    assert [h["White"] for h in index.headers] == ["A", "B"]
    assert index[1].mainline_moves()[0].long() == "32-28"
