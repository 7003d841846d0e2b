"""Diagnosis and mitigation: why a deployment over-refuses and what to do about it.

* :mod:`.triggers`: which words flip a refusal into compliance (counterfactual variants);
* :mod:`.ablation`: how much of the over-refusal the system prompt and filters add to the bare model;
* :mod:`.quality`: how helpful the compliant replies are (graded), how verbose, hedged, repetitive;
* :mod:`.reward_probe`: whether a reward model prefers refusing benign prompts;
* :mod:`.generate`: new benign look-alikes from harmful seeds (rewrite, moderate, deduplicate);
* :mod:`.export`: SFT/DPO training pairs in TRL's JSONL layout.

Each module is pure logic over stored runs and backends; :mod:`.operations` holds each command's operation
(exported by :mod:`overrefusal.api`), and the CLI (one module per command in ``cli/``) only parses
flags and prints.
"""
