#pragma once
// The model the request form is for: opening a folder (at once from its configs, then every file
// checked in the background by the ModelChecker) and keeping the model box's list (ModelChoices) in
// step with it. The window shapes the form when it hears opened() and checked(). GUI thread only.
#include "ui/models/ModelFolderProbe.h"

#include <QObject>
#include <QString>

class AppSettings;
class ModelChecker;
class ModelChoices;
class PromptPanel;

class ModelSession : public QObject {
    Q_OBJECT

public:
    // prompt (whose model box this follows) and settings must outlive the session.
    ModelSession(PromptPanel* prompt, AppSettings& settings, QObject* parent = nullptr);

    const ModelFolderProbe& model() const { return m_model; }
    ModelChoices* choices() const { return m_choices; }
    QString name() const; // for the history and the queue: the model's name, else its folder's

    void setFolder(const QString& folder); // written into the model box, then opened
    // Opens the folder the model box holds; the same folder again is checked again only when it
    // was not found good (editingFinished repeats on every focus change).
    void openCurrent();

Q_SIGNALS:
    void opened(const QString& previousFamily, bool isNewFolder); // model() is the new one
    void checked(); // the complete check of model() ended
    void browseRequested(); // "Other folder…" in the model box or the Browse button

private:
    void onChecked(const ModelFolderProbe& model);

    PromptPanel* m_prompt;
    AppSettings& m_settings;
    ModelChecker* m_checker;
    ModelChoices* m_choices;
    ModelFolderProbe m_model;
};
