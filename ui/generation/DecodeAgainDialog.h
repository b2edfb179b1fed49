#pragma once
// "Decode again": the VAE settings for decoding a kept latents checkpoint once more (the denoising
// it holds is not redone), as `framesmith-cli decode --tiling/--tile-size/--slicing` offers them.
// Starts from smaller tiles than the failed decode used, since a failed decode most often ran out
// of memory. GUI thread only.
#include "framesmith/GenerateOptions.h"

#include <QDialog>

#include <memory>

namespace Ui {
class DecodeAgainDialog;
}

class DecodeAgainDialog : public QDialog {
    Q_OBJECT

public:
    // checkpointPath is shown; `stepsCompleted`/`stepCount` say what the latents hold.
    DecodeAgainDialog(const QString& checkpointPath, int stepsCompleted, int stepCount, QWidget* parent = nullptr);
    ~DecodeAgainDialog() override;

    framesmith::DecodeOptions options() const;
    void setOptions(const framesmith::DecodeOptions& options);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateTileFields();

    std::unique_ptr<Ui::DecodeAgainDialog> m_ui;
    QString m_checkpointPath;
    int m_stepsCompleted;
    int m_stepCount;
};
