"""A peer's entropy: a deterministic random bit generator keyed by a secret seed.

``Drbg(seed)`` is a ``random.Random`` whose every draw (``getrandbits``,
``random``, and through them ``randrange``, ``shuffle``, ``sample``,
``choice``...) comes from HMAC-SHA256 in counter mode under a secret 256-bit
key (``block_i = HMAC(seed, "thousand-drbg" || i)``, the blocks' bytes taken
in order). Two reasons:

* **Security.** A Mersenne Twister (``random.Random(secrets.randbits(128))``)
  is predictable from 624 of its 32-bit outputs, and a peer's outputs are seen
  by the other peers (its hello token, its draw opening, its proofs' nonces),
  so a patient peer could recover the state and with it the seat's next key
  and shuffle. Predicting HMAC outputs without the key is breaking HMAC-SHA256.
* **Reload.** The same seed gives the same draws, so a page that stored its
  seed and the events its peer handled rebuilds the very same peer (keys,
  shuffles, proofs) after a reload (``thousand.net.journal``).

>>> a, b = Drbg(bytes(32)), Drbg(bytes(32))
>>> [a.getrandbits(64) for _ in range(3)] == [b.getrandbits(64) for _ in range(3)]
True
>>> 0 <= Drbg(new_seed()).random() < 1
True
>>> r = Drbg("11" * 32); s = r.getstate(); x = r.randrange(10**30); r.setstate(s)
>>> r.randrange(10**30) == x
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from typing import Any

SEED_BYTES = 32
_TAG = b"thousand-drbg"
_STATE = "drbg-1"
_HEX = re.compile(r"[0-9a-f]{64}")
_BLOCK = hashlib.sha256().digest_size


def new_seed() -> str:
    """A fresh secret seed: 64 hex digits from the system's generator."""
    return secrets.token_hex(SEED_BYTES)


def _key(seed: Any) -> bytes:
    """The 32-byte key of a seed: 32 bytes, 64 hex digits, or an int below 2^256."""
    if isinstance(seed, (bytes, bytearray)) and len(seed) == SEED_BYTES:
        return bytes(seed)
    if isinstance(seed, str) and _HEX.fullmatch(seed):
        return bytes.fromhex(seed)
    if type(seed) is int and 0 <= seed < 1 << (8 * SEED_BYTES):
        return seed.to_bytes(SEED_BYTES, "big")
    raise ValueError("a Drbg seed is 32 bytes, 64 hex digits or an int below 2**256")


class Drbg(random.Random):
    """``random.Random`` driven by HMAC-SHA256 in counter mode (see the module).

    ``Drbg()`` seeds itself from ``secrets``; ``seed_hex`` is the seed to keep
    (it is the whole secret: whoever has it has every key this generator makes).
    """

    VERSION = 1

    def __init__(self, seed: Any = None) -> None:
        self._key = b""
        self._counter = 0
        self._pool = b""
        super().__init__(seed)

    # -- seeding and state --------------------------------------------------------

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start over from seed ``a`` (None: a fresh secret one)."""
        self._key = secrets.token_bytes(SEED_BYTES) if a is None else _key(a)
        self._counter = 0
        self._pool = b""
        self.gauss_next = None

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy (``copy``, ``pickle``) is made from this key, then given this state;
        ``random.Random``'s own would seed a new generator from the system first."""
        return (type(self), (self._key,), self.getstate())

    @property
    def seed_hex(self) -> str:
        """The seed as 64 hex digits."""
        return self._key.hex()

    def getstate(self) -> tuple[str, str, int, str]:  # type: ignore[override]
        """The whole state (JSON-safe: strings and an int)."""
        return (_STATE, self._key.hex(), self._counter, self._pool.hex())

    def setstate(self, state: Any) -> None:
        """Restore a state from ``getstate`` (``ValueError`` when it is not one)."""
        try:
            tag, key, counter, pool = state
            ok = (
                tag == _STATE
                and type(counter) is int
                and counter >= 0
                and isinstance(pool, str)
                and len(pool) < 2 * _BLOCK
            )
            if not ok:
                raise ValueError
            self._key, self._counter, self._pool = _key(key), counter, bytes.fromhex(pool)
        except (TypeError, ValueError):
            raise ValueError("not a Drbg state") from None
        self.gauss_next = None

    # -- the draws ---------------------------------------------------------------

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hmac.new(
                self._key, _TAG + self._counter.to_bytes(16, "big"), hashlib.sha256
            ).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits as an int (``0 <= x < 2**k``)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._bytes(n), "big") >> (8 * n - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def randbytes(self, n: int) -> bytes:
        """``n`` random bytes."""
        return self._bytes(n)
