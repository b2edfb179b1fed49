#pragma once
// Exports RGB frames in one of the ExportFormats, atomically: bytes go to a temporary name and
// finish() renames them (and the "<path>.json" sidecar) into place. Destroying the writer before
// finish(), a cancel or any error leaves nothing under the final name.
// Use from one (worker) thread: open(), addFrame() per frame, finish(); or write() for a whole clip.
// GIF keeps the frames until finish() because its palette is built from the whole clip.
#include "framesmith/ExportOptions.h"
#include "framesmith/VideoFrames.h"

#include "export/ExportMetadata.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace framesmith {

class AtomicOutput;
class FfmpegEncoder;
class FrameResizer;
class GifPalette;
class PngSequenceWriter;
struct CodecProfile;
struct EncoderChoice;

class FfmpegVideoWriter {
public:
    explicit FfmpegVideoWriter(ExportOptions options);
    ~FfmpegVideoWriter();
    FfmpegVideoWriter(const FfmpegVideoWriter&) = delete;
    FfmpegVideoWriter& operator=(const FfmpegVideoWriter&) = delete;

    // Checks the options against the frame size and opens the output. sourceFps is used when
    // options.fps is 0; expectedFrames (0: unknown) only feeds onProgress.
    void open(int width, int height, double sourceFps, int expectedFrames = 0);
    void addFrame(const std::uint8_t* rgb); // width * height * 3, as given to open()
    void finish();

    const ExportSummary& summary() const { return m_summary; }

    static ExportSummary write(const VideoFrames& frames, const ExportOptions& options);

private:
    void validate(int width, int height, double fps) const;
    void checkCancelled() const;
    void reportProgress(int done) const;
    void encodeGif();

    ExportOptions m_options;
    const CodecProfile* m_profile = nullptr;
    const EncoderChoice* m_encoderChoice = nullptr;
    ExportSummary m_summary;
    int m_expectedFrames = 0;
    int m_sourceWidth = 0;
    int m_sourceHeight = 0;
    std::unique_ptr<AtomicOutput> m_output;
    std::unique_ptr<FrameResizer> m_resizer;
    std::unique_ptr<FfmpegEncoder> m_encoder;
    std::unique_ptr<PngSequenceWriter> m_pngWriter;
    std::unique_ptr<GifPalette> m_palette;
    std::vector<std::uint8_t> m_gifFrames; // resized RGB frames, kept for the palette
};

} // namespace framesmith
