# GUI tests: real widgets offscreen, the real engine on the tiny fixture models. Each folder below
# tests/ui mirrors one of ui/ and adds its tests with one line:
#   framesmith_add_gui_test(tst_X [UNIT] [NO_APP] [TIMEOUT s] [LIBS extra] [NEEDS target...])
# UNIT adds the "unit" label; NO_APP leaves framesmith_app out (a test that starts the executable);
# NEEDS names the executables the test runs as processes (framesmith, framesmith-cli).
include_guard(GLOBAL)

function(framesmith_add_gui_test name)
  cmake_parse_arguments(G "UNIT;NO_APP" "TIMEOUT" "LIBS;NEEDS" ${ARGN})
  set(labels gui)
  if(G_UNIT)
    list(APPEND labels unit)
  endif()
  set(libs ${G_LIBS})
  if(NOT G_NO_APP)
    list(PREPEND libs framesmith_app)
  endif()
  set(timeout)
  if(G_TIMEOUT)
    set(timeout TIMEOUT ${G_TIMEOUT})
  endif()
  framesmith_add_test(${name} LABELS ${labels} LIBS ${libs} ${timeout} INCLUDES ${CMAKE_SOURCE_DIR}/tests
    DEFINES FRAMESMITH_SOURCE_DIR="${CMAKE_SOURCE_DIR}" FRAMESMITH_FIXTURES_DIR="${FRAMESMITH_FIXTURES_DIR}"
    FRAMESMITH_BINARY_DIR="${CMAKE_BINARY_DIR}")
  if(G_NEEDS)
    add_dependencies(${name} ${G_NEEDS})
  endif()
endfunction()
