#pragma once
// File > Export clip…: where (a new name with its extension in the last export folder, never an
// existing file unasked), which format (only those this build can encode), quality (CRF) and size
// as the CLI's export offers them, and whether the run's memory trace goes along. Export asks
// before replacing a file. Opened with open() (window-modal, non-blocking); emits exportChosen.
// GUI thread only.
#include "framesmith/ExportOptions.h"

#include <QDialog>
#include <QMetaType>

#include <cstdint>
#include <memory>

namespace Ui {
class ExportDialog;
}
Q_DECLARE_METATYPE(framesmith::ExportOptions)

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    struct Clip {
        int width = 0;
        int height = 0;
        std::uint64_t seed = 0;
        bool hasTrace = false; // a memory trace was saved with this clip
    };

    ExportDialog(const Clip& clip, const QString& folder, framesmith::ExportFormat format, QWidget* parent = nullptr);
    ~ExportDialog() override;

    framesmith::ExportOptions options() const; // as set now (no request; the shelf adds it)
    bool includesTrace() const;
    QString path() const;
    void setPath(const QString& path);
    void setFormat(framesmith::ExportFormat format);
    QString errorText() const;
    // The Export button: refuses what cannot be written (saying why), asks before replacing a
    // file, then emits exportChosen and closes.
    void tryExport();

    static QString formatLabel(framesmith::ExportFormat format); // translated, e.g. "H.264 video, MP4"
    // <folder>/<stem><extension>, or <stem>-2, -3 … when that exists (files and PNG folders alike).
    static QString uniquePath(const QString& folder, const QString& stem, const QString& extension);

Q_SIGNALS:
    void exportChosen(const framesmith::ExportOptions& options, bool includeTrace);

private:
    framesmith::ExportFormat format() const;
    void onFormatChanged();
    void onSizeChoiceChanged();
    void onBrowseClicked();
    void fillSizes();
    QString problem() const;
    void finish();

    std::unique_ptr<Ui::ExportDialog> m_ui;
    Clip m_clip;
    QString m_extension; // of the format chosen before the current one
    QString m_baseStem;  // "framesmith-<seed>": what the dialog numbers from
    QString m_autoPath;  // the path the dialog chose last (unedited by the user while equal)
};
