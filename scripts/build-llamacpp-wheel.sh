#!/usr/bin/env bash
# Builds llama-cpp-python once, with CPU flags that run on every x86-64 machine we use, and keeps the
# wheel in our own cache. pip's wheel cache is bypassed on purpose: a wheel it cached from a default
# (-march=native) build crashes with "Illegal instruction" on CPUs that advertise AMX they cannot run.
set -euo pipefail
version="${LLAMA_CPP_PYTHON_VERSION:-0.3.36}"
wheelhouse="${OVERREFUSAL_WHEELHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/overrefusal/wheels-portable-avx2}"
python="${1:-python3}"
mkdir -p "$wheelhouse"
if ls "$wheelhouse"/llama_cpp_python-"$version"-*.whl >/dev/null 2>&1; then
  exit 0
fi
echo "building llama-cpp-python $version (about 5 minutes, once per machine)..." >&2
CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON" \
  "$python" -m pip wheel --no-cache-dir --no-deps -w "$wheelhouse" "llama-cpp-python==$version" >&2
