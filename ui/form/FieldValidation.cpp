#include "ui/form/FieldValidation.h"

#include "ui/form/FrameRuleText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("FieldValidation", text); }

QString arg(const framesmith::FieldError& error, int index)
{
    return QString::fromStdString(index < int(error.args.size()) ? error.args[index] : std::string());
}

QString knobKindText(int kind)
{
    switch (static_cast<framesmith::KnobKind>(kind)) {
    case framesmith::KnobKind::Switch: return tr("on or off");
    case framesmith::KnobKind::Integer: return tr("a whole number");
    case framesmith::KnobKind::Number: return tr("a number");
    case framesmith::KnobKind::Text: return tr("a text");
    case framesmith::KnobKind::Invalid: break;
    }
    return QString();
}

// "knobs.flow_shift": the knob's label in the user's language, as the form shows it.
QString knobLabel(const std::string& field, const framesmith::ParameterSpec& spec)
{
    const std::string name = field.substr(6);
    const framesmith::FamilyKnob* knob = spec.knob(name);
    return knob ? QCoreApplication::translate("FamilyKnob", knob->label.c_str()) : QString::fromStdString(name);
}
} // namespace

QString FieldValidation::fieldLabel(const std::string& field)
{
    if (field == "prompt") return tr("Prompt");
    if (field == "negativePrompt") return tr("Negative prompt");
    if (field == "frameCount") return tr("Frames");
    if (field == "fps") return tr("FPS");
    if (field == "width") return tr("Width");
    if (field == "height") return tr("Height");
    if (field == "steps") return tr("Steps");
    if (field == "guidanceScale") return tr("Guidance");
    if (field == "seed") return tr("Seed");
    if (field == "startImage") return tr("Start image");
    if (field == "references") return tr("References");
    if (field == "output") return tr("Output");
    if (field == "scheduler") return tr("Sampler");
    return QString::fromStdString(field);
}

QString FieldValidation::describe(const framesmith::FieldError& e, const framesmith::ParameterSpec& spec)
{
    using framesmith::FieldRule;
    if ((e.field == "prompt" || e.field == "negativePrompt") && e.rule == FieldRule::OutOfRange)
        return tr("is %1 characters long; at most %2 are accepted (the text encoder reads only about the first "
                  "thousand): shorten it").arg(arg(e, 2), arg(e, 1));
    switch (e.rule) {
    case FieldRule::OutOfRange: return tr("must be between %1 and %2, not %3").arg(arg(e, 0), arg(e, 1), arg(e, 2));
    case FieldRule::FrameCount:
        return tr("must be %1 for this model (e.g. %2), not %3").arg(FrameRuleText::describe(spec.frames), arg(e, 0), arg(e, 1));
    case FieldRule::SizeMultiple: return tr("must be a multiple of %1, not %2").arg(arg(e, 0), arg(e, 1));
    case FieldRule::RequiredSize: return tr("this model only runs at %1 × %2 px").arg(arg(e, 0), arg(e, 1));
    case FieldRule::StartImageRequired: return tr("this model turns a start image into a video: choose one");
    case FieldRule::StartImageUnsupported: return tr("this model is text-to-video only: clear the start image");
    case FieldRule::ReferencesUnsupported: return tr("this model takes no reference videos or images: clear them");
    case FieldRule::UnknownScheduler: return tr("this model does not offer the sampler %1: choose another").arg(arg(e, 0));
    case FieldRule::UnknownKnob: return tr("this model has no such setting: clear it");
    case FieldRule::KnobKind: return tr("must be %1, not %2").arg(knobKindText(arg(e, 1).toInt()), arg(e, 2));
    case FieldRule::KnobOutOfRange: return tr("must be between %1 and %2, not %3").arg(arg(e, 1), arg(e, 2), arg(e, 3));
    default: return QString::fromStdString(e.message); // a rule this build cannot word: the backend's English
    }
}

bool FieldValidation::canWriteTo(const QString& folder)
{
    QFileInfo info(folder);
    while (!info.exists()) { // a folder still to be made: its nearest existing parent decides
        const QString parent = info.absolutePath();
        if (parent == info.absoluteFilePath())
            return false;
        info = QFileInfo(parent);
    }
    return info.isDir() && info.isWritable();
}

FieldValidation::Result FieldValidation::check(const framesmith::GenerationRequest& request,
                                               const framesmith::ParameterSpec& spec, const QString& seedText,
                                               const QString& outputFolder)
{
    Result result;
    const auto add = [&result, &spec](const QString& field, const QString& text) {
        const std::string name = field.toStdString();
        const QString label = name.rfind("knobs.", 0) == 0 ? knobLabel(name, spec) : fieldLabel(name);
        result.messages << tr("%1: %2").arg(label, text);
        result.fields.insert(field);
    };
    for (const auto& error : framesmith::validateRequest(request, spec))
        add(QString::fromStdString(error.field), describe(error, spec));
    bool seedIsNumber = false;
    seedText.toULongLong(&seedIsNumber);
    if (!seedIsNumber)
        add(QStringLiteral("seed"), tr("must be a whole number from 0 to 18446744073709551615"));
    if (!outputFolder.isEmpty() && !canWriteTo(outputFolder))
        add(QStringLiteral("output"), tr("the clip cannot be saved in %1: the folder is not writable")
                                          .arg(QDir::toNativeSeparators(outputFolder)));
    return result;
}
