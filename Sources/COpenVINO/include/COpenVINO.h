// A thin binding to OpenVINO's C API, loaded at run time with dlopen so that vtrack builds and
// runs (with its other detectors) when the runtime is not installed.
//
// One network = one model read from a file (1 to 4 inputs), its single input optionally reshaped to
// static dimensions, compiled for the CPU, with one inference request. Every function that can fail returns 0 on success and -1 on
// failure, writing a one-line reason into `message` (at most `capacity` bytes, NUL-terminated).
#ifndef VTRACK_COPENVINO_H
#define VTRACK_COPENVINO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Element types a network input may take.
typedef enum {
    VT_OV_ELEMENT_OTHER = 0,
    VT_OV_ELEMENT_F32 = 1,
    VT_OV_ELEMENT_U8 = 2,
} vt_ov_element;

typedef struct vt_ov_network vt_ov_network;

/// The folder of vtrack's installed dependencies chosen when it was built (`<package>/.deps`).
const char *vt_ov_build_deps_directory(void);

/// Loads the OpenVINO C library at `library_path` and creates its core. Safe to call repeatedly and
/// from several threads: the first successful call wins, later calls return 0 at once.
int vt_ov_load_runtime(const char *library_path, char *message, size_t capacity);

/// Reads a model file (ONNX, TensorFlow frozen graph, TFLite, OpenVINO IR).
vt_ov_network *vt_ov_network_read(const char *model_path, char *message, size_t capacity);

void vt_ov_network_free(vt_ov_network *network);

size_t vt_ov_network_output_count(const vt_ov_network *network);

size_t vt_ov_network_input_count(const vt_ov_network *network);

/// The rank of input `index` as declared (once compiled: as compiled), its dimensions in `dims` (-1
/// for a dynamic one; at most `capacity`), or -1.
int vt_ov_network_input_shape(const vt_ov_network *network, size_t index, int64_t *dims, int capacity);

vt_ov_element vt_ov_network_input_element(const vt_ov_network *network, size_t index);

/// Fixes the dimensions of a model's only input (before compiling; a model with several inputs is refused).
int vt_ov_network_reshape(vt_ov_network *network, const int64_t *dims, int rank, char *message, size_t capacity);

/// Compiles for the CPU with `threads` inference threads (0: the runtime's choice) and creates the request;
/// the model read is released once compiled (it can no longer be reshaped or compiled again).
/// `precision` (NULL or empty: the runtime's choice, which may be bf16) sets the inference precision, e.g. "f32".
/// With a `cache_directory` (NULL or empty: none) the compiled model is kept there and a later compile of
/// the same model loads it; when the cache cannot be used the model is compiled without it.
int vt_ov_network_compile(vt_ov_network *network, int threads, const char *precision, const char *cache_directory,
                          char *message, size_t capacity);

/// Runs the network on `count` inputs (one per model input, in order), each laid out in that input's
/// compiled shape and element type, `bytes[i]` long.
int vt_ov_network_infer(vt_ov_network *network, void *const *inputs, const size_t *bytes, size_t count, char *message,
                        size_t capacity);

/// Output `index` of the last inference, as 32-bit floats valid until the next inference.
/// Returns its rank (dimensions in `dims`, at most `capacity`), or -1 (with a message).
int vt_ov_network_output(vt_ov_network *network, size_t index, const float **data, int64_t *dims, int capacity,
                         char *message, size_t capacity_of_message);

#ifdef __cplusplus
}
#endif

#endif
