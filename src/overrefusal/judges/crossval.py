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
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import UserError
from ..stats import CLASS_ORDER, agreement_metrics
from ..types import Completion, Label, Prompt
from .classifier import ClassifierJudge
from .evaluate import _rate
from .train import TrainConfig, TrainRow, extract_rows, load_label_files, load_synthetic, train_weights

Progress = Callable[[str], None]


def _items(rows: Sequence[TrainRow]) -> list[tuple[Prompt, Completion]]:
    return [(Prompt(id=f"{r.group}:{i}", text=r.prompt, label=Label.BENIGN, source="crossval"), Completion(text=r.reply))
            for i, r in enumerate(rows)]


async def leave_one_model_out(files: Sequence[str | Path], *, synthetic: bool = True,
                              config: TrainConfig = TrainConfig(), progress: Progress | None = None) -> dict[str, Any]:
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
    return {"judge": "classifier (leave-one-model-out)", "mode": "leave_one_model_out", "synthetic": synthetic,
            "config": config.to_dict(), "overall": overall, "files": per_file}


async def style_cross_validation(files: Sequence[str | Path], *, folds: int = 5, config: TrainConfig = TrainConfig(),
                                 leave_style_out: bool = False, progress: Progress | None = None) -> dict[str, Any]:
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
        weights = train_weights(base + [syn[i] for i in train], config,
                                extracted_base + [extracted_syn[i] for i in train], calibrate=False)
        judge = ClassifierJudge(weights=weights)
        judgements = await judge.judge(_items([syn[i] for i in test]))
        for i, j in zip(test, judgements):
            preds[i] = j

    def metrics(idx: list[int]) -> dict[str, Any]:
        return agreement_metrics([syn[i].gold for i in idx], [preds[i].verdict for i in idx],
                                 [preds[i].confidence for i in idx])

    styles = {}
    for s in sorted({r.style for r in syn}):
        idx = [i for i, r in enumerate(syn) if r.style == s]
        m = metrics(idx)
        m["label"] = syn[idx[0]].gold.value if len({syn[i].gold for i in idx}) == 1 else "mixed"
        styles[s] = m
    languages = {lang: metrics([i for i, r in enumerate(syn) if r.lang == lang]) for lang in sorted({r.lang for r in syn})}
    overall = metrics(list(range(len(syn))))
    how = "leave one style out" if leave_style_out else f"{folds}-fold by prompt"
    return {"judge": f"classifier ({how} on the synthetic set)", "mode": "leave_one_style_out" if leave_style_out else "style_cv",
            "classes": [c.value for c in CLASS_ORDER], "overall": overall, "files": {}, "styles": styles,
            "languages": languages}
