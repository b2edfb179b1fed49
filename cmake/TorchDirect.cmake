# libtorch without torch's CMake config: the fallback where TorchConfig.cmake fails on a machine
# (a pip wheel's config may want nvToolsExt, cuDNN or kineto files the wheel does not ship). Sets
# what find_package(Torch) sets and this project uses: TORCH_LIBRARIES, TORCH_CUDA_LIBRARIES (CUDA
# builds: libtorch_cuda.so exists), TORCH_CXX_FLAGS.
#
#   FRAMESMITH_TORCH_DIRECT           the torch folder: a wheel's site-packages/torch (include/, lib/)
#   FRAMESMITH_TORCH_INCLUDE_DIR      its headers, default <folder>/include (Debian: /usr/include)
#   FRAMESMITH_TORCH_LIBRARY_DIR      its libraries, default <folder>/lib (Debian: /usr/lib/<arch>)
#   FRAMESMITH_TORCH_CXX11_ABI        0 or 1, as torch._C._GLIBCXX_USE_CXX11_ABI (default 1)
#   FRAMESMITH_TORCH_DEFINITIONS      what torch's targets define for their users, e.g.
#                                     USE_DISTRIBUTED;USE_C10D_GLOO (bench/gpu/build.sh asks torch)
set(FRAMESMITH_TORCH_INCLUDE_DIR "${FRAMESMITH_TORCH_DIRECT}/include" CACHE PATH "torch's headers (direct route)")
set(FRAMESMITH_TORCH_LIBRARY_DIR "${FRAMESMITH_TORCH_DIRECT}/lib" CACHE PATH "torch's libraries (direct route)")
set(FRAMESMITH_TORCH_CXX11_ABI 1 CACHE STRING "torch._C._GLIBCXX_USE_CXX11_ABI (direct route)")
set(FRAMESMITH_TORCH_DEFINITIONS "" CACHE STRING "torch's interface compile definitions (direct route)")

if(NOT EXISTS "${FRAMESMITH_TORCH_INCLUDE_DIR}/ATen/ATen.h")
  message(FATAL_ERROR "FRAMESMITH_TORCH_DIRECT: no ATen/ATen.h in ${FRAMESMITH_TORCH_INCLUDE_DIR} "
    "(set FRAMESMITH_TORCH_INCLUDE_DIR to the folder holding torch's headers)")
endif()
foreach(lib torch torch_cpu c10)
  find_library(FRAMESMITH_TORCH_LIB_${lib} ${lib} PATHS "${FRAMESMITH_TORCH_LIBRARY_DIR}" NO_DEFAULT_PATH)
  if(NOT FRAMESMITH_TORCH_LIB_${lib})
    message(FATAL_ERROR "FRAMESMITH_TORCH_DIRECT: no lib${lib}.so in ${FRAMESMITH_TORCH_LIBRARY_DIR} "
      "(set FRAMESMITH_TORCH_LIBRARY_DIR)")
  endif()
endforeach()

add_library(framesmith_torch_direct INTERFACE IMPORTED)
set(torch_includes "${FRAMESMITH_TORCH_INCLUDE_DIR}")
if(EXISTS "${FRAMESMITH_TORCH_INCLUDE_DIR}/torch/csrc/api/include")
  list(APPEND torch_includes "${FRAMESMITH_TORCH_INCLUDE_DIR}/torch/csrc/api/include")
endif()
# As torch's config: the ABI as an option (TORCH_CXX_FLAGS too), its definitions as definitions.
set_target_properties(framesmith_torch_direct PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${torch_includes}"
  INTERFACE_COMPILE_OPTIONS "-D_GLIBCXX_USE_CXX11_ABI=${FRAMESMITH_TORCH_CXX11_ABI}"
  INTERFACE_COMPILE_DEFINITIONS "${FRAMESMITH_TORCH_DEFINITIONS}")
set(torch_links ${FRAMESMITH_TORCH_LIB_torch} ${FRAMESMITH_TORCH_LIB_torch_cpu} ${FRAMESMITH_TORCH_LIB_c10})

find_library(FRAMESMITH_TORCH_LIB_torch_cuda torch_cuda PATHS "${FRAMESMITH_TORCH_LIBRARY_DIR}" NO_DEFAULT_PATH)
set(TORCH_CUDA_LIBRARIES "")
if(FRAMESMITH_TORCH_LIB_torch_cuda)
  # As torch's config does: libtorch_cuda registers the CUDA kernels when loaded, and nothing
  # references it by symbol, so --as-needed would drop it and torch would say "no CUDA".
  find_package(CUDAToolkit REQUIRED)
  find_library(FRAMESMITH_TORCH_LIB_c10_cuda c10_cuda PATHS "${FRAMESMITH_TORCH_LIBRARY_DIR}" NO_DEFAULT_PATH)
  set(TORCH_CUDA_LIBRARIES "-Wl,--no-as-needed,${FRAMESMITH_TORCH_LIB_torch_cuda},--as-needed"
    ${FRAMESMITH_TORCH_LIB_c10_cuda} CUDA::cudart)
  list(APPEND torch_links ${TORCH_CUDA_LIBRARIES})
  set(CUDA_FOUND TRUE)
endif()
set_target_properties(framesmith_torch_direct PROPERTIES INTERFACE_LINK_LIBRARIES "${torch_links}")

set(TORCH_LIBRARIES framesmith_torch_direct)
set(TORCH_CXX_FLAGS "-D_GLIBCXX_USE_CXX11_ABI=${FRAMESMITH_TORCH_CXX11_ABI}")
set(TORCH_FOUND TRUE)
message(STATUS "Torch (direct, no CMake config): ${FRAMESMITH_TORCH_INCLUDE_DIR}, ${FRAMESMITH_TORCH_LIBRARY_DIR}, CUDA: "
  "${FRAMESMITH_TORCH_LIB_torch_cuda}")
