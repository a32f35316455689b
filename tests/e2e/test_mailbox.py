"""Friends join an online table by its link alone, through a real Nostr relay.

Inside a network namespace of the test's own (``netns``), ``nostr-relay`` from
PyPI runs on a loopback port (``relay_support``) and the pages are given it:
the host by ``relays=`` in its address, the friends by their stored *Connection
settings* (an invitation link carries no settings). No STUN server, nothing
leaves the namespace. Done as players do it: the host opens the table and sends
each friend their link; a friend opens it, types a name, taps *Join*; nothing
is sent back. Then: the relay stopped (the reply by hand), a reply link opened
in a second tab of the host's browser (handed to the first, no second host), a
friend's page reloaded (back through the mailbox, nothing pasted), and a relay
that lies (``hostile_relay``: replayed, changed, forged and malformed events).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_online
from e2e_support import ARTIFACTS, open_ready
from hostile_relay import MARK, HostileRelay
from netns import require_netns, run_pytest_in_netns
from relay_support import Relay, running_relay
from test_online import act_once


def test_in_a_network_namespace() -> None:
    """The tests below, run in a network namespace made for them (root; else skipped)."""
    run_pytest_in_netns(Path(__file__), timeout=1500)


@pytest.fixture(scope="module")
def relay() -> Iterator[Relay]:
    require_netns()
    with running_relay() as r:
        yield r


# the browser and the site of the online tests (a network namespace's)
chromium, site = test_online.chromium, test_online.site

#: The browser contexts the running test opened (each page a whole Pyodide): closed
#: after it, so a module's later tests do not run beside every earlier page.
OPENED: list[Any] = []


@pytest.fixture(autouse=True)
def close_pages() -> Iterator[None]:
    yield
    while OPENED:
        with contextlib.suppress(Exception):
            OPENED.pop().close()


def shoot(page: Any, name: str) -> None:
    """A picture for a person to look at (artifacts/mailbox/)."""
    ARTIFACTS.joinpath("mailbox").mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(Exception):
        page.screenshot(path=str(ARTIFACTS / "mailbox" / f"{name}.png"))


def settings(relays: list[str]) -> str:
    """A friend's stored Connection settings: no STUN server, these relays."""
    return (
        "localStorage.setItem('thousand.ice', '[]');"
        f"localStorage.setItem('thousand.relays', {json.dumps(json.dumps(relays))});"
    )


def host_table(chromium: Any, site: str, relays: str, online: int = 1) -> tuple[Any, list[str]]:
    """The host's page with an online table of 3 (``online`` friends' seats, the
    rest a computer player) and each seat's invitation link."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    OPENED.append(ctx)
    host = ctx.new_page()
    open_ready(host, site + f"?lang=en&speed=fast&fresh=1&ice=none&level=easy&relays={relays}")
    host.click('.toolbar [data-ui="new"]')
    host.check('input[data-setup="players"][value="3"]')
    for seat in range(1, 1 + online):
        host.select_option(f'[data-seat-kind="{seat}"]', "online")
    host.fill('[data-seat-name="0"]', "Ivan")
    host.press('[data-seat-name="0"]', "Tab")
    host.click('[data-ui="start"]')
    links = []
    for seat in range(1, 1 + online):
        got = host.wait_for_selector(f'[data-net-seat="{seat}"] [data-invite]', timeout=60_000)
        links.append(got.get_attribute("data-invite") or "")
    return host, links


def friend(chromium: Any, relays: list[str], width: int = 390, height: int = 844) -> Any:
    ctx = chromium.new_context(
        viewport={"width": width, "height": height}, service_workers="block", has_touch=True
    )
    OPENED.append(ctx)
    ctx.add_init_script(settings(relays))
    return ctx.new_page()


def join(page: Any, link: str, name: str) -> int:
    """A friend opens the link, types a name and taps *Join*: the taps it took."""
    open_ready(page, link)
    page.wait_for_selector('[data-ui="join"]', timeout=60_000)
    page.fill('[data-ui="guest-name"]', name)
    page.tap('[data-ui="join"]')
    return 3  # (open the link, type the name, tap Join)


def begun(chromium: Any, site: str, relay: Relay) -> tuple[Any, Any]:
    """Ivan's table with Olena joined by the link alone, the game begun, dealt."""
    host, links = host_table(chromium, site, relay.url)
    guest = friend(chromium, [relay.url])
    join(guest, links[0], "Olena")
    host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    host.click('[data-ui="begin-online"]')
    guest.wait_for_selector(".hand-own [data-card]", timeout=60_000)
    return host, guest


def play_deal(pages: list[Any]) -> None:
    """Each page's person plays when it is their turn until every page shows the
    deal's summary."""
    for _ in range(900):
        if all(p.locator(".dialog.summary .verdict").count() for p in pages):
            return
        if not any(act_once(p) for p in pages):
            pages[0].wait_for_timeout(100)
    raise AssertionError("the deal never ended on every page")


def test_two_friends_join_by_the_link_alone_and_play_a_deal(
    chromium: Any, site: str, relay: Relay
) -> None:
    host, links = host_table(chromium, site, relay.url, online=2)
    assert all("&mb=" in x and "&by=Ivan" in x for x in links)
    shoot(host, "1-host-invitations")
    olena, petro = friend(chromium, [relay.url]), friend(chromium, [relay.url], 844, 390)
    for page, link, name in ((olena, links[0], "Olena"), (petro, links[1], "Petro")):
        start = time.monotonic()
        taps = join(page, link, name)
        page.wait_for_selector('#table[data-online="guest"][data-peers="1"]', timeout=60_000)
        took = time.monotonic() - start
        print(f"{name}: {taps} taps, connected {took:.1f} s after opening the link")
        assert "Ivan" in page.locator(".dialog.online").inner_text()  # "…host: Ivan"
    host.wait_for_selector('#table[data-peers="2"]', timeout=60_000)
    for seat, name in ((1, "Olena"), (2, "Petro")):
        row = host.locator(f'[data-net-seat="{seat}"]')
        assert row.get_attribute("data-seat-state") == "connected"
        host.wait_for_function(
            '([s, n]) => document.querySelector(`[data-net-seat="${s}"]`).textContent.includes(n)',
            arg=[seat, name],
        )
    shoot(host, "2-host-both-joined")
    shoot(olena, "3-olena-joined")
    host.click('[data-ui="begin-online"]')
    for page in (olena, petro):
        page.wait_for_selector(".dialog.online", state="detached", timeout=60_000)
    play_deal([host, olena, petro])
    pages = (host, olena, petro)
    totals = [sorted(p.locator(".nameplate .total").all_inner_texts()) for p in pages]
    assert totals[0] == totals[1] == totals[2]  # the same deal's end on every page
    rows = [p.locator(".dialog.summary .summary-table tbody tr").count() for p in pages]
    assert rows == [3, 3, 3]
    for page in (host, olena, petro):
        assert page.locator('.notice [data-notice="cheat"]').count() == 0
    shoot(petro, "4-petro-deal-over")
    # the name is remembered for the next invitation
    assert olena.evaluate("localStorage.getItem('thousand.name')") == '"Olena"'


def test_a_friend_reloaded_comes_back_through_the_mailbox(
    chromium: Any, site: str, relay: Relay
) -> None:
    host, guest = begun(chromium, site, relay)
    hand = sorted(
        guest.locator(".hand-own [data-card]").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    )
    guest.reload()  # nothing pasted, nothing tapped: the page knocks, the host invites
    guest.wait_for_selector('#table[data-online="guest"][data-peers="1"]', timeout=120_000)
    host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    again = sorted(
        guest.locator(".hand-own [data-card]").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    )
    assert again == hand
    shoot(guest, "5-guest-back")
    # and the same link tapped again later brings nothing new: the table is there
    assert guest.get_attribute("#table", "data-seat") == "1"


def test_the_relay_stopped_the_reply_goes_by_hand(chromium: Any, site: str) -> None:
    with running_relay() as gone:
        host, links = host_table(chromium, site, gone.url)
        gone.stop()  # the relay is down before the friend opens the link
        guest = friend(chromium, [gone.url])
        join(guest, links[0], "Olena")
        # after a few seconds without an answer the friend's page shows the reply
        reply = guest.wait_for_selector("[data-reply]", timeout=60_000).get_attribute("data-reply")
        assert reply and "#reply=" in reply
        shoot(guest, "6-guest-by-hand")
        host.click('[data-net-seat="1"] details.by-hand summary')
        host.fill('[data-ui="reply-input"][data-seat="1"]', reply)
        host.click('[data-ui="connect"][data-seat="1"]')
        host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
        guest.wait_for_selector('#table[data-peers="1"]', timeout=60_000)


def test_a_reply_link_opened_in_a_second_tab_connects_the_first(chromium: Any, site: str) -> None:
    host, links = host_table(chromium, site, "none")
    guest = friend(chromium, [])
    open_ready(guest, links[0])
    reply = guest.wait_for_selector("[data-reply]", timeout=60_000).get_attribute("data-reply")
    assert reply and "#reply=" in reply
    second = host.context.new_page()  # the chat app opens the reply link in a new tab
    open_ready(second, reply)
    host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    guest.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    second.wait_for_selector('.notice [data-notice="reply"]', timeout=30_000)
    assert "another tab" in second.locator(".notices").inner_text()
    assert second.get_attribute("#table", "data-online") in (None, "")  # no second host
    shoot(second, "7-second-tab")


def test_a_relay_that_lies_changes_nothing_and_shows_nothing(chromium: Any, site: str) -> None:
    """The only relay replays, changes and forges events and sends malformed frames:
    the friend still joins by the link alone, once; nothing of the relay's is shown,
    no error is said."""
    liar = HostileRelay()
    liar.start()
    try:
        host, links = host_table(chromium, site, liar.url)
        guest = friend(chromium, [liar.url])
        join(guest, links[0], "Olena")
        guest.wait_for_selector('#table[data-online="guest"][data-peers="1"]', timeout=60_000)
        host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
        guest.wait_for_timeout(1500)  # (the lies around the last letters arrive)
        assert liar.lies > 10
        assert host.locator("[data-seat-state]").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.seatState)"
        ) == ["connected"]
        for page in (host, guest):
            text = page.locator("body").inner_text()
            assert MARK not in text and "<script>" not in text
            assert page.locator(".notice.error").count() == 0
        shoot(guest, "8-guest-past-a-lying-relay")
    finally:
        liar.stop()


def test_a_reloaded_host_finds_its_friend_again_through_the_mailbox(
    chromium: Any, site: str, relay: Relay
) -> None:
    host, guest = begun(chromium, site, relay)
    start = time.monotonic()
    host.reload()  # its new invitation goes to the friend's box; nobody pastes anything
    host.wait_for_selector('#table[data-online="host"]', timeout=120_000)
    loaded = time.monotonic() - start
    host.wait_for_selector('#table[data-online="host"][data-peers="1"]', timeout=120_000)
    guest.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    print(f"host reloaded in {loaded:.1f} s, friend back {time.monotonic() - start:.1f} s")
    assert guest.locator('.notice [data-notice="reloaded"]').count() == 0
    shoot(host, "9-host-back")
