"""QR codes in pure Python: byte mode, error correction L or M, versions 1-40, SVG out.

The invitation and reply links of online play are shown as QR codes drawn on
the page, so a friend can point a phone at the screen. This module is the
whole encoder (ISO/IEC 18004): the payload goes in as bytes in byte mode, is
split into Reed-Solomon blocks over GF(256), interleaved, placed in the
zig-zag order around the function patterns (finders, separators, timing,
alignment, dark module, format and version areas) and masked. Unless a mask
is asked for, each of the eight masks is scored by the four penalty rules
(runs of five or more, 2x2 blocks, the 11-module patterns 10111010000 and
00001011101 inside the symbol, the dark share's distance from 50 %) on the
symbol before its format and version information and dark module are
written (ISO/IEC 18004:2015, 7.8.2), and the lowest score wins, the lower
number on a tie. These are the readings python-qrcode makes, so it picks the
same mask.

``encode`` returns a ``QrCode`` (``matrix[row][col]`` is ``True`` for a dark
module); ``to_svg`` draws it as one ``<path>`` with a quiet zone, no ids.

>>> code = encode(b"hello", ecl="M")
>>> code.version, code.size, code.ecl
(1, 21, 'M')
>>> code.matrix[0][:8]
(True, True, True, True, True, True, True, False)
>>> svg = to_svg(code)
>>> svg.startswith("<svg") and 'viewBox="0 0 29 29"' in svg
True
>>> encode(b"x" * 2954, ecl="L")
Traceback (most recent call last):
...
app.online.qr.QrTooLong: 2954 bytes do not fit a QR code at level L (at most 2953)
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Ecl = Literal["L", "M"]

#: Error correction codewords per block, versions 1-40 (ISO/IEC 18004 table 9).
_EC_PER_BLOCK: dict[str, tuple[int, ...]] = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}  # fmt: skip
#: Number of error correction blocks, versions 1-40 (ISO/IEC 18004 table 9).
_BLOCKS: dict[str, tuple[int, ...]] = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}  # fmt: skip
#: The two error correction level bits of the format information.
_ECL_BITS = {"L": 0b01, "M": 0b00}
MIN_VERSION = 1
MAX_VERSION = 40


class QrTooLong(ValueError):
    """The payload does not fit the largest QR code (or the version asked for)."""


@dataclass(frozen=True)
class QrCode:
    """An encoded symbol: ``matrix[row][col]`` is ``True`` for a dark module."""

    version: int
    ecl: Ecl
    mask: int
    matrix: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules per side (21 for version 1, 177 for version 40)."""
        return len(self.matrix)


# --- Reed-Solomon over GF(256), primitive polynomial x^8+x^4+x^3+x^2+1 --------


def _gf_tables() -> tuple[list[int], list[int]]:
    exp = [0] * 512
    log = [0] * 256
    x = 1
    for i in range(255):
        exp[i] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _generator(degree: int) -> list[int]:
    """Coefficients (highest first, leading 1 dropped) of prod (x - a^i), i < degree."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            if c:
                nxt[j + 1] ^= _EXP[_LOG[c] + i]
        poly = nxt
    return poly[1:]


def rs_remainder(data: bytes, degree: int) -> bytes:
    """The ``degree`` error correction codewords of one block.

    >>> rs_remainder(bytes([0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11,
    ...     0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]), 10).hex()
    'a524d4c1ed36c7872c55'
    """
    gen = [_LOG[c] for c in _generator(degree)]
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = [*rem[1:], 0]
        if factor:
            lf = _LOG[factor]
            for i, g in enumerate(gen):
                rem[i] ^= _EXP[g + lf]
    return bytes(rem)


# --- capacities ---------------------------------------------------------------


def _raw_modules(version: int) -> int:
    """Modules left for data and error correction once function patterns are placed."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        n = version // 7 + 2
        result -= (25 * n - 10) * n - 55
        if version >= 7:
            result -= 36
    return result


def data_codewords(version: int, ecl: Ecl) -> int:
    """Data codewords of a symbol (26 total minus 10 for correction at 1-M: 16)."""
    total = _raw_modules(version) // 8
    return total - _EC_PER_BLOCK[ecl][version - 1] * _BLOCKS[ecl][version - 1]


def _count_bits(version: int) -> int:
    return 8 if version <= 9 else 16


def capacity(version: int, ecl: Ecl) -> int:
    """Most bytes a byte-mode symbol of ``version`` and ``ecl`` holds.

    >>> capacity(1, "L"), capacity(1, "M"), capacity(40, "L"), capacity(40, "M")
    (17, 14, 2953, 2331)
    """
    return (data_codewords(version, ecl) * 8 - 4 - _count_bits(version)) // 8


def fit_version(length: int, ecl: Ecl) -> int:
    """The smallest version whose byte mode holds ``length`` bytes at ``ecl``."""
    for version in range(MIN_VERSION, MAX_VERSION + 1):
        if capacity(version, ecl) >= length:
            return version
    raise QrTooLong(
        f"{length} bytes do not fit a QR code at level {ecl} (at most {capacity(MAX_VERSION, ecl)})"
    )


# --- codewords ----------------------------------------------------------------


def _data_bits(data: bytes, version: int, ecl: Ecl) -> bytes:
    """Mode, count, payload, terminator and padding as the symbol's data codewords."""
    n_bits = _count_bits(version)
    value = (0b0100 << n_bits) | len(data)
    bits = 4 + n_bits
    value = (value << (8 * len(data))) | int.from_bytes(data, "big")
    bits += 8 * len(data)
    room = data_codewords(version, ecl) * 8
    term = min(4, room - bits)
    value <<= term
    bits += term
    pad = -bits % 8
    value <<= pad
    bits += pad
    out = bytearray(value.to_bytes(bits // 8, "big"))
    filler = (0xEC, 0x11)
    while len(out) < room // 8:
        out.append(filler[(len(out) - bits // 8) % 2])
    return bytes(out)


def _codewords(data: bytes, version: int, ecl: Ecl) -> bytes:
    """Data and error correction codewords, split in blocks and interleaved."""
    blocks_n = _BLOCKS[ecl][version - 1]
    ec_n = _EC_PER_BLOCK[ecl][version - 1]
    total = _raw_modules(version) // 8
    short_n = blocks_n - total % blocks_n
    short_len = total // blocks_n - ec_n  # data codewords of a short block
    blocks: list[bytes] = []
    eccs: list[bytes] = []
    at = 0
    for i in range(blocks_n):
        n = short_len + (i >= short_n)
        block = data[at : at + n]
        at += n
        blocks.append(block)
        eccs.append(rs_remainder(block, ec_n))
    out = bytearray()
    for i in range(short_len + 1):
        for block in blocks:
            if i < len(block):
                out.append(block[i])
    for i in range(ec_n):
        for ecc in eccs:
            out.append(ecc[i])
    return bytes(out)


# --- the function patterns ------------------------------------------------------


def alignment_positions(version: int) -> tuple[int, ...]:
    """Row and column centres of the alignment patterns.

    >>> alignment_positions(1), alignment_positions(7), alignment_positions(32)
    ((), (6, 22, 38), (6, 34, 60, 86, 112, 138))
    """
    if version == 1:
        return ()
    n = version // 7 + 2
    size = 4 * version + 17
    step = 26 if version == 32 else (version * 4 + n * 2 + 1) // (n * 2 - 2) * 2
    return (6, *sorted(size - 7 - i * step for i in range(n - 1)))


def _bch(value: int, poly: int, bits: int) -> int:
    rem = value << bits
    top = poly.bit_length() - 1
    for shift in range(rem.bit_length() - 1, top - 1, -1):
        if rem >> shift & 1:
            rem ^= poly << (shift - top)
    return (value << bits) | rem


def format_bits(ecl: Ecl, mask: int) -> int:
    """The 15 format bits (BCH(15, 5), XOR 101010000010010).

    >>> f"{format_bits('M', 0):015b}"
    '101010000010010'
    """
    return _bch(_ECL_BITS[ecl] << 3 | mask, 0x537, 10) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits (BCH(18, 6)) of versions 7 and up.

    >>> f"{version_bits(7):018b}"
    '000111110010010100'
    """
    return _bch(version, 0x1F25, 12)


class _Grid:
    """The symbol while it is built: module values and which ones are function patterns."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size = 4 * version + 17
        self.dark = [[False] * size for _ in range(size)]
        self.fixed = [[False] * size for _ in range(size)]
        self._functions()

    def put(self, row: int, col: int, dark: bool) -> None:
        self.dark[row][col] = dark
        self.fixed[row][col] = True

    def _functions(self) -> None:
        size = self.size
        for i in range(size):  # timing patterns
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for r0, c0 in ((0, 0), (0, size - 7), (size - 7, 0)):  # finders with separators
            for dr in range(-1, 8):
                for dc in range(-1, 8):
                    r, c = r0 + dr, c0 + dc
                    if 0 <= r < size and 0 <= c < size:
                        ring = max(abs(dr - 3), abs(dc - 3))
                        self.put(r, c, ring != 2 and ring != 4)
        pos = alignment_positions(self.version)
        last = len(pos) - 1
        for i, r0 in enumerate(pos):
            for j, c0 in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # a finder sits there
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        self.put(r0 + dr, c0 + dc, max(abs(dr), abs(dc)) != 1)
        # Format areas (written later), reserved light; the dark module with them.
        for i in range(9):
            if i != 6:  # the timing patterns cross there
                self.put(8, i, False)
                self.put(i, 8, False)
        for i in range(8):
            self.put(8, size - 1 - i, False)
            self.put(size - 1 - i, 8, False)
        if self.version >= 7:  # version areas, reserved light
            for i in range(18):
                a, b = size - 11 + i % 3, i // 3
                self.put(a, b, False)
                self.put(b, a, False)

    def place(self, codewords: bytes) -> None:
        """Fill the free modules in the zig-zag order, most significant bit first."""
        size = self.size
        bits = int.from_bytes(codewords, "big")
        n = 8 * len(codewords)
        i = 0
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5  # the vertical timing pattern is skipped
            upward = (right + 1) & 2 == 0
            for vert in range(size):
                row = size - 1 - vert if upward else vert
                for col in (right, right - 1):
                    if not self.fixed[row][col]:
                        # Remainder bits past the codewords stay light.
                        self.dark[row][col] = i < n and bool(bits >> (n - 1 - i) & 1)
                        i += 1
            right -= 2

    def write_format(self, ecl: Ecl, mask: int) -> None:
        size = self.size
        bits = format_bits(ecl, mask)
        for i in range(15):
            bit = bool(bits >> i & 1)
            # The copy around the top-left finder.
            if i < 6:
                self.dark[i][8] = bit
            elif i < 8:
                self.dark[i + 1][8] = bit
            elif i == 8:
                self.dark[8][7] = bit
            else:
                self.dark[8][14 - i] = bit
            # The copy split between the top-right and bottom-left finders.
            if i < 8:
                self.dark[8][size - 1 - i] = bit
            else:
                self.dark[size - 15 + i][8] = bit
        self.dark[size - 8][8] = True  # the dark module
        if self.version >= 7:
            vbits = version_bits(self.version)
            for i in range(18):
                bit = bool(vbits >> i & 1)
                a, b = size - 11 + i % 3, i // 3
                self.dark[a][b] = bit
                self.dark[b][a] = bit


# --- masks and penalties ----------------------------------------------------------


#: The eight data masks: whether mask ``m`` flips the module at row ``r``, column ``c``.
_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


@functools.cache
def _mask_rows(mask: int, size: int) -> tuple[int, ...]:
    """Mask ``mask`` over a whole symbol, as row ints; every mask repeats after 12 rows."""
    rule = _MASKS[mask]
    period = [int("".join("1" if rule(r, c) else "0" for c in range(size)), 2) for r in range(12)]
    return tuple(period[r % 12] for r in range(size))


def _row_ints(cells: list[list[bool]]) -> list[int]:
    """Each row as an int whose most significant bit is column 0."""
    return [int("".join("1" if v else "0" for v in row), 2) for row in cells]


_RUN = re.compile(r"0{5,}|1{5,}")
_FINDER_BEFORE = "00001011101"
_FINDER_AFTER = "10111010000"


def _line_penalty(line: str) -> int:
    """N1 and N3 of one row or column (a string of 0 and 1).

    Neither 11-module pattern can overlap itself, so ``str.count`` finds them all.
    """
    score = sum(m.end() - m.start() - 2 for m in _RUN.finditer(line))
    return score + 40 * (line.count(_FINDER_BEFORE) + line.count(_FINDER_AFTER))


def penalty(rows: list[int], size: int) -> int:
    """The penalty score of a masked symbol given as row ints (column 0 the top bit).

    >>> penalty([0] * 21, 21)  # all light: 42 runs of 21 (19 each), 400 blocks (3 each), k = 10
    2098
    """
    lines = [format(row, f"0{size}b") for row in rows]
    score = sum(_line_penalty(line) for line in lines)
    score += sum(_line_penalty("".join(col)) for col in zip(*lines, strict=True))
    full = (1 << (size - 1)) - 1  # the left column of each 2x2 block
    for a, b in itertools.pairwise(rows):
        dark = a & (a >> 1) & b & (b >> 1) & full
        light = ~(a | (a >> 1) | b | (b >> 1)) & full
        score += 3 * (dark.bit_count() + light.bit_count())
    dark_n = sum(row.bit_count() for row in rows)
    total = size * size
    score += 10 * (abs(100 * dark_n - 50 * total) // (5 * total))
    return score


# --- the public encoder -------------------------------------------------------------


def encode(
    data: bytes | str, ecl: Ecl = "M", *, version: int | None = None, mask: int | None = None
) -> QrCode:
    """Encode ``data`` (``str`` as UTF-8) in byte mode; the smallest version unless given."""
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if ecl not in _EC_PER_BLOCK:
        raise ValueError(f"error correction level must be L or M, not {ecl!r}")
    if mask is not None and mask not in range(8):
        raise ValueError(f"mask must be 0-7, not {mask!r}")
    if version is None:
        version = fit_version(len(payload), ecl)
    elif version not in range(MIN_VERSION, MAX_VERSION + 1):
        raise ValueError(f"version must be 1-40, not {version!r}")
    elif capacity(version, ecl) < len(payload):
        raise QrTooLong(
            f"{len(payload)} bytes do not fit version {version} at level {ecl} "
            f"(at most {capacity(version, ecl)})"
        )
    grid = _Grid(version)
    grid.place(_codewords(_data_bits(payload, version, ecl), version, ecl))
    size = grid.size
    base = _row_ints(grid.dark)
    free = _row_ints([[not f for f in row] for row in grid.fixed])

    def masked(m: int) -> list[int]:
        flips = _mask_rows(m, size)
        return [b ^ (f & g) for b, f, g in zip(base, flips, free, strict=True)]

    if mask is None:
        scores = [penalty(masked(m), size) for m in range(8)]
        mask = scores.index(min(scores))
    for r, row in enumerate(masked(mask)):
        grid.dark[r] = [bool(row >> (size - 1 - c) & 1) for c in range(size)]
    grid.write_format(ecl, mask)
    return QrCode(version, ecl, mask, tuple(tuple(row) for row in grid.dark))


def path_data(code: QrCode, border: int = 4) -> str:
    """The dark modules as one SVG path's ``d`` (a run of dark modules per rectangle),
    in modules, offset by the quiet zone ``border``."""
    runs: list[str] = []
    for y, row in enumerate(code.matrix):
        x = 0
        while x < code.size:
            if row[x]:
                start = x
                while x < code.size and row[x]:
                    x += 1
                runs.append(f"M{start + border} {y + border}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return "".join(runs)


def to_svg(
    code: QrCode,
    *,
    border: int = 4,
    dark: str = "#000",
    light: str = "#fff",
    label: str | None = None,
    css_class: str = "qr",
) -> str:
    """The symbol as a standalone SVG: a light square, one dark ``<path>``, no ids.

    Sizes are in modules (``viewBox``); the page sets the width. ``label`` becomes
    ``aria-label`` (``role="img"``), escaped.

    >>> svg = to_svg(encode(b"a", version=1, mask=0), border=1)
    >>> svg.split("><")[0].split('" ')[1:]
    ['class="qr', 'viewBox="0 0 23 23', 'shape-rendering="crispEdges', 'role="img"']
    >>> svg.split("><")[1]
    'rect width="23" height="23" fill="#fff"/'
    """
    n = code.size + 2 * border
    runs = [path_data(code, border)]
    aria = f' aria-label="{_escape(label)}"' if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{_escape(css_class)}" '
        f'viewBox="0 0 {n} {n}" shape-rendering="crispEdges" role="img"{aria}>'
        f'<rect width="{n}" height="{n}" fill="{_escape(light)}"/>'
        f'<path fill="{_escape(dark)}" d="{"".join(runs)}"/></svg>'
    )


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
