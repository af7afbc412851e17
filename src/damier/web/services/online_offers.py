"""What one person asks of the other in a game between people, and how it ends the game.

Each function runs under the game's lock, with the colour of the seat that acts already
checked by the caller (:mod:`damier.web.services.online_service`), and commits through the game store:

* :func:`draw` — offer a draw, accept or decline the other's offer, or claim one of FMJD's
  (or the variant's) draw rules that the core says is claimable now;
* :func:`takeback` — ask to take back one's last move; the other accepts (the moves since
  are taken back too, so that the asker is to move again) or declines;
* :func:`resign`;
* :func:`claim_absence` — the other player has been away (no open connection) for
  ``absence`` seconds while it was their turn: claim the win, or a draw.

A move withdraws a pending draw offer (the core's rule, kept in the game row) and a pending
takeback request (the caller clears it). Rematches are the service's: they start a game.
This module must not notify anyone or know HTTP.
"""

from __future__ import annotations

from damier.core.colors import WHITE, color_name, opponent
from damier.web.errors import WebError
from damier.web.services import draw_offers
from damier.web.services import game_clock as clock
from damier.web.services.actions import check_open, finish
from damier.web.services.draw_offers import Note
from damier.web.services.game_session import Session, apply_ending, save, set_result
from damier.web.storage.game_store import Store


def draw(store: Store, s: Session, c: int, action: str) -> Note:
    """``offer``, ``accept``, ``decline`` or ``claim`` a draw for colour ``c``."""
    check_open(s)
    row = s.row
    if action == "claim":
        note = draw_offers.claim(s)
        finish(store, s)
        return note
    if action == "offer" and row.draw_offer != opponent(c):
        if row.draw_offer == c:
            raise WebError(409, "you have already offered a draw", "draw_already_offered")
        note = draw_offers.offer(s, c)
        save(store, s)
        return note
    if row.draw_offer != opponent(c):
        raise WebError(409, "there is no draw offer to answer", "no_draw_offer")
    row.draw_offer = None
    if action == "decline":
        save(store, s)
        return Note("draw_declined", "draw declined")
    draw_offers.agree(s)   # "accept", or an offer crossing the other's
    finish(store, s)
    return Note("draw_agreed", "draw agreed")


def resign(store: Store, s: Session, c: int) -> Note:
    check_open(s)
    s.board.resign(c)
    s.row.ending = {"kind": "resign", "color": c}
    finish(store, s)
    return Note("resigned_white" if c == WHITE else "resigned_black", f"{color_name(c)} resigned")


def takeback_count(s: Session, c: int) -> int:
    """How many plies to take back so that ``c`` is to move before its last move; 409 if
    ``c`` has no move to take back."""
    board = s.board
    count = 1 if board.turn != c else 2
    if board.ply < count:
        raise WebError(409, "there is no move of yours to take back", "nothing_to_undo")
    return count


def take_back(store: Store, s: Session, count: int) -> None:
    """Take back the last ``count`` plies: board, history, clocks (read back from the moves
    kept, :func:`damier.web.services.game_clock.restore`), row; commit."""
    board = s.board
    clock.check_flag(s)
    check_open(s)
    for _ in range(count):
        s.take_back()
    row = s.row
    row.draw_offer = None
    row.ply = board.ply
    clock.restore(s, store)
    set_result(row, s.outcome())
    save(store, s, drop_from=board.ply)


def takeback_request(s: Session, asking: int | None, c: int, action: str) -> int | None:
    """Check that colour ``c`` may ``request`` a takeback, or ``accept``/``decline`` the
    other's, while ``asking`` has asked (``None``: nobody); who is asking afterwards. Changes
    nothing, so that the caller can store the answer before the game changes."""
    check_open(s)
    if action == "request":
        if asking == c:
            raise WebError(409, "you have already asked to take back", "takeback_already_asked")
        takeback_count(s, c)
        return c
    if asking != opponent(c):
        raise WebError(409, "there is no takeback request to answer", "no_takeback_request")
    return None


def takeback(store: Store, s: Session, c: int, action: str) -> Note:
    """Colour ``c`` asks for a takeback (``request``), or answers the other's: ``accept``
    takes the asker's last move back (and the reply to it), ``decline`` does nothing; checked
    first with :func:`takeback_request`."""
    if action == "request":
        return Note("takeback_asked_white" if c == WHITE else "takeback_asked_black",
                    f"{color_name(c)} asks to take back a move")
    if action == "decline":
        return Note("takeback_declined", "takeback declined")
    take_back(store, s, takeback_count(s, opponent(c)))
    return Note("takeback_accepted", "takeback accepted")


def claim_absence(store: Store, s: Session, c: int, away_seconds: float, absence: float,
                  result: str) -> Note:
    """Colour ``c`` claims the win (``result`` ``"win"``) or a draw because the other side
    has been away ``away_seconds`` (at least ``absence``) while it was its turn."""
    check_open(s)
    other = opponent(c)
    if s.board.turn != other:
        raise WebError(409, "you can claim only while it is the absent player's turn",
                       "absence_not_their_turn")
    if away_seconds < absence:
        raise WebError(409, f"the other player has been away {int(away_seconds)} s; you can "
                            f"claim after {int(absence)} s", "absence_too_short",
                       seconds=int(absence - away_seconds) + 1)
    s.row.ending = {"kind": "absent", "color": other} if result == "win" else {"kind": "absent_draw"}
    apply_ending(s)
    finish(store, s)
    won = result == "win"
    return Note("absence_win" if won else "absence_draw",
                "win claimed: the other player left" if won else "draw claimed: the other player left")
