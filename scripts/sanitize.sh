#!/usr/bin/env bash
# Sanitizer lanes, each in its own build folder with Debian's clang 14 (too slow for CI's budget:
# run them before resolving an issue that touches memory or threads, and record the result in
# docs/reliability.md, "Sanitizer runs").
#
#   scripts/sanitize.sh asan [CTEST_REGEX]   AddressSanitizer + UndefinedBehaviorSanitizer over the
#                                            backend and CLI tests (label unit, not gui), build-asan/
#   scripts/sanitize.sh tsan [CTEST_REGEX]   ThreadSanitizer over the threaded tests (VramMonitor,
#                                            ComputeThreads, Engine, GenerationController,
#                                            BackgroundTasks users, the GUI tests), build-tsan/
#
# libtorch, Qt and FFmpeg come from Debian/PyTorch uninstrumented: ASan still sees every heap
# access (malloc is intercepted process-wide), UBSan checks our code only, TSan sees our threads
# but not the OpenMP pool inside libtorch, whose reports are suppressed (scripts/tsan.supp).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lane=${1:?usage: scripts/sanitize.sh asan|tsan [CTEST_REGEX]}
regex=${2:-}
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1

case "$lane" in
  asan)
    build=${FRAMESMITH_ASAN_BUILD_DIR:-$root/build-asan}
    # vptr needs RTTI of every class across libraries; libtorch's typeinfo is not visible to it.
    flags="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    labels=(-L unit -LE 'gui|gpu|slow')
    # The allocation tracker replaces operator new: it and the tests measuring with it conflict
    # with ASan's allocator by design.
    exclude='tst_CpuAllocationTracker|tst_MemoryPlannerAccuracy|WorkingSet|tst_MemoryGrowthDetector'
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
    export LSAN_OPTIONS=suppressions=$root/scripts/lsan.supp:print_suppressions=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    ;;
  tsan)
    build=${FRAMESMITH_TSAN_BUILD_DIR:-$root/build-tsan}
    flags="-fsanitize=thread -fno-omit-frame-pointer"
    labels=()
    # Every test of a class that starts a thread (VramMonitor, ComputeThreads, the Engine's cancel
    # follower, GenerationController/Worker, BackgroundTasks users: TokenCounter, ModelChecker,
    # ClipShelf) and the GUI tests that run generations through them.
    regex=${regex:-'^(tst_VramMonitor|tst_ComputeThreads|tst_Engine|tst_EngineResume|tst_GenerationController|tst_TokenCounter|tst_ModelChecker|tst_ClipShelf|tst_RunLauncher|tst_QueueDock|tst_MainWindow|tst_MainWindowGeneration|tst_MainWindowFamilies|tst_MainWindowTranslation|tst_MemoryGraphFeeder|tst_PresetEditorDialog|tst_ImageDropArea|tst_PreviewPlayer|tst_VramGraph|tst_HistoryStore|tst_GuiMonkey)$'}
    exclude='tst_MainWindowScreenshot|^tst_GenerationController$'
    export TSAN_OPTIONS="suppressions=$root/scripts/tsan.supp:halt_on_error=0:second_deadlock_stack=1"
    export OMP_NUM_THREADS=1
    ;;
  *) echo "unknown lane '$lane' (asan or tsan)" >&2; exit 2 ;;
esac

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
  -DFRAMESMITH_BUILD_BENCH=OFF -DFRAMESMITH_PRECOMPILED_HEADERS=${FRAMESMITH_SANITIZE_PCH:-ON} >/dev/null
# FRAMESMITH_SANITIZE_TARGETS="tst_A tst_B": build only those (with CTEST_REGEX naming them).
cmake --build "$build" -j"${FRAMESMITH_SANITIZE_JOBS:-2}" ${FRAMESMITH_SANITIZE_TARGETS:+--target $FRAMESMITH_SANITIZE_TARGETS}

cd "$build"
log="$build/sanitize-$lane-$(date +%Y%m%d-%H%M%S).log"
set +e
QT_QPA_PLATFORM=offscreen ctest "${labels[@]}" ${regex:+-R "$regex"} -E "$exclude" \
  --output-on-failure --timeout 1800 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$lane" = tsan ] && [ -x bin/tst_GenerationController ]; then
  # TSan's runtime aborts (CHECK in ForkAfter) when Qt 6.4's QProcess clone()s a child while
  # threads run: the one function that starts framesmith-cli runs in every other lane, the rest here.
  functions=$(bin/tst_GenerationController -functions | sed 's/()//' | grep -v '^appAndCliProduceIdenticalLatents$')
  # shellcheck disable=SC2086
  QT_QPA_PLATFORM=offscreen bin/tst_GenerationController $functions 2>&1 | tee -a "$log" || status=1
fi
set -e
echo "sanitizer reports: $(grep -c -E 'ERROR: (Address|Leak)Sanitizer|runtime error:|WARNING: ThreadSanitizer' "$log") (log: $log)"
exit "$status"
