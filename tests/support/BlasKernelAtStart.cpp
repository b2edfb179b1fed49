// Every test process runs the OpenBLAS kernel the app and framesmith-cli run. They start again with
// a better kernel when OpenBLAS fell back to a generic one (OpenBlasKernel), and results compared
// across processes (the app's latents against the CLI's) agree bit for bit only from one kernel.
#include "framesmith/OpenBlasKernel.h"

namespace {

// glibc calls an executable's constructors with main's arguments, before QTest's main runs.
__attribute__((constructor)) void startLikeTheApps(int, char** argv, char**)
{
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
}

} // namespace
