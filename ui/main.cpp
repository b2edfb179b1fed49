// The Framesmith application. Nothing torch-related happens before QApplication exists: the
// engine is only reached later through the worker thread. --help and --version are answered
// before any display is needed.
#include "framesmith/OpenBlasKernel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "ui/settings/LegacyData.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>

#include <cstring>

namespace {
void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Framesmith"));
    QCoreApplication::setApplicationName(QStringLiteral("Framesmith"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FRAMESMITH_VERSION));
}

QCommandLineOption configure(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QCoreApplication::translate("main", "Generate short video clips with open video models."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption model(QStringLiteral("model"),
                                   QCoreApplication::translate("main", "Open the model folder <dir>."),
                                   QStringLiteral("dir"));
    parser.addOption(model);
    return model;
}

bool asksOnlyForText(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "--help-all", "-v", "--version", "-?"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

// Prints help or the version (translated) without a QApplication, which would need a display.
int answerWithoutDisplay(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    setIdentity();
    AppSettings settings;
    AppTranslator translator;
    translator.apply(settings.language());
    QCommandLineParser parser;
    configure(parser);
    parser.process(app); // exits after printing
    return 0;
}
} // namespace

int main(int argc, char* argv[])
{
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv); // before any thread or window exists
    if (asksOnlyForText(argc, argv))
        return answerWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setDesktopFileName(QStringLiteral("io.framesmith.Framesmith"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/framesmith.svg")));

    AppSettings settings;
    AppTranslator translator;
    translator.apply(settings.language());

    QCommandLineParser parser;
    const QCommandLineOption modelOption = configure(parser);
    parser.process(app);

    LegacyData::adoptDefaults(); // history, clips and presets of earlier releases move under the one data root
    MainWindow window(settings, &translator);
    if (parser.isSet(modelOption))
        window.setModelFolder(QDir(parser.value(modelOption)).absolutePath());
    window.show();
    return app.exec();
}
