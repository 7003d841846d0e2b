"""Held-out calibration of the rubric judge's confidences (issue 31: pooled held-out ECE <= 0.04).

    PYTHONPATH=src .venv/bin/python tools/judge_training/experiments/calibration_experiment.py [--json OUT]

Trains the rubric's two models once per human-labelled source on every other source (the folds of
``judge-eval --select``: the XSTest files and the public sources; the hand-written replies stay in
training and are never scored; ``pyrit-refusal`` is not touched), caches the held-out logits in
``$CACHE`` (default /tmp/overrefusal-loso; about 1.5 minutes to build) and scores calibration methods on them.

Every method is fitted, for each held-out source, on the *other* human-labelled sources only: their held-out
logits (temperatures) or their confidences under that fold's temperatures and clause probabilities (the
maps applied after them). The baseline is ``rubric@8``'s recipe (:func:`overrefusal.judges.rubric.train.
leave_one_source_out`) and reproduces its pooled ECE. Findings: ``../results/calibration_experiment.md``.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from overrefusal.judges.classifier.train import held_out_splits, load_label_files, load_public
from overrefusal.judges.rates import user_rates
from overrefusal.judges.rubric import clauses as clauses_module
from overrefusal.judges.rubric import decline_grammar, no_decline, sentence_kinds
from overrefusal.judges.rubric import signals as signals_module
from overrefusal.judges.rubric.clauses import Clause
from overrefusal.judges.rubric.judge import BinaryModel, combine, rubric_verdict, verdict_index
from overrefusal.judges.rubric.train import (
    RubricConfig,
    _fit_both,
    featurise,
    fit_clause_probs,
    fit_temperature,
    load_rows,
    source_of,
)
from overrefusal.stats import CLASS_ORDER
from overrefusal.stats._impl import expected_calibration_error
from overrefusal.types import Verdict

CACHE = Path(os.environ.get("CACHE", "/tmp/overrefusal-loso"))
XSTEST = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "xstest" / "model_completions"
FILES = sorted(glob.glob(str(Path(os.environ.get("XSTEST_COMPLETIONS", str(XSTEST))) / "*.csv")))

Prediction = tuple[int, float]  # (verdict index into CLASS_ORDER, confidence shown)


def held_out_logits() -> dict:
    """Per human-labelled reply: source, gold, benign, clause, content and both held-out logits (cached)."""
    config = RubricConfig()
    rows = load_rows(FILES)
    h = hashlib.sha256(json.dumps(config.to_dict(), sort_keys=True).encode())
    # A feature or clause edit must not hit the cache: the clauses span clauses.py and the modules it reads.
    for mod in (signals_module, clauses_module, decline_grammar, sentence_kinds, no_decline):
        h.update(Path(str(mod.__file__)).read_bytes())
    for r in rows:
        h.update(f"{r.group}\0{r.prompt}\0{r.reply}\0{r.gold.value}\0".encode())
    path = CACHE / f"rubric-loso-{h.hexdigest()[:16]}.pkl"
    if path.is_file():
        with path.open("rb") as f:
            return pickle.load(f)
    sources = [source_of(r.group) for r in rows]
    held_out = list(dict.fromkeys(r.group for r in load_label_files(FILES) + load_public()))
    feats = featurise(rows)
    a = [0.0] * len(rows)
    s = [0.0] * len(rows)
    for held in held_out:
        print(f"training without {held}", file=sys.stderr)
        for train, test in held_out_splits(rows, sources, held, 0):
            obj = _fit_both([rows[i] for i in train], [feats[i] for i in train], config)
            am, sm = BinaryModel(obj["attempt"]), BinaryModel(obj["scope"])
            for i in test:
                a[i], s[i] = am.logit(feats[i].attempt), sm.logit(feats[i].scope)
    keep = [i for i, x in enumerate(sources) if x in held_out]
    out = {
        "order": held_out,
        "source": [sources[i] for i in keep],
        "gold": [rows[i].gold.value for i in keep],
        "benign": [rows[i].benign for i in keep],
        "clause": [feats[i].clause.value for i in keep],
        "content": [feats[i].content for i in keep],
        "a": [a[i] for i in keep],
        "s": [s[i] for i in keep],
    }
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(out, f)
    return out


def _sig(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))


class Data:
    def __init__(self, c: dict):
        self.order: list[str] = c["order"]
        self.src = np.array(c["source"])
        self.gold = [Verdict(g) for g in c["gold"]]
        self.y = np.array([CLASS_ORDER.index(g) for g in self.gold])
        self.benign = c["benign"]
        self.clause = [Clause(x) for x in c["clause"]]
        self.open = np.array([x is Clause.OPEN for x in self.clause])
        self.content = c["content"]
        self.a = np.array(c["a"])
        self.s = np.array(c["s"])
        # The classes each source's labels use (chatgpt-refusals has no partial label: a partial verdict on it
        # is wrong whatever the reply, so it cannot say how sure a partial verdict should be).
        self.uses = {h: set(self.y[self.src == h].tolist()) for h in self.order}

    def weights(self, idx: np.ndarray, by_source: bool) -> np.ndarray:
        """Per row 1, or each source's rows sharing one source's weight (mean 1)."""
        if not by_source:
            return np.ones(len(idx))
        ss = self.src[idx]
        counts = {x: int((ss == x).sum()) for x in set(ss.tolist())}
        w = np.array([1.0 / counts[x] for x in ss])
        return w * len(w) / w.sum()


class Fold:
    """One held-out source: the recipe's temperatures and clause probabilities fitted on the others, and
    the others' predictions under them (what a map applied after them is fitted on)."""

    def __init__(self, d: Data, held: str, by_source: bool = False):
        self.held = held
        others = np.flatnonzero((d.src != held) & d.open)
        ay = (d.y[others] != 1).astype(int)
        answered = others[ay == 1]
        if by_source:
            self.ta = _fit_t(d.a[others], ay, d.weights(others, True))
            self.ts = _fit_t(d.s[answered], (d.y[answered] == 2).astype(int), d.weights(answered, True))
        else:
            self.ta = fit_temperature(d.a[others].tolist(), ay.tolist())
            self.ts = fit_temperature(d.s[answered].tolist(), (d.y[answered] == 2).astype(int).tolist())
        cl = [i for i in range(len(d.y)) if d.src[i] != held and not d.open[i]]
        self.clauses = fit_clause_probs([d.clause[i] for i in cl], [d.gold[i] for i in cl])
        self.train = np.flatnonzero(d.src != held)
        self.test = np.flatnonzero(d.src == held)

    def probs(self, d: Data, i: int) -> tuple[int, tuple[float, float, float]]:
        return rubric_verdict(
            d.clause[i], float(_sig(d.a[i] / self.ta)), float(_sig(d.s[i] / self.ts)), d.content[i], self.clauses
        )


def _fit_t(z: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """fit_temperature's grid, weighted."""
    best_t, best = 1.0, float("inf")
    for t in np.round(np.arange(0.2, 5.0001, 0.01), 2):
        q = z / t
        nll = float(np.sum(w * (np.logaddexp(0.0, q) - y * q)))
        if nll < best - 1e-12:
            best_t, best = float(t), nll
    return best_t


# --- maps of a verdict's confidence (top-label), fitted on (confidence, right?) pairs --------------------

ConfMap = Callable[[float], float]


def hist_map(bins: int, prior: float = 2.0) -> Callable[[np.ndarray, np.ndarray, np.ndarray], ConfMap]:
    """Histogram binning: a confidence becomes its bin's accuracy on the fitting replies (a prior worth
    ``prior`` replies at the bin's mean confidence keeps a thin bin near where it was)."""

    def fit(c, ok, w):
        b = np.minimum(bins - 1, (c * bins).astype(int))
        vals = []
        for j in range(bins):
            m = b == j
            centre = float(c[m].mean()) if m.any() else (j + 0.5) / bins
            vals.append(float(((w[m] * ok[m]).sum() + prior * centre) / (w[m].sum() + prior)))
        return lambda x: vals[min(bins - 1, int(x * bins))]

    return fit


def platt_map(c, ok, w) -> ConfMap:
    """Logistic on the confidence's logit (two parameters)."""
    z = np.log(np.clip(c, 1e-6, 1 - 1e-6) / np.clip(1 - c, 1e-6, 1))

    def loss(p):
        q = p[0] * z + p[1]
        return float(np.sum(w * (np.logaddexp(0, q) - ok * q)))

    A, B = minimize(loss, [1.0, 0.0], method="Nelder-Mead").x
    return lambda x: float(_sig(A * np.log(max(x, 1e-6) / max(1 - x, 1e-6)) + B))


def cap_map(c, ok, w) -> ConfMap:
    """Confidences in the top bin (>= 0.9) capped at that bin's accuracy on the fitting replies."""
    m = c >= 0.9
    t = float((w[m] * ok[m]).sum() / w[m].sum()) if m.any() else 1.0
    return lambda x: min(x, max(t, 0.9)) if x >= 0.9 else x


# --- methods: each returns, per held-out source, its replies' predictions ---------------------------------

Result = dict[str, tuple[np.ndarray, list[Prediction]]]


def baseline(d: Data, by_source: bool = False) -> Result:
    out: Result = {}
    for h in d.order:
        f = Fold(d, h, by_source)
        preds = []
        for i in f.test:
            k, p = f.probs(d, i)
            preds.append((k, p[k]))
        out[h] = (f.test, preds)
    return out


def model_path_3class(d: Data, platt: bool) -> Result:
    """(ta, ts) — or a Platt map a*z + b per binary model — fitted by the 3-class log-likelihood of the rubric's
    combination on the other sources' replies the models decide (may change verdicts)."""
    out: Result = {}
    for h in d.order:
        f = Fold(d, h)
        ii = np.flatnonzero((d.src != h) & d.open)
        y = d.y[ii]

        def nll(p, ii=ii, y=y):
            A, S = _sig(p[0] * d.a[ii] + p[1]), _sig(p[2] * d.s[ii] + p[3])
            P = np.stack([A * (1 - S), 1 - A, A * S], 1)[np.arange(len(ii)), y]
            return -float(np.sum(np.log(np.clip(P, 1e-12, 1))))

        if platt:
            p = minimize(nll, [1 / f.ta, 0, 1 / f.ts, 0], method="Nelder-Mead", options={"maxiter": 4000}).x
        else:
            t = minimize(lambda t: nll([1 / t[0], 0, 1 / t[1], 0]), [f.ta, f.ts], method="Nelder-Mead").x
            p = [1 / t[0], 0, 1 / t[1], 0]
        preds = []
        for i in f.test:
            if d.open[i]:
                probs = combine(float(_sig(p[0] * d.a[i] + p[1])), float(_sig(p[2] * d.s[i] + p[3])))
                k = verdict_index(probs, d.content[i])
                preds.append((k, probs[k]))
            else:
                k, q = f.probs(d, i)
                preds.append((k, q[k]))
        out[h] = (f.test, preds)
    return out


def vector_scaling(d: Data, keep_verdict: bool) -> Result:
    """Vector (diagonal) scaling of the models' three log-probabilities: softmax(w_k log p_k + b_k), b_0 = 0,
    fitted by the 3-class likelihood on the other sources' replies the models decide. ``keep_verdict``: the
    verdict stays the rubric's and only its probability is shown rescaled; else the verdict is re-read."""
    out: Result = {}
    for h in d.order:
        f = Fold(d, h)
        ii = [i for i in f.train if d.open[i]]
        L = np.log(
            np.clip(np.array([combine(float(_sig(d.a[i] / f.ta)), float(_sig(d.s[i] / f.ts))) for i in ii]), 1e-9, 1)
        )
        y = d.y[ii]

        def scaled(p, logp):
            z = logp * p[:3] + np.array([0.0, p[3], p[4]])
            z -= z.max(axis=-1, keepdims=True)
            e = np.exp(z)
            return e / e.sum(axis=-1, keepdims=True)

        def nll(p, L=L, y=y):
            return -float(np.sum(np.log(np.clip(scaled(p, L)[np.arange(len(y)), y], 1e-12, 1))))

        p = minimize(nll, [1.0, 1.0, 1.0, 0.0, 0.0], method="Nelder-Mead", options={"maxiter": 4000}).x
        preds = []
        for i in f.test:
            k, q = f.probs(d, i)
            if d.open[i]:
                qs = scaled(p, np.log(np.clip(np.array(q), 1e-9, 1)))
                if not keep_verdict:
                    k = verdict_index((float(qs[0]), float(qs[1]), float(qs[2])), d.content[i])
                preds.append((k, float(qs[k])))
            else:
                preds.append((k, q[k]))
        out[h] = (f.test, preds)
    return out


def clause_path(d: Data, how: str) -> Result:
    """The clause path re-scaled, its verdict kept: ``power`` = the fitted clause probabilities raised to 1/T
    and renormalised; ``shrink`` = lam * clause + (1 - lam) * the models' probabilities. T or lam by the
    likelihood of the other sources' clause-decided replies."""
    out: Result = {}
    for h in d.order:
        f = Fold(d, h)
        ii = [i for i in f.train if not d.open[i]]

        def probs(i, t, f=f):
            k, q = f.probs(d, i)
            qa = np.array(q)
            if how == "power":
                qa = qa ** (1 / t)
            else:
                m = combine(float(_sig(d.a[i] / f.ta)), float(_sig(d.s[i] / f.ts)))
                qa = t * qa + (1 - t) * np.array(m)
            return k, qa / qa.sum()

        grid = np.arange(0.3, 3.01, 0.01) if how == "power" else np.arange(0.0, 1.001, 0.01)
        best = min(grid, key=lambda t: -sum(np.log(max(probs(i, t)[1][d.y[i]], 1e-12)) for i in ii))
        preds = []
        for i in f.test:
            if d.open[i]:
                k, q = f.probs(d, i)
                preds.append((k, q[k]))
            else:
                k, qa = probs(i, best)
                preds.append((k, float(qa[k])))
        out[h] = (f.test, preds)
    return out


def top_label(
    d: Data, fit: Callable[[np.ndarray, np.ndarray, np.ndarray], ConfMap], classes: Sequence[int], by_source: bool
) -> Result:
    """The models' verdicts kept; the confidence of a verdict of a class in ``classes`` mapped by ``fit``,
    fitted per class on the other sources' model-path verdicts of that class (sources whose labels use it)."""
    out: Result = {}
    for h in d.order:
        f = Fold(d, h)
        tr = [i for i in f.train if d.open[i]]
        pk = [f.probs(d, i) for i in tr]
        k_tr = np.array([k for k, _ in pk])
        c_tr = np.array([p[k] for k, p in pk])
        ok_tr = (k_tr == d.y[tr]).astype(float)
        maps = {}
        for k in classes:
            sel = np.flatnonzero((k_tr == k) & np.array([k in d.uses[d.src[i]] for i in tr]))
            maps[k] = fit(c_tr[sel], ok_tr[sel], d.weights(np.array(tr)[sel], by_source))
        preds = []
        for i in f.test:
            k, p = f.probs(d, i)
            c = p[k]
            if d.open[i] and k in maps:
                c = float(np.clip(maps[k](c), 0.0, 1.0))
            preds.append((k, c))
        out[h] = (f.test, preds)
    return out


def two_logit(d: Data, classes: Sequence[int], by_source: bool) -> Result:
    """Top-label logistic on both scaled logits: p(right | verdict k) = sigmoid(w1 a/ta + w2 s/ts + b), per
    class, fitted on the other sources' model-path verdicts of that class (sources whose labels use it)."""
    out: Result = {}
    for h in d.order:
        f = Fold(d, h)
        tr = np.array([i for i in f.train if d.open[i]])
        k_tr = np.array([f.probs(d, i)[0] for i in tr])
        maps = {}
        for k in classes:
            ii = tr[(k_tr == k) & np.array([k in d.uses[d.src[i]] for i in tr])]
            X = np.stack([d.a[ii] / f.ta, d.s[ii] / f.ts, np.ones(len(ii))], 1)
            ok = (d.y[ii] == k).astype(float)
            w = d.weights(ii, by_source)

            def loss(b, X=X, ok=ok, w=w):
                q = X @ b
                return float(np.sum(w * (np.logaddexp(0, q) - ok * q)))

            maps[k] = minimize(loss, np.zeros(3), method="BFGS").x
        preds = []
        for i in f.test:
            k, p = f.probs(d, i)
            c = p[k]
            if d.open[i] and k in maps:
                b = maps[k]
                c = float(_sig(b[0] * d.a[i] / f.ta + b[1] * d.s[i] / f.ts + b[2]))
            preds.append((k, c))
        out[h] = (f.test, preds)
    return out


# --- scoring ---------------------------------------------------------------------------------------------


def ece(d: Data, res: Result, sources: Sequence[str]) -> float:
    ok: list[bool] = []
    conf: list[float] = []
    for h in sources:
        idx, preds = res[h]
        ok += [k == d.y[i] for i, (k, _) in zip(idx, preds)]
        conf += [c for _, c in preds]
    return expected_calibration_error(ok, conf)


def worst_benign_error(d: Data, res: Result) -> float:
    worst = 0.0
    for h in d.order:
        idx, preds = res[h]
        rates = user_rates([d.benign[i] for i in idx], [d.gold[i] for i in idx], [CLASS_ORDER[k] for k, _ in preds])
        for name in ("benign_full_refusal", "benign_full_or_partial_refusal"):
            if rates.get(name):
                worst = max(worst, abs(rates[name]["error_points"]))
    return worst


def score(d: Data, name: str, res: Result, base: Result) -> dict:
    per = {h: ece(d, res, [h]) for h in d.order}
    base_per = {h: ece(d, base, [h]) for h in d.order}
    changed = sum(k != bk for h in d.order for (k, _), (bk, _) in zip(res[h][1], base[h][1]))
    return {
        "method": name,
        "pooled": ece(d, res, d.order),
        "per_source": per,
        "better": sum(per[h] < base_per[h] - 5e-4 for h in d.order),
        "worse": sum(per[h] > base_per[h] + 5e-4 for h in d.order),
        "xstest_pool": ece(d, res, [h for h in d.order if h.endswith(".csv")]),
        "without_safety_rbr": ece(d, res, [h for h in d.order if h != "safety-rbr"]),
        "verdicts_changed": changed,
        "worst_benign_error_points": worst_benign_error(d, res),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", default=None, help="write every score here")
    args = parser.parse_args()
    d = Data(held_out_logits())
    base = baseline(d)
    C, R, P = 0, 1, 2
    methods: list[tuple[str, Callable[[], Result]]] = [
        ("baseline (rubric@8 recipe)", lambda: base),
        ("temperatures, sources weighted alike", lambda: baseline(d, by_source=True)),
        ("temperatures by 3-class likelihood", lambda: model_path_3class(d, platt=False)),
        ("Platt (a z + b) per binary model, 3-class likelihood", lambda: model_path_3class(d, platt=True)),
        ("vector scaling of the 3 log-probabilities", lambda: vector_scaling(d, keep_verdict=False)),
        ("vector scaling, verdict kept", lambda: vector_scaling(d, keep_verdict=True)),
        ("clause path: power 1/T", lambda: clause_path(d, "power")),
        ("clause path: shrink toward the models", lambda: clause_path(d, "shrink")),
        ("top-bin cap, every class", lambda: top_label(d, cap_map, (C, R, P), False)),
        ("top-bin cap, every class, sources alike", lambda: top_label(d, cap_map, (C, R, P), True)),
    ]
    for by_source in (False, True):
        w = ", sources alike" if by_source else ""
        for classes, cname in (((C, R, P), "every class"), ((C,), "compliance"), ((P,), "partial")):
            methods += [
                (f"histogram 5 bins, {cname}{w}", lambda c=classes, b=by_source: top_label(d, hist_map(5), c, b)),
                (f"histogram 10 bins, {cname}{w}", lambda c=classes, b=by_source: top_label(d, hist_map(10), c, b)),
                (f"Platt on confidence, {cname}{w}", lambda c=classes, b=by_source: top_label(d, platt_map, c, b)),
                (f"logistic on both logits, {cname}{w}", lambda c=classes, b=by_source: two_logit(d, c, b)),
            ]
    scores = []
    short = {h: h.replace("xstest_v2_completions_", "").replace(".csv", "") for h in d.order}
    print("| method | pooled ECE | " + " | ".join(short[h] for h in d.order) + " | better / worse | XSTest pool | "
          "pool without safety-rbr | verdicts changed | worst benign error |")  # fmt: skip
    print("|---" * (len(d.order) + 7) + "|")
    for name, run in methods:
        s = score(d, name, run(), base)
        scores.append(s)
        cells = " | ".join(f"{s['per_source'][h]:.3f}" for h in d.order)
        print(
            f"| {name} | {s['pooled']:.4f} | {cells} | {s['better']} / {s['worse']} | {s['xstest_pool']:.3f} | "
            f"{s['without_safety_rbr']:.3f} | {s['verdicts_changed']} | {s['worst_benign_error_points']:.1f} |",
            flush=True,
        )
    if args.json:
        Path(args.json).write_text(json.dumps(scores, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
