#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "memory/monitor/ProcessResidentMemory.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QTemporaryDir>

#include <cstring>
#include <sys/mman.h>
#include <QTest>

#include <cmath>
#include <fstream>

namespace tst_SafetensorsReader {

using namespace framesmith;

namespace {

void writeRaw(const std::string& path, const std::string& header, const std::string& data)
{
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i)
        bytes[i] = static_cast<char>((static_cast<std::uint64_t>(header.size()) >> (8 * i)) & 0xFF);
    std::ofstream(path, std::ios::binary) << bytes << header << data;
}

} // namespace

class tst_SafetensorsReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void viewsAreZeroCopyAndOutliveTheReader()
    {
        const std::string path = file("views.safetensors");
        SafetensorsWriter writer;
        writer.add("w", at::arange(12, at::kFloat).reshape({3, 4}));
        writer.write(path);
        at::Tensor first, second;
        {
            SafetensorsReader reader(path);
            first = reader.view("w");
            second = reader.view("w");
            QCOMPARE(reader.dataBytes(), std::uint64_t(48));
        }
        QCOMPARE(first.data_ptr(), second.data_ptr()); // both point into the one mapping
        QCOMPARE(first.sizes().vec(), (std::vector<std::int64_t>{3, 4}));
        QVERIFY(first.equal(at::arange(12, at::kFloat).reshape({3, 4})));
    }

    void writingToAViewNeverTouchesTheFile()
    {
        const std::string path = file("cow.safetensors");
        SafetensorsWriter writer;
        writer.add("w", at::ones({4}));
        writer.write(path);
        {
            SafetensorsReader reader(path);
            reader.view("w").fill_(7.0);
        }
        QVERIFY(SafetensorsReader(path).view("w").equal(at::ones({4})));
    }

    // Loading copies each tensor out of the mapping: the pages read must leave the resident set,
    // or a component's load holds its weights twice (measured: +450 MiB of RSS loading a 470 MiB
    // transformer). Views of the same file stay correct after their pages were released.
    void loadingDoesNotKeepThePagesItCopied()
    {
        const std::string path = file("big.safetensors");
        constexpr std::int64_t kTensors = 8, kElements = 2 << 20; // 8 x 8 MiB of float32
        {
            SafetensorsWriter writer;
            for (std::int64_t i = 0; i < kTensors; ++i)
                writer.add("t" + std::to_string(i), at::full({kElements}, float(i)));
            writer.write(path);
        }
        SafetensorsReader reader(path);
        const at::Tensor view = reader.view("t3");
        std::vector<at::Tensor> copies;
        const std::int64_t before = ProcessResidentMemory::currentBytes();
        for (std::int64_t i = 0; i < kTensors; ++i)
            copies.push_back(reader.load("t" + std::to_string(i), at::kFloat, at::kCPU));
        const std::int64_t grown = ProcessResidentMemory::currentBytes() - before;
        const std::int64_t copied = kTensors * kElements * 4;
        QVERIFY2(grown < copied + copied / 4, qPrintable(QString("RSS grew %1 MiB for %2 MiB of copies")
                                                             .arg(grown >> 20).arg(copied >> 20)));
        for (std::int64_t i = 0; i < kTensors; ++i)
            QVERIFY(copies[i].equal(at::full({kElements}, float(i))));
        QVERIFY(view.equal(at::full({kElements}, 3.0f))); // read back from the file
    }

    void theProcessPeakCanBeRestarted()
    {
        QVERIFY(ProcessResidentMemory::resetPeak());
        const std::int64_t start = ProcessResidentMemory::currentBytes();
        QVERIFY(start > 0);
        QVERIFY(ProcessResidentMemory::peakBytes() < start + (8 << 20));
        // Fresh pages (malloc could hand back pages an earlier test freed, already resident).
        constexpr std::size_t kBytes = 64 << 20;
        void* pages = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(pages != MAP_FAILED);
        std::memset(pages, 1, kBytes);
        QVERIFY(ProcessResidentMemory::peakBytes() >= start + (60 << 20));
        ::munmap(pages, kBytes);
        QVERIFY(ProcessResidentMemory::resetPeak());
        QVERIFY(ProcessResidentMemory::peakBytes() < start + (60 << 20));
    }

    void copiesMisalignedDataAndKeepsValues()
    {
        // Unpadded 61-byte header: the F32 data starts at file offset 69, not a multiple of 4.
        const std::string header = "{\"m\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}";
        const float values[2] = {1.5f, -2.25f};
        const std::string path = file("misaligned.safetensors");
        writeRaw(path, header, std::string(reinterpret_cast<const char*>(values), 8));
        QVERIFY((8 + header.size()) % 4 != 0);
        at::Tensor t = SafetensorsReader(path).view("m");
        QCOMPARE(reinterpret_cast<std::uintptr_t>(t.data_ptr()) % 4, std::uintptr_t(0));
        QCOMPARE(t[0].item<float>(), 1.5f);
        QCOMPARE(t[1].item<float>(), -2.25f);
    }

    void loadConvertsDtype()
    {
        const std::string path = file("convert.safetensors");
        SafetensorsWriter writer;
        writer.add("h", at::tensor({0.5, -1.0, 3.0}, at::kDouble).to(at::kHalf));
        writer.add("i", at::tensor({1, 2, 3}, at::kLong).to(at::kInt));
        writer.write(path);
        SafetensorsReader reader(path);
        at::Tensor f = reader.load("h", at::kFloat, at::kCPU);
        QCOMPARE(f.scalar_type(), at::kFloat);
        QVERIFY(f.equal(at::tensor({0.5f, -1.0f, 3.0f})));
        QCOMPARE(reader.load("i", at::kLong, at::kCPU).sum().item<std::int64_t>(), std::int64_t(6));
        QCOMPARE(reader.view("h").scalar_type(), at::kHalf);
    }

    void viewsFloat8AsRawBytesAndLoadsThemWidened()
    {
        // e4m3: 0x38 = 1, 0xB8 = -1, 0x7E = 448 (max), 0x01 = 2^-9; e5m2: 0x3C = 1, 0x7C = +inf.
        const std::string header = "{\"a\":{\"dtype\":\"F8_E4M3\",\"shape\":[2,2],\"data_offsets\":[0,4]},"
                                   "\"b\":{\"dtype\":\"F8_E5M2\",\"shape\":[2],\"data_offsets\":[4,6]}}";
        const std::string path = file("f8.safetensors");
        writeRaw(path, header, std::string("\x38\xB8\x7E\x01\x3C\x7C", 6));
        SafetensorsReader reader(path);
        at::Tensor raw = reader.view("a");
        QCOMPARE(raw.scalar_type(), at::kByte);
        QCOMPARE(raw.sizes().vec(), (std::vector<std::int64_t>{2, 2}));
        at::Tensor a = reader.load("a", at::kFloat, at::kCPU);
        QCOMPARE(a.sizes().vec(), (std::vector<std::int64_t>{2, 2}));
        QVERIFY(a.equal(at::tensor({1.0f, -1.0f, 448.0f, std::ldexp(1.0f, -9)}).reshape({2, 2})));
        at::Tensor b = reader.load("b", at::kBFloat16, at::kCPU);
        QCOMPARE(b.scalar_type(), at::kBFloat16);
        QCOMPARE(b[0].item<float>(), 1.0f);
        QVERIFY(std::isinf(b[1].item<float>()));
    }

    void readsEveryTensorOfAFixtureModel()
    {
        SafetensorsReader reader(test::cogvideoxFixture("models/tiny-2b/transformer/diffusion_pytorch_model.safetensors"));
        QVERIFY(reader.entries().size() > 10);
        std::uint64_t bytes = 0;
        for (const auto& e : reader.entries()) {
            at::Tensor t = reader.view(e.name);
            QCOMPARE(t.sizes().vec(), e.shape);
            QVERIFY(at::isfinite(t).all().item<bool>());
            bytes += t.numel() * t.element_size();
        }
        QCOMPARE(bytes, reader.dataBytes());
        QVERIFY(reader.find("patch_embed.proj.weight"));
        QVERIFY(!reader.find("no.such.tensor"));
    }

    void absentTensorNamesFileAndTensor()
    {
        const std::string path = test::cogvideoxFixture("models/tiny-2b/vae/diffusion_pytorch_model.safetensors");
        try {
            SafetensorsReader(path).view("decoder.nothing");
            QFAIL("absent tensor returned");
        } catch (const FileError& e) {
            QCOMPARE(e.path(), path);
            QVERIFY(std::string(e.what()).find("'decoder.nothing'") != std::string::npos);
        }
    }

    void missingFileIsMissingFile()
    {
        try {
            SafetensorsReader(file("absent.safetensors"));
            QFAIL("opened a missing file");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::MissingFile);
        }
    }

private:
    std::string file(const std::string& name) { return (m_dir.path() + "/").toStdString() + name; }
    QTemporaryDir m_dir;
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SafetensorsReader)

} // namespace tst_SafetensorsReader
#include "tst_SafetensorsReader.moc"
