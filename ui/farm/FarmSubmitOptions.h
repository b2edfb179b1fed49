#pragma once
// What "Send queue to farm…" submits with: the cluster's partition, the output folder on shared
// storage, GPUs per job, extra sbatch arguments and the model folder as the nodes see it. Turned
// into a `framesmith-cli farm submit` command line. Plain values; any thread.
#include <QString>
#include <QStringList>

struct FarmSubmitOptions {
    QString partition;
    QString outputFolder;
    int gpusPerJob = 1;
    QString sbatchArgs;  // as typed: "--qos=high --account=art" (split at blanks)
    QString modelFolder; // "" : each job's own model folder

    // `farm submit` with these options for the given job files.
    QStringList arguments(const QStringList& jobFiles) const;
    QStringList sbatchArgList() const;
};
