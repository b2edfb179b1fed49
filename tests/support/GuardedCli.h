#pragma once
// framesmith-cli as a real process under `timeout -s KILL` and `prlimit --as`: a hostile input that
// hangs the program or makes it allocate without bound shows as wasKilled or a failed allocation
// in the test that planted it, instead of a hung test run or the OOM killer. The reliability
// suite's tests (issue 34) run every reproduction this way.
#include "support/CliRun.h"
#include "support/TestPaths.h"

#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace framesmith::test {

struct GuardedRun {
    int exitCode = -1;     // the program's own exit code (-1: it died from a signal)
    bool wasKilled = false; // `timeout` ended it: it hung past the limit
    QString out;
    QString err;
};

inline QString cliBinary() { return cliPath(); }

// Runs framesmith-cli `args` with at most `seconds` of wall time and `addressSpaceBytes` of address
// space. `env` is added to this process's environment.
inline GuardedRun runGuardedCli(const QStringList& args, const QMap<QString, QString>& env = {}, int seconds = 60,
                                qint64 addressSpaceBytes = 8ll << 30)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start("timeout", QStringList{"-s", "KILL", QString::number(seconds), "prlimit",
                                   "--as=" + QString::number(addressSpaceBytes), "--", cliBinary()} + args);
    p.waitForFinished((seconds + 30) * 1000);
    GuardedRun run;
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.wasKilled = run.exitCode == 137 || run.exitCode == 124; // timeout's code for a KILLed program
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

} // namespace framesmith::test
