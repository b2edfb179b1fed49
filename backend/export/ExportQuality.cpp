// The quality range the export dialog and the CLI's --crf offer, from the codec table itself.
#include "export/CodecProfile.h"

namespace framesmith {

ExportQuality exportQuality(ExportFormat format)
{
    const CodecProfile& profile = codecProfile(format);
    if (!profile.hasQuality())
        return {};
    return {profile.minQuality, profile.maxQuality, profile.defaultQuality};
}

} // namespace framesmith
