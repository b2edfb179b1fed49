#include "ui/farm/FarmSubmitOptions.h"

#include <QRegularExpression>

QStringList FarmSubmitOptions::sbatchArgList() const
{
    return sbatchArgs.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

QStringList FarmSubmitOptions::arguments(const QStringList& jobFiles) const
{
    QStringList args{QStringLiteral("farm"), QStringLiteral("submit")};
    args << jobFiles;
    args << QStringLiteral("--partition") << partition << QStringLiteral("--out") << outputFolder
         << QStringLiteral("--gpus-per-job") << QString::number(gpusPerJob);
    for (const QString& arg : sbatchArgList())
        args << QStringLiteral("--sbatch-arg=") + arg; // "=": an argument starting with "--" stays a value
    if (!modelFolder.isEmpty())
        args << QStringLiteral("--model") << modelFolder;
    return args;
}
