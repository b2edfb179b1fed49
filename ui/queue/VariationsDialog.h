#pragma once
// "Variations…" of the render queue: from the request on the form, N clips with consecutive seeds,
// or one clip per line of prompts (everything else as on the form). Seeds already in the queue are
// skipped, so a variation never repeats a queued clip. GUI thread only.
#include "framesmith/GenerationRequest.h"

#include <QDialog>
#include <QSet>
#include <QVector>

#include <cstdint>

class QLabel;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;

class VariationsDialog : public QDialog {
    Q_OBJECT

public:
    static constexpr int kMaxCount = 100;

    // takenSeeds: the seeds the queue holds already (skipped).
    explicit VariationsDialog(const framesmith::GenerationRequest& base, const QSet<std::uint64_t>& takenSeeds = {},
                              QWidget* parent = nullptr);

    QVector<framesmith::GenerationRequest> requests() const;

    // Pure: `count` seeds from base.seed on (wrapping at 2^64) that are not taken, or one request
    // per non-blank line.
    static QVector<framesmith::GenerationRequest> seedVariations(const framesmith::GenerationRequest& base, int count,
                                                                 const QSet<std::uint64_t>& takenSeeds = {});
    static QVector<framesmith::GenerationRequest> promptVariations(const framesmith::GenerationRequest& base,
                                                                   const QString& lines);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateSummary();

    framesmith::GenerationRequest m_base;
    QSet<std::uint64_t> m_takenSeeds;
    QRadioButton* m_seedsRadio;
    QRadioButton* m_promptsRadio;
    QSpinBox* m_countSpin;
    QPlainTextEdit* m_promptsEdit;
    QLabel* m_summary;
};
