"""Two Chromium pages connect by invitation and reply codes and talk over a data channel.

No network: the tests run in a network namespace of their own (``netns``),
where Chromium gathers one host candidate, 10.99.0.1, and the tiny test page
is served on 127.0.0.1. ``test_in_a_network_namespace`` runs this module
again inside a fresh namespace; the other tests skip outside one. To run them
directly (one namespace for the whole run)::

    python3 tests/e2e/netns.py -m pytest -q tests/e2e/test_rtc_link.py

The codes travel the way they will between friends: the host's offer becomes
an invitation link, the friend's page reads the link's fragment; the answer
becomes a reply link, which the host reads as pasted text. Here the codec runs
in the test's Python; the SDP goes into the page by ``page.evaluate``.

``test_plain_pages`` drives ``RTCPeerConnection`` from JavaScript (seconds).
``test_rtc_py_in_pyodide`` loads Pyodide in both pages and drives
``app.online.rtc.Link`` itself (a minute or two per page here); it needs Pyodide's
files, from ``$PYODIDE_DIR``, ``dist/pyodide`` or ``node_modules/pyodide``.

``test_invitation_qr_scans`` draws the invitation link's QR code in the page,
takes a screenshot and reads it back with ``zbarimg`` (Debian's zbar-tools;
skipped without it).

With ``THOUSAND_RECORD_SDP=1`` the plain test writes the pair of SDPs it saw
to ``tests/app/data/chromium_sdp.json`` (the codec tests' fixture).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import CHROMIUM, CHROMIUM_ARGS, ROOT
from netns import HOST_ADDRESS, WEBRTC_ARGS, require_netns, run_pytest_in_netns
from serve import start_server

from app.online import invite as iv
from app.online import qr

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>rtc link test</title>
<script>
window.got = [];
window.states = [];
async function gathered(pc) {
  if (pc.iceGatheringState !== "complete") {
    await new Promise((done) => {
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") done();
      });
    });
  }
  return pc.localDescription.sdp;
}
function wire(ch) {
  window.ch = ch;
  ch.onmessage = (e) => window.got.push(e.data);
  ch.onopen = () => window.states.push("open");
  ch.onclose = () => window.states.push("closed");
}
window.makeOffer = async () => {
  const pc = window.pc = new RTCPeerConnection({iceServers: []});
  wire(pc.createDataChannel("thousand", {ordered: true}));
  await pc.setLocalDescription(await pc.createOffer());
  return await gathered(pc);
};
window.accept = async (sdp) => {
  const pc = window.pc = new RTCPeerConnection({iceServers: []});
  pc.ondatachannel = (e) => wire(e.channel);
  await pc.setRemoteDescription({type: "offer", sdp});
  await pc.setLocalDescription(await pc.createAnswer());
  return await gathered(pc);
};
window.finish = async (sdp) => {
  await window.pc.setRemoteDescription({type: "answer", sdp});
};
window.startPyodide = async () => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  const source = await (await fetch("/rtc.py")).text();
  py.FS.writeFile("/home/pyodide/rtc.py", source);
  window.py = py;
  return py.version;
};
window.runPy = async (code, arg) => {
  window.py.globals.set("ARG", arg ?? null);
  const out = await window.py.runPythonAsync(code);
  return out === undefined ? null : out;
};
</script>
"""

TIMEOUT_MS = 30_000
PYODIDE_TIMEOUT_MS = 300_000
SDP_FIXTURE = ROOT / "tests" / "app" / "data" / "chromium_sdp.json"
SESSION = "c2Vzc2lv"


def test_in_a_network_namespace() -> None:
    """The tests below, run in a network namespace made for them (root; else skipped)."""
    run_pytest_in_netns(Path(__file__))


def pyodide_dir() -> Path | None:
    """Pyodide's files (pyodide.mjs and friends), or None."""
    env = os.environ.get("PYODIDE_DIR")
    for candidate in (
        Path(env) if env else None,
        ROOT / "dist" / "pyodide",
        ROOT / "node_modules" / "pyodide",
    ):
        if candidate is not None and (candidate / "pyodide.mjs").is_file():
            return candidate
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test page (and Pyodide, linked read-only, and rtc.py) on 127.0.0.1."""
    require_netns()
    root = tmp_path_factory.mktemp("rtc-site")
    (root / "index.html").write_text(PAGE)
    (root / "rtc.py").write_text((ROOT / "py" / "app" / "online" / "rtc.py").read_text())
    found = pyodide_dir()
    if found is not None:
        (root / "pyodide").symlink_to(found, target_is_directory=True)
    server, url = start_server(root)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium with the WebRTC flags, launched inside the namespace."""
    require_netns()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + WEBRTC_ARGS)
        yield browser
        browser.close()


def two_pages(chromium: Any, url: str) -> tuple[Any, Any]:
    """Host and friend pages, each in a context of its own (like two browsers)."""
    pages = []
    for _ in range(2):
        page = chromium.new_context().new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url)
        pages.append(page)
    return pages[0], pages[1]


def invitation_for(offer: str, base: str) -> tuple[str, str]:
    """The host's side: offer -> invitation link; the friend's: link -> offer SDP."""
    link = iv.invite_link(
        base + "index.html",
        iv.Invite(session=SESSION, protocol=1, players=3, seat=1, connection=iv.parse_sdp(offer)),
    )
    got = iv.read_fragment(link[link.index("#") :])
    assert isinstance(got, iv.Invite) and got.session == SESSION and got.seat == 1
    return link, iv.invite_sdp(got)


def reply_for(answer: str, base: str) -> tuple[str, str]:
    """The friend's side: answer -> reply link; the host's: pasted link -> answer SDP."""
    link = iv.reply_link(
        base + "index.html",
        iv.Reply(session=SESSION, protocol=1, connection=iv.parse_sdp(answer)),
    )
    got = iv.read_reply_text(f"  {link[:40]}\n{link[40:]}  ")  # as pasted from a chat
    assert got.session == SESSION
    return link, iv.reply_sdp(got)


def host_candidates(sdp: str) -> list[str]:
    """Addresses of the SDP's candidates."""
    return [line.split()[4] for line in sdp.splitlines() if line.startswith("a=candidate:")]


def test_plain_pages(chromium: Any, site: str) -> None:
    """Offer, invitation, answer, reply; then messages both ways over the channel."""
    host, friend = two_pages(chromium, site)
    offer = host.evaluate("makeOffer()")
    assert host_candidates(offer) == [HOST_ADDRESS]
    invite_link, offer_sdp = invitation_for(offer, site)
    answer = friend.evaluate("(sdp) => accept(sdp)", offer_sdp)
    reply_link, answer_sdp = reply_for(answer, site)
    host.evaluate("(sdp) => finish(sdp)", answer_sdp)
    for page in (host, friend):
        page.wait_for_function("window.ch && window.ch.readyState === 'open'")
    host.evaluate("ch.send('hello from the host')")
    friend.evaluate("ch.send('Привет от гостя')")
    friend.wait_for_function("got.length === 1")
    host.wait_for_function("got.length === 1")
    assert friend.evaluate("got") == ["hello from the host"]
    assert host.evaluate("got") == ["Привет от гостя"]
    host.evaluate("ch.close()")
    friend.wait_for_function("states.includes('closed')")
    print(
        f"offer {len(offer)} chars -> invitation code {len(invite_link.split('#join=')[1])}, "
        f"answer {len(answer)} -> reply code {len(reply_link.split('#reply=')[1])}"
    )
    if os.environ.get("THOUSAND_RECORD_SDP") == "1":
        version = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, check=False
        ).stdout
        SDP_FIXTURE.write_text(
            json.dumps(
                {
                    "browser": re.sub(r"\s+built on.*", "", version.strip()),
                    "how": "tests/e2e/test_rtc_link.py::test_plain_pages, "
                    "veth 10.99.0.1 in a network namespace, no ICE servers",
                    "offer": offer,
                    "answer": answer,
                },
                indent=1,
                ensure_ascii=False,
            )
            + "\n"
        )


def test_rtc_py_in_pyodide(chromium: Any, site: str) -> None:
    """``app.online.rtc.Link`` itself: make_offer, accept, finish, send, on_message, on_state,
    close."""
    if pyodide_dir() is None:
        pytest.skip("no Pyodide files: set PYODIDE_DIR or run ./build.sh")
    host, friend = two_pages(chromium, site)
    for page in (host, friend):
        page.set_default_timeout(PYODIDE_TIMEOUT_MS)
        page.evaluate("window.booting = startPyodide()")
    for page in (host, friend):
        page.evaluate("window.booting")
    setup = (
        "import rtc\ngot = []\nstates = []\n"
        "link = rtc.Link(on_message=got.append, on_state=states.append)\n"
    )
    for page in (host, friend):
        page.set_default_timeout(TIMEOUT_MS * 2)
        page.evaluate("(code) => runPy(code)", setup)
    offer = host.evaluate("(code) => runPy(code)", "await link.make_offer([])")
    assert host_candidates(offer) == [HOST_ADDRESS]
    _, offer_sdp = invitation_for(offer, site)
    answer = friend.evaluate(
        "([code, arg]) => runPy(code, arg)", ["await link.accept(ARG, [])", offer_sdp]
    )
    _, answer_sdp = reply_for(answer, site)
    host.evaluate("([code, arg]) => runPy(code, arg)", ["await link.finish(ARG)", answer_sdp])
    for page in (host, friend):
        page.wait_for_function("() => window.py.globals.get('link').state === 'open'")
    host.evaluate("(code) => runPy(code)", "link.send('from Python, host')")
    friend.evaluate("(code) => runPy(code)", "link.send('из Python, гость')")
    for page in (host, friend):
        page.wait_for_function("() => window.py.runPython('len(got)') === 1")
    assert friend.evaluate("(code) => runPy(code)", "got[0]") == "from Python, host"
    assert host.evaluate("(code) => runPy(code)", "got[0]") == "из Python, гость"
    host.evaluate("(code) => runPy(code)", "link.close()")
    friend.wait_for_function("() => window.py.globals.get('link').state === 'closed'")
    for page in (host, friend):
        states = json.loads(
            page.evaluate("(code) => runPy(code)", "import json\njson.dumps(states)")
        )
        assert states[-2:] == ["open", "closed"], states
        assert "failed" not in states


def test_invitation_qr_scans(chromium: Any, site: str, tmp_path: Path) -> None:
    """The QR codes of an invitation and a reply, drawn by Chromium, read back as the links."""
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg not found (apt-get install zbar-tools)")
    sdp = json.loads(SDP_FIXTURE.read_text())
    base = "https://friends.example/thousand/index.html"
    links = [
        iv.invite_link(base, iv.Invite(SESSION, 1, 3, 1, connection=iv.parse_sdp(sdp["offer"]))),
        iv.reply_link(base, iv.Reply(SESSION, 1, connection=iv.parse_sdp(sdp["answer"]))),
    ]
    page = chromium.new_page(viewport={"width": 480, "height": 480})
    page.goto(site)
    for link in links:
        for ecl in ("L", "M"):
            svg = qr.to_svg(qr.encode(link, ecl), label="invitation")
            page.evaluate(
                "(svg) => { document.body.style.margin = 0; document.body.innerHTML ="
                " `<div style='width:400px'>${svg}</div>`; }",
                svg,
            )
            shot = tmp_path / "qr.png"
            page.screenshot(path=str(shot), clip={"x": 0, "y": 0, "width": 400, "height": 400})
            read = subprocess.run(
                ["zbarimg", "-q", "--raw", str(shot)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert read.stdout.strip() == link, (ecl, read.stdout[:80], read.stderr[:200])
