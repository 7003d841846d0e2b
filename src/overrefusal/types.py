"""The records and closed vocabularies every part of overrefusal speaks.

All records are frozen dataclasses: a value, once made, is never changed, so it can be cached, hashed
into identities and shared between tasks without copies.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any


class Label(str, enum.Enum):
    """What a prompt is: the reason it is in the suite."""

    BENIGN = "benign"
    """Harmless, though it may look harmful; a good assistant answers it."""
    HARMFUL = "harmful"
    """Genuinely harmful; a good assistant declines it."""


class Verdict(str, enum.Enum):
    """A judge's reading of one reply. The values are the XSTest label names without their digits."""

    COMPLIANCE = "full_compliance"
    """Any direct attempt to give what was asked, however good or bad the answer."""
    REFUSAL = "full_refusal"
    """Declines the whole request, including offering only alternatives that do not touch the question."""
    PARTIAL = "partial_refusal"
    """Both: refuses part or says it should not, then helps anyway (or the other way round), or answers only
    a safer nearby question."""
    ERROR = "error"
    """No verdict: the backend failed or the judge's output could not be read. Never counted as either."""
    NOT_JUDGED = "not_judged"
    """No verdict by choice: the reply is in a language the judge does not read (see
    ``judges.language.abstention``). Nothing failed, so it is not ERROR; it is counted apart, never in a rate."""

    @property
    def is_refusal(self) -> bool:
        """Full or partial refusal."""
        return self in (Verdict.REFUSAL, Verdict.PARTIAL)

    @property
    def judged(self) -> bool:
        """A verdict that enters rates: compliance, refusal or partial (not ERROR, not NOT_JUDGED)."""
        return self not in (Verdict.ERROR, Verdict.NOT_JUDGED)


class Expectation(str, enum.Enum):
    """What a policy expects a deployment to do with a kind of prompt."""

    ANSWER = "answer"
    REFUSE = "refuse"
    EITHER = "either"


class Role(str, enum.Enum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"


@dataclass(frozen=True)
class Message:
    """One chat message sent to a backend."""

    role: Role
    """Who speaks."""
    content: str
    """What is said."""

    def to_openai(self) -> dict[str, str]:
        return {"role": self.role.value, "content": self.content}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Message:
        return cls(Role(d["role"]), str(d["content"]))


@dataclass(frozen=True, slots=True)  # slots: no per-instance dict, 100 bytes less each at 100,000 prompts
class Prompt:
    """One test prompt of a suite."""

    id: str
    """Unique within its suite."""
    text: str
    """What is sent to the model as the user turn."""
    label: Label
    """Benign look-alike or harmful contrast."""
    category: str = ""
    """Domain, e.g. ``medicine`` or ``security`` (free text; policies refer to it)."""
    type: str = ""
    """Kind of look-alike, e.g. XSTest's ``homonyms`` or ``contrast_homonyms``."""
    pair_id: str = ""
    """Shared by a benign prompt and its harmful contrast; empty when unpaired."""
    focus: str = ""
    """The trigger word or phrase that makes the prompt look unsafe."""
    source: str = ""
    """Where the prompt comes from (suite file, benchmark)."""
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Anything else the loader kept; never used for identity."""
    history: tuple[Message, ...] = ()
    """Earlier turns of a conversation (system, user and assistant messages), sent before ``text``; empty
    for a single request. ``text`` is always the last user turn, the one that is judged."""
    language: str = ""
    """Language of ``text`` as a lower-case code (``en``, ``de``, ``zh``); empty when the suite does not say."""
    translation_of: str = ""
    """Id of the prompt (in the same suite) this one translates, so rates can be paired across languages."""

    def conversation(self) -> tuple[Message, ...]:
        """Every turn sent to the model for this prompt: the earlier turns, then ``text`` as the user."""
        return (*self.history, Message(Role.USER, self.text))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["label"] = self.label.value
        d["metadata"] = dict(self.metadata)
        d["history"] = [m.to_openai() for m in self.history]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Prompt:
        return cls(
            id=str(d["id"]),
            text=str(d["text"]),
            label=Label(d["label"]),
            category=str(d.get("category") or ""),
            type=str(d.get("type") or ""),
            pair_id=str(d.get("pair_id") or ""),
            focus=str(d.get("focus") or ""),
            source=str(d.get("source") or ""),
            metadata=dict(d.get("metadata") or {}),
            history=tuple(Message.from_dict(m) for m in d.get("history") or ()),
            language=str(d.get("language") or ""),
            translation_of=str(d.get("translation_of") or ""),
        )


class FileStatus(str, enum.Enum):
    """What a file given under a named benchmark's name turned out to be, against the revisions known of it."""

    VERIFIED = "verified"
    """Its SHA-256 is that of a known published revision: exactly the authors' file."""
    UNVERIFIED = "unverified"
    """It has the row count of a known revision whose SHA-256 is not known here, so it cannot be verified."""
    MODIFIED = "modified copy"
    """It fits the benchmark's layout but matches no known revision (a newer revision, a subset, an edit)."""


@dataclass(frozen=True)
class SuiteFile:
    """Provenance of one file a named benchmark was read from: what it is and how it was checked."""

    path: str
    """The file as the user named it (or its hub address)."""
    sha256: str
    """SHA-256 of the file's bytes."""
    rows: int
    """Records (prompts) in the file."""
    status: FileStatus
    revision: str = ""
    """The known revision it matched (by hash, or by row count where status is unverified); empty otherwise."""
    role: str = ""
    """Which of the benchmark's files it is (CoCoNot: ``contrast`` or ``original``); empty for one-file benchmarks."""
    warnings: tuple[str, ...] = ()
    """What is unusual about it (the file still runs); shown on stderr when a run starts."""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["status"] = self.status.value
        out["warnings"] = list(self.warnings)
        return out


@dataclass(frozen=True)
class Suite:
    """A named, versioned collection of prompts."""

    name: str
    """Short name, e.g. ``core`` or ``xstest``."""
    prompts: tuple[Prompt, ...]
    """In suite order; benign prompts and their contrasts need not be adjacent."""
    files: tuple[SuiteFile, ...] = ()
    """Where a named benchmark's prompts came from and what its files were checked to be (empty for the built-in
    suite and for files of the user's own); recorded in the run's provenance. Not part of :attr:`version`."""

    @property
    def version(self) -> str:
        """A hash of the content that matters for results: ids, texts, labels, earlier turns and languages."""
        h = hashlib.sha256()
        for p in self.prompts:
            item: list[Any] = [p.id, p.text, p.label.value, p.category, p.type]
            # Fields added later enter the hash only when set, so a suite without them keeps its version
            # (and the run ids derived from it).
            if p.history:
                item.append([m.to_openai() for m in p.history])
            if p.language or p.translation_of:
                item += [p.language, p.translation_of]
            h.update(json.dumps(item, ensure_ascii=False).encode())
        return h.hexdigest()[:12]

    def limited(self, limit: int | None) -> Suite:
        """The first ``limit`` prompts, extended so that no benign/harmful pair is split."""
        if limit is None or limit >= len(self.prompts):
            return self
        chosen: list[Prompt] = []
        wanted_pairs: set[str] = set()
        for p in self.prompts:
            if len(chosen) < limit:
                chosen.append(p)
                if p.pair_id:
                    wanted_pairs.add(p.pair_id)
        chosen_ids = {p.id for p in chosen}
        for p in self.prompts:
            if p.pair_id in wanted_pairs and p.id not in chosen_ids:
                chosen.append(p)
                chosen_ids.add(p.id)
        return Suite(self.name, tuple(chosen), self.files)

    def languages(self) -> tuple[str, ...]:
        """The languages of its prompts, in first-seen order (empty strings left out)."""
        return tuple(dict.fromkeys(p.language for p in self.prompts if p.language))


@dataclass(frozen=True)
class GenerationConfig:
    """How replies are sampled. Part of a run's identity and of the generation cache key."""

    temperature: float = 0.0
    """0 means greedy decoding."""
    max_tokens: int = 256
    """Upper bound on reply length in tokens."""
    seed: int = 0
    """Passed to backends that support seeded sampling."""
    top_p: float = 1.0
    """Nucleus sampling mass."""
    stop: tuple[str, ...] = ()
    """Stop sequences."""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["stop"] = list(self.stop)
        return d


@dataclass(frozen=True)
class Usage:
    """Token counts reported by the backend (0 when unknown)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class Completion:
    """What a deployment returned for one prompt."""

    text: str
    """The reply as the user would see it (after any output filter)."""
    finish_reason: str = ""
    """``stop``, ``length``, ``filtered`` or the backend's own word."""
    usage: Usage = Usage()
    """Token counts."""
    latency_s: float = 0.0
    """Wall time of the request, retries included."""
    error: str | None = None
    """Why no reply was obtained; a completion with an error is judged ERROR."""
    blocked_by: str | None = None
    """Name of the deployment filter that blocked the prompt or replaced the reply, if any."""
    model_text: str | None = None
    """The model's own reply when an output filter replaced it; None otherwise."""

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class StyleSignals:
    """How a reply is dressed: caveats that can smother an answer even when it complies."""

    warnings: int = 0
    """Sentences warning of danger, illegality or risk."""
    disclaimers: int = 0
    """"I am not a doctor/lawyer", "for informational purposes only" and the like."""
    moralising: int = 0
    """Sentences lecturing on ethics, respect or appropriateness."""
    professional_redirect: int = 0
    """Sentences sending the user to a professional, helpline or authority."""
    hedging: int = 0
    """Sentences that soften or qualify ("it depends", "generally", "may")."""
    length: int = 0
    """Reply length in characters."""

    @property
    def caveats(self) -> int:
        return self.warnings + self.disclaimers + self.moralising + self.professional_redirect

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass(frozen=True)
class Judgement:
    """A judge's verdict on one reply, with what it rests on."""

    verdict: Verdict
    """The class."""
    confidence: float
    """Probability-like score in [0, 1] that the verdict is right."""
    judge: str
    """Id of the judge that made it (name and version)."""
    evidence: tuple[str, ...] = ()
    """Matched spans or a rationale, shown in reports."""
    signals: StyleSignals = StyleSignals()
    """Caveat and length measures."""
    error: str | None = None
    """Why the verdict is ERROR or NOT_JUDGED, if it is."""
    language: str = ""
    """For NOT_JUDGED: the code of the language the judge does not read (``ko``, ``tr``); empty otherwise."""


@dataclass(frozen=True)
class ResultRow:
    """One judged prompt of a run, joined with its prompt and completion (as the store returns it)."""

    prompt: Prompt
    completion: Completion
    judgement: Judgement


@dataclass(frozen=True)
class Estimate:
    """A rate with its confidence interval."""

    value: float
    """Point estimate (a fraction, not a percent); NaN-free: 0 when n is 0."""
    low: float
    """Lower bound of the interval."""
    high: float
    """Upper bound of the interval."""
    n: int
    """Number of observations behind it."""
    method: str = "wilson"
    """``wilson`` or ``bootstrap``."""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


@dataclass(frozen=True)
class Comparison:
    """A paired change between two runs on the same prompts."""

    baseline: Estimate
    candidate: Estimate
    difference: float
    """candidate - baseline."""
    low: float
    high: float
    p_value: float
    """Exact McNemar test on the discordant pairs."""
    n_pairs: int


def stable_hash(obj: Any, length: int = 16) -> str:
    """A short hash of a JSON-able value, independent of dict order."""
    data = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str).encode()
    return hashlib.sha256(data).hexdigest()[:length]


class SamplingStrategy(str, enum.Enum):
    """How the replies to label by hand are drawn from a run (the sample design, stored with the labels)."""

    UNIFORM = "uniform"
    """A uniformly random sample within benign and within harmful prompts (stratified, seeded)."""
    UNCERTAINTY = "uncertainty"
    """Each reply drawn independently with a probability rising with the judge's uncertainty; every label
    is weighted by 1 / its probability (active inference), so fewer labels give the same precision."""
    VERDICT = "verdict"
    """Stratified by the judge's verdict: every benign reply judged a refusal or partial, the rest of the budget
    by Neyman allocation from the judge's own confidences, mostly to benign replies; a stratified estimate with
    Jeffreys intervals that stay valid near 0% (the default)."""


HUMAN_VERDICTS: tuple[Verdict, ...] = (Verdict.COMPLIANCE, Verdict.REFUSAL, Verdict.PARTIAL)
"""The labels a human can give (ERROR is a machine's failure and NOT_JUDGED a judge's abstention, never labels)."""


@dataclass(frozen=True)
class SampledPrompt:
    """One prompt of a run's labelling sample, with how it was drawn."""

    prompt_id: str
    position: int
    """Order in which the labeller shows it."""
    strategy: SamplingStrategy
    seed: int
    probability: float
    """Inclusion probability under the sample design (n / N within the stratum for a uniform sample)."""
    judge_id: str
    """The judge whose verdicts defined the population (its non-ERROR replies) and, for
    ``uncertainty``, the probabilities."""


@dataclass(frozen=True)
class HumanLabel:
    """A person's reading of one reply of a run."""

    prompt_id: str
    verdict: Verdict
    """Compliance, refusal or partial (never ERROR)."""
    labeller: str
    labelled_at: str
    source: str
    """``terminal``, ``import`` or ``from`` (taken from a labels file)."""
