"""How long ``app.online.qr`` takes to encode an invitation-sized payload in CPython.

    PYTHONPATH=py python3 bench/qr_speed.py [--bytes 600] [--ecl L] [--runs 20]

Encodes ``--bytes`` of base64url-like text (the alphabet of an invitation
code) with the mask chosen by the penalty rules and with mask 0 forced (which
skips scoring the eight masks), and draws the SVG. Prints the version and, per
step, the median and the best of ``--runs`` runs (CPU time). In Pyodide expect
a few times longer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from app.online.qr import Ecl, encode, to_svg

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median and best CPU milliseconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    """Print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=600)
    parser.add_argument("--ecl", choices=("L", "M"), default="L")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    ecl: Ecl = args.ecl
    rng = random.Random(21)
    text = "".join(rng.choice(ALPHABET) for _ in range(args.bytes))
    code = encode(text, ecl)
    print(f"{args.bytes} bytes at level {ecl}: version {code.version} ({code.size}x{code.size})")
    for name, fn in (
        ("encode, mask chosen", lambda: encode(text, ecl)),
        ("encode, mask 0 forced", lambda: encode(text, ecl, mask=0)),
        ("to_svg", lambda: to_svg(code)),
    ):
        median, best = timed(fn, args.runs)
        print(f"{name:24} median {median:7.1f} ms, best {best:7.1f} ms")


if __name__ == "__main__":
    main()
