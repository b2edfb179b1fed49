#pragma once
// Opens a model folder the way the form needs it: at once from its configs (ModelFolderProbe, so
// the fields follow the model while the user watches), then completely (Engine::verifyModel: every
// file and safetensors header) on a background thread. Only the newest folder's check is
// reported; an older one finishing late is dropped. GUI thread only.
#include "ui/models/ModelFolderProbe.h"

#include <QObject>

class BackgroundTasks;

class ModelChecker : public QObject {
    Q_OBJECT

public:
    explicit ModelChecker(QObject* parent = nullptr);

    // The configs-only probe; when it is Checking, checked() follows with the complete result.
    ModelFolderProbe open(const QString& folder);
    bool isChecking() const { return m_pending > 0; }

Q_SIGNALS:
    void checked(const ModelFolderProbe& model);

private:
    BackgroundTasks* m_tasks;
    int m_generation = 0; // of the folder opened last
    int m_pending = 0;
};
