"""The mailbox's sealing (``static/online/mailbox.mjs``) as the page runs it, in node
with the pinned nostr-tools: a letter opens under its box's key and no other;
one changed character, a cut or an oversized text never opens.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "node_modules" / "nostr-tools" / "lib" / "nostr.bundle.js"
MAILBOX = ROOT / "static" / "online" / "mailbox.mjs"

SCRIPT = """
import { readFileSync } from "node:fs";
const [bundle, mailbox] = process.argv.slice(1);
const NostrTools = new Function(readFileSync(bundle, "utf8") + "; return NostrTools;")();
const mb = await import(mailbox);
mb.useTools(NostrTools);
const secret = "7f".repeat(32), other = "80".repeat(32);
const key = mb.boxKey(secret);
const sealed = mb.seal(key, '{"v":1,"body":"hello"}');
const flip = (s, i) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
const out = {
  opened: mb.unseal(key, sealed),
  again: mb.unseal(mb.boxKey(secret), sealed),
  otherKey: mb.unseal(mb.boxKey(other), sealed),
  changed: [1, 10, 40, sealed.length - 2].map((i) => mb.unseal(key, flip(sealed, i))),
  cut: mb.unseal(key, sealed.slice(0, -4)),
  long: mb.unseal(key, "A".repeat(mb.MAX_CONTENT + 1)),
  notText: mb.unseal(key, 42),
  differs: mb.seal(key, "x") !== mb.seal(key, "x"),
  hidesSize: mb.seal(key, "a").length === mb.seal(key, "a".repeat(20)).length,
  kind: mb.KIND,
};
console.log(JSON.stringify(out));
"""


def run() -> dict[str, object]:
    if shutil.which("node") is None or not BUNDLE.is_file():
        pytest.skip("needs node and node_modules (./build.sh installs them)")
    got = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, str(BUNDLE), MAILBOX.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, object] = json.loads(got.stdout)
    return result


def test_a_letter_opens_under_its_key_only_and_never_once_changed() -> None:
    out = run()
    assert out["opened"] == out["again"] == '{"v":1,"body":"hello"}'
    assert out["otherKey"] is None
    assert out["changed"] == [None, None, None, None]  # a changed character: dropped
    assert out["cut"] is None and out["long"] is None and out["notText"] is None
    assert out["differs"] is True  # a fresh nonce each time: a copy is not the same text
    assert out["hidesSize"] is True  # padded: a short letter and a longer one look alike
    kind = out["kind"]
    assert isinstance(kind, int) and 20000 <= kind < 30000  # ephemeral (NIP-01)
