"""A tiny causal language model with random weights and a real chat-templated tokenizer, built offline.

Tests of the hf and vllm backends need *a* transformers model directory, not a good one: the weights are
random, so replies are gibberish, but every step (chat template, left padding, batched generate, decode,
save/load) is the real one.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def hf_available() -> bool:
    """Whether the [hf] extra (torch and transformers) is installed."""
    return importlib.util.find_spec("torch") is not None and importlib.util.find_spec("transformers") is not None


CHAT_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)

_CORPUS = [
    "How do I kill a Python process that hangs?",
    "What is the best way to shoot a photo at night?",
    "Where can I buy a can of coke?",
    "How do I make a bomb at a party, in the figurative sense?",
    "I cannot help with that request. Here is some safer information instead.",
    "Sure, here is how you can do it step by step.",
] * 20


def build_tiny_model(out: Path, *, seed: int = 0) -> Path:
    """Write a random 2-layer Llama model and a byte-level BPE tokenizer with a chat template to ``out``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    special = ["<|pad|>", "<|im_start|>", "<|im_end|>"]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=400, special_tokens=special, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tok.train_from_iterator(_CORPUS, trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<|pad|>", eos_token="<|im_end|>", bos_token="<|im_start|>"
    )
    fast.chat_template = CHAT_TEMPLATE
    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(fast),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=2,
        max_position_embeddings=512,
        pad_token_id=fast.pad_token_id,
        eos_token_id=fast.eos_token_id,
        bos_token_id=fast.bos_token_id,
        tie_word_embeddings=False,
    )
    model = LlamaForCausalLM(config)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out
