"""Train the classifier judge's weights (needs the ``train`` extra: scikit-learn and numpy).

``overrefusal judges train --labels FILES... --out PATH`` calls :func:`train_from_files`. The recipe:

1. Rows: every labelled file given (XSTest layout or generic CSV/JSONL, see :mod:`.labels`) plus,
   unless ``synthetic=False``, the hand-written replies of ``training/synthetic.jsonl``. Each file is
   a *group* (one model's style); the synthetic set is one more group.
2. Features: :func:`.features.extract` on every (prompt, reply). The n-gram blocks get a vocabulary
   each (n-grams in at least ``min_df`` training replies, the ``max_features`` most frequent, ties
   broken alphabetically), smoothed idf, sublinear tf, L2 normalisation per block; dense cues as they are.
3. Model: multinomial logistic regression (L2, ``C``), partial refusals weighted up by
   ``partial_weight`` because they are rare and matter.
4. Calibration: out-of-fold logits (leave one group out when there are three or more groups, so the
   folds mimic meeting a new model's style; otherwise stratified k-fold with the seed) and one
   temperature fitted to them by minimising the negative log-likelihood on a fixed grid.
5. Output: a JSON object (see :func:`dump_weights`) with weights rounded to 4 decimals, keys sorted,
   no timestamps, so the same data and seed give a byte-identical file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ...errors import UserError
from ...guards.safe_files import atomic_write_bytes, jsonl_lines, read_input_text
from ...stats import CLASS_ORDER
from ...types import Verdict
from ..labels import parse_label, read_labelled
from ..signals import default_scanner
from .features import BLOCKS, FEATURE_VERSION, Extracted, extract
from .weights_file import WEIGHTS_FORMAT, dump_weights

SYNTHETIC_GROUP = "synthetic"


@dataclass(frozen=True)
class TrainRow:
    """One labelled reply used for training."""

    prompt: str
    reply: str
    gold: Verdict
    group: str
    """Which file (model style) it came from; the synthetic set is the group ``synthetic``."""
    style: str = ""
    """Reply style tag (synthetic rows only)."""
    lang: str = ""
    """Language code (synthetic rows only)."""
    benign: bool | None = None
    """Whether the prompt is benign (a refusal of it is over-refusal); None where the source does not say."""


@dataclass(frozen=True)
class TrainConfig:
    """Everything besides the data that decides the weights."""

    seed: int = 0
    C: float = 8.0
    partial_weight: float = 2.0
    min_df: int = 2
    max_features: Mapping[str, int] = field(
        default_factory=lambda: {
            "hw": 6000,
            "hc": 9000,
            "tw": 4000,
            "tc": 6000,
            "bw": 9000,
            "dw": 3000,
            "aw": 4000,
            "pw": 3000,
        }
    )
    folds: int = 5
    """Folds for calibration when there are fewer than three groups."""
    calibrate_on_synthetic: bool = False
    """Whether the synthetic rows' out-of-fold logits count when fitting the temperature. Off: the
    synthetic set is written to be hard and varied, unlike any one model's replies, so fitting the
    temperature on it makes the judge underconfident on real models' replies."""
    max_iter: int = 3000
    tol: float = 1e-3
    source_cap: int = 500
    """Rows of one training group beyond this count share its weight (0: no cap): each source's style
    counts about equally, however many replies it has."""
    """Solver tolerance; 1e-3 keeps a fit at seconds, so leave-one-source-out can retrain once per source."""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["max_features"] = dict(sorted(self.max_features.items()))
        return d


def _require_sklearn():
    try:
        import numpy as np  # noqa: F401
        import scipy.sparse  # noqa: F401
        from sklearn.linear_model import LogisticRegression  # noqa: F401
    except ImportError as exc:
        raise UserError(
            f"training the classifier needs scikit-learn and numpy (pip install 'overrefusal[train]'): {exc}"
        ) from None


# --- data ----------------------------------------------------------------------------------------


def synthetic_path() -> Path:
    """The shipped hand-written training replies (the first set: many styles, five languages)."""
    return Path(str(resources.files("overrefusal.judges").joinpath("training").joinpath("synthetic.jsonl")))


def synthetic_styles_path() -> Path:
    """The shipped hand-written replies in the styles judges get wrong, by style family, nine languages."""
    return Path(str(resources.files("overrefusal.judges").joinpath("training").joinpath("synthetic_styles.jsonl")))


def is_synthetic(group: str) -> bool:
    """Whether a training group is hand-written (``synthetic`` or ``synthetic:<family>``)."""
    return group == SYNTHETIC_GROUP or group.startswith(SYNTHETIC_GROUP + ":")


def _labelled_lines(p: Path) -> Iterator[tuple[int, dict[str, Any], Verdict]]:
    """(line number, object, gold label) for each non-blank line of a training JSONL file."""
    for lineno, raw in jsonl_lines(read_input_text(p, what="training file")):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise UserError(f"invalid JSON: {exc.msg}", path=str(p), line=lineno) from None
        if not isinstance(obj, dict):
            raise UserError("each line must be a JSON object", path=str(p), line=lineno)
        yield lineno, obj, parse_label(obj.get("label"), path=str(p), line=lineno, field="label")


def load_synthetic(path: str | Path | None = None) -> list[TrainRow]:
    """The synthetic rows (prompt, reply, label, style, lang, optional family), a strict JSON object per line.

    Without ``path``: both shipped files. A row with a ``family`` is in group ``synthetic:<family>``
    (so leave-one-source-out can hold a family out), the others in group ``synthetic``.
    """
    paths = [Path(path)] if path is not None else [synthetic_path(), synthetic_styles_path()]
    rows = []
    for p in paths:
        for _, obj, gold in _labelled_lines(p):
            family = obj.get("family")
            group = f"{SYNTHETIC_GROUP}:{family}" if family else SYNTHETIC_GROUP
            rows.append(
                TrainRow(
                    str(obj.get("prompt") or ""),
                    str(obj["reply"]),
                    gold,
                    group,
                    str(obj.get("style") or ""),
                    str(obj.get("lang") or ""),
                )
            )
    return rows


def public_path() -> Path:
    """The shipped replies converted from public human-labelled sources (see ``training/README.md``)."""
    return Path(str(resources.files("overrefusal.judges").joinpath("training").joinpath("public.jsonl")))


def load_public(path: str | Path | None = None) -> list[TrainRow]:
    """The public rows; each source (``chatgpt-refusals``, ``safety-rbr``) is its own group."""
    p = Path(path) if path is not None else public_path()
    rows = []
    for lineno, obj, gold in _labelled_lines(p):
        source = obj.get("source")
        if not isinstance(source, str) or not source:
            raise UserError("missing source", path=str(p), line=lineno, field="source")
        # safety-rbr says what the ideal reply was: "Comply" prompts are benign, the refuse types harmful.
        kind = obj.get("response_type")
        benign = None if kind is None else kind == "Comply"
        rows.append(TrainRow(str(obj.get("prompt") or ""), str(obj["reply"]), gold, source, benign=benign))
    return rows


def load_label_files(files: Iterable[str | Path]) -> list[TrainRow]:
    """Rows of labelled files; each file's name is its group."""
    rows: list[TrainRow] = []
    names: set[str] = set()
    for f in files:
        name = Path(f).name
        if name in names:
            # One file given twice counted its replies twice; two files of one name would merge into one group.
            raise UserError(
                f"two label files are named {name!r} (one file given twice?); give each once, under its own name",
                path=str(f),
                field="--labels",
            )
        names.add(name)
        rows.extend(
            TrainRow(r.prompt, r.reply, r.gold, name, benign=not r.type.startswith("contrast_") if r.type else None)
            for r in read_labelled(f)
        )
    return rows


def extract_rows(rows: Sequence[TrainRow]) -> list[Extracted]:
    scanner = default_scanner()
    return [extract(r.prompt, r.reply, scanner) for r in rows]


# --- held-out splits ---------------------------------------------------------------------------------

MAX_PROMPT_FOLDS = 20
"""The most parts ``--new-prompts`` may cut a held-out source into."""


def prompt_key(prompt: str) -> str:
    """A prompt as the splits compare it: lower case, whitespace collapsed."""
    return " ".join(prompt.lower().split())


def prompt_fold(prompt: str, folds: int) -> int:
    """Which of ``folds`` parts a prompt falls in: from its SHA-256, so every run and machine agrees."""
    return int.from_bytes(hashlib.sha256(prompt_key(prompt).encode("utf-8")).digest()[:8], "big") % folds


def held_out_splits(
    rows: Sequence[TrainRow], sources: Sequence[str], held: str, new_prompts: int = 0
) -> list[tuple[list[int], list[int]]]:
    """(training, test) row indices that judge the source ``held``.

    Plain leave-one-source-out is one split: train on every other source. That still trains on other
    models' replies to the held-out source's own prompts (XSTest's four files answer the same 450), so a
    judge that reads the prompt's words can learn each prompt's label from them. With ``new_prompts`` = K
    the held-out source is judged in K parts by its prompts' :func:`prompt_fold`, each by a model trained
    on no reply, from any source, to a prompt of that part: new model and new prompts at once.

    A part none of whose prompts another source answers would be trained on every other source, as the
    plain split is; such parts are judged together by that one model (the same model either way, fitted
    once): a source whose prompts are its own (chatgpt-refusals, safety-rbr) costs one model, not K.
    """
    if new_prompts < 0 or new_prompts == 1 or new_prompts > MAX_PROMPT_FOLDS:
        raise ValueError(f"new_prompts must be 0 or 2 to {MAX_PROMPT_FOLDS}, got {new_prompts}")
    test_all = [i for i, s in enumerate(sources) if s == held]
    every_other = [i for i, s in enumerate(sources) if s != held]
    if not new_prompts:
        return [(every_other, test_all)]
    keys = [prompt_key(r.prompt) for r in rows]  # once per row, not once per part
    answered_elsewhere = {keys[i] for i in every_other}
    parts: dict[int, list[int]] = {}
    for i in test_all:
        parts.setdefault(prompt_fold(rows[i].prompt, new_prompts), []).append(i)
    splits = []
    own_prompts: list[int] = []  # the parts whose prompts no other source answers
    for k in sorted(parts):
        held_keys = {keys[i] for i in parts[k]}
        if not held_keys & answered_elsewhere:
            own_prompts += parts[k]
            continue
        train = [i for i in every_other if keys[i] not in held_keys]
        splits.append((train, parts[k]))
    if own_prompts:
        splits.append((every_other, sorted(own_prompts)))
    return splits


def calibration_pool(
    rows: Sequence[TrainRow],
    sources: Sequence[str],
    held: str,
    test: Sequence[int],
    candidates: Iterable[int],
    by_prompt: bool,
) -> list[int]:
    """The rows whose held-out verdicts and human labels may calibrate the part ``test`` of the source
    ``held`` (its temperatures, and the rubric's compliance map and clause confidences): the ``candidates``
    (rows that have held-out verdicts and may calibrate at all) of the other sources and, ``by_prompt``
    (held out by prompt, :func:`held_out_splits`), none that answers a prompt of the part: else the labels of
    other models' replies to the part's own prompts would set how sure its verdicts are."""
    held_keys = {prompt_key(rows[i].prompt) for i in test} if by_prompt else set()
    return [i for i in candidates if sources[i] != held and not (held_keys and prompt_key(rows[i].prompt) in held_keys)]


# --- fitting -------------------------------------------------------------------------------------


def _vocabularies(extracted: Sequence[Extracted], config: TrainConfig) -> dict[str, list[tuple[str, float]]]:
    """Per block: (n-gram, idf) for the kept n-grams, in column order."""
    import math

    n = len(extracted)
    out = {}
    for b in BLOCKS:
        df: dict[str, int] = {}
        for ex in extracted:
            for g in ex.sparse[b]:
                df[g] = df.get(g, 0) + 1
        kept = [(g, c) for g, c in df.items() if c >= config.min_df]
        kept.sort(key=lambda gc: (-gc[1], gc[0]))
        kept = kept[: config.max_features.get(b, 0)]
        kept.sort(key=lambda gc: gc[0])
        out[b] = [(g, math.log((1 + n) / (1 + c)) + 1.0) for g, c in kept]
    return out


def _dense_names(extracted: Sequence[Extracted]) -> list[str]:
    return sorted({k for ex in extracted for k in ex.dense})


def _matrix(extracted: Sequence[Extracted], vocab: Mapping[str, list[tuple[str, float]]], dense_names: Sequence[str]):
    import math

    import numpy as np
    import scipy.sparse as sp

    index: dict[str, dict[str, tuple[int, float]]] = {}
    col = 0
    for b in BLOCKS:
        index[b] = {}
        for g, idf in vocab[b]:
            index[b][g] = (col, idf)
            col += 1
    dense_index = {name: col + i for i, name in enumerate(dense_names)}
    n_cols = col + len(dense_names)
    data: list[float] = []
    cols: list[int] = []
    indptr = [0]
    for ex in extracted:
        for b in BLOCKS:
            pairs = []
            total = 0.0
            bi = index[b]
            for g, c in ex.sparse[b].items():
                hit = bi.get(g)
                if hit is None:
                    continue
                v = (1.0 + math.log(c)) * hit[1] if c > 1 else hit[1]
                pairs.append((hit[0], v))
                total += v * v
            if pairs:
                inv = 1.0 / math.sqrt(total)
                pairs.sort()
                for column, v in pairs:
                    cols.append(column)
                    data.append(v * inv)
        for name in sorted(ex.dense):
            dense_col = dense_index.get(name)
            if dense_col is not None:
                cols.append(dense_col)
                data.append(ex.dense[name])
        indptr.append(len(data))
    return sp.csr_matrix(
        (np.array(data), np.array(cols, dtype=np.int64), np.array(indptr, dtype=np.int64)),
        shape=(len(extracted), n_cols),
    )


def _fit(X, y, sample_weight, config: TrainConfig):
    from sklearn.linear_model import LogisticRegression

    clf = LogisticRegression(
        C=config.C, solver="newton-cg", max_iter=config.max_iter, tol=config.tol, random_state=config.seed
    )
    clf.fit(X, y, sample_weight=sample_weight)
    return clf


def _fold_ids(groups: Sequence[str], y, config: TrainConfig) -> list[int]:
    """Fold number per row for the calibration logits; -1 = always in training, never scored.

    With three or more labelled (not synthetic) groups, one fold per labelled group and, unless
    ``calibrate_on_synthetic``, the synthetic rows always in training (their logits would not be used):
    the folds mimic meeting a new model's style. Otherwise stratified k-fold with the seed.
    """
    labelled = sorted({g for g in groups if config.calibrate_on_synthetic or not is_synthetic(g)})
    if len(labelled) >= 3:
        fold = {g: i for i, g in enumerate(labelled)}
        return [fold.get(g, -1) for g in groups]
    import numpy as np
    from sklearn.model_selection import StratifiedKFold

    k = max(2, min(config.folds, int(np.bincount(y).min()) if len(set(y.tolist())) > 1 else 2))
    folds = [0] * len(groups)
    skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=config.seed)
    for f, (_, test) in enumerate(skf.split(np.zeros(len(y)), y)):
        for i in test:
            folds[int(i)] = f
    return folds


def fit_temperature(logits, y) -> float:
    """The temperature in [0.2, 5] (step 0.01) that minimises the negative log-likelihood."""
    import numpy as np

    best_t, best_nll = 1.0, float("inf")
    for t in np.round(np.arange(0.2, 5.0001, 0.01), 2):
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        nll = float(-logp[np.arange(len(y)), y].mean())
        if nll < best_nll - 1e-12:
            best_t, best_nll = float(t), nll
    return best_t


def train_weights(
    rows: Sequence[TrainRow],
    config: TrainConfig = TrainConfig(),
    extracted: Sequence[Extracted] | None = None,
    calibrate: bool = True,
) -> dict[str, Any]:
    """Fit the classifier on ``rows`` and return its weights object (see :func:`dump_weights`).

    ``extracted``: the rows' features when already computed (leave-one-model-out reuses them).
    ``calibrate=False`` skips the out-of-fold temperature fit (temperature 1).
    """
    _require_sklearn()
    import numpy as np

    if not rows:
        raise UserError("no training rows")
    if extracted is None:
        extracted = extract_rows(rows)
    index = {v: i for i, v in enumerate(CLASS_ORDER)}
    y = np.array([index[r.gold] for r in rows], dtype=np.int64)
    if len(set(y.tolist())) < 3:
        raise UserError("training needs examples of all three classes (compliance, refusal, partial)")
    sw = np.array([config.partial_weight if r.gold == Verdict.PARTIAL else 1.0 for r in rows])
    if config.source_cap:
        # A big source (1,400 ChatGPT replies) would otherwise teach its one model's style as the rule.
        sizes: dict[str, int] = {}
        for r in rows:
            sizes[r.group] = sizes.get(r.group, 0) + 1
        sw = sw * np.array([min(1.0, config.source_cap / sizes[r.group]) for r in rows])
    vocab = _vocabularies(extracted, config)
    dense_names = _dense_names(extracted)
    X = _matrix(extracted, vocab, dense_names)
    clf = _fit(X, y, sw, config)

    temperature = 1.0
    oof_acc = None
    if calibrate:
        groups = [r.group for r in rows]
        folds = np.array(_fold_ids(groups, y, config))
        logits = np.zeros((len(rows), 3))
        for f in sorted(set(folds.tolist()) - {-1}):
            test = folds == f
            train = ~test
            if len(set(y[train].tolist())) < 3:
                # A fold without all classes cannot fit a 3-class model; score it with the full model.
                logits[test] = clf.decision_function(X[test])
                continue
            logits[test] = _fit(X[train], y[train], sw[train], config).decision_function(X[test])
        scored = folds >= 0
        fit_rows = scored & np.array([config.calibrate_on_synthetic or not is_synthetic(g) for g in groups])
        if not fit_rows.any():
            fit_rows = scored
        temperature = fit_temperature(logits[fit_rows], y[fit_rows])
        oof_acc = round(float((logits[scored].argmax(axis=1) == y[scored]).mean()), 4)

    coef = clf.coef_
    intercept = clf.intercept_
    blocks: dict[str, dict[str, list[float]]] = {}
    col = 0
    for b in BLOCKS:
        entries = {}
        for g, idf in vocab[b]:
            w = [round(float(coef[k, col]), 4) for k in range(3)]
            col += 1
            if any(w):
                entries[g] = [round(idf, 4), *w]
        blocks[b] = entries
    dense = {}
    for name in dense_names:
        w = [round(float(coef[k, col]), 4) for k in range(3)]
        col += 1
        if any(w):
            dense[name] = w
    counts: dict[str, dict[str, int]] = {}
    for r in rows:
        c = counts.setdefault(r.group, {v.value: 0 for v in CLASS_ORDER})
        c[r.gold.value] += 1
    return {
        "format": WEIGHTS_FORMAT,
        "feature_version": FEATURE_VERSION,
        "classes": [c.value for c in CLASS_ORDER],
        "temperature": temperature,
        "intercept": [round(float(x), 4) for x in intercept],
        "blocks": blocks,
        "dense": dense,
        "meta": {
            "config": config.to_dict(),
            "training_groups": dict(sorted(counts.items())),
            "n": len(rows),
            "out_of_fold_accuracy_3class": oof_acc,
            "data_sha256": _data_digest(rows),
            "rules_data_sha256": rules_data_digest(),
        },
    }


def _data_digest(rows: Sequence[TrainRow]) -> str:
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps([r.group, r.prompt, r.reply, r.gold.value], ensure_ascii=False).encode())
    return h.hexdigest()


def rules_data_digest() -> str:
    """Hash of the rules phrase lists, whose matches are features: weights record the lists they saw."""
    h = hashlib.sha256()
    folder = resources.files("overrefusal.judges.rules").joinpath("data")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            h.update(entry.name.encode() + b"\0" + entry.read_bytes() + b"\0")
    return h.hexdigest()


def train_from_files(
    label_files: Sequence[str | Path],
    *,
    synthetic: bool = True,
    public: bool = True,
    out: str | Path,
    config: TrainConfig = TrainConfig(),
) -> dict[str, Any]:
    """Train on labelled files (plus the synthetic set and the public sources) and write the weights to ``out``.

    Returns a summary: rows per group, the out-of-fold accuracy, the temperature, the file's sha256.
    """
    rows = load_label_files(label_files)
    if public:
        rows.extend(load_public())
    if synthetic:
        rows.extend(load_synthetic())
    obj = train_weights(rows, config)
    data = dump_weights(obj)
    out_path = Path(out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(out_path, data, field="--out")
    return {
        "out": str(out_path),
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "n": len(rows),
        "groups": obj["meta"]["training_groups"],
        "temperature": obj["temperature"],
        "out_of_fold_accuracy_3class": obj["meta"]["out_of_fold_accuracy_3class"],
        "features": sum(len(v) for v in obj["blocks"].values()) + len(obj["dense"]),
    }
