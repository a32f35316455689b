"""A hidden layer over the rich features, trained offline (``ai_value_model.py --net``).

The shipped ``play_rich3`` is linear in ``evaluator.rich_features``: a value per
suit holding, per trump holding and a few numbers, summed. What the declarer's
hand is worth also depends on how those parts go together (side aces beside a
long trump, a second marriage beside a short trump); ``train`` fits, on the same
open-hand labels, the linear part plus ``hidden`` ReLU units over the same
features, by Adam on the squared error with early stopping on a tenth of the
labels held out. It needs NumPy (the bench only; the result is evaluated in
pure Python by ``thousand.ai.variant_models.Net``, for the arena's variants).

The result is in the features' own units, ready for the evaluator's data file:
``weights`` (the linear part, bias at ``evaluator.RICH_SIZE - 8``), ``hidden`` (a
row of unit weights per feature, the bias's row holding the units' biases) and
``out``; ``predict`` gives what ``evaluator.Model.mean`` will.
"""

from __future__ import annotations

from typing import Any

BIAS = 128  # the bias's index among the rich features


def train(
    xs: list[list[float]],
    ys: list[float],
    hidden: int,
    seed: int = 0,
    l2: float = 1e-4,
    epochs: int = 300,
    patience: int = 20,
    batch: int = 256,
    rate: float = 1e-3,
) -> dict[str, Any]:
    """Fit ``y = x . w + relu(x @ rows) . out`` (see the module's docstring)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    x = np.asarray(xs, dtype=np.float64)
    y = np.asarray(ys, dtype=np.float64)
    n, k = x.shape
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    const = sd < 1e-9
    mu[const] = 0.0
    sd[const] = 1.0
    xz = (x - mu) / sd
    ym, ysd = float(y.mean()), float(y.std())
    yz = (y - ym) / ysd
    order = rng.permutation(n)
    nval = max(1, n // 10)
    val, tr = order[:nval], order[nval:]
    p = {
        "wl": np.zeros(k),
        "b0": np.zeros(1),
        "w1": rng.normal(0.0, (2.0 / k) ** 0.5, (k, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0.0, (1.0 / hidden) ** 0.5, hidden) * 0.1,
    }
    m = {key: np.zeros_like(v) for key, v in p.items()}
    v2 = {key: np.zeros_like(v) for key, v in p.items()}
    step = 0

    def forward(a: Any) -> tuple[Any, Any]:
        h = np.maximum(0.0, a @ p["w1"] + p["b1"])
        return a @ p["wl"] + p["b0"][0] + h @ p["w2"], h

    def val_loss() -> float:
        pred, _ = forward(xz[val])
        return float(np.mean((pred - yz[val]) ** 2))

    best, best_p, stale = val_loss(), {key: v.copy() for key, v in p.items()}, 0
    for _epoch in range(epochs):
        rng.shuffle(tr)
        for i in range(0, len(tr), batch):
            idx = tr[i : i + batch]
            a, t = xz[idx], yz[idx]
            pred, h = forward(a)
            g = 2.0 * (pred - t) / len(idx)
            gh = np.outer(g, p["w2"]) * (h > 0)
            grads = {
                "wl": a.T @ g + l2 * p["wl"],
                "b0": np.array([g.sum()]),
                "w1": a.T @ gh + l2 * p["w1"],
                "b1": gh.sum(axis=0),
                "w2": h.T @ g + l2 * p["w2"],
            }
            step += 1
            for key, gr in grads.items():
                m[key] = 0.9 * m[key] + 0.1 * gr
                v2[key] = 0.999 * v2[key] + 0.001 * gr * gr
                mh = m[key] / (1 - 0.9**step)
                vh = v2[key] / (1 - 0.999**step)
                p[key] -= rate * mh / (np.sqrt(vh) + 1e-8)
        loss = val_loss()
        if loss < best - 1e-6:
            best, best_p, stale = loss, {key: v.copy() for key, v in p.items()}, 0
        else:
            stale += 1
            if stale >= patience:
                break
    p = best_p
    # Back to the features' own units: x_z = (x - mu) / sd, y = ym + ysd * y_z.
    weights = ysd * p["wl"] / sd
    weights[BIAS] += ym + ysd * p["b0"][0] - float(np.sum(ysd * p["wl"] * mu / sd))
    rows = p["w1"] / sd[:, None]
    rows[BIAS] += p["b1"] - (mu / sd) @ p["w1"]
    out = ysd * p["w2"]
    return {
        "weights": [float(w) for w in weights],
        "hidden": [[float(w) for w in row] for row in rows],
        "out": [float(w) for w in out],
        "val_mse": best * ysd * ysd,
    }


def predict(net: dict[str, Any], x: list[float]) -> float:
    """The fitted value of one feature vector (as ``evaluator.Model.mean``)."""
    linear = sum(w * v for w, v in zip(net["weights"], x, strict=True))
    units = [0.0] * len(net["out"])
    for v, row in zip(x, net["hidden"], strict=True):
        if v:
            units = [u + v * r for u, r in zip(units, row, strict=True)]
    return linear + sum(o * u for o, u in zip(net["out"], units, strict=True) if u > 0.0)


def scaled(net: dict[str, Any], a: float, b: float) -> dict[str, Any]:
    """The net mapped by the line ``a + b * value`` (``b`` > 0: the units' outputs
    scale, the linear part scales and takes ``a`` into its bias)."""
    weights = [b * w for w in net["weights"]]
    weights[BIAS] += a
    return {**net, "weights": weights, "out": [b * o for o in net["out"]]}
