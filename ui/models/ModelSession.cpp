#include "ui/models/ModelSession.h"

#include "ui/form/PromptPanel.h"
#include "ui/models/ModelChecker.h"
#include "ui/models/ModelChoices.h"
#include "ui/settings/AppSettings.h"

#include <QFileInfo>

ModelSession::ModelSession(PromptPanel* prompt, AppSettings& settings, QObject* parent)
    : QObject(parent), m_prompt(prompt), m_settings(settings), m_checker(new ModelChecker(this)),
      m_choices(new ModelChoices(prompt->modelChoiceCombo(), prompt->useDemoButton(), settings, this))
{
    connect(m_checker, &ModelChecker::checked, this, &ModelSession::onChecked);
    connect(m_choices, &ModelChoices::folderChosen, this, &ModelSession::setFolder);
    connect(m_choices, &ModelChoices::browseRequested, this, &ModelSession::browseRequested);
    connect(prompt, &PromptPanel::modelFolderEdited, this, &ModelSession::openCurrent);
    connect(prompt, &PromptPanel::browseModelClicked, this, &ModelSession::browseRequested);
}

QString ModelSession::name() const
{
    return m_model.displayName.isEmpty() ? QFileInfo(m_model.folder).fileName() : m_model.displayName;
}

void ModelSession::setFolder(const QString& folder)
{
    m_prompt->setModelFolderText(folder);
    openCurrent();
}

void ModelSession::openCurrent()
{
    const QString folder = m_prompt->modelFolder();
    const bool isKnownGood = m_model.isReady() || m_model.state == ModelFolderProbe::State::Checking;
    if (folder == m_model.folder && isKnownGood)
        return;
    const QString previousFamily = m_model.family;
    const QString previousFolder = m_model.folder;
    m_model = m_checker->open(folder);
    m_settings.setModelFolder(folder);
    m_choices->setCurrentFolder(folder);
    if (m_model.isModel() && !m_choices->folders().contains(folder))
        m_choices->remember(folder); // listed from now on, beside the caches' models
    Q_EMIT opened(previousFamily, folder != previousFolder);
}

void ModelSession::onChecked(const ModelFolderProbe& model)
{
    if (model.folder != m_model.folder)
        return; // an older folder's check, finished after the user moved on
    m_model = model;
    Q_EMIT checked();
}
