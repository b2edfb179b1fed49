#include "ui/loras/LoraPanel.h"

#include "framesmith/Error.h"
#include "framesmith/LoraFiles.h"
#include "ui/loras/LoraDetails.h"
#include "ui/loras/LoraDropRouter.h"
#include "ui/loras/LoraFolderMenu.h"
#include "ui/loras/LoraRow.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {
const char* const kErrorStyle = "color: #b3261e;";
}

LoraPanel::LoraPanel(AppSettings& settings, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_rowsLayout(new QVBoxLayout), m_hint(new QLabel(this)),
      m_problems(new QLabel(this)), m_add(new QPushButton(this)), m_found(new LoraFolderMenu(settings, this))
{
    setObjectName(QStringLiteral("loraPanel"));
    setAcceptDrops(true);
    auto* layout = new QVBoxLayout(this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_found->button());
    buttons->addStretch(1);
    layout->addLayout(buttons);
    layout->addLayout(m_rowsLayout);
    layout->addWidget(m_hint);
    layout->addWidget(m_problems);
    layout->addStretch(1);
    m_hint->setWordWrap(true);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QString::fromLatin1(kErrorStyle));
    m_problems->hide();
    connect(m_add, &QPushButton::clicked, this, &LoraPanel::browse);
    connect(m_found, &LoraFolderMenu::filesChosen, this, &LoraPanel::addFiles);
    retranslate();
}

void LoraPanel::readInto(framesmith::GenerationRequest& request) const
{
    request.loras.clear();
    for (const LoraRow* row : m_rows)
        request.loras.push_back(row->spec());
}

void LoraPanel::write(const framesmith::GenerationRequest& request)
{
    clearRows();
    QStringList problems;
    for (const framesmith::LoraSpec& spec : request.loras) {
        framesmith::LoraSpec found = spec;
        QString details, problem;
        try {
            found.file = framesmith::locateLoraFile(spec);
            details = LoraDetails::describe(framesmith::describeLoraFile(found.file));
        } catch (const framesmith::Error& e) {
            problem = QString::fromStdString(e.what()); // LoraLibrary::locate's: the file and its sha256
            problems << problem;
        }
        appendRow(found, details, problem);
    }
    m_problems->setText(problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
    retranslate();
    Q_EMIT changed();
}

void LoraPanel::setModelFolder(const QString& folder)
{
    m_experts.clear();
    for (const std::string& expert : framesmith::loraExpertsOf(folder.toStdString()))
        m_experts << QString::fromStdString(expert);
    for (LoraRow* row : m_rows)
        row->setExpertChoiceShown(hasExperts());
}

int LoraPanel::addFiles(const QStringList& paths)
{
    int added = 0;
    for (const QString& path : paths) {
        if (QFileInfo(path).suffix().compare(QStringLiteral("safetensors"), Qt::CaseInsensitive) != 0) {
            Q_EMIT fileRefused(path, tr("%1 is not a .safetensors file").arg(QFileInfo(path).fileName()));
            continue;
        }
        const QString expert = QString::fromStdString(framesmith::loraExpertFromName(path.toStdString()));
        if (!addFile(path, expert))
            continue;
        ++added;
        const QString partner = QString::fromStdString(framesmith::loraPairPartner(path.toStdString()));
        const QString other = expert == QStringLiteral("high") ? QStringLiteral("low") : QStringLiteral("high");
        if (!partner.isEmpty() && !paths.contains(partner) && addFile(partner, other)) {
            ++added;
            Q_EMIT statusMessage(tr("%1 and %2 are a high/low-noise pair: both are added, each on its expert")
                                     .arg(QFileInfo(path).fileName(), QFileInfo(partner).fileName()));
        }
    }
    return added;
}

bool LoraPanel::addFile(const QString& path, const QString& expert)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (isListed(absolute))
        return false;
    framesmith::LoraFileSummary summary;
    try {
        summary = framesmith::describeLoraFile(absolute.toStdString());
    } catch (const framesmith::Error& e) {
        Q_EMIT fileRefused(absolute, QString::fromStdString(e.what()));
        return false;
    }
    framesmith::LoraSpec spec;
    spec.file = absolute.toStdString();
    spec.expert = expert.toStdString();
    appendRow(spec, LoraDetails::describe(summary), QString());
    retranslate();
    Q_EMIT changed();
    return true;
}

LoraRow* LoraPanel::appendRow(const framesmith::LoraSpec& spec, const QString& details, const QString& problem)
{
    auto* row = new LoraRow(spec, this);
    row->setDetails(details, problem);
    row->setExpertChoiceShown(hasExperts());
    m_rowsLayout->addWidget(row);
    m_rows.push_back(row);
    connect(row, &LoraRow::changed, this, &LoraPanel::changed);
    connect(row, &LoraRow::removeClicked, this, [this, row] { removeRow(row); });
    return row;
}

void LoraPanel::removeRow(LoraRow* row)
{
    m_rows.erase(std::find(m_rows.begin(), m_rows.end(), row));
    row->deleteLater();
    row->hide();
    retranslate();
    Q_EMIT changed();
}

void LoraPanel::clearRows()
{
    for (LoraRow* row : m_rows)
        delete row;
    m_rows.clear();
}

bool LoraPanel::isListed(const QString& path) const
{
    for (const LoraRow* row : m_rows)
        if (QFileInfo(row->file()) == QFileInfo(path))
            return true;
    return false;
}

QString LoraPanel::problemText() const { return m_problems->isHidden() ? QString() : m_problems->text(); }

void LoraPanel::browse()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add LoRAs"), QString::fromStdString(framesmith::loraFolders({}).front()),
        tr("LoRA files (*.safetensors)"));
    addFiles(files);
}

void LoraPanel::dragEnterEvent(QDragEnterEvent* event)
{
    if (!LoraDropRouter::loraFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void LoraPanel::dropEvent(QDropEvent* event)
{
    const QStringList files = LoraDropRouter::loraFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    addFiles(files);
}

void LoraPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LoraPanel::retranslate()
{
    m_add->setText(tr("Add…"));
    m_add->setToolTip(tr("Add LoRA files (.safetensors)"));
    m_hint->setText(m_rows.empty() ? tr("No LoRA. Drop .safetensors files here or on the window, or add them.")
                                   : tr("Hover a name for its training notes and trigger words."));
    for (LoraRow* row : m_rows)
        row->retranslate();
    m_found->retranslate();
}
