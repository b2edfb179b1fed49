#include "ui/models/ModelChecker.h"

#include "framesmith/Engine.h"
#include "ui/main/BackgroundTasks.h"

#include <memory>

ModelChecker::ModelChecker(QObject* parent) : QObject(parent), m_tasks(new BackgroundTasks(this)) {}

ModelFolderProbe ModelChecker::open(const QString& folder)
{
    const ModelFolderProbe probe = ModelFolderProbe::probe(folder);
    const int generation = ++m_generation;
    if (probe.state != ModelFolderProbe::State::Checking)
        return probe;
    ++m_pending;
    auto check = std::make_shared<framesmith::ModelCheck>();
    const std::string path = probe.folder.toStdString();
    m_tasks->run([check, path] { *check = framesmith::Engine::verifyModel(path); },
                 [this, check, probe, generation](const QString&) {
                     --m_pending;
                     if (generation == m_generation)
                         Q_EMIT checked(probe.checked(*check));
                 });
    return probe;
}
