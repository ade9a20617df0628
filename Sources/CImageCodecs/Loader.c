#include "Codecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct cimg_png_api cimg_png;
struct cimg_jpeg_api cimg_jpeg;

int cimg_fail(cimg_status *status, int code, const char *message) {
    if (status != NULL) {
        status->code = code;
        snprintf(status->message, sizeof status->message, "%s", message != NULL ? message : "");
    }
    return code;
}

// The sonames the headers were written for: another major version has another ABI.
static void *open_library(const char *soname, const char *package, char *error, size_t error_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s could not be loaded: %s (install %s)", soname,
                 reason != NULL ? reason : "unknown error", package);
    }
    return library;
}

// Every error buffer below is ERROR_SIZE bytes.
#define ERROR_SIZE 256
#define LOAD(table, field, symbol)                                                             \
    *(void **)(&(table).field) = dlsym(library, symbol);                                      \
    if ((table).field == NULL) {                                                              \
        snprintf(error, ERROR_SIZE, "%s has no %s", soname, symbol);                          \
        return;                                                                               \
    }

// Each library: an error text (empty once loaded), filled once by its loader.
static pthread_once_t png_once = PTHREAD_ONCE_INIT;
static char png_load_error[ERROR_SIZE] = "libpng was not loaded";

static void load_png(void) {
    const char *soname = "libpng16.so.16";
    char *error = png_load_error;
    void *library = open_library(soname, "libpng16-16", png_load_error, sizeof png_load_error);
    if (library == NULL) return;
    LOAD(cimg_png, create_read_struct, "png_create_read_struct")
    LOAD(cimg_png, create_info_struct, "png_create_info_struct")
    LOAD(cimg_png, destroy_read_struct, "png_destroy_read_struct")
    LOAD(cimg_png, set_read_fn, "png_set_read_fn")
    LOAD(cimg_png, get_io_ptr, "png_get_io_ptr")
    LOAD(cimg_png, get_error_ptr, "png_get_error_ptr")
    LOAD(cimg_png, read_info, "png_read_info")
    LOAD(cimg_png, get_IHDR, "png_get_IHDR")
    LOAD(cimg_png, get_valid, "png_get_valid")
    LOAD(cimg_png, set_palette_to_rgb, "png_set_palette_to_rgb")
    LOAD(cimg_png, set_expand_gray_1_2_4_to_8, "png_set_expand_gray_1_2_4_to_8")
    LOAD(cimg_png, set_tRNS_to_alpha, "png_set_tRNS_to_alpha")
    LOAD(cimg_png, set_strip_16, "png_set_strip_16")
    LOAD(cimg_png, set_gray_to_rgb, "png_set_gray_to_rgb")
    LOAD(cimg_png, set_interlace_handling, "png_set_interlace_handling")
    LOAD(cimg_png, read_update_info, "png_read_update_info")
    LOAD(cimg_png, get_channels, "png_get_channels")
    LOAD(cimg_png, read_image, "png_read_image")
    LOAD(cimg_png, read_row, "png_read_row")
    LOAD(cimg_png, image_free, "png_image_free")
    LOAD(cimg_png, image_write_to_memory, "png_image_write_to_memory")
    png_load_error[0] = 0;
}

static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static char jpeg_load_error[ERROR_SIZE] = "libjpeg was not loaded";

static void load_jpeg(void) {
    const char *soname = "libjpeg.so.62";
    char *error = jpeg_load_error;
    void *library = open_library(soname, "libjpeg62-turbo", jpeg_load_error, sizeof jpeg_load_error);
    if (library == NULL) return;
    LOAD(cimg_jpeg, std_error, "jpeg_std_error")
    LOAD(cimg_jpeg, CreateDecompress, "jpeg_CreateDecompress")
    LOAD(cimg_jpeg, mem_src, "jpeg_mem_src")
    LOAD(cimg_jpeg, read_header, "jpeg_read_header")
    LOAD(cimg_jpeg, start_decompress, "jpeg_start_decompress")
    LOAD(cimg_jpeg, read_scanlines, "jpeg_read_scanlines")
    LOAD(cimg_jpeg, finish_decompress, "jpeg_finish_decompress")
    LOAD(cimg_jpeg, destroy_decompress, "jpeg_destroy_decompress")
    LOAD(cimg_jpeg, calc_output_dimensions, "jpeg_calc_output_dimensions")
    LOAD(cimg_jpeg, CreateCompress, "jpeg_CreateCompress")
    LOAD(cimg_jpeg, mem_dest, "jpeg_mem_dest")
    LOAD(cimg_jpeg, set_defaults, "jpeg_set_defaults")
    LOAD(cimg_jpeg, set_quality, "jpeg_set_quality")
    LOAD(cimg_jpeg, start_compress, "jpeg_start_compress")
    LOAD(cimg_jpeg, write_scanlines, "jpeg_write_scanlines")
    LOAD(cimg_jpeg, finish_compress, "jpeg_finish_compress")
    LOAD(cimg_jpeg, destroy_compress, "jpeg_destroy_compress")
    jpeg_load_error[0] = 0;
}

#undef LOAD

const char *cimg_load_png(void) {
    pthread_once(&png_once, load_png);
    return png_load_error[0] != 0 ? png_load_error : NULL;
}

const char *cimg_load_jpeg(void) {
    pthread_once(&jpeg_once, load_jpeg);
    return jpeg_load_error[0] != 0 ? jpeg_load_error : NULL;
}

// MARK: - One entry point for every format

struct cimg_decoder {
    cimg_format format;
    void *state;
};

cimg_decoder *cimg_open(cimg_format format, const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                        cimg_status *status) {
    cimg_fail(status, CIMG_OK, "");
    void *state = NULL;
    switch (format) {
    case CIMG_FORMAT_PNG: state = cimg_png_open(data, size, width, height, status); break;
    case CIMG_FORMAT_JPEG: state = cimg_jpeg_open(data, size, width, height, status); break;
    default: cimg_fail(status, CIMG_UNSUPPORTED, "unknown format"); return NULL;
    }
    if (state == NULL) return NULL;
    cimg_decoder *decoder = malloc(sizeof *decoder);
    if (decoder == NULL) {
        switch (format) {
        case CIMG_FORMAT_PNG: cimg_png_close(state); break;
        case CIMG_FORMAT_JPEG: cimg_jpeg_close(state); break;
        }
        cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
        return NULL;
    }
    decoder->format = format;
    decoder->state = state;
    return decoder;
}

int cimg_read(cimg_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status) {
    cimg_fail(status, CIMG_OK, "");
    switch (decoder->format) {
    case CIMG_FORMAT_PNG: return cimg_png_read(decoder->state, rgba, stride, status);
    case CIMG_FORMAT_JPEG: return cimg_jpeg_read(decoder->state, rgba, stride, status);
    }
    return cimg_fail(status, CIMG_UNSUPPORTED, "unknown format");
}

int cimg_reduce(cimg_decoder *decoder, uint32_t min_width, uint32_t min_height, uint32_t *width, uint32_t *height,
                cimg_status *status) {
    cimg_fail(status, CIMG_OK, "");
    switch (decoder->format) {
    case CIMG_FORMAT_JPEG: return cimg_jpeg_reduce(decoder->state, min_width, min_height, width, height, status);
    case CIMG_FORMAT_PNG: return cimg_png_reduce(decoder->state, min_width, min_height, width, height);
    default: return CIMG_OK;
    }
}

void cimg_close(cimg_decoder *decoder) {
    if (decoder == NULL) return;
    switch (decoder->format) {
    case CIMG_FORMAT_PNG: cimg_png_close(decoder->state); break;
    case CIMG_FORMAT_JPEG: cimg_jpeg_close(decoder->state); break;
    }
    free(decoder);
}

void cimg_free(void *memory) { free(memory); }
