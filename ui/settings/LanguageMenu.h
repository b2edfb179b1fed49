#pragma once
// View > Language: the system language, English or Simplified Chinese as exclusive choices; a
// choice is stored in AppSettings and applied live through the AppTranslator. GUI thread only.
class AppSettings;
class AppTranslator;
class QAction;
class QObject;

namespace LanguageMenu {
// translator may be null (the choice is stored and applies at the next start).
void bind(QAction* system, QAction* english, QAction* chinese, AppSettings& settings, AppTranslator* translator,
          QObject* owner);
} // namespace LanguageMenu
