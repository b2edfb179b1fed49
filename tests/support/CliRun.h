#pragma once
// framesmith-cli as a real process, as a user or a script runs it: the one helper the tests use to
// run it. Header-only and Qt Core only, so backend and GUI tests share it (FRAMESMITH_BINARY_DIR
// is defined for both). For hostile inputs that may hang or allocate without bound, GuardedCli.h.
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace framesmith::test {

struct CliRun {
    int exitCode = -1; // -1: it crashed, or was still running when the time ran out (then killed)
    QString output;    // standard output; with CliOptions::mergeChannels, standard error interleaved
    QString error;     // standard error; empty when merged
    bool hasFinished = false; // false: killed at the time limit
};

struct CliOptions {
    QMap<QString, QString> env; // added to this process's environment
    QStringList unsetEnv;       // removed from it (e.g. the user's own tokens)
    bool mergeChannels = true;
    int timeoutMs = 300000;
    // Runs the CLI through another program: {"prlimit", "--as=…"} or {"timeout", "120"}.
    QStringList launcher;
};

// Standard output and error apart (a test that parses the output as JSON).
inline CliOptions separateChannels()
{
    CliOptions options;
    options.mergeChannels = false;
    return options;
}

// The CLI with `env` added to this process's environment (FRAMESMITH_DATA_DIR, an injected fault).
inline CliOptions withEnvironment(const QMap<QString, QString>& env)
{
    CliOptions options;
    options.env = env;
    return options;
}

// The CLI with its own data root (FRAMESMITH_DATA_DIR: presets, loras/, history), not the user's.
inline CliOptions withDataDir(const QString& dataDir) { return withEnvironment({{"FRAMESMITH_DATA_DIR", dataDir}}); }

inline QString cliPath() { return QStringLiteral(FRAMESMITH_BINARY_DIR "/bin/framesmith-cli"); }

// Starts the CLI without waiting, for a test that signals or kills it mid-run.
inline void startCli(QProcess& process, const QStringList& args, const CliOptions& options = {})
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& name : options.unsetEnv)
        environment.remove(name);
    for (auto it = options.env.begin(); it != options.env.end(); ++it)
        environment.insert(it.key(), it.value());
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(options.mergeChannels ? QProcess::MergedChannels : QProcess::SeparateChannels);
    if (options.launcher.isEmpty())
        process.start(cliPath(), args);
    else
        process.start(options.launcher.first(), options.launcher.mid(1) + QStringList{cliPath()} + args);
}

inline CliRun runCli(const QStringList& args, const CliOptions& options = {})
{
    QProcess process;
    startCli(process, args, options);
    CliRun run;
    run.hasFinished = process.waitForFinished(options.timeoutMs);
    run.exitCode = run.hasFinished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = QString::fromUtf8(process.readAllStandardOutput());
    if (!options.mergeChannels) // merged: standard error is already in the output
        run.error = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace framesmith::test
