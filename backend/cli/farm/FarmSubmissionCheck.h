#pragma once
// Judges a submission record read from the shared farm folder (FarmFolder) before anything uses
// it. Every field that names a file or becomes part of one must have the shape `farm submit`
// writes: the id is the folder's own name, the array id digits, each task's index unique, its name
// and job file plain names in <folder>/jobs/, its clip a plain <job>.<video format> directly in the
// output folder. The paths used afterwards are then derived from where the folder is, never taken
// from the record. Any thread.
#include "cli/farm/FarmSubmission.h"

#include <string>

namespace framesmith::cli {

class FarmSubmissionCheck {
public:
    // Throws FileError(BadFile, recordPath, "FIELD: ... refused"); on success the tasks' job and
    // output paths and settings.outFolder are those under the folder `s.folder` really is.
    static void confine(FarmSubmission& s, const std::string& recordPath);

    // True when a state file's "latents" field names task `index`'s own checkpoint,
    // .../.farm/<id>/latents/<index>.safetensors, as run-task writes it.
    static bool isOwnLatents(const FarmSubmission& s, int index, const std::string& latentsField);

    // The output folder of a submission folder: <out> of <out>/.farm/<id>.
    static std::string outFolderOf(const std::string& submissionFolder);
};

} // namespace framesmith::cli
