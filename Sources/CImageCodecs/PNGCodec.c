// PNG through libpng's simplified API (png_image_*): it catches libpng's longjmp errors itself
// and reports them in `image.message`.
#include "Codecs.h"

#include <stdlib.h>
#include <string.h>

struct cimg_png_decoder {
    png_image image;
};

// libpng words an early end of data in a few ways; everything else is damage.
static int classify(const char *message) {
    static const char *const truncations[] = {"beyond end of data", "Not enough image data", "unexpected end",
                                              "Read Error", "truncated"};
    for (size_t i = 0; i < sizeof truncations / sizeof truncations[0]; i++) {
        if (strstr(message, truncations[i]) != NULL) return CIMG_TRUNCATED;
    }
    if (strstr(message, "out of memory") != NULL || strstr(message, "Out of memory") != NULL) return CIMG_NO_MEMORY;
    return CIMG_CORRUPT;
}

static int fail_with_image(cimg_status *status, const png_image *image) {
    char message[200];
    snprintf(message, sizeof message, "libpng: %s", image->message[0] != 0 ? image->message : "unknown error");
    return cimg_fail(status, classify(image->message), message);
}

struct cimg_png_decoder *cimg_png_open(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                       cimg_status *status) {
    const char *problem = cimg_load_png();
    if (problem != NULL) {
        cimg_fail(status, CIMG_UNAVAILABLE, problem);
        return NULL;
    }
    struct cimg_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
        return NULL;
    }
    decoder->image.version = PNG_IMAGE_VERSION;
    if (!cimg_png.image_begin_read_from_memory(&decoder->image, data, size)) {
        fail_with_image(status, &decoder->image);
        cimg_png.image_free(&decoder->image);
        free(decoder);
        return NULL;
    }
    *width = decoder->image.width;
    *height = decoder->image.height;
    return decoder;
}

int cimg_png_read(struct cimg_png_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status) {
    if (stride > INT32_MAX) return cimg_fail(status, CIMG_UNSUPPORTED, "rows too long");
    decoder->image.format = PNG_FORMAT_RGBA;
    // Frees libpng's state whether it succeeds or not.
    if (!cimg_png.image_finish_read(&decoder->image, NULL, rgba, (png_int_32)stride, NULL)) {
        return fail_with_image(status, &decoder->image);
    }
    return CIMG_OK;
}

void cimg_png_close(struct cimg_png_decoder *decoder) {
    if (decoder == NULL) return;
    cimg_png.image_free(&decoder->image);
    free(decoder);
}

int cimg_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                    cimg_status *status) {
    cimg_fail(status, CIMG_OK, "");
    *out = NULL;
    *out_size = 0;
    const char *problem = cimg_load_png();
    if (problem != NULL) return cimg_fail(status, CIMG_UNAVAILABLE, problem);
    if (width == 0 || height == 0) return cimg_fail(status, CIMG_UNSUPPORTED, "a PNG needs at least one pixel");

    // An opaque picture is written without its alpha channel: a quarter less to compress.
    size_t count = (size_t)width * height;
    int opaque = 1;
    for (size_t i = 0; i < count && opaque; i++) opaque = rgba[i * 4 + 3] == 255;
    uint8_t *rgb = NULL;
    if (opaque) {
        rgb = malloc(count * 3);
        if (rgb == NULL) return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
        for (size_t i = 0; i < count; i++) memcpy(rgb + i * 3, rgba + i * 4, 3);
    }

    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = opaque ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
    png_alloc_size_t capacity = PNG_IMAGE_PNG_SIZE_MAX(image);
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) {
        free(rgb);
        return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
    }
    png_alloc_size_t written = capacity;
    int ok = cimg_png.image_write_to_memory(&image, buffer, &written, 0, opaque ? (const void *)rgb : rgba, 0, NULL);
    free(rgb);
    if (!ok) {
        free(buffer);
        int code = fail_with_image(status, &image);
        cimg_png.image_free(&image);
        return code;
    }
    *out = buffer;
    *out_size = written;
    return CIMG_OK;
}
