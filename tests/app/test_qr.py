"""The QR encoder (``app.online.qr``) against symbols made by python-qrcode.

``data/qr_vectors.json`` holds seven symbols python-qrcode 8.2 made (byte
mode, border 0) in a scratch venv, never a project dependency: versions 1, 8
(version information), 10 (16-bit count), 17 and 19 (an invitation's size)
and 40 (full, no room for a terminator), levels L and M, masks forced and
chosen by the penalty rules. Each row is the hex of the row's modules, column
0 the top bit. The generator was::

    q = qrcode.QRCode(error_correction=..., border=0, mask_pattern=forced_or_None)
    q.add_data(QRData(data, mode=MODE_8BIT_BYTE, check_data=False), optimize=0)
    q.make(fit=True); rows = q.modules; mask = forced or q.best_mask_pattern()

(segno 1.6.6 was tried first and is not used: in byte mode its data always
ends on a byte boundary, and it then adds eight more zero bits, a 0x00
codeword before the pad codewords 0xEC 0x11 that the standard does not ask
for; such symbols still scan.) 300 random payloads of 0-2300 bytes, masks
forced and chosen, matched python-qrcode module for module, and 40 symbols
read back with zbarimg; those checks are not kept here.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.online import qr

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "qr_vectors.json").read_text()
)["cases"]


def rows_of(code: qr.QrCode) -> list[str]:
    """The symbol in the fixture's notation."""
    width = (code.size + 3) // 4
    return [
        format(int("".join("1" if v else "0" for v in row), 2), f"0{width}x") for row in code.matrix
    ]


@pytest.mark.parametrize("case", VECTORS, ids=[c["name"] for c in VECTORS])
def test_matches_reference_symbol(case: dict[str, Any]) -> None:
    """Same version, same mask (forced or chosen), same modules as the reference."""
    data = base64.b64decode(case["data"])
    code = qr.encode(data, case["ecl"], mask=case["forced_mask"])
    assert (code.version, code.mask) == (case["version"], case["mask"])
    assert rows_of(code) == case["rows"]


def test_every_mask_of_a_mid_version_matches_when_forced() -> None:
    """Forcing the chosen mask gives the same symbol as choosing it."""
    case = VECTORS[4]
    data = base64.b64decode(case["data"])
    assert rows_of(qr.encode(data, "L", mask=case["mask"])) == case["rows"]
    assert {qr.encode(data, "L", mask=m).mask for m in range(8)} == set(range(8))


def test_function_patterns_of_version_7() -> None:
    """Finders, timing, dark module and both copies of the version information."""
    code = qr.encode(b"x" * 100, "L", version=7, mask=1)
    m, n = code.matrix, code.size
    assert n == 45
    for r0, c0 in ((0, 0), (0, n - 7), (n - 7, 0)):
        assert [m[r0][c0 + i] for i in range(7)] == [True] * 7
        assert [m[r0 + 1][c0 + i] for i in range(7)] == [True, *[False] * 5, True]
    assert [m[6][c] for c in range(8, n - 8)] == [c % 2 == 0 for c in range(8, n - 8)]
    assert [m[r][6] for r in range(8, n - 8)] == [r % 2 == 0 for r in range(8, n - 8)]
    assert m[n - 8][8]  # the dark module
    bits = qr.version_bits(7)
    for i in range(18):
        a, b = n - 11 + i % 3, i // 3
        assert m[a][b] == m[b][a] == bool(bits >> i & 1)


def test_format_bits_decode_back() -> None:
    """Both copies of the format information hold level and mask."""
    for ecl in ("L", "M"):
        for mask in range(8):
            m = qr.encode(b"abc", ecl, mask=mask).matrix
            n = len(m)
            row8 = [m[8][c] for c in (0, 1, 2, 3, 4, 5, 7, 8)]
            first = row8 + [m[r][8] for r in (7, 5, 4, 3, 2, 1, 0)]
            second = [m[r][8] for r in range(n - 1, n - 8, -1)] + [m[8][c] for c in range(n - 8, n)]
            want = [bool(qr.format_bits(ecl, mask) >> (14 - i) & 1) for i in range(15)]
            assert first == want
            assert second == want


def test_capacity_edges() -> None:
    """The smallest version is picked; one byte more moves up a version."""
    for ecl in ("L", "M"):
        for version in (1, 9, 10, 26, 40):
            cap = qr.capacity(version, ecl)
            assert qr.encode(b"\0" * cap, ecl).version == version
            if version < 40:
                assert qr.encode(b"\0" * (cap + 1), ecl).version == version + 1
    with pytest.raises(qr.QrTooLong):
        qr.encode(b"\0" * 2332, "M")
    with pytest.raises(qr.QrTooLong):
        qr.encode(b"\0" * 18, "L", version=1)


def test_str_is_utf8() -> None:
    """Text is encoded as its UTF-8 bytes."""
    assert qr.encode("Тысяча", "M").matrix == qr.encode("Тысяча".encode(), "M").matrix


@pytest.mark.parametrize("bad", [{"ecl": "Q"}, {"mask": 8}, {"version": 0}, {"version": 41}])
def test_refuses_bad_options(bad: dict[str, Any]) -> None:
    """Only levels L and M, masks 0-7 and versions 1-40."""
    with pytest.raises(ValueError):
        qr.encode(b"a", **bad)


def test_svg_draws_each_dark_module_once() -> None:
    """One path; its unit rows cover exactly the dark modules, offset by the quiet zone."""
    code = qr.encode(b"an invitation", "M")  # version 1
    svg = qr.to_svg(code, border=4, label='Join "us"')
    assert svg.count("<path") == 1 and "id=" not in svg
    assert 'viewBox="0 0 29 29"' in svg and 'shape-rendering="crispEdges"' in svg
    assert 'aria-label="Join &quot;us&quot;"' in svg
    drawn = set()
    d = re.search(r' d="([^"]*)"', svg)
    assert d
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", d.group(1)):
        for dx in range(int(w)):
            cell = (int(y) - 4, int(x) + dx - 4)
            assert cell not in drawn
            drawn.add(cell)
    dark = {(r, c) for r, row in enumerate(code.matrix) for c, v in enumerate(row) if v}
    assert drawn == dark


def test_penalty_counts_each_rule() -> None:
    """N1 runs, N2 blocks, N3 finder-like runs and N4 balance on tiny hand-made rows."""
    # 5x5 checkerboard: no runs, no blocks, no finders, 13/25 dark = 52 % -> k 0.
    board = [int("".join("1" if (r + c) % 2 == 0 else "0" for c in range(5)), 2) for r in range(5)]
    assert qr.penalty(board, 5) == 0
    # One 11-wide row 10111010000 repeated: N3 once per row, columns runs of 11.
    row = int("10111010000", 2)
    rows = [row] * 11
    n1 = 11 * (11 - 2)  # every column is one run of 11; no row has a run of 5
    n2 = 3 * 10 * 5  # 10 pairs of rows, 5 equal neighbours in each
    n3 = 40 * 11  # once per row
    n4 = 0  # 55 of 121 dark: 45 %, within 5 % of half
    assert qr.penalty(rows, 11) == n1 + n2 + n3 + n4
    # Half dark is free; all dark costs k = 10 on top of its runs and blocks.
    assert qr.penalty([(1 << 11) - 1] * 11, 11) == 22 * 9 + 3 * 100 + 100
