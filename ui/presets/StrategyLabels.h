#pragma once
// Human, translated names and explanations for the registered memory strategies (whose names are
// stable ids in preset files). An id this table does not know shows as itself with the
// backend's English summary. Call again after a language change.
#include <QString>

struct StrategyLabel {
    QString title;   // translated short name, e.g. "Store weights in fp8"
    QString summary; // translated one-line explanation
};

StrategyLabel strategyLabel(const QString& id, const QString& backendSummary);
