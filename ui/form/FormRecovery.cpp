#include "ui/form/FormRecovery.h"

void FormRecovery::remember(const framesmith::GenerationRequest& before, const framesmith::GenerationRequest& loaded,
                            const QString& description)
{
    if (framesmith::toJson(before) == framesmith::toJson(loaded))
        return; // nothing would be lost: keep what an earlier load saved
    m_before = before;
    m_description = description;
    Q_EMIT availabilityChanged(true);
}

std::optional<framesmith::GenerationRequest> FormRecovery::take()
{
    auto before = std::move(m_before);
    dismiss();
    return before;
}

void FormRecovery::dismiss()
{
    const bool had = m_before.has_value();
    m_before.reset();
    m_description.clear();
    if (had)
        Q_EMIT availabilityChanged(false);
}
