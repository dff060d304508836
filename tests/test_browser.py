"""Real-browser tests: Debian's Chromium, headless, against `judgebase serve` on 127.0.0.1 and
against the static export opened from disk.  Screenshots at phone and desktop widths are saved
in $JUDGEBASE_ARTIFACTS (default tests/artifacts/)."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("JUDGEBASE_ARTIFACTS", Path(__file__).parent / "artifacts"))
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
# Chromium flags for a machine with no network: no background connections, no sandbox as root.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps"]

playwright = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():  # .ci/run installs it from Debian packages
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(db_path):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "judgebase", "serve", "--db", str(db_path), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/keywords", timeout=2).read()
            break
        except OSError:
            if time.time() > deadline or proc.poll() is not None:
                proc.terminate()
                raise RuntimeError("judgebase serve did not start")
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def static_site(db_path, tmp_path_factory):
    from judgebase.web.export import export_site

    out = tmp_path_factory.mktemp("site") / "site"
    export_site(db_path, out)
    return out


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=sorted(SIZES))
def page(request, browser):
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.size_name = request.param
    yield pg
    context.close()


def shot(pg, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}-{pg.size_name}.png"))


def search(pg, text):
    pg.fill("#q", text)
    pg.press("#q", "Enter")
    pg.wait_for_load_state()


# ------------------------------------------------------------------ server ----
@pytest.mark.parametrize("lang, query, expect", [
    ("es", "bloquear con el digimon atacado", "bloquear"),
    ("en", "what happens on a DP tie", "tie"),
    ("de", "Bonuskarte beim Digitieren", "Bonuskarte"),
])
def test_server_search_in_each_language(server, page, lang, query, expect):
    page.goto(f"{server}/?lang={lang}")
    search(page, query)
    page.wait_for_selector(".result")
    text = page.inner_text("#results").lower()
    assert expect.lower() in text
    shot(page, f"server-search-{lang}")


def test_server_jump_by_clause_number_and_follow_a_reference(server, page):
    page.goto(server + "/")
    search(page, "6-1-4")
    assert "/clause/CR-6-1-4" in page.url
    assert "CR 6-1-4" in page.inner_text("h1")
    page.goto(server + "/clause/CR-6-1-4-1?lang=en")
    page.click("section[data-lang=en] .text a.ref")
    page.wait_for_load_state()
    assert "/clause/" in page.url and "CR-6-1-4-1" not in page.url
    shot(page, "server-clause")


def test_server_switch_language_on_a_clause_page(server, page):
    page.goto(server + "/clause/CR-8-2-2-1-1?lang=en")
    assert page.is_visible("section[data-lang=en]") and not page.is_visible("section[data-lang=de]")
    page.click(".other-langs a[data-set-lang=de]")
    assert page.is_visible("section[data-lang=de]") and not page.is_visible("section[data-lang=en]")
    page.wait_for_load_state()
    page.goto(server + "/clause/CR-8-2-2-1-1")  # the choice is remembered (cookie)
    assert page.is_visible("section[data-lang=de]")
    main = page.inner_text("main")  # every word of the page, not only the clause text
    assert "Entscheidungen, die sie zitieren" in main and "Rulings citing it" not in main
    assert page.inner_text("form.search button") == "Suchen"


def test_server_ruling_shows_its_proof(server, page):
    page.goto(server + "/ruling/off-000-faq-01-block-own-target")
    assert page.inner_text("#proof-status") == "proven"
    assert "CR 12-1-7-1" in page.inner_text("#event-log")
    shot(page, "server-ruling")


# ------------------------------------------------------------------ static ----
def test_static_export_answers_a_spanish_question_in_spanish(static_site, page):
    page.goto((static_site / "index.html").as_uri())
    search(page, "bloquear con el digimon atacado")
    page.wait_for_selector(".result")
    assert page.inner_text("form.search button") == "Buscar"
    assert "resolución" in page.inner_text("#results") and "probada" in page.inner_text("#results")


def test_static_export_search_jump_and_links_from_disk(static_site, page):
    index = (static_site / "index.html").as_uri()
    page.goto(index + "?lang=es")
    search(page, "bloquear con el digimon atacado")
    page.wait_for_selector(".result")
    assert "bloquear" in page.inner_text("#results").lower()
    shot(page, "static-search")
    search(page, "6-1-4")
    page.wait_for_load_state()
    assert page.url.endswith("/clause/CR-6-1-4.html")
    page.goto((static_site / "clause" / "CR-6-1-4-1.html").as_uri())
    page.click("section:not([hidden]) .text a.ref")
    page.wait_for_load_state()
    assert page.url.endswith(".html") and "CR-6-1-4-1" not in page.url


def test_static_export_language_switch_and_ruling(static_site, page):
    page.goto((static_site / "clause" / "CR-8-2-2-1-1.html").as_uri())
    page.click(".other-langs a[data-set-lang=de]")
    assert page.is_visible("section[data-lang=de]") and not page.is_visible("section[data-lang=en]")
    assert page.inner_text("form.search button") == "Suchen"  # the interface switches too, offline
    page.goto((static_site / "ruling" / "off-000-faq-01-block-own-target.html").as_uri())
    assert page.is_visible("section[data-lang=de]")  # remembered across pages (localStorage)
    assert page.inner_text("#proof-status") == "bewiesen"
    log = page.inner_text("#event-log")
    assert "Hauptphase" in log and "[CR 12-1-7-1]" in log and "main phase" not in log
    assert page.title().startswith("off-000-faq-01-block-own-target")
    shot(page, "static-ruling")
