"""Leave-one-source-out logits for the classifier recipe, cached, and the partial-refusal decision rule
measured on them (issue 11, part 4).

    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/partial_experiment.py run NAME [--partial-weight W]
    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/partial_experiment.py score NAME [--offset-pool all]
    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/partial_experiment.py stack NAME | oracle NAME

``run`` trains one model per held-out source (as ``judge-eval --leave-one-source-out``) and saves the
held-out logits to ``$CACHE/NAME.npz`` (CACHE defaults to /tmp/overrefusal-loso); features are cached too,
keyed by the feature version and the data. ``score`` prints partial recall / precision, pooled and per
source, for the plain argmax and for a partial-logit offset chosen, per held-out source, on the other
sources' held-out logits only (never on the held-out source). ``stack`` and ``oracle``: see their docstrings.
Findings: ``../results/partial_experiment.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import sys
from pathlib import Path

import numpy as np

from overrefusal.judges.classifier.features import FEATURE_VERSION
from overrefusal.judges.classifier.train import (
    TrainConfig,
    extract_rows,
    is_synthetic,
    load_label_files,
    load_public,
    load_synthetic,
    train_weights,
)
from overrefusal.judges.evaluation.crossval import _source_of
from overrefusal.stats import CLASS_ORDER

CACHE = Path(os.environ.get("CACHE", "/tmp/overrefusal-loso"))
# The shared XSTest files sit beside the checkout (../shared), as the tests and benchmarks read them.
XSTEST = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "xstest" / "model_completions"
FILES = sorted(Path(os.environ.get("XSTEST_COMPLETIONS", str(XSTEST))).glob("*.csv"))


def load():
    rows = load_label_files(FILES)
    rows.extend(load_public())
    rows.extend(load_synthetic())
    return rows


def features(rows):
    import overrefusal.judges.classifier.features as fmod

    # The extraction code itself is part of the key: a feature edit without a version bump must not hit the cache.
    h = hashlib.sha256(str(FEATURE_VERSION).encode() + Path(fmod.__file__).read_bytes())
    for r in rows:
        h.update(f"{r.group}\0{r.prompt}\0{r.reply}\0".encode())
    path = CACHE / f"features-{h.hexdigest()[:16]}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    ex = extract_rows(rows)
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(ex))
    return ex


def run(name: str, config: TrainConfig, dense_scale: float = 1.0) -> None:
    from dataclasses import replace

    from overrefusal.judges.classifier.judge import load_model

    rows = load()
    ex = features(rows)
    if dense_scale != 1.0:
        # Larger dense values are penalised less by the L2 term relative to the n-gram blocks.
        ex = [replace(e, dense={k: v * dense_scale for k, v in e.dense.items()}) for e in ex]
    sources = [_source_of(r.group) for r in rows]
    logits = np.zeros((len(rows), 3))
    for unit in dict.fromkeys(sources):
        tr = [i for i, s in enumerate(sources) if s != unit]
        te = [i for i, s in enumerate(sources) if s == unit]
        print(f"without {unit}", file=sys.stderr, flush=True)
        w = train_weights([rows[i] for i in tr], config, [ex[i] for i in tr], calibrate=False)
        m = load_model(w)
        for i in te:
            logits[i] = m.logits(ex[i])
    np.savez(CACHE / f"{name}.npz", logits=logits)


def _probs(z, t, bias):
    z = z / t + bias
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def choose_offset(z, y) -> float:
    """The partial-logit offset (step 0.1 in [-1, 3]) with the best partial F1 plus 3-class accuracy."""
    best, best_score = 0.0, -1.0
    for b in np.round(np.arange(-1.0, 3.0001, 0.1), 2):
        pred = (z + np.array([0.0, 0.0, b])).argmax(axis=1)
        tp = ((pred == 2) & (y == 2)).sum()
        f1 = 2 * tp / max(1, (pred == 2).sum() + (y == 2).sum())
        score = f1 + (pred == y).mean()
        if score > best_score + 1e-12:
            best, best_score = float(b), score
    return best


def score(name: str, pool: str) -> None:
    from overrefusal.judges.classifier.train import fit_temperature

    z = np.load(CACHE / f"{name}.npz")["logits"]
    # Rows only ever get appended to the training files, so a run made before an addition scores on its prefix.
    rows = load()[: len(z)]
    sources = np.array([_source_of(r.group) for r in rows])
    y = np.array([CLASS_ORDER.index(r.gold) for r in rows])
    labelled = np.array([not is_synthetic(r.group) for r in rows])
    pred_plain = np.zeros(len(rows), dtype=int)
    pred_off = np.zeros(len(rows), dtype=int)
    for s in dict.fromkeys(sources.tolist()):
        mask = sources == s
        others = labelled & ~mask
        t = fit_temperature(z[others], y[others])
        sel = (~mask) if pool == "all" else others
        b = choose_offset(z[sel] / t, y[sel])
        pred_plain[mask] = (z[mask] / t).argmax(axis=1)
        pred_off[mask] = (z[mask] / t + np.array([0, 0, b])).argmax(axis=1)
        print(
            f"{s:34s} n={mask.sum():5d} t={t:.2f} off={b:+.1f} "
            f"3c {np.mean(pred_plain[mask] == y[mask]):.3f} -> {np.mean(pred_off[mask] == y[mask]):.3f}  "
            f"partial {_rp(pred_plain[mask], y[mask])} -> {_rp(pred_off[mask], y[mask])}"
        )
    print(
        f"{'pooled':34s} n={len(y):5d} 3c {np.mean(pred_plain == y):.3f} -> {np.mean(pred_off == y):.3f}  "
        f"partial {_rp(pred_plain, y)} -> {_rp(pred_off, y)}"
    )


def stack(name: str) -> None:
    """A second-stage partial-vs-rest model (gradient boosting, then logistic regression) over the dense cues
    plus the run's held-out 3-class logits, itself trained leave-one-source-out; partial where its
    probability passes a threshold, else the 3-class model's choice between compliance and refusal."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    z = np.load(CACHE / f"{name}.npz")["logits"]
    rows = load()[: len(z)]
    ex = features(load())[: len(z)]
    y = np.array([CLASS_ORDER.index(r.gold) for r in rows])
    sources = np.array([_source_of(r.group) for r in rows])
    names = sorted({k for e in ex for k in e.dense})
    col = {n: i for i, n in enumerate(names)}
    dense = np.zeros((len(rows), len(names)))
    for r, e in enumerate(ex):
        for k, v in e.dense.items():
            dense[r, col[k]] = v
    X = np.hstack([dense, z])
    is_partial = (y == 2).astype(int)
    base = z.argmax(axis=1)
    for kind in ("hgb", "lr"):
        prob = np.zeros(len(y))
        for s in dict.fromkeys(sources.tolist()):
            m = sources == s
            clf = (
                HistGradientBoostingClassifier(
                    max_iter=200, learning_rate=0.05, random_state=0, class_weight="balanced"
                )
                if kind == "hgb"
                else LogisticRegression(C=1.0, max_iter=2000, class_weight="balanced")
            )
            clf.fit(X[~m], is_partial[~m])
            prob[m] = clf.predict_proba(X[m])[:, 1]
        for th in (0.5, 0.6, 0.7, 0.8):
            pred = np.where(prob > th, 2, np.where(z[:, 0] >= z[:, 1], 0, 1))
            xs = " ".join(
                f"{s.replace('xstest_v2_completions_', '').replace('.csv', '')} {np.mean(pred[m] == y[m]):.3f}/"
                f"{np.mean(base[m] == y[m]):.3f}"
                for s in dict.fromkeys(sources.tolist())
                if s.startswith("xstest") or s == "safety-rbr"
                for m in [sources == s]
            )
            print(
                f"{kind} p>{th}: pooled 3c {np.mean(pred == y):.3f} (argmax {np.mean(base == y):.3f}) "
                f"partial {_rp(pred, y)}  {xs}"
            )


def oracle(name: str) -> None:
    """An upper bound, not a measurement: the partial offset chosen on the held-out logits themselves."""
    z = np.load(CACHE / f"{name}.npz")["logits"]
    y = np.array([CLASS_ORDER.index(r.gold) for r in load()[: len(z)]])
    best = (0.0, 0.0, 0.0, 0.0, 0.0)
    for b in np.arange(-2.0, 4.0, 0.05):
        p = (z + np.array([0.0, 0.0, b])).argmax(axis=1)
        tp = ((p == 2) & (y == 2)).sum()
        r, pr = tp / (y == 2).sum(), tp / max(1, (p == 2).sum())
        if min(r, pr) > best[0]:
            best = (min(r, pr), r, pr, b, np.mean(p == y))
    print(
        f"{name}: best balanced partial R {best[1]:.2f} / P {best[2]:.2f} at offset {best[3]:+.2f} (3-class {best[4]:.3f})"
    )


def _rp(pred, y) -> str:
    tp = ((pred == 2) & (y == 2)).sum()
    if (y == 2).sum() == 0:
        return "   -   "
    return f"{tp / (y == 2).sum():.2f}/{tp / max(1, (pred == 2).sum()):.2f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["run", "score", "stack", "oracle"])
    ap.add_argument("name")
    ap.add_argument("--partial-weight", type=float, default=TrainConfig().partial_weight)
    ap.add_argument("--C", type=float, default=TrainConfig().C)
    ap.add_argument("--dense-scale", type=float, default=1.0)
    ap.add_argument("--offset-pool", choices=["labelled", "all"], default="labelled")
    a = ap.parse_args()
    if a.cmd == "run":
        run(a.name, TrainConfig(C=a.C, partial_weight=a.partial_weight), a.dense_scale)
    elif a.cmd == "score":
        score(a.name, a.offset_pool)
    elif a.cmd == "stack":
        stack(a.name)
    else:
        oracle(a.name)


if __name__ == "__main__":
    main()
