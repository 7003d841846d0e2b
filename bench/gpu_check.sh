#!/usr/bin/env bash
# vLLM offline (an in-process vllm.LLM, no server) with a small model on the shared XSTest suite: prints
# prompts/s and the judged rates. Needs an NVIDIA GPU and `pip install 'overrefusal[vllm]'`; without a GPU it
# says so and exits 2 without running anything.
#
#   bench/gpu_check.sh [MODEL] [BATCH_SIZE]      (default Qwen/Qwen2.5-0.5B-Instruct, 256)
#
# The model must be in the local Hugging Face cache (or reachable) on the machine that runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL="${1:-Qwen/Qwen2.5-0.5B-Instruct}"
BATCH="${2:-256}"
SUITE="../shared/data/xstest/xstest_prompts.csv"
PY="${PYTHON:-.venv/bin/python}"
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
    echo "bench/gpu_check.sh needs an NVIDIA GPU (nvidia-smi finds none here); nothing was run" >&2
    exit 2
fi
if ! "$PY" -c "import vllm" >/dev/null 2>&1; then
    echo "bench/gpu_check.sh needs vLLM: pip install 'overrefusal[vllm]'; nothing was run" >&2
    exit 2
fi
if [ ! -f "$SUITE" ]; then
    echo "bench/gpu_check.sh: the shared XSTest suite $SUITE is missing" >&2
    exit 2
fi
STORE="$(mktemp -d)/gpu_check.db"
START=$(date +%s.%N)
PYTHONPATH=src "$PY" -m overrefusal run --model "vllm/$MODEL" --suite "xstest=$SUITE" --limit all \
    --batch-size "$BATCH" --max-tokens 128 --judge rules --store "$STORE" --run-id gpu-check --json > "$STORE.json"
END=$(date +%s.%N)
"$PY" - "$STORE.json" "$START" "$END" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
wall = float(sys.argv[3]) - float(sys.argv[2])
n = d["suite"]["n"]
print(f"{n} prompts in {wall:.1f} s (model load included): {n / wall:.1f} prompts/s")
for block in ("benign", "harmful"):
    b = d[block]
    print(f"{block:8} full refusal {b['full_refusal']['value']:.3f}  partial {b['partial_refusal']['value']:.3f}"
          f"  any {b['any_refusal']['value']:.3f}  errors {b['errors']}")
PYEOF
