"""Start-up benchmark of the built page in headless Chromium, against dist/ on localhost.

    nice -n -10 python3 bench/startup.py [--runs N] [--dist DIR] [--no-variants] [--no-repeat]
        [--network] [--only NAME [--only NAME ...]]

In one run (one server, one browser, a fresh context per load) it measures, as
medians over N loads each:

- first visits (service worker blocked, empty caches): first paint of the
  static table (first-contentful-paint; goal <= 0.3 s), the time until
  ``#table[data-ready="1"]`` on index.html and until a bare ``loadPyodide()``
  page (dist/bench/bare.html, the same local Pyodide files) is ready, and
  their ratio (goal <= 1.10);
- repeat visits (service worker on): the context first loads index.html and
  waits until the worker has cached the build, then the timed load (index.html
  again, or bench/bare.html, whose Pyodide files the worker then serves from
  the same cache) and the same ratio (goal <= 1.10);
- the ways of loading the engine wheel, timed inside a bare Pyodide page
  (dist/bench/install.html) so start-up noise stays out: the wheel file on
  ``sys.path`` (zipimport; what index.html does), its own entry in
  pyodide-lock.json passed to ``loadPyodide``, ``loadPackage`` of that entry
  after start-up, and ``micropip.install`` of the wheel URL;
- index.html?nosnapshot: the page with Python started afresh instead of
  restored from the build's snapshot (pyodide/snapshot.bin, see
  tools/snapshot.mjs), to show what the snapshot buys, and the snapshot's size;
- dist/bench/pyscript.html (PyScript on the page's interpreter module,
  running an empty script), to show what PyScript itself costs;
- dist/embed.html showing examples/deal.json (``#record=``), first visits,
  against the same bare page, and the bytes it loads besides the runtime;
- ``<thousand-deal>`` (dist/bench/element.html: a host page with one element
  fetching examples/deal.json), first visits until the element's
  ``data-ready="1"``, against the same bare page, and the bytes of embed.js;
- bytes of our own payload outside the Pyodide/PyScript runtime (goal <= 500 KB);
- with ``--network``: first visits of index.html and the bare page over emulated
  10 and 50 Mbit/s links with a 40 ms round trip (Chromium's network emulation),
  their ratio (goal <= 1.0), the bytes each brought over the wire (as
  ``./build.sh serve`` sends them: precompressed) and of them our own files'
  until the page was ready (``buildlib.is_ours``), and index.html?snapshot
  (restored from the snapshot whatever the link) and ?nosnapshot (Python
  started afresh whatever the link) to show which pays there.

Loads alternate between the pages, in a rotating order, so that machine noise
hits them alike; on a shared machine run it under ``nice -n -10``.
``bench/startup_trace.py`` shows where the time goes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from buildlib import (  # noqa: E402
    AI_WHEEL,
    ONLINE_WHEEL,
    OURS_BESIDE_RUNTIME,
    is_ours,
    page_payload_bytes,
    payload_bytes,
)
from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one list of launch flags)
from serve import start_server  # noqa: E402

# Records when any element gets data-ready="1", in the page's own clock.
READY_PROBE = """
new MutationObserver((records, obs) => {
  for (const r of records) {
    if (r.target.getAttribute && r.target.getAttribute("data-ready") === "1") {
      window.__readyAt = performance.now();
      obs.disconnect();
      return;
    }
  }
}).observe(document, {attributes: true, attributeFilter: ["data-ready"], subtree: true});
"""
# The page's service worker is active and its cache complete (install finished).
SW_READY = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const done = reg && reg.active && reg.active.state === "activated";
    return !!(done && !reg.installing && !reg.waiting);
}"""
TIMEOUT_MS = 120_000
GOAL_RATIO = 1.10


def _timed(page: Any, url: str) -> dict[str, float]:
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=100)
    fcp = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )
    ready = page.evaluate("window.__readyAt")
    near = page.evaluate(
        "performance.getEntriesByName('interpreter:near')[0]?.detail?.ms ?? -1"
    )  # (static/interpreter.mjs serverNear: how soon the document came, as the page read it)
    restored = page.evaluate("performance.getEntriesByName('interpreter:snapshot').length")
    return {
        "fcp": fcp / 1000,
        "ready": ready / 1000,
        "near": near,
        "restored": restored,
    }


def first_visit(browser: Any, url: str, _index: str) -> dict[str, float]:
    """Load ``url`` in a fresh context, no service worker; paint and ready times (s)."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        return _timed(page, url)
    finally:
        context.close()


def install_worker(page: Any, index: str) -> None:
    """Visit ``index`` (index.html) until its service worker has cached the build."""
    page.goto(index)
    page.wait_for_selector('#table[data-ready="1"][data-sw="registered"]', timeout=TIMEOUT_MS)
    page.wait_for_function(SW_READY, timeout=TIMEOUT_MS, polling=200)
    # Right after activation Chromium may still send a navigation to the
    # network; a real repeat visit comes later than that.
    page.wait_for_timeout(2000)


#: Links for the throttled first visits (Chromium's network emulation): name ->
#: (download Mbit/s, upload Mbit/s, round trip ms).
NETWORKS = {"10 Mbit/s": (10.0, 5.0, 40.0), "50 Mbit/s": (50.0, 10.0, 40.0)}


#: [URL, bytes sent] of the page's document and each file that had come by
#: ``window.__readyAt`` (Resource Timing's ``transferSize``: headers and body as sent).
OWN_UNTIL_READY = """[...performance.getEntriesByType('navigation'),
  ...performance.getEntriesByType('resource')]
  .filter((e) => e.responseEnd <= window.__readyAt)
  .map((e) => [e.name, e.transferSize])"""


def network_visit(browser: Any, url: str, link: str) -> dict[str, float]:
    """A first visit over an emulated link (CDP ``Network.emulateNetworkConditions``):
    paint and ready times (s) and the bytes that came over the wire (MB)."""
    down, up, rtt = NETWORKS[link]
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": rtt,
                "downloadThroughput": down * 1e6 / 8,
                "uploadThroughput": up * 1e6 / 8,
            },
        )
        wire = [0.0]
        cdp.on(
            "Network.loadingFinished",
            lambda e: wire.__setitem__(0, wire[0] + e["encodedDataLength"]),
        )
        out = _timed(page, url)
        # Our own files that had come when the page was ready, by its Resource Timing.
        came = page.evaluate(OWN_UNTIL_READY)
        own = sum(
            size for path, size in came if is_ours(urlsplit(path).path.lstrip("/") or "index.html")
        )
        out["mb"], out["own_kb"] = wire[0] / 1e6, own / 1e3
        return out
    finally:
        context.close()


def repeat_visit(browser: Any, url: str, index: str) -> dict[str, float]:
    """Visit index.html in a fresh context until the worker has cached it, then time ``url``."""
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        install_worker(page, index)
        if url != index:
            # The bare page's standard library (python_stdlib.zip) is not the
            # page's, so the worker does not hold it: one load puts it in the
            # HTTP cache, as a bare page's own repeat visit would have it.
            page.goto(url)
            page.wait_for_selector('[data-ready="1"]', timeout=TIMEOUT_MS)
        result = _timed(page, url)
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            raise RuntimeError(f"{url}: the repeat visit was not served by the service worker")
        return result
    finally:
        context.close()


def _install(browser: Any, url: str) -> dict[str, float]:
    """Load bench/install.html; return its in-page timings in seconds."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__res !== undefined", timeout=TIMEOUT_MS, polling=100)
        return {k: v / 1000 for k, v in page.evaluate("window.__res").items()}
    finally:
        context.close()


INSTALL_MODES = {
    "wheel on sys.path (page)": "zip",
    "lock entry, in loadPyodide": "lock",
    "lock entry, loadPackage after": "lockafter",
    "micropip.install(wheel URL)": "micropip",
}
Loader = Callable[[Any, str, str], dict[str, float]]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per page (default 5)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--no-variants", action="store_true", help="skip the install and PyScript-only variants"
    )
    parser.add_argument("--no-repeat", action="store_true", help="skip the repeat visits")
    parser.add_argument(
        "--network",
        action="store_true",
        help="also first visits over emulated 10 and 50 Mbit/s links (40 ms round trip)",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="time only this page (repeatable), e.g. --only 'bare loadPyodide()'",
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    dist: Path = args.dist
    server, base = start_server(dist)
    bare = base + "bench/bare.html"
    pages: dict[str, tuple[Loader, str]] = {
        "index.html": (first_visit, base),
        "bare loadPyodide()": (first_visit, bare),
    }
    if not args.no_repeat:
        pages["index.html, repeat"] = (repeat_visit, base)
        pages["bare loadPyodide(), repeat"] = (repeat_visit, bare)
    if not args.no_variants:
        pages["index.html, no snapshot"] = (first_visit, base + "?nosnapshot")
        pages["PyScript, empty script"] = (first_visit, base + "bench/pyscript.html")
        deal = quote((ROOT / "examples" / "deal.json").read_text(), safe="")
        pages["embed.html, a deal"] = (first_visit, f"{base}embed.html#record={deal}")
        pages["<thousand-deal>"] = (first_visit, base + "bench/element.html")
    if args.network:
        for link in NETWORKS:
            variants = [("index.html", base), ("bare loadPyodide()", bare)]
            variants.append(("index.html?snapshot", base + "?snapshot"))  # restored regardless
            variants.append(("index.html?nosnapshot", base + "?nosnapshot"))  # never restored
            for name, url in variants:
                pages[f"{name}, {link}"] = (
                    lambda b, u, _i, link=link: network_visit(b, u, link),
                    url,
                )
    if args.only:
        wanted = args.only
        unknown = [w for w in wanted if w not in pages]
        if unknown:
            parser.error(f"--only: unknown {unknown}; pages: {list(pages)}")
        pages = {name: pages[name] for name in wanted}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    installs: dict[str, list[dict[str, float]]] = {name: [] for name in INSTALL_MODES}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            first_visit(browser, bare, base)  # warm up browser and disk cache
            order = list(pages)
            modes = list(INSTALL_MODES) if not args.no_variants and not args.only else []
            for _ in range(args.runs):
                for name in order:
                    loader, url = pages[name]
                    results[name].append(loader(browser, url, base))
                for name in modes:
                    url = f"{base}bench/install.html?mode={INSTALL_MODES[name]}"
                    installs[name].append(_install(browser, url))
                order = order[1:] + order[:1]  # no page always runs first
                modes = modes[1:] + modes[:1]
            browser.close()
    finally:
        server.shutdown()

    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in results[name])

    print(f"start-up, median of {args.runs} loads each (headless Chromium, localhost)")
    for name in pages:
        fcp_s, ready_s = med(name, "fcp"), med(name, "ready")
        fastest = min(r["ready"] for r in results[name])
        read = ""
        if "restored" in results[name][0]:
            restored = sum(r["restored"] > 0 for r in results[name])
            near = med(name, "near")
            read += f"   document came in {near:.0f} ms" if near >= 0 else ""
            read += f"   restored {restored}/{len(results[name])}"
        print(
            f"  {name:<28} first paint {fcp_s:6.3f} s   ready {ready_s:6.2f} s"
            f"   (fastest {fastest:.2f} s){read}"
        )
    if "index.html" in results:
        print(f"first paint of the table: {med('index.html', 'fcp'):.3f} s   (goal <= 0.3 s)")
    for label, ours, theirs in (
        ("first visit", "index.html", "bare loadPyodide()"),
        ("repeat visit", "index.html, repeat", "bare loadPyodide(), repeat"),
    ):
        if ours in results and theirs in results:
            ratio = med(ours, "ready") / med(theirs, "ready")
            print(f"ready / bare loadPyodide(), {label}: {ratio:.3f}   (goal <= {GOAL_RATIO})")
    for link in NETWORKS if args.network else ():
        ours, theirs = f"index.html, {link}", f"bare loadPyodide(), {link}"
        if ours not in results or theirs not in results:
            continue  # (--only)
        ratio = med(ours, "ready") / med(theirs, "ready")
        print(
            f"first visit over {link}, 40 ms: ready / bare {ratio:.3f} (goal <= 1.0); "
            f"on the wire {med(ours, 'mb'):.1f} MB against {med(theirs, 'mb'):.1f} MB bare; "
            f"of it our own files until ready {med(ours, 'own_kb'):.0f} KB"
        )
        for forced, how in (
            ("?snapshot", "restored from the snapshot"),
            ("?nosnapshot", "started afresh"),
        ):
            name = f"index.html{forced}, {link}"
            if name in results:
                print(
                    f"  the same {how} ({forced}): ready / bare "
                    f"{med(name, 'ready') / med(theirs, 'ready'):.3f}, {med(name, 'mb'):.1f} MB"
                )
    if "index.html, no snapshot" in results and "bare loadPyodide()" in results:
        ratio = med("index.html, no snapshot", "ready") / med("bare loadPyodide()", "ready")
        print(f"index.html?nosnapshot ready / bare loadPyodide(), first visit: {ratio:.3f}")
    snapshot = dist / "pyodide" / "snapshot.bin"
    if snapshot.exists():
        sizes = [(snapshot.with_name(snapshot.name + s), s) for s in (".br", ".gz")]
        sent = ", ".join(f"{p.stat().st_size:,d} with {s[1:]}" for p, s in sizes if p.exists())
        print(
            f"interpreter snapshot (runtime, not counted as payload): "
            f"{snapshot.stat().st_size:,d} bytes, sent as {sent or 'it is'}"
        )
    if "embed.html, a deal" in results and "bare loadPyodide()" in results:
        ratio = med("embed.html, a deal", "ready") / med("bare loadPyodide()", "ready")
        print(f"embed.html ready / bare loadPyodide(), first visit: {ratio:.3f}")
        # (their file names: the online wheel comes only to play online, the AI's
        # only with an analysis)
        later = tuple(w.replace("-", "_") + "-" for w in (ONLINE_WHEEL, AI_WHEEL))
        ours = sorted((dist / "pyodide").glob("thousand*.whl"))
        wheels = [w for w in ours if not w.name.startswith(later)]
        loaded = [dist / "embed.html", *wheels]
        loaded += [dist / "pyodide" / name for name in OURS_BESIDE_RUNTIME]
        sent = [f.with_name(f.name + ".br") for f in loaded]
        print(
            f"embed.html's own payload (page, engine and app wheels, dataclass code): "
            f"{sum(f.stat().st_size for f in loaded):,d} bytes, "
            f"{sum(f.stat().st_size for f in sent if f.exists()):,d} sent with brotli"
        )
    if "<thousand-deal>" in results and "bare loadPyodide()" in results:
        ratio = med("<thousand-deal>", "ready") / med("bare loadPyodide()", "ready")
        print(f"<thousand-deal> ready / bare loadPyodide(), first visit: {ratio:.3f}")
        print(f"embed.js (the element's own script): {(dist / 'embed.js').stat().st_size:,d} bytes")
    if installs and all(installs.values()):
        print("engine wheel install, inside a bare Pyodide page (median):")
        for name, runs in installs.items():
            step = statistics.median(r["pkg"] for r in runs)
            total = statistics.median(r["total"] for r in runs)
            print(f"  {name:<30} install+import {step:5.2f} s   Pyodide ready {total:5.2f} s")
    total = sum(payload_bytes(dist).values())
    sent = sum(payload_bytes(dist, served=True).values())
    page = page_payload_bytes(dist, served=True)
    print(
        f"own payload outside the runtime: {total:,d} bytes, {sent:,d} sent with brotli; "
        f"{page:,d} for a page of one language (goal <= 500 KB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
