// The Framesmith application. Nothing torch-related happens before QApplication exists: the
// engine is only reached later through the worker thread.
#include "ui/AppSettings.h"
#include "ui/AppTranslator.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Framesmith"));
    QApplication::setApplicationName(QStringLiteral("Framesmith"));
    QApplication::setApplicationVersion(QStringLiteral(FRAMESMITH_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.framesmith.Framesmith"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/framesmith.svg")));

    AppSettings settings;
    AppTranslator translator;
    translator.apply(settings.language());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Generate short video clips with open video models."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         QApplication::translate("main", "Open the model folder <dir>."),
                                         QStringLiteral("dir"));
    parser.addOption(modelOption);
    parser.process(app);

    MainWindow window(settings, &translator);
    if (parser.isSet(modelOption))
        window.setModelFolder(QDir(parser.value(modelOption)).absolutePath());
    window.show();
    return app.exec();
}
