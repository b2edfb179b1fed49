# The body of the cuda_code_compiles test (see CudaCodeCompiles.cmake). Included at configure time
# for framesmith_cuda_guarded_sources(); run with `cmake -P` from the generated driver, which sets
# compiler, source_root, project_dirs, work_dir, include_dirs, cuda_include_dir, implicit_dirs,
# definitions, extra_definitions, options and standard before including this file.

# Sources under `root` with CUDA-only code: a FRAMESMITH_HAS_CUDA guard or a c10/ATen CUDA include.
# Scanned when the test runs, so a file that gains CUDA code is covered without re-running CMake.
function(framesmith_cuda_guarded_sources out root)
  file(GLOB_RECURSE candidates "${root}/*.cpp" "${root}/*.h")
  list(SORT candidates)
  set(guarded "")
  foreach(candidate ${candidates})
    file(STRINGS "${candidate}" hits REGEX "FRAMESMITH_HAS_CUDA|#[ \t]*include[ \t]*<(c10|ATen)/cuda/")
    if(hits)
      list(APPEND guarded "${candidate}")
    endif()
  endforeach()
  set(${out} "${guarded}" PARENT_SCOPE)
endfunction()

if(NOT CMAKE_SCRIPT_MODE_FILE)
  return()
endif()
cmake_policy(VERSION 3.21)

# Project dirs as -I, torch and CUDA as -isystem (their warnings are not ours). The compiler's own
# dirs are dropped: `-isystem /usr/include` breaks libstdc++'s #include_next.
set(real_implicit "")
foreach(dir ${implicit_dirs})
  file(REAL_PATH "${dir}" real)
  list(APPEND real_implicit "${real}")
endforeach()
set(flags ${standard} ${options} -fsyntax-only)
foreach(definition ${definitions} ${extra_definitions})
  list(APPEND flags "-D${definition}")
endforeach()
foreach(dir ${include_dirs} ${cuda_include_dir})
  if(NOT IS_DIRECTORY "${dir}")
    continue()
  endif()
  file(REAL_PATH "${dir}" real)
  if(real IN_LIST real_implicit)
    continue()
  endif()
  set(ours FALSE)
  foreach(project_dir ${project_dirs})
    string(FIND "${dir}/" "${project_dir}/" at)
    if(at EQUAL 0)
      set(ours TRUE)
    endif()
  endforeach()
  if(ours)
    list(APPEND flags "-I${dir}")
  else()
    list(APPEND flags "-isystem" "${dir}")
  endif()
endforeach()

# Control: the define and both header sets are in effect, so a guarded file that "compiles" was
# really compiled with its CUDA code.
set(control "${work_dir}/cuda_code_compiles_control.cpp")
file(WRITE "${control}" "#ifndef FRAMESMITH_HAS_CUDA\n#error FRAMESMITH_HAS_CUDA is not defined\n#endif\n"
                        "#include <c10/cuda/CUDAStream.h>\n#include <cuda_runtime_api.h>\n")
framesmith_cuda_guarded_sources(sources "${source_root}")
if(NOT sources)
  message(FATAL_ERROR "cuda_code_compiles: no source under ${source_root} mentions FRAMESMITH_HAS_CUDA or "
                      "includes <c10/cuda/...>; the scan is broken or the CUDA code is gone (then drop this test)")
endif()

set(failed "")
foreach(source "${control}" ${sources})
  set(unit "${source}")
  if(source MATCHES "\\.h$") # a header is checked through a one-line translation unit
    string(MAKE_C_IDENTIFIER "${source}" stub)
    set(unit "${work_dir}/${stub}.cpp")
    file(WRITE "${unit}" "#include \"${source}\"\n")
  endif()
  string(TIMESTAMP started "%s")
  execute_process(COMMAND "${compiler}" ${flags} "${unit}"
                  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  file(RELATIVE_PATH shown "${source_root}/.." "${source}")
  if(status EQUAL 0)
    message(STATUS "ok   ${shown} (${seconds} s)")
  else()
    list(APPEND failed "${shown}")
    list(JOIN flags " " command)
    message("FAIL ${shown}\n${output}\nreproduce: ${compiler} ${command} ${unit}\n")
  endif()
endforeach()

list(LENGTH sources count)
if(failed)
  list(JOIN failed ", " failed)
  message(FATAL_ERROR "cuda_code_compiles: CUDA-only code does not compile with FRAMESMITH_HAS_CUDA: ${failed}")
endif()
message(STATUS "cuda_code_compiles: ${count} CUDA-guarded sources compile against ${cuda_include_dir}")
