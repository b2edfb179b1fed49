#include "ui/models/ModelChoices.h"

#include "framesmith/ModelLibrary.h"
#include "ui/main/BackgroundTasks.h"
#include "ui/settings/AppSettings.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLocale>
#include <QPushButton>

#include <memory>
#include <vector>

namespace {
constexpr int kFolderRole = Qt::UserRole;
constexpr int kBrowseRole = Qt::UserRole + 1;

QString sameFolderKey(const QString& folder)
{
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(folder) : canonical;
}
} // namespace

ModelChoices::ModelChoices(QComboBox* combo, QPushButton* demoButton, AppSettings& settings, QObject* parent)
    : QObject(parent), m_combo(combo), m_demoButton(demoButton), m_settings(settings), m_tasks(new BackgroundTasks(this))
{
    m_combo->setObjectName(QStringLiteral("modelChoiceCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(16);
    connect(m_combo, &QComboBox::activated, this, &ModelChoices::onActivated);
    m_combo->installEventFilter(this); // its LanguageChange: the labels are made here
    connect(m_demoButton, &QPushButton::clicked, this, &ModelChoices::useDemo);
    retranslate();
    fill({});
    refresh();
}

bool ModelChoices::isBusy() const { return m_lookups > 0 || m_isMakingDemo; }

void ModelChoices::refresh()
{
    std::vector<std::string> added;
    for (const QString& folder : m_settings.addedModelFolders())
        added.push_back(folder.toStdString());
    auto found = std::make_shared<std::vector<framesmith::FoundModel>>();
    ++m_lookups;
    // Reads configs across the caches: not on the GUI thread.
    m_tasks->run([found, added] { *found = framesmith::findModels(added); },
                 [this, found](const QString&) {
                     --m_lookups;
                     QList<Entry> entries;
                     for (const framesmith::FoundModel& model : *found) {
                         const QString folder = QString::fromStdString(model.info.path);
                         const QString name = model.problem.empty() ? QString::fromStdString(model.info.displayName)
                                                                    : QString::fromStdString(model.repoId);
                         QString where;
                         if (model.source == "demo")
                             where = tr("demo, random weights");
                         else if (model.source == "huggingface")
                             where = tr("Hugging Face: %1").arg(QString::fromStdString(model.repoId));
                         else if (model.source == "modelscope")
                             where = tr("ModelScope: %1").arg(QString::fromStdString(model.repoId));
                         else
                             where = QFileInfo(folder).fileName();
                         QString label = tr("%1 (%2)").arg(name, where);
                         if (!model.problem.empty())
                             label = tr("%1 – cannot run").arg(label);
                         QString tooltip = QDir::toNativeSeparators(folder) + QLatin1Char('\n') +
                                           QLocale().formattedDataSize(model.info.sizeOnDiskBytes);
                         if (!model.problem.empty())
                             tooltip += QLatin1Char('\n') + QString::fromStdString(model.problem);
                         entries.push_back({folder, label, tooltip});
                     }
                     fill(entries);
                     Q_EMIT listed();
                 });
}

void ModelChoices::fill(const QList<Entry>& entries)
{
    const QSignalBlocker blocker(m_combo);
    m_combo->clear();
    for (const Entry& entry : entries) {
        m_combo->addItem(entry.label, entry.folder);
        m_combo->setItemData(m_combo->count() - 1, entry.tooltip, Qt::ToolTipRole);
    }
    m_combo->addItem(tr("Other folder…"));
    m_combo->setItemData(m_combo->count() - 1, true, kBrowseRole);
    selectCurrent();
}

QStringList ModelChoices::folders() const
{
    QStringList out;
    for (int i = 0; i < m_combo->count(); ++i)
        if (!m_combo->itemData(i, kBrowseRole).toBool())
            out << m_combo->itemData(i, kFolderRole).toString();
    return out;
}

void ModelChoices::setCurrentFolder(const QString& folder)
{
    m_current = folder;
    selectCurrent();
}

void ModelChoices::selectCurrent()
{
    int index = -1;
    if (!m_current.isEmpty()) {
        const QString key = sameFolderKey(m_current);
        for (int i = 0; i < m_combo->count() && index < 0; ++i)
            if (!m_combo->itemData(i, kBrowseRole).toBool() &&
                sameFolderKey(m_combo->itemData(i, kFolderRole).toString()) == key)
                index = i;
    }
    const QSignalBlocker blocker(m_combo);
    m_combo->setCurrentIndex(index); // -1 shows the placeholder: the folder field below says which
    m_demoButton->setVisible(m_current.isEmpty() || m_isMakingDemo);
}

void ModelChoices::remember(const QString& folder)
{
    if (m_settings.addModelFolder(folder))
        refresh();
}

void ModelChoices::onActivated(int index)
{
    if (m_combo->itemData(index, kBrowseRole).toBool()) {
        selectCurrent(); // the list shows the model in use until Browse picks another
        Q_EMIT browseRequested();
        return;
    }
    const QString folder = m_combo->itemData(index, kFolderRole).toString();
    if (!folder.isEmpty())
        Q_EMIT folderChosen(folder);
}

void ModelChoices::useDemo()
{
    const QString folder = QString::fromStdString(framesmith::demoModelFolder());
    if (QFileInfo(folder).isDir()) { // written aside and renamed: a folder there is complete
        Q_EMIT folderChosen(folder);
        return;
    }
    if (m_isMakingDemo)
        return;
    m_isMakingDemo = true;
    m_demoButton->setEnabled(false);
    m_demoButton->setText(tr("Making the demo model…"));
    m_tasks->run([folder] { framesmith::writeDemoModel(folder.toStdString()); },
                 [this, folder](const QString& error) {
                     m_isMakingDemo = false;
                     m_demoButton->setEnabled(true);
                     retranslate();
                     if (!error.isEmpty()) {
                         Q_EMIT demoFailed(tr("The demo model could not be made."), error);
                         return;
                     }
                     refresh();
                     Q_EMIT folderChosen(folder);
                 });
}

bool ModelChoices::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_combo && event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh(); // the sources' names in the new language
    }
    return QObject::eventFilter(watched, event);
}

void ModelChoices::retranslate()
{
    m_combo->setPlaceholderText(tr("Choose a model…"));
    m_combo->setToolTip(tr("Models found in the Hugging Face and ModelScope caches, folders you opened, and the demo model"));
    if (!m_isMakingDemo)
        m_demoButton->setText(tr("Try the &demo model"));
    m_demoButton->setToolTip(tr("A small model with random weights (its clips are noise) that runs in seconds on "
                                "any computer: try every part of the app before downloading a real model"));
    if (m_combo->count() > 0)
        m_combo->setItemText(m_combo->count() - 1, tr("Other folder…"));
}
