// Binds the few OpenVINO C API functions vtrack uses, resolved with dlsym from the library file the
// caller names. The declarations below restate the C API's documented types (release 2026.4).
#include "COpenVINO.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef VTRACK_DEPS_DIRECTORY
#define VTRACK_DEPS_DIRECTORY ".deps"
#endif

typedef struct ov_core ov_core_t;
typedef struct ov_model ov_model_t;
typedef struct ov_compiled_model ov_compiled_model_t;
typedef struct ov_infer_request ov_infer_request_t;
typedef struct ov_tensor ov_tensor_t;
typedef struct ov_output_const_port ov_output_const_port_t;
typedef struct { int64_t rank; int64_t *dims; } ov_shape_t;
typedef struct { int64_t min; int64_t max; } ov_dimension_t;
typedef struct { ov_dimension_t rank; ov_dimension_t *dims; } ov_partial_shape_t;
typedef struct { const char *key; const void *value; } ov_property_t;
typedef int ov_status_e;
typedef unsigned int ov_element_type_e;
enum { OV_ELEMENT_F32 = 4, OV_ELEMENT_U8 = 16 };

static struct {
    ov_status_e (*core_create)(ov_core_t **);
    ov_status_e (*core_read_model)(const ov_core_t *, const char *, const char *, ov_model_t **);
    ov_status_e (*core_compile_model_props)(const ov_core_t *, const ov_model_t *, const char *, size_t,
                                            const ov_property_t *, ov_compiled_model_t **);
    void (*model_free)(ov_model_t *);
    ov_status_e (*model_inputs_size)(const ov_model_t *, size_t *);
    ov_status_e (*model_outputs_size)(const ov_model_t *, size_t *);
    ov_status_e (*model_const_input_by_index)(const ov_model_t *, size_t, ov_output_const_port_t **);
    ov_status_e (*model_reshape_single_input)(const ov_model_t *, ov_partial_shape_t);
    ov_status_e (*port_get_partial_shape)(const ov_output_const_port_t *, ov_partial_shape_t *);
    ov_status_e (*port_get_element_type)(const ov_output_const_port_t *, ov_element_type_e *);
    ov_status_e (*const_port_get_shape)(const ov_output_const_port_t *, ov_shape_t *);
    void (*output_const_port_free)(ov_output_const_port_t *);
    ov_status_e (*partial_shape_create_static)(int64_t, const int64_t *, ov_partial_shape_t *);
    void (*partial_shape_free)(ov_partial_shape_t *);
    ov_status_e (*shape_create)(int64_t, const int64_t *, ov_shape_t *);
    ov_status_e (*shape_free)(ov_shape_t *);
    ov_status_e (*compiled_model_input_by_index)(const ov_compiled_model_t *, size_t, ov_output_const_port_t **);
    ov_status_e (*compiled_model_create_infer_request)(const ov_compiled_model_t *, ov_infer_request_t **);
    void (*compiled_model_free)(ov_compiled_model_t *);
    void (*infer_request_free)(ov_infer_request_t *);
    ov_status_e (*infer_request_set_input_tensor_by_index)(ov_infer_request_t *, size_t, const ov_tensor_t *);
    ov_status_e (*infer_request_infer)(ov_infer_request_t *);
    ov_status_e (*infer_request_get_output_tensor_by_index)(const ov_infer_request_t *, size_t, ov_tensor_t **);
    ov_status_e (*tensor_create_from_host_ptr)(ov_element_type_e, ov_shape_t, void *, ov_tensor_t **);
    ov_status_e (*tensor_get_shape)(const ov_tensor_t *, ov_shape_t *);
    ov_status_e (*tensor_get_element_type)(const ov_tensor_t *, ov_element_type_e *);
    ov_status_e (*tensor_data)(const ov_tensor_t *, void **);
    void (*tensor_free)(ov_tensor_t *);
    const char *(*get_last_err_msg)(void);
} api;

static ov_core_t *core;
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

enum { MAX_INPUTS = 4, MAX_OUTPUTS = 16, MAX_RANK = 8 };

/// An input's compiled shape and element type.
typedef struct {
    int64_t dims[MAX_RANK];
    int rank;
    ov_element_type_e element;
    size_t bytes;
} compiled_input;

struct vt_ov_network {
    ov_model_t *model;
    ov_compiled_model_t *compiled;
    ov_infer_request_t *request;
    size_t input_count;
    compiled_input inputs[MAX_INPUTS];
    size_t output_count;
    ov_tensor_t *outputs[MAX_OUTPUTS];
};

static void say(char *message, size_t capacity, const char *format, ...) {
    if (message == NULL || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, capacity, format, arguments);
    va_end(arguments);
    for (char *c = message; *c; c++) {
        if (*c == '\n' || *c == '\r') *c = ' ';
    }
}

static const char *last_error(void) {
    const char *text = api.get_last_err_msg ? api.get_last_err_msg() : NULL;
    return text && *text ? text : "no detail given";
}

const char *vt_ov_build_deps_directory(void) { return VTRACK_DEPS_DIRECTORY; }

#define BIND(field, symbol)                                                   \
    do {                                                                      \
        *(void **)(&bound.field) = dlsym(library, symbol);                    \
        if (bound.field == NULL) {                                            \
            say(message, capacity, "%s lacks %s", library_path, symbol);     \
            dlclose(library);                                                 \
            return -1;                                                        \
        }                                                                     \
    } while (0)

static int load_locked(const char *library_path, char *message, size_t capacity) {
    if (core != NULL) return 0;
    void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        say(message, capacity, "%s", dlerror());
        return -1;
    }
    __typeof__(api) bound;
    BIND(core_create, "ov_core_create");
    BIND(core_read_model, "ov_core_read_model");
    BIND(core_compile_model_props, "ov_core_compile_model_props");
    BIND(model_free, "ov_model_free");
    BIND(model_inputs_size, "ov_model_inputs_size");
    BIND(model_outputs_size, "ov_model_outputs_size");
    BIND(model_const_input_by_index, "ov_model_const_input_by_index");
    BIND(model_reshape_single_input, "ov_model_reshape_single_input");
    BIND(port_get_partial_shape, "ov_port_get_partial_shape");
    BIND(port_get_element_type, "ov_port_get_element_type");
    BIND(const_port_get_shape, "ov_const_port_get_shape");
    BIND(output_const_port_free, "ov_output_const_port_free");
    BIND(partial_shape_create_static, "ov_partial_shape_create_static");
    BIND(partial_shape_free, "ov_partial_shape_free");
    BIND(shape_create, "ov_shape_create");
    BIND(shape_free, "ov_shape_free");
    BIND(compiled_model_input_by_index, "ov_compiled_model_input_by_index");
    BIND(compiled_model_create_infer_request, "ov_compiled_model_create_infer_request");
    BIND(compiled_model_free, "ov_compiled_model_free");
    BIND(infer_request_free, "ov_infer_request_free");
    BIND(infer_request_set_input_tensor_by_index, "ov_infer_request_set_input_tensor_by_index");
    BIND(infer_request_infer, "ov_infer_request_infer");
    BIND(infer_request_get_output_tensor_by_index, "ov_infer_request_get_output_tensor_by_index");
    BIND(tensor_create_from_host_ptr, "ov_tensor_create_from_host_ptr");
    BIND(tensor_get_shape, "ov_tensor_get_shape");
    BIND(tensor_get_element_type, "ov_tensor_get_element_type");
    BIND(tensor_data, "ov_tensor_data");
    BIND(tensor_free, "ov_tensor_free");
    BIND(get_last_err_msg, "ov_get_last_err_msg");
    ov_core_t *created = NULL;
    if (bound.core_create(&created) != 0 || created == NULL) {
        api = bound;
        say(message, capacity, "cannot create the OpenVINO core: %s", last_error());
        return -1;
    }
    api = bound;
    core = created;
    return 0;
}

int vt_ov_load_runtime(const char *library_path, char *message, size_t capacity) {
    pthread_mutex_lock(&load_lock);
    int result = load_locked(library_path, message, capacity);
    pthread_mutex_unlock(&load_lock);
    return result;
}

// The model readers' own logging (TensorFlow's and protobuf's absl lines on a damaged graph) goes
// to file descriptor 2 while a model is read: it is silenced then, since the error returned says
// what went wrong. Returns the saved descriptor for end_quiet_stderr, or -1 when nothing changed.
static int begin_quiet_stderr(void) {
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved < 0 || null < 0 || dup2(null, STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        if (null >= 0) close(null);
        return -1;
    }
    close(null);
    return saved;
}

static void end_quiet_stderr(int saved) {
    if (saved < 0) return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
}

vt_ov_network *vt_ov_network_read(const char *model_path, char *message, size_t capacity) {
    if (core == NULL) {
        say(message, capacity, "the OpenVINO runtime is not loaded");
        return NULL;
    }
    ov_model_t *model = NULL;
    int saved_stderr = begin_quiet_stderr();
    ov_status_e status = api.core_read_model(core, model_path, NULL, &model);
    end_quiet_stderr(saved_stderr);
    if (status != 0 || model == NULL) {
        say(message, capacity, "cannot read the model: %s", last_error());
        return NULL;
    }
    size_t inputs = 0;
    api.model_inputs_size(model, &inputs);
    if (inputs < 1 || inputs > MAX_INPUTS) {
        api.model_free(model);
        say(message, capacity, "the model has %zu inputs, 1 to %d are supported", inputs, MAX_INPUTS);
        return NULL;
    }
    vt_ov_network *network = calloc(1, sizeof *network);
    if (network == NULL) {
        api.model_free(model);
        say(message, capacity, "out of memory");
        return NULL;
    }
    network->model = model;
    network->input_count = inputs;
    api.model_outputs_size(model, &network->output_count);
    return network;
}

static void free_outputs(vt_ov_network *network) {
    for (size_t i = 0; i < MAX_OUTPUTS; i++) {
        if (network->outputs[i]) api.tensor_free(network->outputs[i]);
        network->outputs[i] = NULL;
    }
}

void vt_ov_network_free(vt_ov_network *network) {
    if (network == NULL) return;
    free_outputs(network);
    if (network->request) api.infer_request_free(network->request);
    if (network->compiled) api.compiled_model_free(network->compiled);
    if (network->model) api.model_free(network->model);
    free(network);
}

size_t vt_ov_network_output_count(const vt_ov_network *network) { return network->output_count; }

size_t vt_ov_network_input_count(const vt_ov_network *network) { return network->input_count; }

int vt_ov_network_input_shape(const vt_ov_network *network, size_t index, int64_t *dims, int capacity) {
    if (network->compiled != NULL) {
        if (index >= network->input_count || network->inputs[index].rank > capacity) return -1;
        for (int i = 0; i < network->inputs[index].rank; i++) dims[i] = network->inputs[index].dims[i];
        return network->inputs[index].rank;
    }
    ov_output_const_port_t *port = NULL;
    if (index >= network->input_count || api.model_const_input_by_index(network->model, index, &port) != 0) return -1;
    ov_partial_shape_t shape;
    memset(&shape, 0, sizeof shape);
    int rank = -1;
    if (api.port_get_partial_shape(port, &shape) == 0) {
        if (shape.rank.min == shape.rank.max && shape.rank.min >= 0 && shape.rank.min <= capacity) {
            rank = (int)shape.rank.min;
            for (int i = 0; i < rank; i++) {
                dims[i] = shape.dims[i].min == shape.dims[i].max ? shape.dims[i].min : -1;
            }
        }
        api.partial_shape_free(&shape);
    }
    api.output_const_port_free(port);
    return rank;
}

vt_ov_element vt_ov_network_input_element(const vt_ov_network *network, size_t index) {
    if (network->compiled != NULL) {
        if (index >= network->input_count) return VT_OV_ELEMENT_OTHER;
        ov_element_type_e compiled = network->inputs[index].element;
        return compiled == OV_ELEMENT_F32 ? VT_OV_ELEMENT_F32 : compiled == OV_ELEMENT_U8 ? VT_OV_ELEMENT_U8 : VT_OV_ELEMENT_OTHER;
    }
    ov_output_const_port_t *port = NULL;
    if (index >= network->input_count || api.model_const_input_by_index(network->model, index, &port) != 0) {
        return VT_OV_ELEMENT_OTHER;
    }
    ov_element_type_e type = 0;
    int ok = api.port_get_element_type(port, &type) == 0;
    api.output_const_port_free(port);
    if (!ok) return VT_OV_ELEMENT_OTHER;
    return type == OV_ELEMENT_F32 ? VT_OV_ELEMENT_F32 : type == OV_ELEMENT_U8 ? VT_OV_ELEMENT_U8 : VT_OV_ELEMENT_OTHER;
}

int vt_ov_network_reshape(vt_ov_network *network, const int64_t *dims, int rank, char *message, size_t capacity) {
    if (network->compiled) {
        say(message, capacity, "the model is already compiled");
        return -1;
    }
    if (network->input_count != 1) {
        say(message, capacity, "only a model with one input can be reshaped");
        return -1;
    }
    ov_partial_shape_t shape;
    if (api.partial_shape_create_static(rank, dims, &shape) != 0) {
        say(message, capacity, "bad input shape: %s", last_error());
        return -1;
    }
    ov_status_e status = api.model_reshape_single_input(network->model, shape);
    api.partial_shape_free(&shape);
    if (status != 0) {
        say(message, capacity, "cannot reshape the input: %s", last_error());
        return -1;
    }
    return 0;
}

/// Reads input `index`'s compiled shape and element type into `input`; 0 on success.
static int describe_compiled_input(const vt_ov_network *network, size_t index, compiled_input *input) {
    ov_output_const_port_t *port = NULL;
    ov_shape_t shape;
    memset(&shape, 0, sizeof shape);
    if (api.compiled_model_input_by_index(network->compiled, index, &port) != 0 || api.const_port_get_shape(port, &shape) != 0
        || shape.rank < 1 || shape.rank > MAX_RANK) {
        if (port) api.output_const_port_free(port);
        return -1;
    }
    input->rank = (int)shape.rank;
    size_t elements = 1;
    for (int i = 0; i < input->rank; i++) {
        input->dims[i] = shape.dims[i];
        elements *= (size_t)shape.dims[i];
    }
    api.shape_free(&shape);
    api.port_get_element_type(port, &input->element);
    api.output_const_port_free(port);
    size_t element_size = input->element == OV_ELEMENT_U8 ? 1 : input->element == OV_ELEMENT_F32 ? 4 : 0;
    input->bytes = elements * element_size;
    return element_size == 0 ? -1 : 0;
}

int vt_ov_network_compile(vt_ov_network *network, int threads, const char *precision, const char *cache_directory,
                          char *message, size_t capacity) {
    if (network->compiled) return 0;
    char thread_text[16];
    snprintf(thread_text, sizeof thread_text, "%d", threads > 0 ? threads : 0);
    ov_property_t properties[5] = {
        {"PERFORMANCE_HINT", "LATENCY"},
        {"ENABLE_CPU_PINNING", "NO"},
    };
    size_t count = 2;
    if (threads > 0) properties[count++] = (ov_property_t){"INFERENCE_NUM_THREADS", thread_text};
    if (precision != NULL && precision[0] != '\0') properties[count++] = (ov_property_t){"INFERENCE_PRECISION_HINT", precision};
    size_t without_cache = count;
    if (cache_directory != NULL && cache_directory[0] != '\0') properties[count++] = (ov_property_t){"CACHE_DIR", cache_directory};
    // A cache that cannot be used (unwritable, damaged) costs a plain compile, never the model.
    if (api.core_compile_model_props(core, network->model, "CPU", count, properties, &network->compiled) != 0
        && (count == without_cache
            || api.core_compile_model_props(core, network->model, "CPU", without_cache, properties, &network->compiled) != 0)) {
        network->compiled = NULL;
        say(message, capacity, "cannot compile the model: %s", last_error());
        return -1;
    }
    if (api.compiled_model_create_infer_request(network->compiled, &network->request) != 0) {
        network->request = NULL;
        say(message, capacity, "cannot create an inference request: %s", last_error());
        return -1;
    }
    for (size_t index = 0; index < network->input_count; index++) {
        if (describe_compiled_input(network, index, &network->inputs[index]) != 0) {
            say(message, capacity, "input %zu has no static shape or is neither 8-bit nor 32-bit float", index);
            return -1;
        }
    }
    if (network->output_count > MAX_OUTPUTS) network->output_count = MAX_OUTPUTS;
    // The compiled model holds what inference needs: the read model (its weights, and for IR files
    // the mapped weights file) would only take memory from here on.
    api.model_free(network->model);
    network->model = NULL;
    return 0;
}

/// Wraps `data` as input `index`'s tensor and sets it on the request; 0 on success.
static int set_input(vt_ov_network *network, size_t index, void *data, size_t bytes, char *message, size_t capacity) {
    const compiled_input *input = &network->inputs[index];
    if (bytes != input->bytes) {
        say(message, capacity, "input %zu: %zu bytes given, %zu expected (%s)", index, bytes, input->bytes,
            input->element == OV_ELEMENT_U8 ? "8-bit" : "32-bit float");
        return -1;
    }
    ov_shape_t shape;
    if (api.shape_create(input->rank, input->dims, &shape) != 0) {
        say(message, capacity, "cannot describe input %zu: %s", index, last_error());
        return -1;
    }
    ov_tensor_t *tensor = NULL;
    ov_status_e status = api.tensor_create_from_host_ptr(input->element, shape, data, &tensor);
    api.shape_free(&shape);
    if (status != 0) {
        say(message, capacity, "cannot wrap input %zu: %s", index, last_error());
        return -1;
    }
    status = api.infer_request_set_input_tensor_by_index(network->request, index, tensor);
    api.tensor_free(tensor);
    if (status != 0) {
        say(message, capacity, "cannot set input %zu: %s", index, last_error());
        return -1;
    }
    return 0;
}

int vt_ov_network_infer(vt_ov_network *network, void *const *inputs, const size_t *bytes, size_t count, char *message,
                        size_t capacity) {
    if (network->request == NULL) {
        say(message, capacity, "the model is not compiled");
        return -1;
    }
    if (count != network->input_count) {
        say(message, capacity, "%zu inputs given, the model has %zu", count, network->input_count);
        return -1;
    }
    free_outputs(network);
    for (size_t index = 0; index < count; index++) {
        if (set_input(network, index, inputs[index], bytes[index], message, capacity) != 0) return -1;
    }
    if (api.infer_request_infer(network->request) != 0) {
        say(message, capacity, "inference failed: %s", last_error());
        return -1;
    }
    for (size_t i = 0; i < network->output_count; i++) {
        if (api.infer_request_get_output_tensor_by_index(network->request, i, &network->outputs[i]) != 0) {
            network->outputs[i] = NULL;
            say(message, capacity, "cannot read output %zu: %s", i, last_error());
            return -1;
        }
    }
    return 0;
}

int vt_ov_network_output(vt_ov_network *network, size_t index, const float **data, int64_t *dims, int capacity,
                         char *message, size_t capacity_of_message) {
    if (index >= network->output_count || network->outputs[index] == NULL) {
        say(message, capacity_of_message, "output %zu does not exist or was not computed", index);
        return -1;
    }
    ov_tensor_t *tensor = network->outputs[index];
    ov_element_type_e type = 0;
    if (api.tensor_get_element_type(tensor, &type) != 0 || type != OV_ELEMENT_F32) {
        say(message, capacity_of_message, "output %zu is not 32-bit float", index);
        return -1;
    }
    ov_shape_t shape;
    memset(&shape, 0, sizeof shape);
    if (api.tensor_get_shape(tensor, &shape) != 0 || shape.rank < 0 || shape.rank > capacity) {
        say(message, capacity_of_message, "output %zu has an unsupported shape", index);
        return -1;
    }
    int rank = (int)shape.rank;
    for (int i = 0; i < rank; i++) dims[i] = shape.dims[i];
    api.shape_free(&shape);
    void *pointer = NULL;
    if (api.tensor_data(tensor, &pointer) != 0 || pointer == NULL) {
        say(message, capacity_of_message, "output %zu has no data", index);
        return -1;
    }
    *data = (const float *)pointer;
    return rank;
}
