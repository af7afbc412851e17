"""Fixtures of the web tests: an app over a temporary database, a live server, a browser.

The live server is uvicorn in a thread on a free loopback port; the browser is Debian's
headless Chromium driven by Selenium through ``/usr/bin/chromedriver``. Browser tests fail
(they are not skipped) when Chromium is missing, unless ``DAMIER_SKIP_BROWSER=1``.
Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app, ws_protocol

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


LOCAL = "http://127.0.0.1:8000"
"""Base URL of test clients: the app answers only to its own host names (TestClient's
default ``testserver`` is refused with 403, see damier.web.guard)."""
LOCAL_WS = "ws://127.0.0.1:8000"
"""Prefix of WebSocket URLs in tests (``websocket_connect`` ignores ``base_url``)."""


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving the app in a background thread."""

    def __init__(self, db: Path, engines: Any = None, **options: Any) -> None:
        """``options``: further ``uvicorn.Config`` settings (e.g. those of ``damier serve``)."""
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        settings = {"log_level": "warning", "ws": ws_protocol(), **options}
        config = uvicorn.Config(create_app(db, engines=engines), host="127.0.0.1", port=self.port,
                                **settings)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web") / "live.sqlite3")
    server.start()
    yield server
    server.stop()


def chromium_paths() -> tuple[str, str]:
    browser = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return browser, driver


@contextlib.contextmanager
def launch_browser(accept_language: str | None = None) -> Iterator[Any]:
    """Headless Chromium with a fresh profile (``accept_language``: e.g. ``"cs,en"``)."""
    if os.environ.get("DAMIER_SKIP_BROWSER") == "1":
        pytest.skip("DAMIER_SKIP_BROWSER=1")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    path, driver_path = chromium_paths()
    if not (os.path.exists(path) and os.path.exists(driver_path)):
        pytest.fail("browser tests need Debian's chromium and chromium-driver "
                    "(apt-get install -y chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = path
    profile = tempfile.mkdtemp(prefix="damier-chromium-")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic",
                f"--user-data-dir={profile}", "--window-size=1280,900"):
        opts.add_argument(arg)
    if accept_language:
        opts.add_argument(f"--lang={accept_language.split(',')[0]}")
        opts.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    drv = webdriver.Chrome(service=Service(driver_path), options=opts)
    drv.set_page_load_timeout(30)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        yield drv
    finally:
        drv.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch_browser() as drv:
        yield drv
