"""CPU time per decision of two bots on the same positions (a paired ratio).

    PYTHONPATH=py python3 bench/lab/ai_paired_time.py --deals 6 [--a strong] [--b strong_policy]

Classic deals played by ``--a`` in every seat; at every decision with a choice
both bots decide on the same observation with the same generator seed, and
their CPU times (``time.process_time``) are summed. Prints the means and the
ratio b/a: what a change costs in decision time, free of the positions' mix.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from variants import make_ai_bot

from thousand.conventions import Conventions
from thousand.state import Game


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--a", default="strong")
    p.add_argument("--b", default="strong_policy")
    p.add_argument("--preset", default="classic")
    args = p.parse_args()
    a, b = make_ai_bot(args.a), make_ai_bot(args.b)
    ta = tb = 0.0
    n = 0
    for seed in range(args.deals):
        st = Game(Conventions.preset(args.preset)).new_initial_state(random.Random(seed))
        while not st.rows and not st.is_terminal():
            obs = st.observation(st.current_player())
            if len(obs.legal_actions) > 1:
                c0 = time.process_time()
                x = a.act(obs, random.Random(seed))
                c1 = time.process_time()
                b.act(obs, random.Random(seed))
                c2 = time.process_time()
                ta += c1 - c0
                tb += c2 - c1
                n += 1
            else:
                x = obs.legal_actions[0]
            st.apply_action(x)
    print(
        f"{n} decisions: {args.a} {1000 * ta / n:.1f} ms, {args.b} {1000 * tb / n:.1f} ms "
        f"mean CPU; ratio {tb / ta:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
