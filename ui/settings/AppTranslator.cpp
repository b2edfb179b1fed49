#include "ui/settings/AppTranslator.h"

#include <QCoreApplication>
#include <QLibraryInfo>

AppTranslator::AppTranslator(QObject* parent) : QObject(parent) {}

AppTranslator::~AppTranslator() { removeInstalled(); }

QStringList AppTranslator::languages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString AppTranslator::resolve(const QString& setting, const QLocale& systemLocale)
{
    if (languages().contains(setting))
        return setting;
    // Simplified Chinese for every Chinese locale: the only Chinese translation shipped.
    return systemLocale.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void AppTranslator::removeInstalled()
{
    if (m_appInstalled)
        QCoreApplication::removeTranslator(&m_app);
    if (m_qtInstalled)
        QCoreApplication::removeTranslator(&m_qt);
    m_appInstalled = m_qtInstalled = false;
}

bool AppTranslator::apply(const QString& setting)
{
    const QString language = resolve(setting);
    removeInstalled();
    m_language = language;
    // Dates, times and numbers follow the interface language (widgets read QLocale()).
    QLocale::setDefault(QLocale(language));
    const bool appLoaded = m_app.load(QStringLiteral(":/i18n/framesmith_") + language);
    if (appLoaded)
        m_appInstalled = QCoreApplication::installTranslator(&m_app);
    // Qt's own strings (file dialogs, standard buttons): qtbase_<lang>.qm from qt6-translations-l10n.
    if (m_qt.load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_qtInstalled = QCoreApplication::installTranslator(&m_qt);
    // A desktop's own file dialog speaks the desktop's language, not the one chosen here: in
    // another language than the system's, Qt's dialogs (translated by qtbase above) are used.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs,
                                   QLocale::system().language() != QLocale(language).language());
    if (!appLoaded && !m_qtInstalled && QCoreApplication::instance()) {
        // Nothing installed means no LanguageChange event; send one so English comes back.
        QEvent event(QEvent::LanguageChange);
        QCoreApplication::sendEvent(QCoreApplication::instance(), &event);
    }
    return appLoaded || language == QStringLiteral("en"); // the source strings are English
}
