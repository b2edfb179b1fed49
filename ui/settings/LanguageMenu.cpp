#include "ui/settings/LanguageMenu.h"

#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"

#include <QAction>
#include <QActionGroup>

namespace LanguageMenu {

void bind(QAction* system, QAction* english, QAction* chinese, AppSettings& settings, AppTranslator* translator,
          QObject* owner)
{
    auto* group = new QActionGroup(owner);
    const std::pair<QAction*, QString> choices[] = {{system, QString::fromLatin1(AppSettings::kSystemLanguage)},
                                                    {english, QStringLiteral("en")},
                                                    {chinese, QStringLiteral("zh_CN")}};
    for (const auto& [action, setting] : choices) {
        group->addAction(action);
        action->setChecked(settings.language() == setting);
        QObject::connect(action, &QAction::triggered, owner, [&settings, translator, setting = setting] {
            settings.setLanguage(setting);
            if (translator)
                translator->apply(setting); // LanguageChange reaches every widget: retranslated live
        });
    }
}

} // namespace LanguageMenu
