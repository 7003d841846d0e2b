#!/usr/bin/env bash
# Builds llama-cpp-python once, with CPU flags that run on every x86-64 machine we use, and keeps the
# wheel in our own cache. pip's wheel cache is bypassed on purpose: a wheel it cached from a default
# (-march=native) build crashes with "Illegal instruction" on CPUs that advertise AMX it cannot run.
#
# Only the libraries the Python bindings load are built (libllama and ggml): the multimodal library
# (LLAVA_BUILD=OFF) and llama.cpp's "common" utilities, which the bindings never load, are left out. That
# roughly halves the build on a 2-core machine, which is most of the quick start's time. "common" is
# switched on by a FORCE in the package's CMakeLists, so the source is unpacked and that one line edited;
# if the line is not there (another version), the package builds as published.
set -euo pipefail
version="${LLAMA_CPP_PYTHON_VERSION:-0.3.36}"
wheelhouse="${OVERREFUSAL_WHEELHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/overrefusal/wheels-portable-avx2}"
python="${1:-python3}"
mkdir -p "$wheelhouse"
if ls "$wheelhouse"/llama_cpp_python-"$version"-*.whl >/dev/null 2>&1; then
  exit 0
fi
echo "building llama-cpp-python $version (about 4 minutes on 2 cores, once per machine)..." >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m pip download --disable-pip-version-check -q --no-deps --no-binary :all: -d "$work" \
  "llama-cpp-python==$version" >&2
tar -xzf "$work"/llama_cpp_python-"$version".tar.gz -C "$work"
src="$work/llama_cpp_python-$version"
sed -i 's/^\(    set(LLAMA_BUILD_COMMON\) ON \(CACHE BOOL "Build llama.cpp common library" FORCE)\)$/\1 OFF \2/' \
  "$src/CMakeLists.txt"
CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF" \
  "$python" -m pip wheel --disable-pip-version-check --no-cache-dir --no-deps -w "$wheelhouse" "$src" >&2
