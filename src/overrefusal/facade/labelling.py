"""``label RUN``: human labels for a sample of a run's replies, drawn, exported, imported or read from a file.

Part of :mod:`overrefusal.api`, which re-exports :func:`label`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from ..errors import UserError
from ..estimate.corrected import more_labels_for_target
from ..estimate.labelling import (
    check_labeller,
    export_labels,
    import_labels,
    labels_from_file,
    sample_items,
)
from ..estimate.labelling import check_same_design as _check_same_design
from ..estimate.labelling import draw_sample as draw_label_sample
from ..guards.safe_files import check_output_path
from ..results import LabelResult
from ..store import Store
from ..types import SamplingStrategy
from .stores import opened, resolve_run_id, store_path


def label(
    run_id: str,
    *,
    store: Store | str | Path | None = None,
    n: int | None = None,
    seed: int | None = None,
    strategy: SamplingStrategy | None = None,
    labeller: str | None = None,
    export_path: str | Path | None = None,
    import_path: str | Path | None = None,
    from_path: str | Path | None = None,
    note: Callable[[str], None] | None = None,
) -> LabelResult:
    """``label RUN``: human labels for a random sample of a run's replies (:mod:`overrefusal.estimate.labelling`).

    With ``import_path`` the labels of a CSV written by ``export_path`` are stored (the stored sample as it
    is); otherwise the run's labelling sample is drawn, or continued and extended to ``n``, and then written
    to ``export_path``, or labelled from the labels file ``from_path``, or (none of the three) left for the
    interactive labeller (:func:`sample_items`, :func:`record_label`). ``run_id`` may be ``latest`` or a
    unique prefix. ``note`` receives what the user should know although it is no error (an ``n`` the sample
    cannot grow to). The store must exist (a path is opened, a typo is an error, not a new empty store). A
    sample is drawn in one transaction with the export or the labels it was drawn for, so a refused command
    stores nothing; with ``import_path``, a ``seed``, ``strategy`` or larger ``n`` that contradicts the stored
    sample is a UserError.
    Returns the JSON contract object (``LabelResult``)."""
    if sum(x is not None for x in (export_path, import_path, from_path)) > 1:
        raise UserError("use one of --export, --import and --from", field="--export")
    if labeller is not None:
        labeller = check_labeller(labeller, field="--labeller")
    if export_path is not None:  # before the sample is drawn (a write): a refused command changes nothing
        where = store.path if isinstance(store, Store) else store_path(store)
        check_output_path(export_path, field="--export", store=where)
    # Labels go to a run that exists: a typo in the store's path is an error, not a new empty store.
    with opened(store, create=False) as st:
        run_id = resolve_run_id(run_id, store=st)
        if export_path is not None:  # the run's own replies and suite file are inputs it is resumed from
            check_output_path(export_path, field="--export", run_inputs=st.input_files([run_id]), store=st.path)
        found: dict[str, Any]
        if import_path is not None:
            # --import labels the stored sample as it is: flags that say another sample are refused, not ignored.
            held = st.label_sample(run_id)
            _check_same_design(run_id, held, seed=seed, strategy=strategy)
            if held and n is not None and n > len(held) and held[0].strategy is not SamplingStrategy.UNCERTAINTY:
                raise UserError(
                    f"--import labels the stored sample of {len(held)} prompt(s) and draws none; to extend it to {n}, "
                    f"run `overrefusal label {run_id} --n {n} --export FILE` first",
                    field="--n",
                )
            outcome = import_labels(st, run_id, import_path, labeller=labeller)
            found = {"run_id": run_id, "labelled": outcome.labelled, "blank": outcome.blank}
        else:
            before = len(st.label_sample(run_id))
            if not before and n is None:
                raise UserError(
                    f"run '{run_id}' has no labelling sample yet: give its size with --n (e.g. --n 60)", field="--n"
                )
            # One transaction: the draw is kept only when what it was drawn for (the export, the labels of the
            # file) succeeds too; a refused command leaves the store as it was.
            with st.transaction():
                sample = draw_label_sample(st, run_id, n or before, seed=seed, strategy=strategy)
                uncertainty = bool(sample) and sample[0].strategy is SamplingStrategy.UNCERTAINTY
                # An uncertainty sample grown by a larger --n holds about n prompts, fewer or more: its design.
                short = n is not None and n > len(sample) and not (uncertainty and len(sample) > before)
                if export_path is not None:
                    count = export_labels(st, run_id, export_path)
                    found = {"run_id": run_id, "exported": count, "path": str(export_path)}
                elif from_path is not None:
                    count = labels_from_file(st, run_id, from_path, labeller=labeller)
                    found = {"run_id": run_id, "labelled": count, "from": str(from_path)}
                else:
                    found = {"run_id": run_id}
            if before and short and note is not None:
                # Not an error: the same command is how a labeller resumes. But n did not do what it says.
                why = (
                    "an uncertainty sample holds about --n prompts, each drawn on its own, and this --n "
                    "draws no further one"
                    if uncertainty
                    else "the run has no more judged replies"
                )
                note(
                    f"the labelling sample of run {run_id} holds {len(sample)} prompts and is not extended to {n} ({why})"
                )
        result: dict[str, Any] = {
            **found,
            "sample": len(st.label_sample(run_id)),
            "labelled_in_sample": sum(1 for i in sample_items(st, run_id) if i.human is not None),
        }
        if result["labelled_in_sample"]:
            more = more_labels_for_target(st, run_id)
            if more is not None or st.label_sample(run_id)[0].strategy is SamplingStrategy.VERDICT:
                result["more_labels_for_2_points"] = more
        return cast(LabelResult, result)
