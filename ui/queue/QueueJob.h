#pragma once
// One job of the render queue: the request it will run (the same JSON as a clip sidecar's
// "request", so `framesmith-cli batch` and `generate --job` read a queue file too), where it stands
// in the queue, and what became of it. Plain values, any thread.
#include "framesmith/GenerationRequest.h"
#include "ui/memory/MemoryFigures.h"

#include <QString>

struct QueueJob {
    // Sent: handed to a render farm (`framesmith-cli farm submit`); it no longer runs here.
    enum class State { Invalid, Waiting, Running, Done, Failed, Cancelled, Sent };

    QString id;                    // file stem in <data root>/queue/
    framesmith::GenerationRequest request;
    State state = State::Waiting;
    int position = 0;              // order among the jobs; lower runs first
    QString modelName;             // for the list
    qint64 plannedPeakBytes = 0;   // the planner's largest peak when it was queued (0: unknown)
    // Every device's peak as the forecast showed it then (JobForecast): the column shows these.
    MemoryFigures::Peaks plannedPeaks;
    QString historyId;             // the History entry it made (its thumbnail), once it ran
    QString error;                 // why it failed
    // Where its run writes the latents checkpoint (in the queue folder, a fresh name per run). A job
    // found "running" at start whose checkpoint exists had finished denoising: it is decoded from it.
    QString latentsPath;
    bool isResumable = false;      // not stored: decided when the queue is loaded
    QString farmArrayId;           // Sent: the Slurm array it went to

    bool isFinished() const
    {
        return state == State::Done || state == State::Failed || state == State::Cancelled || state == State::Sent;
    }
    bool isEditable() const { return state == State::Waiting; }

    static const char* stateKey(State state); // "waiting", "running", ... as stored
    static State stateFromKey(const QString& key); // Invalid for anything else
};
