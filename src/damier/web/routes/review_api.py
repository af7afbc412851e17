"""HTTP routes of game reviews (:mod:`damier.web.services.review_service`). See ``docs/web.md``.

This module only translates between HTTP and :class:`~damier.web.services.review_service.Reviews`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from damier.web.errors import WebError
from damier.web.routes.requests import RouteTable, load, read_json
from damier.web.services.review_service import Reviews, review_settings

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""


def reviews(request: Request) -> Reviews:
    r: Reviews = request.app.state.reviews
    return r


@routes.post("/api/games/{gid}/review")
async def start_review(request: Request) -> JSONResponse:
    """``{"seconds"?: 0.3, "depth"?: n, "force"?: false}`` -> 202 running, 200 done."""
    data = await read_json(request)
    s = await load(request)
    settings = review_settings(data.get("seconds"), data.get("depth"))
    body = await reviews(request).start(s, settings, force=bool(data.get("force")))
    return JSONResponse(body, status_code=200 if body["status"] == "done" else 202)


@routes.get("/api/games/{gid}/review")
async def get_review(request: Request) -> JSONResponse:
    """200 with the plies when done, 202 with the progress while running; 404 when the game
    has no review, or with ``?missing=ok`` 200 ``{"status": "none"}`` (a page that only
    looks whether there is one, without an error in its console)."""
    s = await load(request)
    body = reviews(request).status(s)
    if body is None and request.query_params.get("missing") == "ok":
        return JSONResponse({"status": "none"})
    if body is None:
        raise WebError(404, "this game has not been reviewed (POST to start)", "no_review")
    return JSONResponse(body, status_code=200 if body["status"] in ("done", "failed") else 202)


@routes.delete("/api/games/{gid}/review")
async def cancel_review(request: Request) -> JSONResponse:
    s = await load(request)
    return JSONResponse(reviews(request).cancel(s))
