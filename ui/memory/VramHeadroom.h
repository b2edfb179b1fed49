#pragma once
// The app-wide VRAM headroom (AppSettings::vramHeadroomMb) applied to a request: its preset, loaded
// whole, keeps at least that much free on every GPU. The request then carries the preset itself
// (GenerationRequest::resolvedPreset); an automatic one is still resolved by the engine, which plans
// its candidates inside the headroom. A preset asking for more keeps its own. GUI thread.
#include "framesmith/GenerationRequest.h"

class VramHeadroom {
public:
    // Unchanged when headroomMb is 0, the preset already keeps as much, or it cannot be loaded (the
    // run then reports the bad preset as before).
    static framesmith::GenerationRequest applied(const framesmith::GenerationRequest& request, int headroomMb);
};
