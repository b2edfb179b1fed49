#include "ui/settings/AppSettings.h"

#include "framesmith/Error.h"

#include <algorithm>

namespace {
namespace Key {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kSplitterPrefix = QStringLiteral("window/splitter/");
const QString kLanguage = QStringLiteral("interface/language");
const QString kModelFolder = QStringLiteral("model/folder");
const QString kAddedModelFolders = QStringLiteral("model/addedFolders");
const QString kLoraFolders = QStringLiteral("lora/addedFolders");
const QString kLoras = QStringLiteral("request/loras");
const QString kPrompt = QStringLiteral("request/prompt");
const QString kNegativePrompt = QStringLiteral("request/negativePrompt");
const QString kStartImage = QStringLiteral("request/startImage");
const QString kFrameCount = QStringLiteral("request/frameCount");
const QString kFps = QStringLiteral("request/fps");
const QString kWidth = QStringLiteral("request/width");
const QString kHeight = QStringLiteral("request/height");
const QString kSteps = QStringLiteral("request/steps");
const QString kGuidance = QStringLiteral("request/guidanceScale");
const QString kSeed = QStringLiteral("request/seed");
const QString kScheduler = QStringLiteral("request/scheduler");
const QString kPreset = QStringLiteral("request/preset");
const QString kExportFolder = QStringLiteral("export/folder");
const QString kExportFormat = QStringLiteral("export/format");
const QString kTraceFolder = QStringLiteral("export/traceFolder");
const QString kIdleUnloadMinutes = QStringLiteral("generation/idleUnloadMinutes");
const QString kVramHeadroomMb = QStringLiteral("memory/vramHeadroomMb");
const QString kQueuePaused = QStringLiteral("queue/paused");
const QString kFarmPartition = QStringLiteral("farm/partition");
const QString kFarmOutputFolder = QStringLiteral("farm/outputFolder");
const QString kFarmGpusPerJob = QStringLiteral("farm/gpusPerJob");
const QString kFarmSbatchArgs = QStringLiteral("farm/sbatchArgs");
const QString kFarmModelFolder = QStringLiteral("farm/modelFolder");
} // namespace Key

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

std::vector<framesmith::LoraSpec> lorasFrom(const QString& json)
{
    if (json.isEmpty())
        return {};
    try {
        return framesmith::requestFromJson(json.toStdString()).loras;
    } catch (const framesmith::Error&) {
        return {}; // an older or damaged entry: start without LoRAs rather than refuse to start
    }
}
} // namespace

AppSettings::AppSettings() : m_settings() {}
AppSettings::AppSettings(const QString& iniPath) : m_settings(iniPath, QSettings::IniFormat) {}

QByteArray AppSettings::windowGeometry() const { return m_settings.value(Key::kGeometry).toByteArray(); }
void AppSettings::setWindowGeometry(const QByteArray& geometry) { m_settings.setValue(Key::kGeometry, geometry); }
QByteArray AppSettings::windowState() const { return m_settings.value(Key::kState).toByteArray(); }
void AppSettings::setWindowState(const QByteArray& state) { m_settings.setValue(Key::kState, state); }

QByteArray AppSettings::splitterState(const QString& splitterName) const
{
    return m_settings.value(Key::kSplitterPrefix + splitterName).toByteArray();
}

void AppSettings::setSplitterState(const QString& splitterName, const QByteArray& state)
{
    m_settings.setValue(Key::kSplitterPrefix + splitterName, state);
}

QString AppSettings::language() const
{
    return m_settings.value(Key::kLanguage, QString::fromLatin1(kSystemLanguage)).toString();
}

void AppSettings::setLanguage(const QString& language) { m_settings.setValue(Key::kLanguage, language); }
QString AppSettings::modelFolder() const { return m_settings.value(Key::kModelFolder).toString(); }
void AppSettings::setModelFolder(const QString& folder) { m_settings.setValue(Key::kModelFolder, folder); }

QStringList AppSettings::addedModelFolders() const { return m_settings.value(Key::kAddedModelFolders).toStringList(); }

bool AppSettings::addModelFolder(const QString& folder)
{
    QStringList folders = addedModelFolders();
    if (folder.isEmpty() || folders.contains(folder))
        return false;
    folders << folder;
    m_settings.setValue(Key::kAddedModelFolders, folders);
    return true;
}

QStringList AppSettings::loraFolders() const { return m_settings.value(Key::kLoraFolders).toStringList(); }

bool AppSettings::addLoraFolder(const QString& folder)
{
    QStringList folders = loraFolders();
    if (folder.isEmpty() || folders.contains(folder))
        return false;
    folders << folder;
    m_settings.setValue(Key::kLoraFolders, folders);
    return true;
}

framesmith::GenerationRequest AppSettings::lastRequest() const
{
    const framesmith::GenerationRequest d;
    framesmith::GenerationRequest r;
    r.modelPath = modelFolder().toStdString();
    r.prompt = m_settings.value(Key::kPrompt, fromStd(d.prompt)).toString().toStdString();
    r.negativePrompt = m_settings.value(Key::kNegativePrompt, fromStd(d.negativePrompt)).toString().toStdString();
    r.startImagePath = m_settings.value(Key::kStartImage, fromStd(d.startImagePath)).toString().toStdString();
    r.frameCount = m_settings.value(Key::kFrameCount, d.frameCount).toInt();
    r.fps = m_settings.value(Key::kFps, d.fps).toInt();
    r.width = m_settings.value(Key::kWidth, d.width).toInt();
    r.height = m_settings.value(Key::kHeight, d.height).toInt();
    r.steps = m_settings.value(Key::kSteps, d.steps).toInt();
    r.guidanceScale = m_settings.value(Key::kGuidance, d.guidanceScale).toDouble();
    r.seed = m_settings.value(Key::kSeed, QVariant::fromValue<quint64>(d.seed)).toULongLong();
    r.scheduler = m_settings.value(Key::kScheduler, fromStd(d.scheduler)).toString().toStdString();
    r.preset = m_settings.value(Key::kPreset, fromStd(d.preset)).toString().toStdString();
    r.loras = lorasFrom(m_settings.value(Key::kLoras).toString());
    return r;
}

void AppSettings::setLastRequest(const framesmith::GenerationRequest& r)
{
    setModelFolder(fromStd(r.modelPath));
    m_settings.setValue(Key::kPrompt, fromStd(r.prompt));
    m_settings.setValue(Key::kNegativePrompt, fromStd(r.negativePrompt));
    m_settings.setValue(Key::kStartImage, fromStd(r.startImagePath));
    m_settings.setValue(Key::kFrameCount, r.frameCount);
    m_settings.setValue(Key::kFps, r.fps);
    m_settings.setValue(Key::kWidth, r.width);
    m_settings.setValue(Key::kHeight, r.height);
    m_settings.setValue(Key::kSteps, r.steps);
    m_settings.setValue(Key::kGuidance, r.guidanceScale);
    m_settings.setValue(Key::kSeed, QVariant::fromValue<quint64>(r.seed));
    m_settings.setValue(Key::kScheduler, fromStd(r.scheduler));
    m_settings.setValue(Key::kPreset, fromStd(r.preset));
    framesmith::GenerationRequest loras; // the job file's own "loras" JSON, not a second format
    loras.loras = r.loras;
    m_settings.setValue(Key::kLoras, r.loras.empty() ? QString() : fromStd(framesmith::toJson(loras)));
}

bool AppSettings::hasLastRequest() const { return m_settings.contains(Key::kPrompt); }

QString AppSettings::lastExportFolder() const { return m_settings.value(Key::kExportFolder).toString(); }
void AppSettings::setLastExportFolder(const QString& folder) { m_settings.setValue(Key::kExportFolder, folder); }
QString AppSettings::lastExportFormat() const { return m_settings.value(Key::kExportFormat).toString(); }
void AppSettings::setLastExportFormat(const QString& name) { m_settings.setValue(Key::kExportFormat, name); }
QString AppSettings::lastTraceFolder() const { return m_settings.value(Key::kTraceFolder).toString(); }
void AppSettings::setLastTraceFolder(const QString& folder) { m_settings.setValue(Key::kTraceFolder, folder); }

int AppSettings::idleUnloadMinutes() const
{
    return qMax(0, m_settings.value(Key::kIdleUnloadMinutes, kDefaultIdleUnloadMinutes).toInt());
}

void AppSettings::setIdleUnloadMinutes(int minutes) { m_settings.setValue(Key::kIdleUnloadMinutes, qMax(0, minutes)); }

int AppSettings::vramHeadroomMb() const
{
    return qBound(0, m_settings.value(Key::kVramHeadroomMb, 0).toInt(), framesmith::MemoryPreset::kMaxVramHeadroomMb);
}

void AppSettings::setVramHeadroomMb(int mb)
{
    m_settings.setValue(Key::kVramHeadroomMb, qBound(0, mb, framesmith::MemoryPreset::kMaxVramHeadroomMb));
}

bool AppSettings::isQueuePaused() const { return m_settings.value(Key::kQueuePaused, false).toBool(); }

void AppSettings::setQueuePaused(bool isPaused) { m_settings.setValue(Key::kQueuePaused, isPaused); }

FarmSubmitOptions AppSettings::farmOptions() const
{
    FarmSubmitOptions o;
    o.partition = m_settings.value(Key::kFarmPartition).toString();
    o.outputFolder = m_settings.value(Key::kFarmOutputFolder).toString();
    o.gpusPerJob = std::clamp(m_settings.value(Key::kFarmGpusPerJob, 1).toInt(), 0, 64);
    o.sbatchArgs = m_settings.value(Key::kFarmSbatchArgs).toString();
    o.modelFolder = m_settings.value(Key::kFarmModelFolder).toString();
    return o;
}

void AppSettings::setFarmOptions(const FarmSubmitOptions& o)
{
    m_settings.setValue(Key::kFarmPartition, o.partition);
    m_settings.setValue(Key::kFarmOutputFolder, o.outputFolder);
    m_settings.setValue(Key::kFarmGpusPerJob, o.gpusPerJob);
    m_settings.setValue(Key::kFarmSbatchArgs, o.sbatchArgs);
    m_settings.setValue(Key::kFarmModelFolder, o.modelFolder);
}

void AppSettings::sync() { m_settings.sync(); }
