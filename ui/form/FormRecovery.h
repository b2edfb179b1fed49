#pragma once
// Loading a history entry replaces the form; the form as it was before stays recoverable here
// (Edit > Undo loading from history, or the bar's Undo button) until the user undoes or dismisses
// it. GUI thread only.
#include "framesmith/GenerationRequest.h"

#include <QObject>
#include <QString>

#include <optional>

class FormRecovery : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    // `before` is kept when it differs from what replaces it; `description` says what was loaded.
    void remember(const framesmith::GenerationRequest& before, const framesmith::GenerationRequest& loaded,
                  const QString& description);
    bool canRestore() const { return m_before.has_value(); }
    QString description() const { return m_description; }
    std::optional<framesmith::GenerationRequest> take(); // the form to put back; clears
    void dismiss();

Q_SIGNALS:
    void availabilityChanged(bool canRestore);

private:
    std::optional<framesmith::GenerationRequest> m_before;
    QString m_description;
};
