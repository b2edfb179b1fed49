#pragma once
// The backend value types that cross the worker/GUI thread boundary in queued signals. Call
// registerGenerationMetaTypes() once before the first queued connection (the controller does).
#include "framesmith/GenerateOptions.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/GenerationResult.h"

#include <QImage>
#include <QMetaType>
#include <QVector>

Q_DECLARE_METATYPE(framesmith::GenerationRequest)
Q_DECLARE_METATYPE(framesmith::GenerationResult)

// What the worker is asked to do: the request, plus where to auto-save the finished clip
// (empty: no auto-save). Exporting is blocking, so it happens on the worker thread too. With
// `decode` set, the job decodes that kept latents checkpoint instead ("Decode again"; request unused);
// with `resumePath` set, it continues that paused run.
// saveLatentsPath: where the latents checkpoint goes ("" : the engine's checkpoint folder); the
// render queue names it so a job interrupted after denoising can be decoded from it.
struct GenerationJob {
    framesmith::GenerationRequest request;
    QString autoExportPath;
    std::optional<framesmith::DecodeRequest> decode;
    QString saveLatentsPath;
    QString resumePath; // a paused run's checkpoint to continue instead (Engine::resume; request unused)
};
Q_DECLARE_METATYPE(GenerationJob)

void registerGenerationMetaTypes();
