#pragma once
// Sends job files to the render farm by running `framesmith-cli farm submit` (installed beside
// the app) as a process. The CLI owns the farm (job checks, the array's script, sbatch), so the
// app, a studio's scripts and an admin at a terminal submit the same way, and a slow or hung
// Slurm controller never blocks the window. One submission at a time. GUI thread.
#include "ui/farm/FarmSubmitOptions.h"

#include <QObject>

class QProcess;

class FarmSender : public QObject {
    Q_OBJECT

public:
    explicit FarmSender(QObject* parent = nullptr);
    ~FarmSender() override;

    // $FRAMESMITH_CLI, else framesmith-cli in the app's own folder.
    static QString cliPath();
    bool isBusy() const { return m_process != nullptr; }
    // Starts the submission; the answer comes as sent() or failed().
    void send(const FarmSubmitOptions& options, const QStringList& jobFiles);

Q_SIGNALS:
    void sent(const QString& arrayId);
    void failed(const QString& message);

private:
    void onFinished(int exitCode);

    QProcess* m_process = nullptr;
};
