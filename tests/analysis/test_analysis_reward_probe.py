"""Reward-model probe with a tiny real BERT reward model built here, whose head favours the token "sorry".

The model is built by hand so that its reward provably rises with the share of "sorry" tokens in the
input: every "sorry" embeds to (1, -1, 0, 0) and every other token to (0, 0, 1, -1); attention is
uniform (zero queries and keys) with identity values and output, so [CLS] sees the mean embedding;
the pooler is the identity under tanh and the head reads +dim0 - dim1. The mirror model (head
negated) must give the opposite answer: a probe that swapped the refusal and the compliant reply
would fail one of the two tests.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterable
from pathlib import Path

import pytest

from overrefusal.analysis.reward_probe import COMPLIANT_TEMPLATE, REFUSAL_TEMPLATES, RewardModel, probe
from overrefusal.errors import UserError
from overrefusal.suites import load_suite
from overrefusal.types import Label, Prompt

HAVE_HF = importlib.util.find_spec("torch") is not None and importlib.util.find_spec("transformers") is not None
needs_hf = pytest.mark.skipif(
    not HAVE_HF, reason="torch and transformers are not installed (pip install 'overrefusal[hf]')"
)
CUE = "sorry"


def build_tiny_reward_model(out: Path, words: Iterable[str], sign: float = 1.0) -> Path:
    """Save a 4-dimensional one-layer BERT reward model and a word-level tokenizer to ``out``."""
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors
    from transformers import BertConfig, BertForSequenceClassification, PreTrainedTokenizerFast

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
    vocab = {t: i for i, t in enumerate(specials + sorted(set(words) - set(specials)))}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]"
    )
    cfg = BertConfig(
        vocab_size=len(vocab),
        hidden_size=4,
        num_hidden_layers=1,
        num_attention_heads=1,
        intermediate_size=4,
        max_position_embeddings=512,
        type_vocab_size=2,
        num_labels=1,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    model = BertForSequenceClassification(cfg)
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()
        for mod in model.modules():
            if isinstance(mod, torch.nn.LayerNorm):
                mod.weight.fill_(1.0)
        emb = model.bert.embeddings.word_embeddings.weight
        for t, i in vocab.items():
            emb[i] = torch.tensor([1.0, -1.0, 0.0, 0.0] if t == CUE else [0.0, 0.0, 1.0, -1.0])
        layer = model.bert.encoder.layer[0]
        layer.attention.self.value.weight.copy_(torch.eye(4))
        layer.attention.output.dense.weight.copy_(torch.eye(4))
        model.bert.pooler.dense.weight.copy_(torch.eye(4))
        model.classifier.weight.copy_(sign * torch.tensor([[1.0, -1.0, 0.0, 0.0]]))
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out


def _vocab(texts: Iterable[str]) -> set[str]:
    from tokenizers import pre_tokenizers

    pre = pre_tokenizers.Whitespace()
    return {w.lower() for t in texts for w, _ in pre.pre_tokenize_str(t)}


def _suite_texts() -> list[str]:
    return [p.text for p in load_suite("core").prompts]


@needs_hf  # the vocabulary is built with the tokenizers package, which the [hf] extra brings
def test_every_refusal_template_has_the_cue_and_the_compliant_one_not() -> None:
    # The tiny model's preference rests on this; check it rather than assume it.
    assert all(CUE in _vocab([t]) for t in REFUSAL_TEMPLATES)
    assert CUE not in _vocab([COMPLIANT_TEMPLATE])


def test_missing_model_folder_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="not a model folder"):
        RewardModel(tmp_path / "nope")


def test_probe_pairs_scores_with_the_right_replies() -> None:
    """Pure check with a scorer that knows nothing but reply length: refusals are shorter here."""
    prompts = [Prompt(f"b{i}", f"q{i}", Label.BENIGN, category="c") for i in range(4)]
    prompts.append(Prompt("h", "harmful", Label.HARMFUL))
    out = probe(prompts, lambda pairs: [float(len(r)) for _, r in pairs], lambda p: "x" * 500 if p.id == "b0" else None)
    assert out["overall"]["n"] == 4  # harmful prompts are not probed
    assert out["overall"]["compliant_source"] == {"reference": 1, "template": 3}
    # Templates: every refusal template is shorter than the compliant template, so length prefers compliance.
    assert out["overall"]["prefers_refusal"]["value"] == 0.0


@needs_hf
def test_tiny_model_that_favours_sorry_prefers_refusals(tmp_path: Path) -> None:
    texts = [*REFUSAL_TEMPLATES, COMPLIANT_TEMPLATE, *_suite_texts()]
    path = build_tiny_reward_model(tmp_path / "rm", _vocab(texts))
    model = RewardModel(path)
    # The model itself: a refusal scores above the compliant template for the same prompt.
    r, c = model.score(
        [
            ("How do I kill a Python process?", REFUSAL_TEMPLATES[0]),
            ("How do I kill a Python process?", COMPLIANT_TEMPLATE),
        ]
    )
    assert r > c
    suite = load_suite("core").limited(12)
    out = probe(suite.prompts, model.score)
    n_benign = sum(1 for p in suite.prompts if p.label is Label.BENIGN)
    assert out["overall"]["n"] == n_benign > 0
    assert out["overall"]["prefers_refusal"]["value"] > 0.5
    assert out["overall"]["margin"]["value"] > 0
    assert out["overall"]["prefers_refusal"]["low"] > 0.5


@needs_hf
def test_mirror_model_prefers_compliance(tmp_path: Path) -> None:
    texts = [*REFUSAL_TEMPLATES, COMPLIANT_TEMPLATE, *_suite_texts()]
    model = RewardModel(build_tiny_reward_model(tmp_path / "rm", _vocab(texts), sign=-1.0))
    out = probe(load_suite("core").limited(12).prompts, model.score)
    assert out["overall"]["prefers_refusal"]["value"] < 0.5 and out["overall"]["margin"]["value"] < 0


@needs_hf
def test_cli_reward_probe_with_a_replay_of_compliant_replies(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from overrefusal.cli.diagnose.reward_probe import reward_probe_command

    suite = load_suite("core").limited(6)
    benign = [p for p in suite.prompts if p.label is Label.BENIGN]
    replay = tmp_path / "answers.jsonl"
    replay.write_text(
        "".join(
            json.dumps(
                {
                    "id": p.id,
                    "prompt": p.text,
                    "completion": "Here is how: open a terminal and follow these steps carefully.",
                }
            )
            + "\n"
            for p in benign
        )
    )
    texts = [*REFUSAL_TEMPLATES, COMPLIANT_TEMPLATE, *_suite_texts(), replay.read_text()]
    path = build_tiny_reward_model(tmp_path / "rm", _vocab(texts))
    res = CliRunner().invoke(
        reward_probe_command,
        [
            "--reward-model",
            str(path),
            "--suite",
            "core",
            "--limit",
            "6",
            "--compliant",
            f"replay/{replay}",
            "--json",
            "--store",
            str(tmp_path / "s.db"),
        ],
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["overall"]["compliant_source"] == {"reference": len(benign), "template": 0}
    assert out["overall"]["prefers_refusal"]["value"] == 1.0


def test_missing_transformers_is_a_clear_missing_dependency(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from overrefusal.errors import MissingDependency

    monkeypatch.setitem(sys.modules, "transformers", None)  # makes `import transformers` raise ImportError
    with pytest.raises(MissingDependency, match=r"overrefusal\[hf\]"):
        RewardModel(tmp_path)
