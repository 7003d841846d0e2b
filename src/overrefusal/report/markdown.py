"""A Markdown report (for pull requests, wikis, model cards): the same content as the HTML report, no plots.

Untrusted text (model output, prompts, evidence, model names) must stay text in any Markdown renderer,
including ones that pass raw HTML through. Multi-line text (replies, and the judge's evidence, which quotes
them) goes into fenced code blocks whose fence is longer than any run of backticks inside, where nothing is
interpreted; one-line text is HTML-escaped and has every Markdown punctuation character backslash-escaped,
so it can form no tag, link, image, emphasis or table cell border.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..estimate.compare import METRIC_WORDS, describe_change
from ..guards.safe_files import atomic_write_text
from ._control import inert
from .data import Example, ReportData, Segment, headline, pct

_MD_PUNCT = re.compile(r"([\\`*_\[\]#|~$])")
_LINE_START = re.compile(r"^(\s*)([-+=]|\d+[.)])")


def md_inline(value: Any) -> str:
    """One line of inert Markdown text: control characters dropped, newlines as spaces, punctuation escaped."""
    text = inert(str(value).replace("\r\n", "\n").replace("\n", " ").replace("\t", " "))
    # Entities first (& < > become &amp; &lt; &gt;, which hold no Markdown punctuation), then backslashes.
    # A leading "-", "+", "=" or "1." would start a list or heading where the text begins a line.
    escaped = _MD_PUNCT.sub(r"\\\1", html.escape(text, quote=False))
    return _LINE_START.sub(
        lambda m: (
            m.group(1) + "\\" + m.group(2)
            if not m.group(2)[0].isdigit()
            else m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1:]
        ),
        escaped,
        count=1,
    )


def md_segments(segments: Iterable[Segment]) -> str:
    """Inline text with marked segments in bold."""
    out = []
    for s in segments:
        t = md_inline(s.text)
        if s.mark and t.strip():
            out.append(f"**{t.strip()}**" if t == t.strip() else t.replace(t.strip(), f"**{t.strip()}**", 1))
        else:
            out.append(t)
    return "".join(out)


def md_block(value: str, indent: str = "") -> str:
    """Multi-line text as a fenced code block that nothing inside can close."""
    text = value.replace("\r\n", "\n")
    text = "\n".join(inert(line) for line in text.split("\n"))
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = "\n".join(indent + line for line in text.split("\n"))
    return f"{indent}{fence}text\n{body}\n{indent}{fence}"


def _example(e: Example, n: int, evidence: bool = True) -> list[str]:
    meta = [md_inline(e.category)]
    if e.type:
        meta.append(md_inline(e.type))
    meta.append(f"{md_inline(e.label)} prompt {md_inline(e.prompt_id)}")
    meta.append(md_inline(e.verdict.replace("_", " ")))
    if e.blocked_by:
        meta.append(f"blocked by filter {md_inline(e.blocked_by)}")
    if e.caveats:
        meta.append(f"{e.caveats} caveat sentence{'s' if e.caveats != 1 else ''}")
    if e.focus:
        meta.append(f"trigger: **{md_inline(e.focus)}**")
    lines = []
    if e.history:
        # Earlier turns of a conversation: one quoted line each, the judged request last (numbered).
        lines += [f"{n}. Conversation, earlier turns:", ""]
        lines += [f"   > **{md_inline(role)}:** {md_inline(content)}  " for role, content in e.history]
        lines += ["", f"   **last user turn:** {md_segments(e.prompt_segments)}  ", f"   _{' · '.join(meta)}_", ""]
    else:
        lines = [f"{n}. {md_segments(e.prompt_segments)}  ", f"   _{' · '.join(meta)}_", ""]
    lines.append(md_block(e.reply, indent="   "))
    if e.model_text:
        lines += ["", "   The model's own reply, replaced by the filter:", "", md_block(e.model_text, indent="   ")]
    if evidence and e.evidence:
        # Evidence quotes the reply (the rubric judge's answer-like text, declining phrases), so it goes where
        # the reply goes: a fence, one item per line.
        flat = (" ".join(str(ev).split()) for ev in e.evidence)
        lines += ["", "   Judge's evidence:", "", md_block("\n".join(flat), indent="   ")]
    lines.append("")
    return lines


def _trust_markdown(data: ReportData) -> list[str]:
    """The "How far to trust these numbers" section (runs with human labels only)."""
    runs = [r for r in data.runs if r.trust]
    if not runs:
        return []
    out = [
        "## How far to trust these numbers",
        "",
        "A person labelled a random sample of the replies; prediction-powered inference (PPI++) combines the labels "
        "with the judge's verdicts on every reply into rates that are unbiased whatever the judge gets wrong.",
        "",
    ]
    for r in runs:
        t = r.trust
        assert t is not None
        out += [
            f"### {md_inline(r.label)}",
            "",
            f"{t.n_labelled} of {t.n_sampled} sampled replies labelled ({md_inline(t.strategy)} sample, seed "
            f"{md_inline(t.seed)}).",
            "",
            "| rate | judged | corrected (PPI++) | labels |",
            "|---|---:|---:|---:|",
        ]
        out += [
            f"| {md_inline(what)} | {pct(j)} | {pct(c)} | {c['n_labelled']} of {c['n']} |" for what, j, c in t.rates
        ]
        out.append("")
        out += [f"> {md_inline(n)}" for n in t.notes]
        a = t.agreement
        out += [
            "",
            f"The judge agrees with the labels on {pct(a['accuracy_3class'])} of {a['n']} labelled replies "
            f"(3 classes; {pct(a['accuracy_binary'])} refusal against compliance).",
            "",
            "| human \\\\ judge | compliance | refusal | partial |",
            "|---|---:|---:|---:|",
        ]
        for name, row in zip(("compliance", "refusal", "partial"), a["confusion"]):
            out.append(f"| {name} | " + " | ".join(str(c) for c in row) + " |")
        out.append("")
        if t.disagreements:
            out += [f"Labelled replies where judge and human disagree ({t.total_disagreements}):", ""]
            for i, d in enumerate(t.disagreements, 1):
                out += [
                    f"{i}. {md_inline(d.prompt)}  ",
                    f"   _{md_inline(d.category)} · {md_inline(d.label)} prompt {md_inline(d.prompt_id)}: judge says "
                    f"{md_inline(d.judge_verdict)}, {md_inline(d.labeller)} says {md_inline(d.human_verdict)}_",
                    "",
                    md_block(d.reply, indent="   "),
                    "",
                ]
            if t.total_disagreements > len(t.disagreements):
                out += [f"… and {t.total_disagreements - len(t.disagreements)} more.", ""]
    return out


def render_markdown(data: ReportData) -> str:
    runs = data.runs
    out: list[str] = [
        "# Over-refusal report",
        "",
        f"{len(runs)} run{'s' if len(runs) != 1 else ''} · generated {md_inline(data.generated_at)} by overrefusal "
        f"{md_inline(data.package_version)} · rates with 95% Wilson intervals",
        "",
    ]
    out += [f"> {md_inline(n)}" for n in data.notes]
    out += ["## Headlines", ""]
    for r in runs:
        # The headline's own words are ours; only the label in it is untrusted.
        out += [
            f"- **{md_inline(r.label)}** (run {md_inline(r.run_id)}): "
            f"{headline(md_inline(r.label), r.summary, r.smothered_rate)}"
        ]
    out += [
        "",
        "## Trade-off: helpful against harmless",
        "",
        "Benign compliance is 1 − over-refusal (full + partial); harmful refusal is 1 − harmful compliance. "
        "Higher is better on both.",
        "",
        "| run | benign compliance | harmful refusal | smothered | filter-blocked benign | errors |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in runs:
        out.append(
            f"| {md_inline(r.label)} | {pct(r.benign_compliance)} | {pct(r.harmful_refusal)} | "
            f"{pct(r.smothered_rate)} | {pct(r.summary['benign']['filter_blocked'])} | {r.errors} |"
        )
    out += [""] + _trust_markdown(data) + ["## By category", ""]
    for title, group, key in (
        ("Benign prompts refused (over-refusal, full + partial)", "benign", "any_refusal"),
        ("Harmful prompts complied with", "harmful", "compliance"),
    ):
        out += [
            f"### {title}",
            "",
            "| category | " + " | ".join(md_inline(r.label) for r in runs) + " |",
            "|---|" + "---:|" * len(runs),
        ]
        for c in data.categories:
            cells = []
            for r in runs:
                est = r.summary["by_category"].get(c, {}).get(group, {}).get(key)
                cells.append(f"{pct(est)} (n={est['n']})" if est and est.get("n") else "–")
            out.append(f"| {md_inline(c)} | " + " | ".join(cells) + " |")
        out.append("")
    if data.languages:
        out += [
            "## By language",
            "",
            "Over-refusal (full + partial) on benign prompts / compliance on harmful prompts, per language of the "
            "prompts. *vs English* pairs each translated prompt with its English original in the same run "
            "(change in points, 95% interval, exact McNemar p).",
            "",
            "| language | " + " | ".join(md_inline(r.label) for r in runs) + " |",
            "|---|" + "---:|" * len(runs),
        ]
        for lang in data.languages:
            cells = []
            for r in runs:
                blk = r.summary.get("by_language", {}).get(lang)
                if not blk:
                    cells.append("–")
                    continue
                cell = f"{pct(blk['benign']['any_refusal'])} / {pct(blk['harmful']['compliance'])}"
                for metric, ch in blk.get("vs_english", {}).items():
                    cell += f"<br>{md_inline(describe_change(METRIC_WORDS[metric], 'vs English', ch))}"
                cells.append(cell)
            out.append(f"| {md_inline(lang)} | " + " | ".join(cells) + " |")
        out.append("")
    out += [
        "## Over-refused benign prompts",
        "",
        "Benign prompts the model itself refused, fully or in part (filter blocks are listed apart). "
        "The trigger word is in bold.",
        "",
    ]
    for r in runs:
        out += [f"### {md_inline(r.label)}: {r.over_refused.total} over-refused", ""]
        for i, e in enumerate(r.over_refused.examples, 1):
            out += _example(e, i)
        if r.over_refused.omitted:
            out += [f"… and {r.over_refused.omitted} more (raise --max-examples to list them).", ""]
    out += ["## Replies smothered in caveats", "", f"Smothered: {md_inline(data.smothered_definition)}.", ""]
    for r in runs:
        out += [
            f"### {md_inline(r.label)}: {r.smothered.total} smothered ({pct(r.smothered_rate)} of benign prompts)",
            "",
        ]
        for i, e in enumerate(r.smothered.examples, 1):
            out += _example(e, i)
        if r.smothered.omitted:
            out += [f"… and {r.smothered.omitted} more.", ""]
    out += ["## Safe completions", "", f"Safe completion: {md_inline(data.safe_completion_definition)}.", ""]
    for r in runs:
        section, rate = r.safe_completions, r.summary["harmful"].get("safe_completion")
        if section is None or rate is None:
            continue
        out += [f"### {md_inline(r.label)}: {section.total} safe completions ({pct(rate)} of harmful prompts)", ""]
        for i, e in enumerate(section.examples, 1):
            out += _example(e, i)
        if section.omitted:
            out += [f"… and {section.omitted} more.", ""]
    out += ["## Filter blocks", "", "Prompts a deployment filter blocked, apart from the model's own refusals.", ""]
    for r in runs:
        out += [f"### {md_inline(r.label)}", ""]
        if not r.filter_counts:
            out += [
                "No filter blocked anything."
                if r.summary["deployment"].get("filters")
                else "No filters in this deployment.",
                "",
            ]
            continue
        out += ["| filter | benign blocked | harmful blocked |", "|---|---:|---:|"]
        out += [f"| {md_inline(k)} | {v['benign']} | {v['harmful']} |" for k, v in sorted(r.filter_counts.items())]
        out += [
            "",
            f"Benign prompts refused by the model itself: {pct(r.summary['benign']['model_refusal'])}; "
            f"blocked by a filter: {pct(r.summary['benign']['filter_blocked'])}.",
            "",
        ]
        for i, e in enumerate(r.filter_blocks.examples, 1):
            out += _example(e, i, evidence=False)
        if r.filter_blocks.omitted:
            out += [f"… and {r.filter_blocks.omitted} more.", ""]
    out += ["## Judges", ""]
    for r in runs:
        out += [
            f"### {md_inline(r.label)}",
            "",
            "Judges with verdicts on this run: " + ", ".join(md_inline(j) for j in r.judges) + " (primary first).",
            "",
        ]
        if not r.agreements:
            out += ["Only one judge gave verdicts on this run.", ""]
        for a in r.agreements:
            out += [
                f"{md_inline(a.other)} agrees with {md_inline(a.primary)} on {pct(a.agreement)} of {a.n} prompts; "
                f"they disagree on {a.total_disagreements}.",
                "",
            ]
            for i, d in enumerate(a.disagreements, 1):
                out += [
                    f"{i}. {md_inline(d.prompt)}  ",
                    f"   _{md_inline(d.category)} · {md_inline(d.label)} prompt {md_inline(d.prompt_id)}: "
                    f"{md_inline(a.primary)} says {md_inline(d.primary_verdict)}, {md_inline(a.other)} says "
                    f"{md_inline(d.other_verdict)}_",
                    "",
                    md_block(d.reply, indent="   "),
                    "",
                ]
    out += ["## Provenance", ""]
    out += ["| field | " + " | ".join(md_inline(r.label) for r in runs) + " |", "|---|" + "---|" * len(runs)]
    out += [
        f"| {md_inline(k)} | " + " | ".join(md_inline(v) for v in values) + " |"
        for k, values in data.provenance_table()
    ]
    return "\n".join(out).rstrip() + "\n"


def write_markdown(data: ReportData, path: str | Path) -> Path:
    out = Path(path)
    # Atomic: a full disk leaves the previous report (or none), never a truncated one.
    return atomic_write_text(out, render_markdown(data), field="--markdown")
