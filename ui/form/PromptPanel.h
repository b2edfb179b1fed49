#pragma once
// The left half of the request form: prompt and negative prompt with the live token count and the
// empty-prompt warning, the start image (and the references a job or a History entry brought, shown
// and clearable: the form has no editor for them, but a regeneration must not drop them), and the
// model folder with what the model check found.
// Emits changed() for every edit. GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/models/ModelFolderProbe.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class ImageDropArea;
class QComboBox;
class QPushButton;
namespace Ui {
class PromptPanel;
}

class PromptPanel : public QWidget {
    Q_OBJECT

public:
    explicit PromptPanel(QWidget* parent = nullptr);
    ~PromptPanel() override;

    void readInto(framesmith::GenerationRequest& request) const; // prompts, start image, references
    void write(const framesmith::GenerationRequest& request);    // everything but the model folder
    QString modelFolder() const;
    void setModelFolderText(const QString& folder);
    void showModel(const ModelFolderProbe& model);
    // A model opened (MainWindow::onModelOpened): from another family, the negative prompt becomes
    // the new family's usual one (ParameterSpec::defaultNegativePrompt) unless the user wrote their
    // own, i.e. unless it is neither empty nor the previous family's usual one. Then showModel.
    void adoptModel(const ModelFolderProbe& model, const QString& previousFamily);
    // count and limit from the model's tokenizer; limit 0: unknown (the counter hides).
    void setTokenCount(int count, int limit);
    QString tokenCountText() const;
    bool isEmptyPromptWarningShown() const;

    ImageDropArea* startImageArea() const;
    QComboBox* modelChoiceCombo() const;   // filled by ModelChoices
    QPushButton* useDemoButton() const;    // likewise
    QWidget* startImageGroup() const;

Q_SIGNALS:
    void changed();
    void promptEdited(const QString& text);
    void modelFolderEdited();
    void browseModelClicked();
    void startImageRejected(const QString& path, const QString& reason);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onPromptChanged();
    void clearReferences();
    void retranslateDynamic();

    std::unique_ptr<Ui::PromptPanel> m_ui;
    ModelFolderProbe m_model;
    int m_tokenCount = 0;
    int m_tokenLimit = 0;
    std::vector<std::string> m_references; // GenerationRequest::references and ::conditioning, carried
    std::string m_conditioning;
};
