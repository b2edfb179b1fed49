#pragma once
// "Variations…" of the render queue: from the request on the form, N clips with consecutive seeds,
// or one clip per line of prompts (everything else as on the form). GUI thread only.
#include "framesmith/GenerationRequest.h"

#include <QDialog>
#include <QVector>

class QLabel;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;

class VariationsDialog : public QDialog {
    Q_OBJECT

public:
    static constexpr int kMaxCount = 100;

    explicit VariationsDialog(const framesmith::GenerationRequest& base, QWidget* parent = nullptr);

    QVector<framesmith::GenerationRequest> requests() const;

    // Pure: `count` seeds from base.seed on (wrapping at 2^64), or one request per non-blank line.
    static QVector<framesmith::GenerationRequest> seedVariations(const framesmith::GenerationRequest& base, int count);
    static QVector<framesmith::GenerationRequest> promptVariations(const framesmith::GenerationRequest& base,
                                                                   const QString& lines);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateSummary();

    framesmith::GenerationRequest m_base;
    QRadioButton* m_seedsRadio;
    QRadioButton* m_promptsRadio;
    QSpinBox* m_countSpin;
    QPlainTextEdit* m_promptsEdit;
    QLabel* m_summary;
};
