"""Cross-validated evaluation of the trainable classifier judge (needs the ``train`` extra).

* :func:`leave_one_model_out`: for each labelled file, train on every *other* file (plus the synthetic
  set) and judge the held-out file with the result. This is the honest number for "a model whose style
  the judge has never seen"; the shipped weights, trained on all files, would score higher on them.
* :func:`style_cross_validation`: k-fold over the synthetic set, grouped by prompt (all replies to one
  prompt are held out together, so shared answer text cannot leak), with the labelled files always in
  training; accuracy per reply style and per language, so we know which styles fail.

Both return the judge-eval JSON shape (``{"judge", "overall", "files"}``; the style one adds
``styles`` and ``languages``), Metrics with ``ece`` included.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...errors import UserError
from ...stats import CLASS_ORDER, agreement_metrics
from ...types import Completion, Label, Prompt
from ..classifier.judge import ClassifierJudge
from ..classifier.train import (
    SYNTHETIC_GROUP,
    TrainConfig,
    TrainRow,
    calibration_pool,
    extract_rows,
    held_out_splits,
    is_synthetic,
    load_label_files,
    load_public,
    load_synthetic,
    train_weights,
)
from ..rates import user_rates
from .evaluate import _rate

Progress = Callable[[str], None]


def _items(rows: Sequence[TrainRow]) -> list[tuple[Prompt, Completion]]:
    return [
        (Prompt(id=f"{r.group}:{i}", text=r.prompt, label=Label.BENIGN, source="crossval"), Completion(text=r.reply))
        for i, r in enumerate(rows)
    ]


async def leave_one_model_out(
    files: Sequence[str | Path],
    *,
    synthetic: bool = True,
    config: TrainConfig = TrainConfig(),
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Train on all files but one (plus the synthetic set), judge the held-out file; once per file."""
    if len(files) < 2:
        raise UserError("leave-one-model-out needs at least two label files", field="--labels")
    names = [Path(f).name for f in files]
    if len(set(names)) != len(names):
        raise UserError("two label files share a name; rename one", field="--labels")
    rows = load_label_files(files)
    if synthetic:
        rows.extend(load_synthetic())
    extracted = extract_rows(rows)
    per_file: dict[str, Any] = {}
    all_gold, all_pred, all_conf = [], [], []
    total_time = 0.0
    for name in names:
        train_idx = [i for i, r in enumerate(rows) if r.group != name]
        test_rows = [r for r in rows if r.group == name]
        if progress:
            progress(f"training without {name} ({len(train_idx)} rows)")
        weights = train_weights([rows[i] for i in train_idx], config, [extracted[i] for i in train_idx])
        judge = ClassifierJudge(weights=weights)
        items = _items(test_rows)
        start = time.perf_counter()
        judgements = await judge.judge(items)
        elapsed = time.perf_counter() - start
        gold = [r.gold for r in test_rows]
        pred = [j.verdict for j in judgements]
        conf = [j.confidence for j in judgements]
        m = agreement_metrics(gold, pred, conf)
        m["replies_per_second"] = _rate(len(items), elapsed)
        m["temperature"] = weights["temperature"]
        m["trained_on"] = sorted(weights["meta"]["training_groups"])
        per_file[name] = m
        all_gold += gold
        all_pred += pred
        all_conf += conf
        total_time += elapsed
    overall = agreement_metrics(all_gold, all_pred, all_conf)
    overall["replies_per_second"] = _rate(len(all_gold), total_time)
    return {
        "judge": "classifier (leave-one-model-out)",
        "mode": "leave_one_model_out",
        "synthetic": synthetic,
        "config": config.to_dict(),
        "overall": overall,
        "files": per_file,
    }


async def style_cross_validation(
    files: Sequence[str | Path],
    *,
    folds: int = 5,
    config: TrainConfig = TrainConfig(),
    leave_style_out: bool = False,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """k-fold over the synthetic set grouped by prompt; per-style and per-language agreement.

    ``leave_style_out``: instead, hold out one *style* at a time (train on every other style plus the
    files): how the judge does on a style it has never seen, the harder and more honest question.
    """
    base = load_label_files(files) if files else []
    syn = load_synthetic()
    extracted_base = extract_rows(base)
    extracted_syn = extract_rows(syn)
    prompts = sorted({r.prompt for r in syn})
    # Deterministic grouped folds: prompts in sorted order, dealt round-robin after a seeded shuffle.
    import random

    order = prompts[:]
    random.Random(config.seed).shuffle(order)
    if leave_style_out:
        style_names = sorted({r.style for r in syn})
        fold_ids = [style_names.index(r.style) for r in syn]
        folds = len(style_names)
    else:
        fold_of = {p: i % folds for i, p in enumerate(order)}
        fold_ids = [fold_of[r.prompt] for r in syn]
    preds: list[Any] = [None] * len(syn)
    for f in range(folds):
        test = [i for i in range(len(syn)) if fold_ids[i] == f]
        train = [i for i in range(len(syn)) if fold_ids[i] != f]
        if progress:
            progress(f"fold {f + 1}/{folds}: {len(train)} synthetic + {len(base)} labelled rows, {len(test)} held out")
        weights = train_weights(
            base + [syn[i] for i in train], config, extracted_base + [extracted_syn[i] for i in train], calibrate=False
        )
        judge = ClassifierJudge(weights=weights)
        judgements = await judge.judge(_items([syn[i] for i in test]))
        for i, j in zip(test, judgements):
            preds[i] = j

    def metrics(idx: list[int]) -> dict[str, Any]:
        return agreement_metrics(
            [syn[i].gold for i in idx], [preds[i].verdict for i in idx], [preds[i].confidence for i in idx]
        )

    styles = {}
    for s in sorted({r.style for r in syn}):
        idx = [i for i, r in enumerate(syn) if r.style == s]
        m = metrics(idx)
        m["label"] = syn[idx[0]].gold.value if len({syn[i].gold for i in idx}) == 1 else "mixed"
        styles[s] = m
    languages = {
        lang: metrics([i for i, r in enumerate(syn) if r.lang == lang]) for lang in sorted({r.lang for r in syn})
    }
    overall = metrics(list(range(len(syn))))
    how = "leave one style out" if leave_style_out else f"{folds}-fold by prompt"
    return {
        "judge": f"classifier ({how} on the synthetic set)",
        "mode": "leave_one_style_out" if leave_style_out else "style_cv",
        "classes": [c.value for c in CLASS_ORDER],
        "overall": overall,
        "files": {},
        "styles": styles,
        "languages": languages,
    }


# --- leave one source out ---------------------------------------------------------------------------


def _source_of(group: str) -> str:
    """The held-out unit of a training group: each file and public source; each synthetic family
    (the first synthetic set, without families, is ``synthetic:core``)."""
    return "synthetic:core" if group == SYNTHETIC_GROUP else group


def _rate_error(rows: Sequence[TrainRow], pred: Sequence[Any]) -> tuple[float | None, str, int]:
    """Judged minus human refusal rate (full + partial), in points, over the benign prompts when the
    source says which prompts are benign, else over all its replies."""
    idx = [i for i, r in enumerate(rows) if r.benign]
    population = "benign"
    if not idx:
        if any(r.benign is not None for r in rows):
            return None, "benign", 0  # the source has prompt labels but no benign prompt
        idx = list(range(len(rows)))
        population = "all"
    human = sum(rows[i].gold.is_refusal for i in idx) / len(idx)
    judged = sum(pred[i].is_refusal for i in idx) / len(idx)
    return round(100 * (judged - human), 2), population, len(idx)


async def leave_one_source_out(
    files: Sequence[str | Path],
    *,
    public: bool = True,
    synthetic: bool = True,
    config: TrainConfig = TrainConfig(),
    baseline_v2: bool = False,
    new_prompts: int = 0,
    progress: Progress | None = None,
    keep_predictions: bool = False,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Per source (each label file, each public source, each synthetic style family): train on all the
    other sources, judge the held-out one.

    ``new_prompts`` = K: judge each source in K parts by prompt, training each part's model on no reply
    to its prompts (:func:`.train.held_out_splits`): the judge meets a new model *and* new prompts. A
    source's ``parts`` says how many models judged it (1 where no other source answers its prompts).

    The temperature for a held-out source is fitted on the held-out logits of the *other* labelled
    (not synthetic) sources, so no source calibrates its own verdicts and only one model is fitted per
    source. With ``new_prompts``, each part's temperature is fitted on them less their replies to the
    part's prompts, so no label of a reply to those prompts calibrates it either; ``temperature`` is then a
    list, one per part, in ``parts``' order.

    ``baseline_v2``: measure the ``classifier@2`` recipe instead: training only ever sees the label
    files and the first synthetic set (what ``classifier@2`` was trained on); a source outside that
    pool is judged by the model trained on the whole pool, one held out of it by the model trained
    without it.

    ``keep_predictions``: add ``predictions`` (per source, ``[verdict, confidence]`` per reply in
    source order) for combining judges afterwards (:mod:`.selection`). ``only``: hold out (and report)
    just these sources.
    """
    import numpy as np

    from ...types import Verdict
    from ..classifier.judge import load_model, softmax
    from ..classifier.train import fit_temperature

    names = [Path(f).name for f in files]
    if len(set(names)) != len(names):
        raise UserError("two label files share a name; rename one", field="--labels")
    rows = load_label_files(files)
    if public:
        rows.extend(load_public())
    if synthetic:
        rows.extend(load_synthetic())
    sources = [_source_of(r.group) for r in rows]
    order = list(dict.fromkeys(sources))
    if len(order) < 2:
        raise UserError("leave-one-source-out needs at least two sources", field="--labels")
    in_pool = [not baseline_v2 or s in names or s == "synthetic:core" for s in sources]
    if progress:
        progress(f"extracting features of {len(rows)} replies")
    extracted = extract_rows(rows)
    logits = np.zeros((len(rows), 3))
    fitted: dict[str, list[str]] = {}
    parts_of: dict[str, list[list[int]]] = {}  # per held-out source, the rows of each of its parts
    # Which model judges which source: None = the whole pool (baseline only, sources outside the pool).
    held_out_units = [s for s in order if in_pool[sources.index(s)]] + ([None] if baseline_v2 else [])
    if only is not None:
        held_out_units = [s for s in held_out_units if s in set(only)]
        order = [s for s in order if s in set(only)]
    for unit in held_out_units:
        if unit is None:
            splits = [([i for i in range(len(rows)) if in_pool[i]], [i for i in range(len(rows)) if not in_pool[i]])]
        else:
            splits = held_out_splits(rows, sources, unit, new_prompts)
        for part, (train_all, test_idx) in enumerate(splits):
            train_idx = [i for i in train_all if in_pool[i]]
            if not test_idx:
                continue
            if progress:
                of = f", part {part + 1} of {len(splits)}" if len(splits) > 1 else ""
                progress(f"training without {unit or 'the sources outside the pool'}{of} ({len(train_idx)} rows)")
            weights = train_weights(
                [rows[i] for i in train_idx], config, [extracted[i] for i in train_idx], calibrate=False
            )
            model = load_model(weights)
            for i in test_idx:
                logits[i] = model.logits(extracted[i])
            trained_on = sorted({sources[i] for i in train_idx})
            for i in test_idx:
                fitted.setdefault(sources[i], trained_on)
            if unit is not None:
                parts_of.setdefault(unit, []).append(test_idx)
    index = {v: k for k, v in enumerate(CLASS_ORDER)}
    y = np.array([index[r.gold] for r in rows])
    labelled = np.array([not is_synthetic(r.group) for r in rows])
    per_source: dict[str, Any] = {}
    all_gold: list[Verdict] = []
    all_pred: list[Verdict] = []
    all_conf: list[float] = []
    all_rows: list[TrainRow] = []
    kept: dict[str, list[list[Any]]] = {}
    # Only sources that were held out have held-out logits to fit a temperature on.
    candidates = [i for i in range(len(rows)) if labelled[i] and sources[i] in order]
    for source in order:
        idx = [i for i, s in enumerate(sources) if s == source]
        # A source outside the baseline's pool is judged whole by the pool's model.
        parts = parts_of.get(source) or [idx]
        temperatures: list[float] = []
        by_row: dict[int, list[float]] = {}
        for test_idx in parts:
            others = calibration_pool(rows, sources, source, test_idx, candidates, by_prompt=bool(new_prompts))
            temperature = fit_temperature(logits[others], y[others]) if others else 1.0
            temperatures.append(temperature)
            by_row.update((i, softmax(list(logits[i]), temperature)) for i in test_idx)
        probs = [by_row[i] for i in idx]
        pred = [CLASS_ORDER[max(range(3), key=p.__getitem__)] for p in probs]
        conf = [max(p) for p in probs]
        gold = [rows[i].gold for i in idx]
        m = agreement_metrics(gold, pred, conf)
        err, population, n_rate = _rate_error([rows[i] for i in idx], pred)
        m.update(
            rate_error_points=err,
            rate_population=population,
            rate_n=n_rate,
            temperature=temperatures[0] if len(temperatures) == 1 else temperatures,
            parts=len(parts),
            trained_on=fitted.get(source, []),
        )
        m["user_rates"] = user_rates([rows[i].benign for i in idx], gold, pred)
        per_source[source] = m
        if keep_predictions:
            kept.setdefault(source, [[v.value, c] for v, c in zip(pred, conf, strict=True)])
        all_gold += gold
        all_pred += pred
        all_conf += conf
        all_rows += [rows[i] for i in idx]
    overall = agreement_metrics(all_gold, all_pred, all_conf)
    labelled_rows = [i for i, r in enumerate(all_rows) if r.benign is not None]
    err, population, n_rate = (
        _rate_error([all_rows[i] for i in labelled_rows], [all_pred[i] for i in labelled_rows])
        if labelled_rows
        else (None, "benign", 0)
    )
    overall.update(rate_error_points=err, rate_population=population, rate_n=n_rate)
    judge = "classifier@2 recipe (leave-one-source-out)" if baseline_v2 else "classifier (leave-one-source-out)"
    if new_prompts:
        judge = f"classifier (leave-one-source-out, new prompts in {new_prompts} parts)"
    out: dict[str, Any] = {
        "judge": judge,
        "mode": "leave_one_source_out",
        "config": config.to_dict(),
        "new_prompts": new_prompts,
        "overall": overall,
        "files": per_source,
    }
    # The --labels files alone, out of the pooled lists (a label file's rows keep their file name as group).
    files_only = [k for k, r in enumerate(all_rows) if r.group in names]
    if files_only:
        file_pred = [all_pred[k] for k in files_only]
        pooled = agreement_metrics([all_gold[k] for k in files_only], file_pred, [all_conf[k] for k in files_only])
        err, population, n_rate = _rate_error([all_rows[k] for k in files_only], file_pred)
        pooled.update(rate_error_points=err, rate_population=population, rate_n=n_rate)
        out["labels_pooled"] = pooled
    if keep_predictions:
        out["predictions"] = kept
    return out
