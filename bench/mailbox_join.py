"""How a friend reaches an online table through the mailbox: taps, seconds and bytes.

    python3 bench/mailbox_join.py [--runs N]     (root; after ./build.sh)

Runs itself in a network namespace of its own (``tests/e2e/netns.py``) with a
real Nostr relay on a loopback port (``nostr-relay``, ``tests/e2e/relay_support.py``)
and Chromium, as the browser tests do; nothing leaves the machine. For tables of
2, 3 and 4 pages (a host and 1-3 friends) it prints, per friend, the taps and
fields it took (open the link, type a name, tap *Join*) and the seconds from
opening the link to the link open on both sides; then the bytes the online
table adds (the online wheel, the mailbox and its relay library, brotli as
served) and which of them a page fetched before and after its first online
table (none before).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]

from netns import ENV_FLAG, netns_command  # noqa: E402


def host_page(
    browser: Any, site: str, relay: str, players: int
) -> tuple[Any, list[str], list[str]]:
    """The host's page, a table of ``players`` with every other seat online; its
    links, and the URLs the page fetched before the table went online."""
    from e2e_support import open_ready

    page = browser.new_context(
        viewport={"width": 1280, "height": 800}, service_workers="block"
    ).new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    open_ready(page, site + f"?lang=en&speed=fast&fresh=1&ice=none&level=easy&relays={relay}")
    before = list(fetched)
    page.click('.toolbar [data-ui="new"]')
    page.check(f'input[data-setup="players"][value="{players}"]')
    for seat in range(1, players):
        page.select_option(f'[data-seat-kind="{seat}"]', "online")
    page.click('[data-ui="start"]')
    links = []
    for seat in range(1, players):
        got = page.wait_for_selector(f'[data-net-seat="{seat}"] [data-invite]', timeout=60_000)
        links.append(got.get_attribute("data-invite") or "")
    page.wait_for_timeout(500)
    return page, links, [*before, "--", *fetched[len(before) :]]


def friend_joins(browser: Any, relay: str, link: str, name: str) -> tuple[int, float]:
    """A friend opens the link, types a name, taps Join: (actions, seconds to open)."""
    import json

    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", has_touch=True
    )
    ctx.add_init_script(
        "localStorage.setItem('thousand.ice', '[]');"
        f"localStorage.setItem('thousand.relays', {json.dumps(json.dumps([relay]))});"
    )
    page = ctx.new_page()
    from e2e_support import open_ready

    start = time.monotonic()
    open_ready(page, link)  # 1: the link tapped in a chat
    page.fill('[data-ui="guest-name"]', name)  # 2: the name typed
    page.tap('[data-ui="join"]')  # 3: Join
    page.wait_for_selector('#table[data-online="guest"][data-peers="1"]', timeout=120_000)
    return 3, time.monotonic() - start


def bytes_of(dist: Path) -> list[tuple[str, int, int]]:
    """The online table's own files: (name, bytes, brotli bytes as served)."""
    out = []
    files = sorted((dist / "pyodide").glob("thousand_online-*.whl")) + sorted(
        p for p in (dist / "online").iterdir() if p.suffix in (".js", ".mjs")
    )
    for path in files:
        br = path.with_name(path.name + ".br")
        out.append(
            (
                path.relative_to(dist).as_posix(),
                path.stat().st_size,
                (br if br.is_file() else path).stat().st_size,
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="tables of each size")
    args = ap.parse_args()
    if os.environ.get(ENV_FLAG) != "1":
        os.environ[ENV_FLAG] = "1"
        os.execvp("unshare", netns_command([sys.executable, *sys.argv]))
    from e2e_support import CHROMIUM, CHROMIUM_ARGS, DIST
    from netns import WEBRTC_ARGS
    from playwright.sync_api import sync_playwright
    from relay_support import running_relay
    from serve import start_server

    server, site = start_server(DIST)
    print("friends reaching the table through a local nostr-relay (netns, no STUN)")
    print(f"{'pages':>5}  {'friend':>6}  {'actions':>7}  {'seconds':>7}")
    with running_relay() as relay, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *WEBRTC_ARGS]
        )
        fetched: list[str] = []
        for pages in (2, 3, 4):
            times: list[float] = []
            for _ in range(args.runs):
                host, links, fetched = host_page(browser, site, relay.url, pages)
                for i, link in enumerate(links):
                    taps, took = friend_joins(browser, relay.url, link, f"Friend {i + 1}")
                    times.append(took)
                    print(f"{pages:>5}  {i + 1:>6}  {taps:>7}  {took:>7.1f}")
                host.wait_for_selector(f'#table[data-peers="{pages - 1}"]', timeout=60_000)
                host.context.close()
            print(f"{pages:>5}  median  {'':>7}  {statistics.median(times):>7.1f}")
        browser.close()
    server.shutdown()
    cut = fetched.index("--")
    early = [u for u in fetched[:cut] if "/online/" in u or "thousand_online" in u]
    late = [u.split("/")[-1] for u in fetched[cut:] if "/online/" in u or "thousand_online" in u]
    print("\nthe online table's own files (fetched only once a table goes online):")
    for name, size, sent in bytes_of(DIST):
        print(f"  {size:>9,d}  {sent:>9,d} brotli  {name}")
    print(f"  fetched before the first online table: {len(early)}; after: {', '.join(late)}")


if __name__ == "__main__":
    main()
