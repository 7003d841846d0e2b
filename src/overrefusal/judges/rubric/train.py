"""Train the rubric judge's two models, and measure them leave-one-source-out (needs numpy).

The data (see ``training/README.md``): the XSTest completion files given, the public sources
(chatgpt-refusals, safety-rbr), the project's hand-written replies (``synthetic*.jsonl``) and the
replies written for the rubric judge (``rubric_replies.jsonl``). Each file, public source and
hand-written family is one *source*.

* attempt: every row; target = the reply answers all or part of the request (gold compliance or partial).
* scope: rows whose gold is compliance or partial; target = partial.

Each is an L2-regularised logistic regression fitted by Newton's method on the named features of
:mod:`.rubric_signals` (a few dozen: no solver randomness, so the same data give the same weights),
each source weighted as if it had at most ``source_cap`` rows. The temperature of each model is fitted
on out-of-fold logits, one fold per human-labelled source, so no source calibrates its own verdicts, and
only on the replies the models decide. A written clause decides the rest, with its written verdict and a
confidence fitted on the human labels of the replies it decides (:func:`fit_clause_probs`; held out per
source in :func:`leave_one_source_out`). The models' compliance verdicts show a confidence mapped from both
scaled logits, fitted on the same out-of-fold replies with each source weighing alike
(:func:`fit_compliance_confidence`; per held-out source in :func:`leave_one_source_out`).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...errors import UserError
from ...guards.safe_files import input_lines, read_input_text
from ...stats import CLASS_ORDER, agreement_metrics
from ...types import Verdict
from ..classifier.train import (
    TrainRow,
    calibration_pool,
    held_out_splits,
    is_synthetic,
    load_label_files,
    load_public,
    load_synthetic,
)
from ..labels import parse_label
from ..rates import user_rates
from .clauses import Clause
from .judge import (
    WEIGHTS_FORMAT,
    BinaryModel,
    ComplianceConfidence,
    clause_verdict,
    combine,
    decided,
    rubric_verdict,
    scope_read,
    shown_probabilities,
    sigmoid,
    verdict_index,
)
from .signals import FEATURE_VERSION, clause_for, read_for, signal_features, withholds_nothing

OWN_GROUP = "rubric"
"""Training group prefix of the replies written for the rubric judge (``rubric:<family>``)."""

Progress = Callable[[str], None]


@dataclass(frozen=True)
class RubricConfig:
    """Everything besides the data that decides the weights."""

    l2: float = 0.5
    """L2 penalty on the feature weights (not the bias), per training row."""
    source_cap: int = 500
    """Rows of one source beyond this count share its weight."""
    partial_weight: float = 2.0
    """Weight of partial refusals in the scope model (rare and what the rubric is about)."""
    iterations: int = 200
    min_df: int = 3
    """Wording n-grams seen in fewer training replies are dropped."""
    wording_penalty: float = 1.0
    """How much harder wording n-grams are regularised than structural features."""
    clause_prior: float = 2.0
    """How many replies' worth the written probabilities of a clause count for when its probabilities are
    fitted on labels (:func:`fit_clause_probs`)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def own_path() -> Path:
    """The replies written for the rubric judge (kept apart from the behavioural checklist)."""
    return Path(str(resources.files("overrefusal.judges").joinpath("training").joinpath("rubric_replies.jsonl")))


def load_own(path: str | Path | None = None) -> list[TrainRow]:
    """The rubric judge's own training replies; each family is one source ``rubric:<family>``."""
    p = Path(path) if path is not None else own_path()
    rows = []
    for lineno, raw in input_lines(read_input_text(p, what="training file")):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise UserError(f"invalid JSON: {exc.msg}", path=str(p), line=lineno) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("reply"), str):
            raise UserError("each line must be a JSON object with a 'reply'", path=str(p), line=lineno)
        gold = parse_label(obj.get("label"), path=str(p), line=lineno, field="label")
        family = str(obj.get("family") or "misc")
        rows.append(
            TrainRow(
                str(obj.get("prompt") or ""),
                obj["reply"],
                gold,
                f"{OWN_GROUP}:{family}",
                str(obj.get("style") or ""),
                str(obj.get("lang") or ""),
            )
        )
    return rows


def load_rows(
    files: Sequence[str | Path], *, public: bool = True, synthetic: bool = True, own: bool = True
) -> list[TrainRow]:
    rows = load_label_files(files)
    if public:
        rows.extend(load_public())
    if synthetic:
        rows.extend(load_synthetic())
    if own:
        rows.extend(load_own())
    return rows


def source_of(group: str) -> str:
    """The held-out unit of a training group (the first synthetic set is ``synthetic:core``)."""
    return "synthetic:core" if group == "synthetic" else group


def is_hand_written(group: str) -> bool:
    return is_synthetic(group) or group.startswith(OWN_GROUP + ":")


@dataclass(frozen=True)
class Featurised:
    attempt: dict[str, float]
    scope: dict[str, float]
    clause: Clause = Clause.OPEN
    """The written clause that decides the reply, if one does; the models' output is then not used."""
    content: bool = True
    """The reply has text besides its declines (see :func:`.rubric.verdict_index`)."""
    withholds: bool = True
    """A part of the request may be withheld: False where the reply opens with a hedge that withholds nothing
    (:func:`.signals.withholds_nothing`), and p(part declined) is then 0, as the judge reads it."""

    def p_scope(self, z_scope: float) -> float:
        """p(part declined) from the scope model's scaled logit, as :meth:`.RubricJudge.signals_of` gives it."""
        return scope_read(z_scope, self.withholds)[0]

    def z_scope(self, z_scope: float) -> float:
        """The scope logit the compliance confidence map reads, as :meth:`.RubricJudge.signals_of` gives it."""
        return scope_read(z_scope, self.withholds)[1]


def featurise(rows: Sequence[TrainRow]) -> list[Featurised]:
    out = []
    for r in rows:
        reading = read_for(r.reply, r.prompt)
        out.append(
            Featurised(
                *signal_features(reading, r.prompt, r.benign),
                clause_for(reading, r.prompt),
                bool(reading.substantive),
                not withholds_nothing(reading),
            )
        )
    return out


# --- fitting -----------------------------------------------------------------------------------------


def _matrix(feats: Sequence[Mapping[str, float]], names: Sequence[str]):
    import numpy as np
    import scipy.sparse as sp

    col = {n: i for i, n in enumerate(names)}
    data: list[float] = []
    cols: list[int] = []
    indptr = [0]
    for f in feats:
        # Sorted: a reply's n-grams come out of a set, whose order changes with Python's hash seed, and the
        # order of a row's entries changes the floating-point sums, so the weights would not be reproducible.
        for k, v in sorted(f.items()):
            j = col.get(k)
            if j is not None:
                cols.append(j)
                data.append(v)
        indptr.append(len(data))
    return sp.csr_matrix(
        (np.array(data), np.array(cols, dtype=np.int64), np.array(indptr)), shape=(len(feats), len(names))
    )


def _names(feats: Sequence[Mapping[str, float]], config: RubricConfig) -> list[str]:
    """Feature names kept: every structural feature; wording n-grams seen in at least ``min_df`` rows."""
    df: dict[str, int] = {}
    for f in feats:
        for k in f:
            df[k] = df.get(k, 0) + 1
    return sorted(k for k, c in df.items() if ":" not in k or c >= config.min_df)


def fit_logistic(feats: Sequence[Mapping[str, float]], y: Sequence[int], w: Sequence[float], config: RubricConfig):
    """(weights by name, bias) of an L2 logistic regression (L-BFGS, deterministic)."""
    import numpy as np
    from scipy.optimize import minimize

    names = _names(feats, config)
    X = _matrix(feats, names)
    yv = np.asarray(y, dtype=float)
    sw = np.asarray(w, dtype=float)
    sw = sw * (len(sw) / sw.sum())  # mean 1: the loss is in units of rows
    # Wording n-grams are penalised harder than the structural features: they are many, and they carry
    # one source's phrasing, where the structure carries the rubric.
    penalty = np.array([config.l2 * (config.wording_penalty if ":" in n else 1.0) for n in names])

    def loss(beta):
        z = X @ beta[:-1] + beta[-1]
        nll = float(np.sum(sw * (np.logaddexp(0.0, z) - yv * z)))
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -35, 35)))
        g = sw * (p - yv)
        grad = np.append(X.T @ g + penalty * beta[:-1], g.sum())
        return nll + 0.5 * float(np.sum(penalty * beta[:-1] ** 2)), grad

    res = minimize(
        loss,
        np.zeros(len(names) + 1),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": config.iterations, "gtol": 1e-4},
    )
    beta = res.x
    weights = {n: round(float(b), 4) for n, b in zip(names, beta[:-1]) if abs(b) >= 1e-4}
    return weights, round(float(beta[-1]), 4)


def fit_temperature(logits: Sequence[float], y: Sequence[int]) -> float:
    """The temperature in [0.2, 5] (step 0.01) minimising the negative log-likelihood of binary logits."""
    import numpy as np

    z = np.asarray(logits, dtype=float)
    yv = np.asarray(y, dtype=float)
    best_t, best = 1.0, float("inf")
    for t in np.round(np.arange(0.2, 5.0001, 0.01), 2):
        s = z / t
        nll = float(np.mean(np.logaddexp(0.0, -s) * yv + np.logaddexp(0.0, s) * (1 - yv)))
        if nll < best - 1e-12:
            best_t, best = float(t), nll
    return best_t


def _targets(rows: Sequence[TrainRow], config: RubricConfig):
    sizes: dict[str, int] = {}
    for r in rows:
        sizes[source_of(r.group)] = sizes.get(source_of(r.group), 0) + 1
    cap = [min(1.0, config.source_cap / sizes[source_of(r.group)]) if config.source_cap else 1.0 for r in rows]
    attempt_y = [int(r.gold in (Verdict.COMPLIANCE, Verdict.PARTIAL)) for r in rows]
    scope_idx = [i for i, r in enumerate(rows) if r.gold in (Verdict.COMPLIANCE, Verdict.PARTIAL)]
    scope_y = [int(rows[i].gold == Verdict.PARTIAL) for i in scope_idx]
    scope_w = [cap[i] * (config.partial_weight if rows[i].gold == Verdict.PARTIAL else 1.0) for i in scope_idx]
    return cap, attempt_y, scope_idx, scope_y, scope_w


def _fit_both(rows: Sequence[TrainRow], feats: Sequence[Featurised], config: RubricConfig) -> dict[str, Any]:
    cap, attempt_y, scope_idx, scope_y, scope_w = _targets(rows, config)
    if len(set(attempt_y)) < 2 or len(set(scope_y)) < 2:
        raise UserError("training needs examples of all three classes (compliance, refusal, partial)")
    aw, ab = fit_logistic([f.attempt for f in feats], attempt_y, cap, config)
    sw, sb = fit_logistic([feats[i].scope for i in scope_idx], scope_y, scope_w, config)
    return {"attempt": {"weights": aw, "bias": ab}, "scope": {"weights": sw, "bias": sb}}


_MAP_L2 = 1e-4
"""L2 penalty per row on the compliance map's two slopes: negligible on the training sources (the fitted
weights move in the fourth decimal), enough to keep a fit on a handful of separable rows finite."""


def fit_compliance_confidence(
    z_attempt: Sequence[float], z_scope: Sequence[float], right: Sequence[bool], sources: Sequence[str]
) -> ComplianceConfidence | None:
    """The confidence map of the models' compliance verdicts (:class:`.judge.ComplianceConfidence`): a
    logistic regression of "the verdict is right" on the two scaled logits, one row per compliance verdict
    the models gave on an out-of-fold reply, each source's rows sharing one source's weight.

    Sources alike, not replies alike: a user's run is one source, and the pool is dominated by the sources
    with most replies, whose errors lean the other way from the rest (docs/judge-experiments/calibration.md).
    Three parameters on hundreds of rows, so only a token L2 penalty on the two slopes (:data:`_MAP_L2`, per
    row of weight; it keeps a fit on a few separable rows finite); attempt >= 0 and scope <= 0 are bounds,
    so the map is monotone the way p(compliance) is. None without both outcomes."""
    import numpy as np
    from scipy.optimize import minimize

    if len(set(right)) < 2:
        return None
    X = np.stack([np.asarray(z_attempt, float), np.asarray(z_scope, float), np.ones(len(right))], 1)
    ok = np.asarray(right, dtype=float)
    counts = Counter(sources)
    w = np.array([1.0 / counts[src] for src in sources])
    w *= len(w) / w.sum()

    def loss(b):
        q = X @ b
        p = 1.0 / (1.0 + np.exp(-np.clip(q, -35, 35)))
        ridge = _MAP_L2 * len(ok) * np.array([b[0], b[1], 0.0])
        nll = float(np.sum(w * (np.logaddexp(0.0, q) - ok * q))) + 0.5 * float(ridge @ b)
        return nll, X.T @ (w * (p - ok)) + ridge

    b = minimize(
        loss, np.zeros(3), jac=True, method="L-BFGS-B", bounds=[(0.0, None), (None, 0.0), (None, None)],
        options={"maxiter": 500, "gtol": 1e-8},
    ).x  # fmt: skip
    return ComplianceConfidence(*(round(float(v), 4) + 0.0 for v in b))


def compliance_fit_rows(
    idx: Sequence[int],
    rows: Sequence[TrainRow],
    feats: Sequence[Featurised],
    a_logit: Sequence[float],
    s_logit: Sequence[float],
    ta: float,
    ts: float,
) -> ComplianceConfidence | None:
    """:func:`fit_compliance_confidence` on the replies ``idx`` (out-of-fold logits, models-decided, labelled)
    the models call compliance under temperatures (ta, ts). A source none of whose replies is labelled
    compliance is left out: it cannot say how sure a compliance verdict should be."""
    uses: dict[str, set[Verdict]] = {}
    for r in rows:
        if not is_hand_written(r.group):
            uses.setdefault(source_of(r.group), set()).add(r.gold)
    za: list[float] = []
    zs: list[float] = []
    right: list[bool] = []
    srcs: list[str] = []
    for i in idx:
        src = source_of(rows[i].group)
        a, s = a_logit[i] / ta, s_logit[i] / ts
        if Verdict.COMPLIANCE not in uses.get(src, set()):
            continue
        if verdict_index(combine(sigmoid(a), feats[i].p_scope(s)), feats[i].content) != 0:
            continue
        za.append(a)
        zs.append(feats[i].z_scope(s))
        right.append(rows[i].gold == Verdict.COMPLIANCE)
        srcs.append(src)
    return fit_compliance_confidence(za, zs, right, srcs)


@dataclass(frozen=True)
class Calibration:
    """What the shipped weights' confidences are fitted to, from out-of-fold logits."""

    attempt_temperature: float = 1.0
    scope_temperature: float = 1.0
    compliance: ComplianceConfidence | None = None


def _calibrate(
    rows: Sequence[TrainRow], feats: Sequence[Featurised], config: RubricConfig, exclude: str | None = None
) -> Calibration:
    """Temperatures of the two models and the compliance confidence map, from out-of-fold logits, one fold
    per human-labelled source (``exclude``: a source left out of everything)."""
    sources = [source_of(r.group) for r in rows]
    labelled = sorted({s for s, r in zip(sources, rows) if not is_hand_written(r.group) and s != exclude})
    a_logit = [0.0] * len(rows)
    s_logit = [0.0] * len(rows)
    # Decided by a written clause: the models' confidence is never shown for it.
    oof: list[int] = []
    for held in labelled:
        train = [i for i, s in enumerate(sources) if s != held and s != exclude]
        test = [i for i, s in enumerate(sources) if s == held and feats[i].clause is Clause.OPEN]
        obj = _fit_both([rows[i] for i in train], [feats[i] for i in train], config)
        am, sm = BinaryModel(obj["attempt"]), BinaryModel(obj["scope"])
        for i in test:
            a_logit[i] = am.logit(feats[i].attempt)
            s_logit[i] = sm.logit(feats[i].scope)
        oof.extend(test)
    a_y = [int(rows[i].gold in (Verdict.COMPLIANCE, Verdict.PARTIAL)) for i in oof]
    answered = [i for i, y in zip(oof, a_y) if y]
    s_y = [int(rows[i].gold == Verdict.PARTIAL) for i in answered]
    if not oof or len(set(s_y)) < 2:
        return Calibration()
    ta = fit_temperature([a_logit[i] for i in oof], a_y)
    ts = fit_temperature([s_logit[i] for i in answered], s_y)
    return Calibration(ta, ts, compliance_fit_rows(oof, rows, feats, a_logit, s_logit, ta, ts))


CLAUSE_PRIOR = RubricConfig.clause_prior
"""How many replies' worth the written probabilities of a clause count for when its probabilities are fitted
on labels: a Dirichlet prior of this strength centred on them (two replies: a clause seen on a handful of
replies moves most of the way to what they say, one seen on none keeps its written values)."""


def fit_clause_probs(
    clauses: Sequence[Clause], gold: Sequence[Verdict], prior: float = CLAUSE_PRIOR
) -> dict[Clause, tuple[float, float, float]]:
    """Per written clause, its (compliance, refusal, partial): the posterior mean of the human labels of the
    replies it decides (``clauses[i]`` decides the reply labelled ``gold[i]``), under a Dirichlet prior of
    strength ``prior`` centred on its written probabilities. The clause's verdict stays its written one
    (:func:`.judge.clause_verdict`); its confidence becomes its smoothed accuracy on these replies."""
    counts: dict[Clause, list[float]] = {}
    for clause, g in zip(clauses, gold):
        if clause_verdict(clause) is None or g not in CLASS_ORDER:
            continue
        counts.setdefault(clause, [0.0, 0.0, 0.0])[CLASS_ORDER.index(g)] += 1
    out: dict[Clause, tuple[float, float, float]] = {}
    for clause in Clause:
        written = decided(clause)
        if written is None:
            continue
        n = counts.get(clause, [0.0, 0.0, 0.0])
        total = sum(n) + prior
        c, r, _ = (round((n[j] + prior * written[j]) / total, 6) for j in range(3))
        out[clause] = (c, r, round(1.0 - c - r, 6))
    return out


def _labelled_clauses(
    rows: Sequence[TrainRow], feats: Sequence[Featurised], exclude: str | None = None
) -> tuple[list[Clause], list[Verdict]]:
    """(clauses, gold labels) of the human-labelled replies a written clause decides, ``exclude`` left out."""
    idx = [
        i
        for i, r in enumerate(rows)
        if not is_hand_written(r.group) and source_of(r.group) != exclude and feats[i].clause is not Clause.OPEN
    ]
    return [feats[i].clause for i in idx], [rows[i].gold for i in idx]


def train_weights(
    rows: Sequence[TrainRow],
    config: RubricConfig = RubricConfig(),
    feats: Sequence[Featurised] | None = None,
    calibrate: bool = True,
) -> dict[str, Any]:
    """The rubric judge's weights object for ``rows`` (see :class:`.rubric.RubricModel`)."""
    if not rows:
        raise UserError("no training rows")
    if feats is None:
        feats = featurise(rows)
    obj = _fit_both(rows, feats, config)
    cal = _calibrate(rows, feats, config) if calibrate else Calibration()
    obj["attempt"]["temperature"] = cal.attempt_temperature
    obj["scope"]["temperature"] = cal.scope_temperature
    if cal.compliance is not None:
        obj["compliance_confidence"] = cal.compliance._asdict()
    if calibrate:
        # Every human-labelled source: the clauses' verdicts need no model, so nothing here is fitted on them.
        obj["clauses"] = {
            c.value: list(p)
            for c, p in fit_clause_probs(*_labelled_clauses(rows, feats), prior=config.clause_prior).items()
        }
    groups: dict[str, int] = {}
    for r in rows:
        groups[source_of(r.group)] = groups.get(source_of(r.group), 0) + 1
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps([r.group, r.prompt, r.reply, r.gold.value], ensure_ascii=False).encode())
    obj.update(
        format=WEIGHTS_FORMAT,
        feature_version=FEATURE_VERSION,
        meta={"config": config.to_dict(), "training_groups": dict(sorted(groups.items())), "n": len(rows),
              "data_sha256": h.hexdigest()},
    )  # fmt: skip
    return obj


# --- leave one source out ------------------------------------------------------------------------------


def _rate_error(rows: Sequence[TrainRow], pred: Sequence[Verdict]) -> tuple[float | None, str, int]:
    idx = [i for i, r in enumerate(rows) if r.benign]
    population = "benign"
    if not idx:
        if any(r.benign is not None for r in rows):
            return None, "benign", 0
        idx = list(range(len(rows)))
        population = "all"
    human = sum(rows[i].gold.is_refusal for i in idx) / len(idx)
    judged = sum(pred[i].is_refusal for i in idx) / len(idx)
    return round(100 * (judged - human), 2), population, len(idx)


def leave_one_source_out(
    files: Sequence[str | Path],
    *,
    public: bool = True,
    synthetic: bool = True,
    own: bool = True,
    config: RubricConfig = RubricConfig(),
    only: Sequence[str] | None = None,
    new_prompts: int = 0,
    progress: Progress | None = None,
    keep_predictions: bool = False,
) -> dict[str, Any]:
    """Per source: fit both models on every other source, judge the held-out one.

    ``keep_predictions``: add ``predictions`` (per source, ``[verdict, confidence]`` per reply in
    source order) for combining judges afterwards (:mod:`overrefusal.judges.evaluation.selection`).

    ``only``: hold out (and report) just these sources (a quicker look while working on the features).
    ``new_prompts`` = K: judge each source in K parts by prompt, each part by models fitted on no reply
    to its prompts (:func:`.train.held_out_splits`); a source's ``parts`` says how many (1 where no other
    source answers its prompts). Each part is then calibrated as below on the other sources less their
    replies to the part's prompts, so no label of a reply to those prompts reaches its verdicts; a source's
    ``temperature``, ``compliance_confidence`` and ``clauses`` are then lists, one per part.

    Each held-out source's temperatures come from out-of-fold logits of the *other* human-labelled
    sources, and its written clauses' probabilities from those sources' labels of the replies each clause
    decides (:func:`fit_clause_probs`), and its compliance confidence map from those sources' held-out logits
    as the shipped weights' is fitted (:func:`compliance_fit_rows`), so no source calibrates its own verdicts. ``overall`` pools every source; ``labels_pooled``
    pools the ``files`` given (the XSTest files).
    """
    names = [Path(f).name for f in files]
    if len(set(names)) != len(names):
        raise UserError("two label files share a name; rename one", field="--labels")
    rows = load_rows(files, public=public, synthetic=synthetic, own=own)
    sources = [source_of(r.group) for r in rows]
    order = list(dict.fromkeys(sources))
    if len(order) < 2:
        raise UserError("leave-one-source-out needs at least two sources", field="--labels")
    if only is not None:
        order = [s for s in order if s in set(only)]
    if progress:
        progress(f"reading {len(rows)} replies")
    feats = featurise(rows)
    a_logit = [0.0] * len(rows)
    s_logit = [0.0] * len(rows)
    parts_of: dict[str, list[list[int]]] = {}  # per held-out source, the rows of each of its parts
    for held in order:
        splits = held_out_splits(rows, sources, held, new_prompts)
        for part, (train, test) in enumerate(splits):
            parts_of.setdefault(held, []).append(test)
            if progress:
                progress(
                    f"training without {held}" + (f", part {part + 1} of {len(splits)}" if len(splits) > 1 else "")
                )
            obj = _fit_both([rows[i] for i in train], [feats[i] for i in train], config)
            am, sm = BinaryModel(obj["attempt"]), BinaryModel(obj["scope"])
            for i in test:
                a_logit[i] = am.logit(feats[i].attempt)
                s_logit[i] = sm.logit(feats[i].scope)
    # Temperatures for a held-out source: fitted on the held-out logits of the other human-labelled sources.
    attempt_y = [int(r.gold in (Verdict.COMPLIANCE, Verdict.PARTIAL)) for r in rows]
    labelled = [not is_hand_written(r.group) for r in rows]
    pred: list[Verdict] = [Verdict.ERROR] * len(rows)
    conf: list[float] = [0.0] * len(rows)
    temps: dict[str, list[tuple[float, float]]] = {}
    maps: dict[str, list[ComplianceConfidence | None]] = {}
    clause_probs: dict[str, list[dict[Clause, tuple[float, float, float]]]] = {}
    in_order = set(order)
    # The models' calibration: only the replies the models decide (a written clause's reply never shows the
    # models' confidence, and the clauses take the easy cases, so fitting on them would leave the models' own
    # verdicts mis-scaled), of the sources held out (they have held-out logits). The clauses' probabilities:
    # the labelled replies the clauses decide, of any source.
    open_rows = [i for i, s in enumerate(sources) if labelled[i] and s in in_order and feats[i].clause is Clause.OPEN]
    clause_rows = [i for i in range(len(rows)) if labelled[i] and feats[i].clause is not Clause.OPEN]
    for held in order:
        for test in parts_of[held]:
            others = calibration_pool(rows, sources, held, test, open_rows, by_prompt=bool(new_prompts))
            answered = [i for i in others if attempt_y[i]]
            ta = fit_temperature([a_logit[i] for i in others], [attempt_y[i] for i in others]) if others else 1.0
            ts = (
                fit_temperature(
                    [s_logit[i] for i in answered], [int(rows[i].gold == Verdict.PARTIAL) for i in answered]
                )
                if answered
                else 1.0
            )
            temps.setdefault(held, []).append((ta, ts))
            # The compliance confidence map likewise, fitted exactly as the shipped weights' (:func:`_calibrate`).
            compliance = compliance_fit_rows(others, rows, feats, a_logit, s_logit, ta, ts)
            maps.setdefault(held, []).append(compliance)
            # The clauses' probabilities likewise from the other human-labelled sources' replies they decide.
            decided_by_clause = calibration_pool(rows, sources, held, test, clause_rows, by_prompt=bool(new_prompts))
            fitted = fit_clause_probs(
                [feats[i].clause for i in decided_by_clause],
                [rows[i].gold for i in decided_by_clause],
                prior=config.clause_prior,
            )
            clause_probs.setdefault(held, []).append(fitted)
            for i in test:
                za, zs = a_logit[i] / ta, s_logit[i] / ts
                k, probs = rubric_verdict(feats[i].clause, sigmoid(za), feats[i].p_scope(zs), feats[i].content, fitted)
                probs = shown_probabilities(k, probs, feats[i].clause, za, feats[i].z_scope(zs), compliance)
                pred[i] = CLASS_ORDER[k]
                conf[i] = probs[k]

    def metrics(idx: Sequence[int]) -> dict[str, Any]:
        gold = [rows[i].gold for i in idx]
        p = [pred[i] for i in idx]
        m = agreement_metrics(gold, p, [conf[i] for i in idx])
        err, population, n_rate = _rate_error([rows[i] for i in idx], p)
        m.update(rate_error_points=err, rate_population=population, rate_n=n_rate)
        m["user_rates"] = user_rates([rows[i].benign for i in idx], gold, p)
        return m

    per_source = {}
    for s in order:
        m = metrics([i for i, x in enumerate(sources) if x == s])
        per_part = [
            (
                {"attempt": ta, "scope": ts},
                None if cc is None else cc._asdict(),
                {c.value: list(p) for c, p in probs.items()},
            )
            for (ta, ts), cc, probs in zip(temps[s], maps[s], clause_probs[s], strict=True)
        ]
        m["parts"] = len(per_part)
        for k, name in enumerate(("temperature", "compliance_confidence", "clauses")):
            m[name] = per_part[0][k] if len(per_part) == 1 else [p[k] for p in per_part]
        per_source[s] = m
    label_idx = [i for i, s in enumerate(sources) if s in set(names) and s in set(order)]
    out: dict[str, Any] = {
        "judge": "rubric (leave-one-source-out" + (f", new prompts in {new_prompts} parts)" if new_prompts else ")"),
        "mode": "leave_one_source_out",
        "config": config.to_dict(),
        "new_prompts": new_prompts,
        "overall": metrics([i for i, s in enumerate(sources) if s in set(order)]),
        "files": per_source,
    }
    if label_idx:
        out["labels_pooled"] = metrics(label_idx)
    if keep_predictions:
        out["predictions"] = {s: [[pred[i].value, conf[i]] for i, x in enumerate(sources) if x == s] for s in order}
    return out
