#pragma once
// One past clip: the full request (so it can be regenerated), what ran it, how long each stage
// took, and where its auto-saved video and thumbnail are. Plain values, any thread.
#include "framesmith/GenerationRequest.h"

#include <QDateTime>
#include <QString>
#include <QVector>

struct HistoryEntry {
    struct Timing {
        QString stage;
        double seconds = 0;
    };

    QString id;               // file stem: "20261122-101530-123-42"
    QString title;            // the name the user gave it; empty: the list shows the prompt
    QDateTime createdAt;
    framesmith::GenerationRequest request;
    QString modelName;        // the folder's name, for the list
    QString preset;           // the preset asked for ("auto", "24gb", ...)
    QString videoPath;        // auto-saved export; may be empty or gone
    QString thumbnailPath;
    int frameCount = 0;
    int width = 0;
    int height = 0;
    int stepsCompleted = 0;
    bool isPartial = false;
    // The latents checkpoint of a run that ended without a clip (its decode failed, or it was
    // stopped): "Decode again" makes the clip from it. Empty for a finished clip.
    QString latentsPath;
    bool isPaused = false; // latentsPath is a paused run: "Resume" continues it, even after a restart
    QVector<Timing> timings;

    double totalSeconds() const
    {
        double total = 0;
        for (const Timing& t : timings)
            total += t.seconds;
        return total;
    }
};
