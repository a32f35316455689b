"""Three pages at one online table, the third one hostile: whatever it tries, the two
honest pages are told who it was, in words, and the table goes on.

Ivan hosts, Olena and Petro join by their links (through a real relay, as in
``test_mailbox``). Petro's page is changed under its own code, as a cheater's
would be: its data channel's ``send`` rewrites what the page sends. Three
tables, one cheat each:

- a card played with the proof of another (a card it does not hold): caught
  live, named on every page, the host goes on without Petro (a computer player
  takes the seat, the deal dealt again) and the deal is played to its end;
- a forged key at the deal's audit: the same;
- a flood of 1,000 resend requests: the host cuts Petro off as a lost
  connection, says so on every page, a computer player takes the seat, and the
  deal is played to its end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import test_mailbox as mb
from netns import require_netns, run_pytest_in_netns
from test_online import act_once

# Petro's page: every text its data channel sends passes through here first.
HOSTILE = """
(() => {
  const send = RTCDataChannel.prototype.send;
  window.__sent = [];
  window.__cheat = "";
  const other = (m) => {
    const held = new Set([...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card));
    for (const s of "SCDH") for (const r of "AKQJT9") if (!held.has(r + s)) return r + s;
    return null;
  };
  RTCDataChannel.prototype.send = function (text) {
    window.__chan = this;
    let out = String(text);
    try {
      const m = JSON.parse(out);
      if (window.__cheat === "claim" && m.t === "act" && /^play /.test(m.a) && m.proof) {
        m.a = "play " + other(m);  // a card nowhere on its screen, with its own card's proof
        out = JSON.stringify(m);
        window.__cheat = "done";
      } else if (window.__cheat === "key" && m.t === "reveal") {
        m.d = m.d.slice(0, -1) + (m.d.endsWith("1") ? "2" : "1");  // not the key it promised
        out = JSON.stringify(m);
        window.__cheat = "done";
      }
    } catch (e) {}
    window.__sent.push(out);
    return send.call(this, out);
  };
})();
"""

FLOOD = """
() => {
  const sent = window.__sent.map((t) => { try { return JSON.parse(t); } catch (e) { return {}; } });
  const last = sent.filter((m) => typeof m.seq === "number").pop();
  for (let i = 1; i <= 1000; i++) {
    window.__chan.send(JSON.stringify({v: last.v, t: "nack", seq: last.seq + i, from: last.from,
                                       from_seq: 0}));
  }
  return 1000;
}
"""


# the browser, the site and the relay of the mailbox's tests
chromium, site, relay = mb.chromium, mb.site, mb.relay
close_pages = mb.close_pages  # (each test's pages closed after it)
friend, host_table, join, shoot = mb.friend, mb.host_table, mb.join, mb.shoot


def test_in_a_network_namespace() -> None:
    """The tests below, run in a network namespace made for them (root; else skipped)."""
    run_pytest_in_netns(Path(__file__), timeout=1800)


def table(chromium: Any, site: str, relay: Any, cheat: str) -> tuple[Any, Any, Any]:
    """Ivan's table with Olena and Petro joined by their links, the game begun;
    Petro's page will try ``cheat``."""
    require_netns()
    host, links = host_table(chromium, site, relay.url, online=2)
    olena = friend(chromium, [relay.url])
    petro = friend(chromium, [relay.url], 844, 390)
    petro.context.add_init_script(HOSTILE)
    join(olena, links[0], "Olena")
    join(petro, links[1], "Petro")
    host.wait_for_selector('#table[data-peers="2"]', timeout=60_000)
    petro.evaluate(f"window.__cheat = {cheat!r}")
    host.click('[data-ui="begin-online"]')
    for page in (olena, petro):
        page.wait_for_selector(".hand-own [data-card]", timeout=60_000)
    return host, olena, petro


def until(pages: list[Any], done: Any, what: str, rounds: int = 900) -> None:
    """Each page's person plays when it is their turn until ``done()``."""
    for _ in range(rounds):
        if done():
            return
        if not any(act_once(p) for p in pages):
            pages[0].wait_for_timeout(100)
    raise AssertionError(f"never: {what}")


def cheat_said(page: Any) -> bool:
    return page.locator('.notice [data-notice="cheat"]').count() > 0


def honest_pages_name_petro_and_go_on(host: Any, olena: Any, petro: Any, name: str) -> None:
    """Ivan's and Olena's pages say what Petro's page did; Ivan goes on without him;
    both then play the deal dealt again to its end."""
    for page in (host, olena):
        page.wait_for_selector('.notice [data-notice="cheat"]', timeout=120_000)
        text = page.locator(".notices").inner_text()
        assert "Petro" in text, text
        for code in ("Finding(", "<Refusal.", "seat=", "Seat 3"):
            assert code not in text, text
    shoot(host, f"{name}-1-host-told")
    shoot(olena, f"{name}-2-olena-told")
    assert olena.locator('.notice [data-ui="continue-alone"]').count() == 1  # a way on
    # the host's own check names Petro (a guest's halt is only its word: the host's
    # audit may wait for the cheater's key until it names it silent)
    host.wait_for_selector('.notice [data-ui="go-on-without-2"]', timeout=120_000)
    host.click('.notice [data-ui="go-on-without-2"]')
    for page in (host, olena):
        page.wait_for_selector('.notice [data-notice="seat2"]', timeout=60_000)
        assert not cheat_said(page)
    shoot(olena, f"{name}-3-olena-goes-on")
    until(
        [host, olena],
        lambda: all(p.locator(".dialog.summary .verdict").count() for p in (host, olena)),
        "the deal dealt again ended on both honest pages",
    )
    totals = [sorted(p.locator(".nameplate .total").all_inner_texts()) for p in (host, olena)]
    assert totals[0] == totals[1]


@pytest.mark.parametrize("cheat", ["claim", "key"])
def test_a_cheat_is_named_on_every_honest_page_and_the_table_goes_on(
    chromium: Any, site: str, relay: Any, cheat: str
) -> None:
    host, olena, petro = table(chromium, site, relay, cheat)
    until(
        [host, olena, petro],
        lambda: cheat_said(host) and cheat_said(olena),
        f"the {cheat} was caught",
        rounds=1800,
    )
    assert petro.evaluate("window.__cheat") == "done"
    honest_pages_name_petro_and_go_on(host, olena, petro, cheat)


def test_a_flood_of_resend_requests_cuts_the_flooder_off_and_the_table_goes_on(
    chromium: Any, site: str, relay: Any
) -> None:
    host, olena, petro = table(chromium, site, relay, "")
    until(
        [host, olena, petro],
        lambda: (
            host.get_attribute("#table", "data-phase") not in ("bidding", "discard", "contract")
        ),
        "the play began",
    )
    assert petro.evaluate(FLOOD) == 1000
    for page in (host, olena):  # Petro's connection is lost, said on every honest page
        page.wait_for_selector('.notice [data-notice="lost2"]', timeout=60_000)
        assert "Petro" in page.locator(".notices").inner_text()
    assert host.locator(".notice.error").count() == 1  # that notice, not "something went wrong"
    shoot(host, "flood-1-host-told")
    if not host.locator(".dialog.online").count():
        host.click('.toolbar [data-ui="online"]')
    assert host.locator('[data-net-seat="2"]').get_attribute("data-seat-state") == "lost"
    host.click('[data-ui="take-seat-2"]')
    host.click('.dialog.online [data-ui="close"]')
    until(
        [host, olena],
        lambda: all(p.locator(".dialog.summary .verdict").count() for p in (host, olena)),
        "the deal ended after the flood",
    )
