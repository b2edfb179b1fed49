#include "ui/form/PromptPanel.h"

#include "ui/form/FrameRuleText.h"
#include "ui_PromptPanel.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QToolButton>
#include <QUrl>

namespace {
const char* const kWarningStyle = "color: #8a5a00;";
const char* const kErrorStyle = "color: #b3261e;";
} // namespace

PromptPanel::PromptPanel(QWidget* parent) : QWidget(parent), m_ui(std::make_unique<Ui::PromptPanel>())
{
    m_ui->setupUi(this);
    m_ui->emptyPromptLabel->setStyleSheet(QString::fromLatin1(kWarningStyle));
    m_ui->demoWarningLabel->setStyleSheet(QString::fromLatin1(kWarningStyle));
    connect(m_ui->promptEdit, &QPlainTextEdit::textChanged, this, &PromptPanel::onPromptChanged);
    connect(m_ui->negativePromptEdit, &QPlainTextEdit::textChanged, this, &PromptPanel::changed);
    connect(m_ui->startImageArea, &ImageDropArea::imagePathChanged, this, &PromptPanel::changed);
    connect(m_ui->startImageArea, &ImageDropArea::imageRejected, this, &PromptPanel::startImageRejected);
    connect(m_ui->modelFolderEdit, &QLineEdit::editingFinished, this, &PromptPanel::modelFolderEdited);
    connect(m_ui->modelBrowseButton, &QPushButton::clicked, this, &PromptPanel::browseModelClicked);
    connect(m_ui->clearReferencesButton, &QToolButton::clicked, this, &PromptPanel::clearReferences);
    retranslateDynamic();
}

PromptPanel::~PromptPanel() = default;

void PromptPanel::readInto(framesmith::GenerationRequest& r) const
{
    r.prompt = m_ui->promptEdit->toPlainText().toStdString();
    r.negativePrompt = m_ui->negativePromptEdit->toPlainText().toStdString();
    r.startImagePath = m_ui->startImageArea->imagePath().toStdString();
    r.references = m_references;
    r.conditioning = m_conditioning;
}

void PromptPanel::write(const framesmith::GenerationRequest& r)
{
    m_ui->promptEdit->setPlainText(QString::fromStdString(r.prompt));
    m_ui->negativePromptEdit->setPlainText(QString::fromStdString(r.negativePrompt));
    const QString image = QString::fromStdString(r.startImagePath);
    // A moved or deleted image: start without it, quietly (the slot would explain a broken one).
    if (image.isEmpty() || !QFileInfo::exists(image) || !m_ui->startImageArea->setImagePath(image))
        m_ui->startImageArea->clear();
    m_references = r.references;
    m_conditioning = r.conditioning;
    retranslateDynamic();
}

void PromptPanel::clearReferences()
{
    m_references.clear();
    m_conditioning.clear();
    retranslateDynamic();
    Q_EMIT changed();
}

QString PromptPanel::modelFolder() const { return m_ui->modelFolderEdit->text().trimmed(); }

void PromptPanel::setModelFolderText(const QString& folder) { m_ui->modelFolderEdit->setText(QDir::fromNativeSeparators(folder)); }

void PromptPanel::showModel(const ModelFolderProbe& model)
{
    m_model = model;
    // A model that guides with its own empty caption takes no negative prompt (the family says so).
    m_ui->negativePromptEdit->setEnabled(model.spec().supportsNegativePrompt);
    retranslateDynamic();
}

void PromptPanel::adoptModel(const ModelFolderProbe& model, const QString& previousFamily)
{
    const QString family = QString::fromStdString(model.spec().family);
    if (!family.isEmpty() && !previousFamily.isEmpty() && family != previousFamily) {
        const QString current = m_ui->negativePromptEdit->toPlainText();
        const QString previousDefault = QString::fromStdString(m_model.spec().defaultNegativePrompt);
        if (current.trimmed().isEmpty() || current == previousDefault)
            m_ui->negativePromptEdit->setPlainText(QString::fromStdString(model.spec().defaultNegativePrompt));
    }
    showModel(model);
}

void PromptPanel::setTokenCount(int count, int limit)
{
    m_tokenCount = count;
    m_tokenLimit = limit;
    retranslateDynamic();
}

QString PromptPanel::tokenCountText() const { return m_ui->tokenCountLabel->text(); }

bool PromptPanel::isEmptyPromptWarningShown() const { return !m_ui->emptyPromptLabel->isHidden(); }

ImageDropArea* PromptPanel::startImageArea() const { return m_ui->startImageArea; }

QComboBox* PromptPanel::modelChoiceCombo() const { return m_ui->modelChoiceCombo; }

QPushButton* PromptPanel::useDemoButton() const { return m_ui->useDemoButton; }

QWidget* PromptPanel::startImageGroup() const { return m_ui->startImageGroup; }

void PromptPanel::onPromptChanged()
{
    const QString text = m_ui->promptEdit->toPlainText();
    m_ui->emptyPromptLabel->setVisible(text.trimmed().isEmpty());
    Q_EMIT promptEdited(text);
    Q_EMIT changed();
}

void PromptPanel::retranslateDynamic()
{
    m_ui->emptyPromptLabel->setVisible(m_ui->promptEdit->toPlainText().trimmed().isEmpty());
    const bool isOver = m_tokenLimit > 0 && m_tokenCount > m_tokenLimit;
    m_ui->tokenCountLabel->setVisible(m_tokenLimit > 0);
    m_ui->tokenCountLabel->setText(tr("%1 / %2 tokens").arg(m_tokenCount).arg(m_tokenLimit));
    m_ui->tokenCountLabel->setToolTip(isOver ? tr("The model reads the first %1 tokens: the end of the prompt is cut off")
                                                   .arg(m_tokenLimit)
                                             : tr("The model reads up to %1 tokens of the prompt").arg(m_tokenLimit));
    m_ui->tokenCountLabel->setStyleSheet(isOver ? QString::fromLatin1(kErrorStyle) : QString());
    QString summary;
    switch (m_model.state) {
    case ModelFolderProbe::State::NoFolder:
        summary = tr("No model chosen yet: pick one in the list, Browse for a folder, or try the demo model.");
        break;
    case ModelFolderProbe::State::NotAModel: summary = tr("Not a model folder: %1").arg(m_model.problems.value(0)); break;
    case ModelFolderProbe::State::Checking: summary = tr("%1: checking every file…").arg(m_model.displayName); break;
    case ModelFolderProbe::State::Damaged:
        summary = tr("%1 cannot run, %n file(s) missing or damaged: %2", nullptr, int(m_model.problems.size()))
                      .arg(m_model.displayName, m_model.problems.value(0));
        break;
    case ModelFolderProbe::State::Ready:
        summary = (m_model.isImageToVideo            ? tr("%1, image-to-video: frames %2")
                   : m_model.spec().supportsStartImage ? tr("%1, text or image to video: frames %2")
                                                       : tr("%1, text-to-video: frames %2"))
                      .arg(m_model.displayName, FrameRuleText::describe(m_model.spec().frames));
        break;
    }
    m_ui->modelInfoLabel->setText(summary);
    m_ui->modelInfoLabel->setToolTip(m_model.problems.join(QLatin1Char('\n')));
    m_ui->negativePromptEdit->setToolTip(m_ui->negativePromptEdit->isEnabled()
                                             ? QString()
                                             : tr("This model guides with its own empty caption: no negative prompt"));
    const bool isBad = m_model.state == ModelFolderProbe::State::Damaged || m_model.state == ModelFolderProbe::State::NotAModel;
    m_ui->modelInfoLabel->setStyleSheet(isBad ? QString::fromLatin1(kErrorStyle) : QString());
    const QUrl weights(m_model.weightsUrl); // the family's own
    m_ui->demoWarningLabel->setText(tr("<b>Demo model:</b> random weights, the output is noise. Real clips need real "
                                       "weights: <a href=\"%1\">%2</a>")
                                        .arg(m_model.weightsUrl, weights.host() + weights.path()));
    m_ui->demoWarningLabel->setVisible(m_model.isDemo && m_model.isModel());
    const bool hasReferences = !m_references.empty() || !m_conditioning.empty();
    m_ui->referencesLabel->setVisible(hasReferences);
    m_ui->clearReferencesButton->setVisible(hasReferences);
    QStringList names;
    for (const std::string& path : m_references)
        names << QFileInfo(QString::fromStdString(path)).fileName();
    m_ui->referencesLabel->setText(tr("Also conditioned on %n reference(s) (%1), mask strategy \"%2\"", nullptr,
                                      int(m_references.size()))
                                       .arg(names.join(QStringLiteral(", ")), QString::fromStdString(m_conditioning)));
}

void PromptPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateDynamic();
    }
    QWidget::changeEvent(event);
}
