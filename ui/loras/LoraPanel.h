#pragma once
// The LoRA list of the request form: one LoraRow per LoRA, added with Add… (a file dialog), by
// dropping .safetensors files (here or on the main window, through LoraDropRouter) or from the
// files found in the usual folders (LoraFolderMenu). A file of a high/low-noise pair brings its
// partner, each on its expert. Files are described from their headers (no tensor loads); one that
// is no LoRA is refused naming it. Whether a LoRA fits the model is the engine's check at Generate.
// Emits changed() for every edit. GUI thread only.
#include "framesmith/GenerationRequest.h"

#include <QWidget>

#include <vector>

class AppSettings;
class LoraFolderMenu;
class LoraRow;
class QLabel;
class QPushButton;
class QToolButton;
class QVBoxLayout;

class LoraPanel : public QWidget {
    Q_OBJECT

public:
    explicit LoraPanel(AppSettings& settings, QWidget* parent = nullptr);

    void readInto(framesmith::GenerationRequest& request) const; // every row, each with its enabled flag
    // The request's LoRAs back in the rows; a file that cannot be found is kept, marked and named.
    void write(const framesmith::GenerationRequest& request);
    // The model in `folder` decides whether the expert choice shows (a two-expert model).
    void setModelFolder(const QString& folder);
    // Adds each .safetensors file (and the partner of a pair) not yet listed; refuses the others
    // with fileRefused. Returns how many rows were added.
    int addFiles(const QStringList& paths);

    int rowCount() const { return int(m_rows.size()); }
    LoraRow* row(int index) const { return m_rows.at(std::size_t(index)); }
    bool hasExperts() const { return !m_experts.isEmpty(); }
    QString problemText() const; // the missing files of the last restore, one line each
    QPushButton* addButton() const { return m_add; }
    LoraFolderMenu* folderMenu() const { return m_found; }

    void browse(); // Add…: a file dialog

Q_SIGNALS:
    void changed();
    void fileRefused(const QString& path, const QString& message);
    void statusMessage(const QString& text);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    LoraRow* appendRow(const framesmith::LoraSpec& spec, const QString& details, const QString& problem);
    bool addFile(const QString& path, const QString& expert);
    void removeRow(LoraRow* row);
    void clearRows();
    bool isListed(const QString& path) const;
    void retranslate();

    AppSettings& m_settings;
    std::vector<LoraRow*> m_rows;
    QStringList m_experts; // of the model: empty for one transformer
    QVBoxLayout* m_rowsLayout = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_problems = nullptr;
    QPushButton* m_add = nullptr;
    LoraFolderMenu* m_found = nullptr;
};
