#include "cli/RunOptions.h"

#include "cli/CliDevices.h"
#include "cli/FrameOutput.h"

namespace framesmith::cli {

GenerateOptions RunOptions::fromArgs(const CliArgs& args)
{
    GenerateOptions o;
    o.latentsInPath = args.value("--latents-in").value_or("");
    o.saveLatentsPath = args.value("--save-latents").value_or("");
    o.isDecodeWanted = !args.has("--no-decode");
    o.isPreviewWanted = false;
    o.device = args.value("--device").value_or("");
    o.devices = CliDevices::fromFlags(args);
    o.memoryReportPath = args.value("--memory-report").value_or("");
    o.pauseAfterStep = args.intValue("--pause-after-step", 0, 0, 100000);
    if (!o.saveLatentsPath.empty())
        FrameOutput::checkFolder(o.saveLatentsPath, "--save-latents");
    return o;
}

} // namespace framesmith::cli
