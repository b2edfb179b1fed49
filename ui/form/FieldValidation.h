#pragma once
// The request check the form shows: the backend's own rules (validateRequest, the same ones
// Engine::generate applies), worded in the user's language from each rule's code and numbers,
// plus what only the form knows (the seed's text, whether the clip can be saved). Pure; GUI thread.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

#include <QSet>
#include <QStringList>

#include <string>

class FieldValidation {
public:
    struct Result {
        QStringList messages; // "Frames: must be 8N+1 (9–161) for this model (e.g. 9), not 10", one per problem
        QSet<QString> fields; // the fields they name: "frameCount", "seed", "startImage", "output"
    };

    // seedText: the seed field as typed; outputFolder: where the clip will be saved (empty: unchecked).
    static Result check(const framesmith::GenerationRequest& request, const framesmith::ParameterSpec& spec,
                        const QString& seedText, const QString& outputFolder);
    static QString fieldLabel(const std::string& field);
    // Translated, without the label; `spec` words rules that are the model's own (its frame counts).
    static QString describe(const framesmith::FieldError& error, const framesmith::ParameterSpec& spec);
    // Whether `folder` exists and is writable, or can be created under a writable parent.
    static bool canWriteTo(const QString& folder);
};
