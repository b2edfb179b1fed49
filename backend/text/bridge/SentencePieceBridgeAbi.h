#pragma once
// The C ABI between framesmith_backend and the framesmith_spbridge module. Only plain C types
// cross it: the module runs in its own symbol scope (RTLD_DEEPBIND or a dlmopen namespace), so
// no C++ object, allocation or exception may pass between the two sides.
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FRAMESMITH_SPBRIDGE_ABI_VERSION 1

// Called once per piece, in order. `piece` is the piece's text (UTF-8, not NUL-terminated);
// `id` is SentencePieceProcessor::PieceToId(piece) (the unknown id for unknown surfaces).
typedef void (*framesmith_spbridge_piece_fn)(void* context, const char* piece, size_t pieceBytes, int id);

int framesmith_spbridge_abi_version(void);
// Returns a handle, or NULL with a message in `error` (always NUL-terminated when capacity > 0).
void* framesmith_spbridge_load(const char* modelPath, char* error, size_t errorCapacity);
void framesmith_spbridge_free(void* handle);
int framesmith_spbridge_piece_count(void* handle);
int framesmith_spbridge_piece_to_id(void* handle, const char* piece, size_t pieceBytes);
// Returns 0 on success, -1 with a message in `error`.
int framesmith_spbridge_encode(void* handle, const char* text, size_t textBytes, framesmith_spbridge_piece_fn emit,
                               void* context, char* error, size_t errorCapacity);

#ifdef __cplusplus
}
#endif
