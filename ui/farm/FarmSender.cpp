#include "ui/farm/FarmSender.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QRegularExpression>

FarmSender::FarmSender(QObject* parent) : QObject(parent) {}

FarmSender::~FarmSender()
{
    if (m_process) { // the app quits mid-submission: sbatch answers within seconds
        m_process->disconnect(this);
        m_process->waitForFinished(30000);
    }
}

QString FarmSender::cliPath()
{
    const QString custom = qEnvironmentVariable("FRAMESMITH_CLI");
    return !custom.isEmpty() ? custom : QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("framesmith-cli"));
}

void FarmSender::send(const FarmSubmitOptions& options, const QStringList& jobFiles)
{
    if (m_process)
        return;
    m_process = new QProcess(this);
    connect(m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        onFinished(status == QProcess::NormalExit ? exitCode : -1);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onFinished(-2);
    });
    m_process->start(cliPath(), options.arguments(jobFiles));
}

void FarmSender::onFinished(int exitCode)
{
    QProcess* process = m_process;
    m_process = nullptr;
    process->deleteLater();
    const QString out = QString::fromUtf8(process->readAllStandardOutput()).trimmed();
    const QString err = QString::fromUtf8(process->readAllStandardError()).trimmed();
    static const QRegularExpression arrayId(QStringLiteral("^[0-9]+$"));
    if (exitCode == -2) {
        Q_EMIT failed(tr("%1 could not be started: %2").arg(QDir::toNativeSeparators(cliPath()), process->errorString()));
    } else if (exitCode == 0 && arrayId.match(out.section(QLatin1Char('\n'), -1)).hasMatch()) {
        Q_EMIT sent(out.section(QLatin1Char('\n'), -1));
    } else if (exitCode == 0) {
        Q_EMIT failed(tr("Nothing was submitted: %1").arg(err.isEmpty() ? tr("no job needed it") : err));
    } else {
        // The CLI's own message names the job, field or Slurm's reason.
        Q_EMIT failed(err.isEmpty() ? tr("framesmith-cli farm submit failed (exit code %1)").arg(exitCode) : err);
    }
}
