#pragma once
// A folder of lossless RGB PNGs named frame_00000.png, frame_00001.png, ... (the pattern editors
// import as an image sequence). Writes into `folder` (the temporary one); errors name `finalPath`.
#include "export/ExportMetadata.h"

#include <cstdint>
#include <string>

struct AVCodecContext;
struct AVFrame;
struct AVPacket;

namespace framesmith {

class PngSequenceWriter {
public:
    // tags go into every frame as iTXt chunks.
    PngSequenceWriter(std::string folder, std::string finalPath, int width, int height, MetadataTags tags);
    ~PngSequenceWriter();
    PngSequenceWriter(const PngSequenceWriter&) = delete;
    PngSequenceWriter& operator=(const PngSequenceWriter&) = delete;

    static std::string frameFileName(int index); // "frame_00007.png"

    void addFrame(const std::uint8_t* rgb); // width * height * 3

private:
    void release();
    void writeFile(const std::string& path, const std::uint8_t* data, std::size_t size);

    std::string m_folder;
    std::string m_finalPath;
    MetadataTags m_tags;
    AVCodecContext* m_codec = nullptr;
    AVFrame* m_frame = nullptr;
    AVPacket* m_packet = nullptr;
    int m_frameIndex = 0;
};

} // namespace framesmith
