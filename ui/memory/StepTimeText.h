#pragma once
// The step-time forecast in words: "about 1.0 s/step" once a run measured this model on this
// computer, "0.22–13 s/step (not measured here yet)" until then, so an estimate from arithmetic
// alone is never passed off as a number to plan a day by. GUI thread.
#include "framesmith/JobForecast.h"

#include <QString>

class StepTimeText {
public:
    static QString perStep(const framesmith::StepTimeRange& step); // "" when not estimated
    static QString explanation(const framesmith::StepTimeRange& step); // for the forecast's tooltip
    // Two significant digits below 10 s, so a tiny model's step does not read "0.0 s".
    static QString seconds(double value);
};
