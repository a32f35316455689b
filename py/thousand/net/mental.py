"""A fair deal without a dealer: mental poker with a commutative cipher (SRA).

The group: the quadratic residues modulo the safe prime ``P = 2Q + 1``, the
1536-bit MODP group of RFC 3526 (section 2), which is published and derived
from pi: ``P = 2^1536 - 2^1472 - 1 + 2^64 * (floor(2^1406 * pi) + 741804)``,
the smallest offset that makes both ``P`` and ``Q`` prime, so it hides no
trapdoor its makers chose (``tests/engine/test_net_mental.py`` derives it again
from pi and checks both are prime; why 1536 bits: docs/PROTOCOL.md, "Key size").
A card is encoded as a square (``CARD_CODES``), so every
value on the wire is a quadratic residue and the Legendre symbol, which would
leak a bit of plaintext in the whole group, says nothing. A seat's key is
``(e, d)`` with ``e * d = 1 (mod Q)``: ``x -> x^e`` encrypts, ``x -> x^d``
removes that seat's layer, and layers commute. ``d`` is short (``D_BITS``):
removing layers, the frequent step, is cheap, and ``e`` is full size.

* **Shuffle**: every seat in turn raises the deck to its ``e`` and permutes it
  with a secret permutation (``shuffle``): the final order is random as long as
  one seat is honest, and nobody knows it.
* **Dealing**: position ``i`` of the final deck goes to a place by the engine's
  dealing order (``layout``). A card is opened for its holder only: every
  other seat removes its layer (the shares are public), the holder's layer is
  the last, so the value the host relays, ``m^e_holder``, tells it nothing.
* **Proofs**: a seat commits to its key as ``H = g^d``; a card played (or a
  marriage's partner shown) comes with a Chaum-Pedersen proof that the
  position's value opens to that card under the same ``d`` (``prove`` /
  ``verify``), so nobody can play a card they were not dealt.
* **Sealed notes** (``seal`` / ``unseal``): hashed ElGamal to a seat's ``H``,
  for a card passed to one seat through the host.
* **Joint randomness** (``commitment``, ``joint``): commit, then open.

>>> import random
>>> rng = random.Random(1)
>>> a, b = new_keys(rng), new_keys(rng)
>>> deck = shuffle(shuffle(list(CARD_CODES), a, rng), b, rng)
>>> sorted(CODE_CARD[decrypt(decrypt(x, a), b)] for x in deck) == list(range(24))
True
>>> y = decrypt(deck[0], b)  # opened for the holder a
>>> card = CODE_CARD[decrypt(y, a)]
>>> verify(a.public, y, CARD_CODES[card], prove(a, y, rng))
True
>>> layout(3, 0)[:5]
(-1, -1, -1, 1, 2)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import lru_cache

P = int(
    "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74"
    "020bbea63b139b22514a08798e3404ddef9519b3cd3a431b302b0a6df25f1437"
    "4fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5cb6f406b7ed"
    "ee386bfb5a899fa5ae9f24117c4b1fe649286651ece45b3dc2007cb8a163bf05"
    "98da48361c55d39a69163fa8fd24cf5f83655d23dca3ad961c62f356208552bb"
    "9ed529077096966d670c354e4abc9804f1746c08ca237327ffffffffffffffff",
    16,
)
Q = (P - 1) // 2
G = 4  # 2^2: a square other than 1, so it generates the order-Q subgroup
BITS = P.bit_length()
D_BITS = 256  # the short decryption exponent (about 2^128 work for a kangaroo)
C_BITS = 128  # the proofs' challenge
SLACK = 80  # the statistical hiding of a proof's response
TALON = -1  # layout: the talon (3-4 players) or the first talon (2 players)
TALON2 = -2  # layout: the second talon (2 players)


def _h(*parts: object) -> bytes:
    return hashlib.sha256("|".join(map(str, parts)).encode()).digest()


def _card_code(card: int) -> int:
    x = int.from_bytes(hashlib.sha512(_h("thousand-card", card)).digest(), "big") % P
    return x * x % P


CARD_CODES: tuple[int, ...] = tuple(_card_code(c) for c in range(24))
CODE_CARD: dict[int, int] = {x: c for c, x in enumerate(CARD_CODES)}


@dataclass(frozen=True)
class Keys:
    """One seat's key for one deal: encrypt with ``e``, remove the layer with ``d``."""

    e: int
    d: int

    @property
    def public(self) -> int:
        """The commitment ``g^d`` (published before the shuffle)."""
        return pow(G, self.d, P)


def keys_from_d(d: int) -> Keys:
    """The key with this decryption exponent (the audit rebuilds revealed keys)."""
    return Keys(e=pow(d, -1, Q), d=d)


def new_keys(rng: random.Random) -> Keys:
    """A fresh key (rng: a ``drbg.Drbg`` online, seeded in tests)."""
    d = rng.getrandbits(D_BITS) | (1 << (D_BITS - 1)) | 1
    return keys_from_d(d)


def encrypt(x: int, k: Keys) -> int:
    """Add ``k``'s layer."""
    return pow(x, k.e, P)


def decrypt(x: int, k: Keys) -> int:
    """Remove ``k``'s layer."""
    return pow(x, k.d, P)


def is_element(x: int) -> bool:
    """Whether ``x`` is in the group (a quadratic residue modulo ``P``, not 0)."""
    return 0 < x < P and _member(x, P)


@lru_cache(maxsize=1024)
def _member(x: int, p: int) -> bool:
    # a full-size power, remembered: a key or a position's value is checked often
    return pow(x, (p - 1) // 2, p) == 1


def shuffle(deck: list[int], k: Keys, rng: random.Random) -> list[int]:
    """The deck with ``k``'s layer added and permuted by ``rng`` (the seat's contribution)."""
    out = [encrypt(x, k) for x in deck]
    rng.shuffle(out)
    return out


def _challenge(*xs: int) -> int:
    return int.from_bytes(_h("dleq", *xs), "big") >> (256 - C_BITS)


def prove(k: Keys, y: int, rng: random.Random) -> tuple[int, int]:
    """A proof that ``y^d`` (the card ``y`` opens to) uses the ``d`` of ``g^d``."""
    m = pow(y, k.d, P)
    r = rng.getrandbits(D_BITS + C_BITS + SLACK)
    t1, t2 = pow(G, r, P), pow(y, r, P)
    c = _challenge(G, k.public, y, m, t1, t2)
    return c, r + c * k.d


def verify(public: int, y: int, m: int, proof: tuple[int, int]) -> bool:
    """Whether ``proof`` shows ``y^d = m`` for the ``d`` of ``public = g^d`` (``m``: a
    card's code)."""
    c, s = proof
    if not (0 <= c < 1 << C_BITS and 0 < s < 1 << (D_BITS + C_BITS + SLACK + 2)):
        return False
    if not (is_element(public) and is_element(y) and m in CODE_CARD):
        return False
    t1 = pow(G, s, P) * pow(public, -c, P) % P
    t2 = pow(y, s, P) * pow(m, -c, P) % P
    return c == _challenge(G, public, y, m, t1, t2)


def seal(public: int, data: bytes, rng: random.Random) -> tuple[int, bytes, bytes]:
    """``data`` readable only with the ``d`` of ``public``: (``g^r``, ciphertext, tag)."""
    r = rng.getrandbits(D_BITS)
    shared = pow(public, r, P)
    stream = hashlib.shake_256(_h("seal", shared)).digest(len(data))
    ct = bytes(a ^ b for a, b in zip(data, stream, strict=True))
    return pow(G, r, P), ct, _h("tag", shared, ct.hex())[:16]


def unseal(k: Keys, gr: int, ct: bytes, tag: bytes) -> bytes | None:
    """The sealed data, or None when it was not sealed for ``k`` (or was altered)."""
    if not is_element(gr):
        return None
    shared = pow(gr, k.d, P)
    if _h("tag", shared, ct.hex())[:16] != tag:
        return None
    stream = hashlib.shake_256(_h("seal", shared)).digest(len(ct))
    return bytes(a ^ b for a, b in zip(ct, stream, strict=True))


def commitment(value: int) -> str:
    """The commitment to a random 256-bit value (open it by sending the value)."""
    return _h("commit", value).hex()


def joint(values: list[int], n: int) -> int:
    """A number below ``n`` drawn jointly from every seat's opened value."""
    return int.from_bytes(_h("joint", *values), "big") % n


def layout(players: int, dealer: int) -> tuple[int, ...]:
    """The place of each position of the final deck, as the engine deals (§3, §8, §11):
    a seat, ``TALON`` or (2 players) ``TALON2``."""
    active = [(dealer + 1 + i) % players for i in range(3 if players == 4 else players)]
    head = [TALON, TALON, TALON2, TALON2] if players == 2 else [TALON, TALON, TALON]
    k = len(active)
    return (*head, *(active[j % k] for j in range(24 - len(head))))


def deal_of(players: int, dealer: int, cards: list[int]) -> tuple[list[int], int | tuple[int, int]]:
    """(hands, talon) as the engine takes them, from the final deck's cards in order."""
    hands = [0] * players
    talons = [0, 0]
    for place, card in zip(layout(players, dealer), cards, strict=True):
        if place >= 0:
            hands[place] |= 1 << card
        else:
            talons[-1 - place] |= 1 << card
    if players == 2:
        return hands, (talons[0], talons[1])
    return hands, talons[0]


def cut_points(deck: list[int]) -> tuple[int, int, int]:
    """cut_ritual: the three cuts a deal may use (each 1..23 cards from the top to the
    bottom, as ``state.shuffled_deal`` cuts), fixed by the final shuffled deck.

    Nobody knows which card any value hides when the deck is final, so whoever
    shaped these values (the last shuffler) cannot aim a cut at a card: the deal
    stays uniform, and the cuts are fixed before any card is opened.
    """
    h = _h("thousand-cut", *deck)
    a, b, c = (1 + int.from_bytes(h[4 * i : 4 * i + 4], "big") % 23 for i in range(3))
    return a, b, c


def cut_bottom(deck: list[int], cuts: int) -> int:
    """The index in the final shuffled ``deck`` of the bottom card after ``cuts`` cuts."""
    return (sum(cut_points(deck)[:cuts]) - 1) % 24


def cut_deck(deck: list[int], cuts: int) -> list[int]:
    """The final shuffled ``deck`` after ``cuts`` cuts (the deck the dealing takes)."""
    k = sum(cut_points(deck)[:cuts]) % 24
    return deck[k:] + deck[:k]
