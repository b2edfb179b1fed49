#include "cli/batch/BatchJobRunner.h"

#include "cli/FrameOutput.h"
#include "framesmith/Error.h"

#include <ATen/core/Tensor.h>

#include <chrono>
#include <sstream>

namespace framesmith::cli {

namespace {

std::string describeDone(const GenerationResult& result, double seconds)
{
    std::ostringstream text;
    text.precision(3);
    text << result.outputPath << " (" << seconds << " s" << (result.wasWarm ? ", warm" : "") << ")";
    return text.str();
}

std::string describePaused(const GenerationResult& result, const std::string& clip)
{
    return "paused after step " + std::to_string(result.stepsCompleted) + " of " + std::to_string(result.request.steps) +
           ": " + result.latentsCheckpointPath + " (continue with: framesmith-cli resume " +
           result.latentsCheckpointPath + " --out " + clip + ")";
}

} // namespace

BatchJobRunner::BatchJobRunner(bool showProgress) : m_progress(!showProgress)
{
    m_options.isPreviewWanted = false; // nobody watches a batch's latents
}

BatchJobRunner::Result BatchJobRunner::run(const BatchJob& job)
{
    const auto start = std::chrono::steady_clock::now();
    Result result;
    try {
        GenerationResult generated = m_engine.generate(job.request, m_progress, m_cancel, m_options);
        if (generated.isPaused) {
            result.outcome = BatchReport::Outcome::Paused;
            result.latentsPath = generated.latentsCheckpointPath;
            result.detail = describePaused(generated, job.outputPath);
            clearPause();
            return result;
        }
        FrameOutput::write(job.outputPath, at::Tensor(), generated, &m_cancel);
        generated.outputPath = job.outputPath;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        result.outcome = BatchReport::Outcome::Ok;
        result.detail = describeDone(generated, seconds);
    } catch (const CancelledError&) {
        throw; // the whole batch stops
    } catch (const Error& e) {
        result.outcome = BatchReport::Outcome::Failed;
        result.latentsPath = e.latentsCheckpointPath();
        result.isOutOfMemory = e.code() == ErrorCode::OutOfMemory;
        result.detail = std::string(e.what()) + (result.latentsPath.empty() ? "" : " (latents kept in " + result.latentsPath + ")");
    } catch (const std::exception& e) {
        result.outcome = BatchReport::Outcome::Failed;
        result.detail = e.what();
    }
    clearPause();
    return result;
}

void BatchJobRunner::clearPause()
{
    // Only a pause: a Ctrl-C that came meanwhile must still stop the batch.
    if (m_cancel.mode() == CancelMode::Pause)
        m_cancel.reset();
}

} // namespace framesmith::cli
