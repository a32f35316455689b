"""How much a bid decision depends on the generator: the spread of the bid's margin
over the pass across seeds, by the number of talons the bid table draws.

    PYTHONPATH=py python3 bench/lab/ai_bid_noise.py [--preset polish] [--deals 60] \
        [--seeds 8] [--talons 24,96] [--level strong]

Deals ``--deals`` hands (seeded), plays each auction with the level to a random
decision where the seat may pass or bid, and there values that decision with each
``--talons`` count under ``--seeds`` generator seeds (``AIBot.explain``, no clock).
Prints per count the mean standard deviation of the margin (the smallest bid's
value less the pass's, points) and how many decisions change between bid and pass
with the seed alone: the noise a count of talons leaves in the auction's choices.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from variants import make_ai_bot

from thousand import actions as A
from thousand.ai import AIBot
from thousand.conventions import Conventions
from thousand.state import Game, Observation, Phase


def decisions(conv: Conventions, deals: int, bot: AIBot) -> list[Observation]:
    """One bidding decision with a choice between pass and a bid per deal (where the
    auction reaches one), picked at random along the level's own auction."""
    out = []
    for d in range(deals):
        state = Game(conv).new_initial_state(random.Random(9000 + d))
        while state.phase is not Phase.BIDDING and not state.rows:
            state.apply_action(bot.act(state.observation(state.current_player()), random.Random(d)))
        pick = random.Random(d)
        while state.phase is Phase.BIDDING:
            obs = state.observation(state.current_player())
            legal = obs.legal_actions
            if A.PASS in legal and len(legal) > 1 and pick.random() < 0.5:
                out.append(obs)
                break
            state.apply_action(bot.act(obs, random.Random(d)))
    return out


def margin(bot: AIBot, obs: Observation, seed: int) -> float:
    """The smallest bid's value less the pass's, as the bot's bid table gives them."""
    values = dict(bot.explain(obs, random.Random(seed), budget_ms=None))
    bid = min((a for a in values if a != A.PASS), key=A.action_value)
    return float(values[bid]["ev"] - values[A.PASS]["ev"])


def main() -> int:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--preset", default=None)
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--talons", default="24,96")
    ap.add_argument("--level", default="strong")
    args = ap.parse_args()
    conv = Conventions.preset(args.preset) if args.preset else Conventions()
    base = make_ai_bot(args.level)
    obs_list = decisions(conv, args.deals, base)
    print(
        f"{args.level}, {args.preset or 'classic'}: {len(obs_list)} decisions, {args.seeds} seeds"
    )
    for t in (int(x) for x in args.talons.split(",")):
        bot = AIBot(dataclasses.replace(base.settings, bid_talons=t))
        sds, flips = [], 0
        for obs in obs_list:
            ms = [margin(bot, obs, s) for s in range(args.seeds)]
            sds.append(statistics.stdev(ms))
            flips += len({m > 0 for m in ms}) > 1
        print(
            f"bid_talons {t}: mean sd of the bid's margin over the pass {statistics.mean(sds):.1f}"
            f" points; decisions that change with the seed: {flips} of {len(obs_list)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
