"""Two Chromium pages of the real game play a deal online, a computer player in the
third seat, connected by the invitation link and the pasted reply (WebRTC).

No network: ``test_in_a_network_namespace`` runs this module again inside a
network namespace of its own (``netns``), where dist/ is served on 127.0.0.1 and
Chromium offers its one address 10.99.0.1; no STUN server and no relay is set
(``ice=none&relays=none`` on the host, empty settings stored on the guest: the
reply goes back by hand; ``test_mailbox.py`` joins through a relay). Done as the players do it:
the host chooses *Player online* for a seat in New game, sends the invitation
link; the friend opens it, sends the reply back; the host pastes it, presses
*Connect*, then *Begin the game*; each page then plays its own seat by clicks.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, DIST, open_ready
from netns import WEBRTC_ARGS, require_netns, run_pytest_in_netns
from play_support import CARD_SPOT, version
from serve import start_server

# Every data channel's sends are recorded on the page (``window.__sent``), so that
# the test can play a tampered page: it sends through the same channel texts that
# the page's own code never would.
RECORD_SENDS = """
(() => {
  const send = RTCDataChannel.prototype.send;
  window.__sent = [];
  RTCDataChannel.prototype.send = function (text) {
    window.__chan = this;
    window.__sent.push(String(text));
    return send.call(this, text);
  };
})();
"""

TAMPER = """
() => {
  const sent = window.__sent.map((t) => JSON.parse(t)).filter((m) => m.seq !== undefined);
  const old = sent[sent.length - 1];
  const forged = Object.assign({}, old, {deal: (old.deal || 0) + 5, junk: 1});
  const texts = [
    JSON.stringify(old),              // an old message again: refused
    JSON.stringify(forged),           // an old number with other text: refused
    '{"v": 1, "t": "act", "seq": ',   // not JSON
    'x'.repeat(70000),                // over the size cap
  ];
  for (const t of texts) window.__chan.send(t);
  return texts.length;
}
"""


def test_in_a_network_namespace() -> None:
    """The tests below, run in a network namespace made for them (root; else skipped)."""
    run_pytest_in_netns(Path(__file__), timeout=1500)


@pytest.fixture(scope="module")
def site() -> Any:
    require_netns()
    server, url = start_server(DIST)
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def chromium() -> Any:
    require_netns()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *WEBRTC_ARGS]
        )
        yield browser
        browser.close()


def shoot(page: Any, name: str) -> None:
    """A picture for a person to look at (artifacts/online/)."""
    ARTIFACTS.joinpath("online").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "online" / f"{name}.png"))


def act_once(page: Any) -> bool:
    """The page's person acts once if it is their turn (the first choice)."""
    if page.get_attribute("#table", "data-turn") != "human":
        return False
    phase = page.get_attribute("#table", "data-phase")
    before = version(page)
    buttons = page.locator(".controls [data-action]")
    texts = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    if phase == "bidding":
        if not texts:
            return False  # its controls are not drawn yet: look again
        pick = next((x for x in texts if x in ("pass", "keep", "look")), None) or texts[0]
        page.click(f'.controls [data-action="{pick}"]')
    elif phase == "discard":
        page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
        page.locator('[data-action^="give "]').first.click()
    elif phase == "contract":
        page.locator('[data-action^="contract "]').first.click()
    else:
        page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.version) > v "
        "|| document.querySelector('#table').dataset.turn !== 'human'",
        arg=before,
    )
    return True


def connect(chromium: Any, site: str) -> tuple[Any, Any]:
    """Host and guest pages at one online table, the game begun, cards dealt."""
    host = chromium.new_context(
        viewport={"width": 1280, "height": 800}, service_workers="block"
    ).new_page()
    open_ready(host, site + "?lang=en&speed=fast&fresh=1&ice=none&relays=none&level=easy")
    host.click('.toolbar [data-ui="new"]')
    host.check('input[data-setup="players"][value="3"]')
    host.select_option('[data-seat-kind="1"]', "online")
    host.fill('[data-seat-name="0"]', "Ann")
    host.press('[data-seat-name="0"]', "Tab")
    host.click('[data-ui="start"]')
    invite = host.wait_for_selector("[data-invite]", timeout=60_000).get_attribute("data-invite")
    assert invite and "#join=" in invite
    assert host.locator(".dialog.online svg.qr").count() == 1
    assert "No STUN server" in host.locator(".dialog.online").inner_text()  # ice=none
    shoot(host, "1-host-invitation")

    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    # no STUN server and no relay in tests: the reply goes back by hand (test_mailbox.py:
    # through a relay of the test's own)
    ctx.add_init_script(
        "localStorage.setItem('thousand.ice', '[]'); localStorage.setItem('thousand.relays', '[]')"
    )
    ctx.add_init_script(RECORD_SENDS)
    guest = ctx.new_page()
    open_ready(guest, invite)
    reply = guest.wait_for_selector("[data-reply]", timeout=60_000).get_attribute("data-reply")
    assert reply and "#reply=" in reply
    shoot(guest, "2-guest-reply")

    host.fill('[data-ui="reply-input"][data-seat="1"]', reply)
    host.click('[data-ui="connect"][data-seat="1"]')
    host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    guest.wait_for_selector('#table[data-online="guest"][data-peers="1"]', timeout=60_000)
    shoot(host, "3-host-connected")
    host.click('[data-ui="begin-online"]')
    # the game begun, the guest's join dialog goes by itself (it stayed over the
    # table, its bid buttons under it, until Close): act_once clicks them for real
    guest.wait_for_selector(".dialog.online", state="detached", timeout=60_000)
    guest.wait_for_selector(".hand-own [data-card]", timeout=60_000)  # its own cards, dealt
    host.wait_for_selector(".hand-own [data-card]", timeout=60_000)
    shoot(guest, "4-guest-dealt")
    shoot(host, "5-host-dealt")
    assert "Computer 3" in " ".join(guest.locator(".nameplate").all_inner_texts())

    return host, guest


def rejoin(host: Any, guest: Any, invite: str) -> None:
    """The guest pastes the host's new invitation (*Rejoin*), the host its reply
    (*Connect*); both see the link open; the guest's dialog goes by itself, and with
    it the words that the page was reloaded; the host closes its own."""
    # the Rejoin dialog shows no spent reply (its QR code stayed at 390 px)
    assert guest.locator(".dialog.online [data-reply], .dialog.online svg.qr").count() == 0
    guest.fill('[data-ui="invite-input"]', invite)
    guest.click('[data-ui="rejoin"]')
    reply = guest.wait_for_selector("[data-reply]", timeout=60_000).get_attribute("data-reply")
    host.fill('[data-ui="reply-input"][data-seat="1"]', reply or "")
    host.click('[data-ui="connect"][data-seat="1"]')
    host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    guest.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
    guest.wait_for_selector(".dialog.online", state="detached", timeout=60_000)
    assert guest.locator('.notice [data-notice="reloaded"]').count() == 0
    if host.locator('.dialog.online [data-ui="close"]').count():
        host.click('.dialog.online [data-ui="close"]')


def play_to_deal_end(host: Any, guest: Any, after: str = "") -> None:
    """Each page's person plays when it is their turn until the host's deal is over."""
    for _ in range(400):
        if host.get_attribute("#table", "data-deals") not in (None, "0"):
            return
        if not (act_once(host) or act_once(guest)):
            host.wait_for_timeout(100)
    raise AssertionError(f"the deal never ended {after}".strip())


def tamper(host: Any, guest: Any) -> None:
    """The guest's page turns hostile for a moment: an old message sent again, an
    old one altered, one that is not JSON, one too big. The host refuses each, says
    so, and its game does not move; the deal then goes on as if nothing was sent."""
    # (Measured once a person is to move: a computer player's card would move it.)
    for _ in range(600):
        if "human" in (
            host.get_attribute("#table", "data-turn"),
            guest.get_attribute("#table", "data-turn"),
        ):
            break
        host.wait_for_timeout(100)
    else:
        raise AssertionError("a computer player never let a person move")
    before = version(host)
    assert guest.evaluate(TAMPER) == 4
    host.wait_for_selector('.notice [data-notice="net-refused"]', timeout=60_000)
    shoot(host, "6-host-refused")
    assert version(host) == before
    assert host.locator(".notice.error").count() == 0  # a refusal, not a lost table


def advance(host: Any, guest: Any) -> None:
    """One action by whoever's turn it is on the two pages, then into a trick."""
    for _ in range(100):
        if act_once(host) or act_once(guest):
            break
        host.wait_for_timeout(100)
    into_a_trick(host, guest)


def ip(*args: str, check: bool = True) -> None:
    subprocess.run(["ip", *args], check=check, timeout=30, capture_output=True)


def drop_and_rejoin(host: Any, guest: Any) -> None:
    """The network goes away in the middle of a trick; both pages say so; the host
    makes a new invitation, the guest pastes it, the reply comes back."""
    before = version(host)
    ip("addr", "del", "10.99.0.1/24", "dev", "v0")  # the pages' one address goes away
    try:
        host.wait_for_selector(".notice.error", timeout=120_000)
        guest.wait_for_selector(".notice.error", timeout=120_000)
        shoot(host, "7-host-lost")
    finally:
        ip("addr", "add", "10.99.0.1/24", "dev", "v0", check=False)
        ip("route", "add", "default", "via", "10.99.0.2", "dev", "v0", check=False)
    host.click('.notice [data-ui="reinvite-1"]')
    invite = host.wait_for_selector("[data-invite]", timeout=60_000).get_attribute("data-invite")
    guest.click('.notice [data-ui="online"]')
    rejoin(host, guest, invite or "")
    assert version(host) >= before


def guest_reloads(host: Any, guest: Any) -> None:
    """The guest's page reloads in the middle of a trick (a phone browser killing a
    background tab does the same): it comes back with its cards from its journal,
    the host makes a new invitation, the guest pastes it."""
    hand = sorted(
        guest.locator(".hand-own [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert hand
    before = version(host)
    open_ready(guest)
    # back behind the rejoin: its own cards, the same as before the reload
    guest.wait_for_selector('[data-ui="invite-input"]', timeout=60_000)
    again = sorted(
        guest.locator(".hand-own [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert again == hand
    assert guest.get_attribute("#table", "data-online") == "guest"
    shoot(guest, "8-guest-reloaded")
    host.wait_for_selector('.notice [data-ui="reinvite-1"]', timeout=120_000)
    host.click('.notice [data-ui="reinvite-1"]')
    invite = host.wait_for_selector("[data-invite]", timeout=60_000).get_attribute("data-invite")
    rejoin(host, guest, invite or "")
    assert version(host) >= before


def host_reloads(host: Any, guest: Any) -> None:
    """The host's page reloads mid-trick: it comes back with the table (its bot's
    keys, the log) and a new invitation; the friend's page, told the host is gone,
    takes it (*Rejoin*)."""
    before = version(guest)
    open_ready(host)
    assert host.get_attribute("#table", "data-online") == "host"
    invite = host.wait_for_selector("[data-invite]", timeout=60_000).get_attribute("data-invite")
    assert invite and "#join=" in invite
    shoot(host, "9-host-reloaded")
    guest.wait_for_selector('.notice [data-ui="online"]', timeout=120_000)
    guest.click('.notice [data-ui="online"]')
    rejoin(host, guest, invite)
    assert version(guest) >= before


def close_summaries(*pages: Any) -> None:
    """Each page's person closes a finished deal's summary (*Next deal*), if shown."""
    for page in pages:
        button = page.locator('.dialog.summary [data-ui="next"]')
        if button.count():
            button.click()
            page.wait_for_selector(".dialog.summary", state="detached", timeout=60_000)


def into_a_trick(host: Any, guest: Any) -> None:
    """Play until a card is on the felt (a deal over before one was, by a computer
    player's concession or a redeal: its summary closed, the next deal's)."""
    for _ in range(200):
        close_summaries(host, guest)
        if (
            host.get_attribute("#table", "data-phase") == "play"
            and host.locator(".trick .card, .felt .trick-card").count()
        ):
            return
        if not (act_once(host) or act_once(guest)):
            host.wait_for_timeout(100)
    raise AssertionError("no card reached the felt")


@contextlib.contextmanager
def shots_if_failed(host: Any, guest: Any, name: str) -> Iterator[None]:
    """Both pages' pictures when a step fails (artifacts/online/failed-NAME-*)."""
    try:
        yield
    except Exception:
        shoot(host, f"failed-{name}-host")
        shoot(guest, f"failed-{name}-guest")
        raise


def test_an_online_deal_survives_tampering_a_drop_and_two_reloads(chromium: Any, site: str) -> None:
    """One table, one deal (a connection costs two page loads, so the steps share
    it): a tampered message, the guest dropped mid-trick, the guest's page reloaded,
    the host's page reloaded; after each the deal goes on, and it ends on both
    pages without an error."""
    host, guest = connect(chromium, site)
    assert host.get_attribute("#table", "data-seat") == "0"
    assert guest.get_attribute("#table", "data-seat") == "1"
    with shots_if_failed(host, guest, "steps"):
        into_a_trick(host, guest)
        tamper(host, guest)
        advance(host, guest)
        drop_and_rejoin(host, guest)
        advance(host, guest)
        guest_reloads(host, guest)
        advance(host, guest)
        host_reloads(host, guest)
    for _ in range(600):  # the deal played out: each page shows its summary
        if host.locator(".dialog.summary .verdict").count():
            break
        if not (act_once(host) or act_once(guest)):
            host.wait_for_timeout(100)
    else:
        raise AssertionError("the deal never ended after the reloads")
    for page in (host, guest):  # no cheat was found, and nothing is lost now
        assert page.locator('.notice [data-notice="cheat"]').count() == 0
        assert page.locator('.notice [data-notice^="lost"]').count() == 0
        assert page.locator('.notice [data-notice="reloaded"]').count() == 0
    # each page shows the deal's summary (online went straight to the next bids)
    for page in (host, guest):
        page.wait_for_selector(".dialog.summary .verdict", timeout=60_000)
        assert page.get_attribute("#table", "data-phase") == "deal-end"
        assert page.locator(".controls [data-action]").count() == 0  # its turn waits
    for page in (host, guest):  # the same deal on both: its verdict and three rows,
        assert page.locator(".dialog.summary .summary-table tbody tr").count() == 3
        # every column inside the box, at 390 px too (Total was cut off there)
        box = page.locator(".dialog.summary")
        assert box.evaluate("(d) => d.scrollWidth <= d.clientWidth"), page.viewport_size
    assert (
        host.locator(".verdict")
        .inner_text()
        .endswith(guest.locator(".verdict").inner_text().split(" ", 1)[1])
    )
    shoot(guest, "10-guest-deal-over")
    shoot(host, "11-host-deal-over")
    for page in (host, guest):  # Next deal, by a real click on the visible button
        page.click('.dialog.summary [data-ui="next"]')
        page.wait_for_selector(".dialog.summary", state="detached", timeout=60_000)
    for _ in range(600):  # and the next deal is bid by clicks on both pages
        if act_once(host) or act_once(guest):
            break
        host.wait_for_timeout(100)
    else:
        raise AssertionError("nobody could act in the next deal")
    shoot(guest, "12-guest-next-deal")


def test_the_host_gone_the_friend_hosts_the_game_anew_and_the_host_rejoins(
    chromium: Any, site: str
) -> None:
    """The host's page goes away mid-deal; the friend presses *Host this game*; the
    old host's page opens the invitation made for its seat and rejoins with its own
    record of the game; a deal then ends on both pages, with the same scores."""
    host, guest = connect(chromium, site)
    into_a_trick(host, guest)
    address = host.url
    host.goto("about:blank")  # the host's page is gone (its storage stays)
    with shots_if_failed(host, guest, "anew"):
        guest.wait_for_selector('.notice [data-ui="online"]', timeout=120_000)
        guest.click('.notice [data-ui="online"]')
        guest.click('[data-ui="host-anew"]')
        guest.wait_for_selector('#table[data-online="host"]', timeout=60_000)
        invite = guest.wait_for_selector("[data-invite]", timeout=60_000).get_attribute(
            "data-invite"
        )
        assert invite and "#join=" in invite
        shoot(guest, "11-guest-hosts-anew")
        open_ready(
            host,
            address.split("#")[0].split("?")[0]
            + "?lang=en&speed=fast&ice=none&relays=none"
            + invite[invite.index("#") :],
        )
        reply = host.wait_for_selector("[data-reply]", timeout=60_000).get_attribute("data-reply")
        assert host.get_attribute("#table", "data-online") == "guest"
        guest.fill('[data-ui="reply-input"][data-seat="0"]', reply or "")
        guest.click('[data-ui="connect"][data-seat="0"]')
        guest.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
        host.wait_for_selector('#table[data-peers="1"]', timeout=60_000)
        shoot(host, "12-old-host-rejoined")
        guest.click('[data-ui="begin-online"]')
        if host.locator('.dialog.online [data-ui="close"]').count():
            host.click('.dialog.online [data-ui="close"]')
    play_to_deal_end(guest, host, "at the table hosted anew")
    host.wait_for_function("document.querySelector('#table').dataset.deals !== '0'")
    totals = [p.locator(".nameplate .total").all_inner_texts() for p in (guest, host)]
    assert sorted(totals[0]) == sorted(totals[1])
    for page in (host, guest):
        assert page.locator('.notice [data-notice="cheat"]').count() == 0
