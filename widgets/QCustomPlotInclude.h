#pragma once
// The only way into qcustomplot.h: the project defines QT_NO_KEYWORDS everywhere, and that
// header still uses `signals:` and `foreach`. Map them to the Q_ macros for this one include.
#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
