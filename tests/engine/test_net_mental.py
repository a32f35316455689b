"""The fair deal's cryptography (thousand.net.mental): group, cipher, proofs, layout."""

from __future__ import annotations

import random

from thousand import Conventions, State
from thousand.net import mental as M
from thousand.state import deal_problem


def probably_prime(n: int, rounds: int = 24) -> bool:
    """Miller-Rabin with fixed bases then seeded random ones."""
    if n < 4:
        return n in (2, 3)
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    rng = random.Random(0)
    bases = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] + [
        rng.randrange(2, n - 2) for _ in range(rounds)
    ]
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def pi_times_two_to(bits: int) -> int:
    """floor(pi * 2^bits), by Machin's formula (pi = 16 atan(1/5) - 4 atan(1/239)) in
    integers, with 64 guard bits."""

    def atan_inv(x: int, one: int) -> int:  # atan(1/x) * one
        total = term = one // x
        n, sign = 1, -1
        while term:
            term //= x * x
            total += sign * (term // (2 * n + 1))
            n, sign = n + 1, -sign
        return total

    one = 1 << (bits + 64)
    return (16 * atan_inv(5, one) - 4 * atan_inv(239, one)) >> 64


def test_pi_is_pi() -> None:
    assert pi_times_two_to(64) == 0x3243F6A8885A308D3  # pi in hexadecimal: 3.243F6A8885A308D3
    assert str(pi_times_two_to(200) * 10**50 >> 200).startswith("314159265358979323846")


def test_the_group_is_rfc_3526s_1536_bit_prime_derived_from_pi_again() -> None:
    """Nobody chose the group: RFC 3526 section 2 derives it from pi, here again."""
    derived = 2**1536 - 2**1472 - 1 + 2**64 * (pi_times_two_to(1406) + 741804)
    assert derived == M.P and M.BITS == 1536
    assert probably_prime(M.P) and probably_prime(M.Q)
    assert M.P == 2 * M.Q + 1
    assert not probably_prime(M.P + 2 * 3)  # the test can say no
    assert M.is_element(M.G) and M.G != 1


def test_cards_are_distinct_quadratic_residues() -> None:
    assert len(set(M.CARD_CODES)) == 24
    assert all(M.is_element(x) for x in M.CARD_CODES)
    # the Legendre symbol of every value on the wire is 1: it tells nothing
    assert not M.is_element(M.P - M.CARD_CODES[0])


def test_layers_commute_and_every_seat_shuffles() -> None:
    rng = random.Random(5)
    keys = [M.new_keys(rng) for _ in range(3)]
    deck = list(M.CARD_CODES)
    for k in keys:
        deck = M.shuffle(deck, k, rng)
    assert deck != list(M.CARD_CODES)
    # remove the layers in another order than they were added
    opened = [M.decrypt(M.decrypt(M.decrypt(x, keys[1]), keys[2]), keys[0]) for x in deck]
    assert sorted(M.CODE_CARD[x] for x in opened) == list(range(24))
    assert [M.CODE_CARD[x] for x in opened] != list(range(24))


def test_a_card_proof_binds_the_card_and_the_key() -> None:
    rng = random.Random(2)
    a, b = M.new_keys(rng), M.new_keys(rng)
    y = M.encrypt(M.CARD_CODES[7], a)
    proof = M.prove(a, y, rng)
    assert M.verify(a.public, y, M.CARD_CODES[7], proof)
    assert not M.verify(a.public, y, M.CARD_CODES[8], proof)  # another card
    assert not M.verify(b.public, y, M.CARD_CODES[7], proof)  # another seat's key
    assert not M.verify(a.public, y, M.CARD_CODES[7], (proof[0] ^ 1, proof[1]))


def test_sealed_notes_open_for_their_receiver_only() -> None:
    rng = random.Random(3)
    a, b = M.new_keys(rng), M.new_keys(rng)
    gr, ct, tag = M.seal(a.public, b"card 7 at 12", rng)
    assert M.unseal(a, gr, ct, tag) == b"card 7 at 12"
    assert M.unseal(b, gr, ct, tag) is None
    assert M.unseal(a, gr, bytes([ct[0] ^ 1]) + ct[1:], tag) is None


def test_commit_then_open() -> None:
    assert M.commitment(5) != M.commitment(6)
    assert M.joint([1, 2, 3], 3) == M.joint([1, 2, 3], 3)
    assert {M.joint([i, 7], 4) for i in range(40)} == {0, 1, 2, 3}


class _Deck(random.Random):
    """An rng whose first 24 draws sort the deck into a given order (the engine's shuffle)."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.keys = [order.index(c) / 100 for c in range(24)]

    def random(self) -> float:
        return self.keys.pop(0) if self.keys else super().random()


def test_layout_deals_as_the_engine_does() -> None:
    for players in (2, 3, 4):
        for dealer in range(players):
            order = random.Random(players * 10 + dealer).sample(range(24), 24)
            conv = Conventions.for_players(players)
            state = State(conv, _Deck(order), dealer=dealer)
            hands, talon = M.deal_of(players, dealer, order)
            assert deal_problem(players, dealer, hands, talon) is None
            assert list(state.dealt_hands) == hands
            assert state.deal_info["talon"] == talon
