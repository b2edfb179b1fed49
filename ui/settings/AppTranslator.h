#pragma once
// Installs the app's translation (embedded :/i18n/framesmith_<lang>.qm) and Qt's own
// (qtbase_<lang>.qm, Debian's qt6-translations-l10n) for the chosen language, replacing the
// previous ones, and makes it the default locale (dates, numbers): Qt then sends LanguageChange
// to every widget, which retranslates live. GUI thread only.
#include <QLocale>
#include <QObject>
#include <QStringList>
#include <QTranslator>

class AppTranslator : public QObject {
    Q_OBJECT

public:
    explicit AppTranslator(QObject* parent = nullptr);
    ~AppTranslator() override;

    static QStringList languages(); // "en", "zh_CN": the languages shipped
    // "system" → the shipped language matching the locale (Chinese → zh_CN), else "en".
    static QString resolve(const QString& setting, const QLocale& systemLocale = QLocale::system());

    // Applies a setting ("system", "en", "zh_CN"); false if its translation could not be loaded.
    bool apply(const QString& setting);
    QString language() const { return m_language; } // the resolved language in use
    bool hasQtTranslation() const { return m_qtInstalled; } // Qt's own dialogs and buttons

private:
    void removeInstalled();

    QTranslator m_app;
    QTranslator m_qt;
    bool m_appInstalled = false;
    bool m_qtInstalled = false;
    QString m_language;
};
