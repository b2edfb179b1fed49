# Build pieces of backend/memory/, included once from backend/CMakeLists.txt.

# Compiles resources/presets/*.json into the backend (memory/presets/BuiltinPresets.h), so the CLI and the
# app find the built-in presets even when no presets folder sits beside the executable. Editing a
# preset file re-runs the configure step.
file(GLOB framesmith_preset_files ${PROJECT_SOURCE_DIR}/resources/presets/*.json)
list(SORT framesmith_preset_files)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${framesmith_preset_files} ${PROJECT_SOURCE_DIR}/resources/presets)
set(FRAMESMITH_PRESET_ENTRIES "")
foreach(preset_file ${framesmith_preset_files})
  get_filename_component(preset_name ${preset_file} NAME_WE)
  file(READ ${preset_file} preset_text)
  string(APPEND FRAMESMITH_PRESET_ENTRIES "        {\"${preset_name}\", R\"fsjson(${preset_text})fsjson\"},\n")
endforeach()
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/generated/BuiltinPresets.cpp @ONLY CONTENT
"// Generated from resources/presets/*.json by backend/memory/Memory.cmake. Do not edit.
#include \"memory/presets/BuiltinPresets.h\"

namespace framesmith {

const std::vector<std::pair<std::string, std::string>>& compiledInPresets()
{
    static const std::vector<std::pair<std::string, std::string>> presets = {
@FRAMESMITH_PRESET_ENTRIES@    };
    return presets;
}

} // namespace framesmith
")
target_sources(framesmith_backend PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated/BuiltinPresets.cpp)
