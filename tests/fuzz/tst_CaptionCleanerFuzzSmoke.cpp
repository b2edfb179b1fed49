// A short, deterministic run of the caption-cleaning fuzz entry point for CI (issue 34): 3000
// generated hostile prompts (repeats of the shapes that crashed or took quadratic time, and random
// mixes of HTML, URL, entity, mojibake and CJK fragments, some up to the 10000-character cap)
// through the cleaner; only framesmith::Error may escape. caption_cleaner_fuzz_driver runs the same
// generator for 10^6 inputs with a time budget per input (docs/reliability.md).
#include "CaptionCleanerFuzzTarget.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <exception>

namespace tst_CaptionCleanerFuzzSmoke {

using framesmith::fuzz::CaptionInputGenerator;

class tst_CaptionCleanerFuzzSmoke : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generatedPromptsOnlyEverThrowFramesmithErrors()
    {
        CaptionInputGenerator generator(2026);
        std::size_t longest = 0;
        for (int i = 0; i < 3000; ++i) {
            std::string shape;
            const std::string prompt = generator.next(&shape);
            longest = std::max(longest, prompt.size());
            try {
                framesmith::fuzz::runCaptionInput(reinterpret_cast<const std::uint8_t*>(prompt.data()), prompt.size());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("input %1 (%2): %3").arg(i).arg(QString::fromStdString(shape), e.what())));
            }
        }
        QVERIFY(longest > 2000); // the run reached long prompts, where the old matcher failed
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_CaptionCleanerFuzzSmoke)

} // namespace tst_CaptionCleanerFuzzSmoke
#include "tst_CaptionCleanerFuzzSmoke.moc"
