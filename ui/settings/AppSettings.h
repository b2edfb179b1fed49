#pragma once
// The one owner of every QSettings key and default: window state, language, model folder, the
// last request and when an idle model is unloaded. Nothing else in the app touches QSettings.
// GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/farm/FarmSubmitOptions.h"

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

class AppSettings {
public:
    static constexpr const char* kSystemLanguage = "system";
    static constexpr int kDefaultIdleUnloadMinutes = 10;

    AppSettings();                                // the user's settings (organisation/app name)
    explicit AppSettings(const QString& iniPath); // a given file (tools, tests)

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);
    QByteArray splitterState(const QString& splitterName) const;
    void setSplitterState(const QString& splitterName, const QByteArray& state);

    QString language() const; // "system", "en" or "zh_CN"
    void setLanguage(const QString& language);

    QString modelFolder() const;
    void setModelFolder(const QString& folder);
    // Model folders the user opened outside the caches (the model box lists them with the caches').
    QStringList addedModelFolders() const;
    bool addModelFolder(const QString& folder); // false when already there (or empty)

    // LoRA folders the user added (e.g. ComfyUI's models/loras); the LoRA panel lists their files
    // beside the data root's loras/.
    QStringList loraFolders() const;
    bool addLoraFolder(const QString& folder); // false when already there (or empty)

    // The last request the user set up (its LoRA list too); defaults are GenerationRequest's own.
    framesmith::GenerationRequest lastRequest() const;
    void setLastRequest(const framesmith::GenerationRequest& request);
    bool hasLastRequest() const; // false on a first launch

    // Where and how the last export went (the export dialog starts there). Empty: none yet.
    QString lastExportFolder() const;
    void setLastExportFolder(const QString& folder);
    QString lastExportFormat() const; // framesmith::exportFormatName(), e.g. "h264"
    void setLastExportFormat(const QString& name);
    QString lastTraceFolder() const;  // where File > Save memory trace went last
    void setLastTraceFolder(const QString& folder);

    // Minutes without a run after which the loaded model is freed; 0: keep it until quit.
    int idleUnloadMinutes() const;
    void setIdleUnloadMinutes(int minutes);

    // VRAM every run keeps free on every GPU, whatever its preset says (a preset may ask for more):
    // for a desktop's compositor, a browser or another app. 0..MemoryPreset::kMaxVramHeadroomMb.
    int vramHeadroomMb() const;
    void setVramHeadroomMb(int mb);

    // The render queue waits (the running job finishes) until resumed; survives a restart.
    bool isQueuePaused() const;
    void setQueuePaused(bool isPaused);

    // "Send queue to farm…": what was sent with last time (1 GPU per job and nothing else at first).
    FarmSubmitOptions farmOptions() const;
    void setFarmOptions(const FarmSubmitOptions& options);

    void sync();
    QString fileName() const { return m_settings.fileName(); }

private:
    QSettings m_settings;
};
