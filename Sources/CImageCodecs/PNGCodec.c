// PNG through libpng: read with the low-level API, errors caught by setjmp here (libpng longjmps
// out of its error callback); written with the simplified API (png_image_*), which catches them
// itself.
#include "Codecs.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct cimg_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t position;
    /// libpng asked for more than was left.
    int ran_out;
    /// Each output pixel averages a factor × factor block (1: the picture as it is).
    uint32_t factor;
    /// Where libpng's errors land: set anew before each call into libpng.
    jmp_buf jump;
    int code;
    char message[200];
};

// libpng words an early end of data in a few ways; everything else is damage.
static int classify(const char *message) {
    static const char *const truncations[] = {"Not enough image data", "unexpected end", "truncated"};
    for (size_t i = 0; i < sizeof truncations / sizeof truncations[0]; i++) {
        if (strstr(message, truncations[i]) != NULL) return CIMG_TRUNCATED;
    }
    if (strstr(message, "out of memory") != NULL || strstr(message, "Out of memory") != NULL) return CIMG_NO_MEMORY;
    return CIMG_CORRUPT;
}

// Must not return (libpng's rule): back to the setjmp of the function that called libpng.
static void on_error(png_structp png, png_const_charp message) {
    struct cimg_png_decoder *decoder = cimg_png.get_error_ptr(png);
    decoder->code = decoder->ran_out ? CIMG_TRUNCATED : classify(message);
    snprintf(decoder->message, sizeof decoder->message, "libpng: %s", message);
    longjmp(decoder->jump, 1);
}

// Warnings (a damaged ancillary chunk, dropped) lose no pixels.
static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void read_data(png_structp png, png_bytep out, size_t count) {
    struct cimg_png_decoder *decoder = cimg_png.get_io_ptr(png);
    if (count > decoder->size - decoder->position) {
        decoder->ran_out = 1;
        on_error(png, "the data ends early");
    }
    memcpy(out, decoder->data + decoder->position, count);
    decoder->position += count;
}

void cimg_png_close(struct cimg_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) cimg_png.destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
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
    decoder->data = data;
    decoder->size = size;
    decoder->factor = 1;
    decoder->png = cimg_png.create_read_struct(PNG_LIBPNG_VER_STRING, decoder, on_error, on_warning);
    if (decoder->png != NULL) decoder->info = cimg_png.create_info_struct(decoder->png);
    if (decoder->png == NULL || decoder->info == NULL) {
        cimg_fail(status, CIMG_NO_MEMORY, "libpng could not start");
        cimg_png_close(decoder);
        return NULL;
    }
    if (setjmp(decoder->jump)) {
        cimg_fail(status, decoder->code, decoder->message);
        cimg_png_close(decoder);
        return NULL;
    }
    cimg_png.set_read_fn(decoder->png, decoder, read_data);
    cimg_png.read_info(decoder->png, decoder->info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, type = 0;
    cimg_png.get_IHDR(decoder->png, decoder->info, &w, &h, &depth, &type, NULL, NULL, NULL);
    *width = w;
    *height = h;
    return decoder;
}

int cimg_png_reduce(struct cimg_png_decoder *decoder, uint32_t min_width, uint32_t min_height, uint32_t *width,
                    uint32_t *height) {
    png_uint_32 w = 0, h = 0;
    int depth = 0, type = 0, interlace = 0;
    cimg_png.get_IHDR(decoder->png, decoder->info, &w, &h, &depth, &type, &interlace, NULL, NULL);
    // Interlaced rows arrive in passes: such a picture is read whole.
    uint32_t factor = 1;
    if (interlace == PNG_INTERLACE_NONE && min_width > 0 && min_height > 0) {
        factor = w / min_width < h / min_height ? w / min_width : h / min_height;
        while (factor > 1 && ((w + factor - 1) / factor < min_width || (h + factor - 1) / factor < min_height)) factor--;
        if (factor < 1) factor = 1;
    }
    decoder->factor = factor;
    *width = (w + factor - 1) / factor;
    *height = (h + factor - 1) / factor;
    return CIMG_OK;
}

// Averages factor × factor blocks as rows arrive, alpha-weighted like Imaging's scaler: one
// row buffer instead of the whole picture.
static int read_reduced(struct cimg_png_decoder *decoder, png_uint_32 width, png_uint_32 height, int channels,
                        uint8_t *rgba, size_t stride, cimg_status *status) {
    uint32_t factor = decoder->factor;
    uint32_t out_width = (width + factor - 1) / factor;
    uint8_t *row = malloc((size_t)width * 4);
    uint64_t *sums = calloc((size_t)out_width * 4, sizeof *sums); // Σ a·r, Σ a·g, Σ a·b, Σ a
    if (row == NULL || sums == NULL) {
        free(row);
        free(sums);
        return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
    }
    if (setjmp(decoder->jump)) {
        free(row);
        free(sums);
        return cimg_fail(status, decoder->code, decoder->message);
    }
    uint32_t rows_in_block = 0, out_y = 0;
    for (png_uint_32 y = 0; y < height; y++) {
        cimg_png.read_row(decoder->png, row, NULL);
        const uint8_t *pixel = row;
        png_uint_32 x = 0;
        for (uint32_t column = 0; column < out_width; column++) {
            png_uint_32 end = x + factor < width ? x + factor : width;
            uint64_t *sum = sums + (size_t)column * 4;
            if (channels == 3) { // opaque: plain sums, weighed by alpha 255 once
                uint32_t r = 0, g = 0, b = 0;
                for (; x < end; x++, pixel += 3) {
                    r += pixel[0];
                    g += pixel[1];
                    b += pixel[2];
                }
                sum[0] += (uint64_t)r * 255;
                sum[1] += (uint64_t)g * 255;
                sum[2] += (uint64_t)b * 255;
                sum[3] += (uint64_t)255 * (end - (column * factor));
            } else {
                for (; x < end; x++, pixel += 4) {
                    unsigned alpha = pixel[3];
                    sum[0] += (uint64_t)pixel[0] * alpha;
                    sum[1] += (uint64_t)pixel[1] * alpha;
                    sum[2] += (uint64_t)pixel[2] * alpha;
                    sum[3] += alpha;
                }
            }
        }
        rows_in_block++;
        if (rows_in_block == factor || y + 1 == height) {
            uint8_t *out = rgba + (size_t)out_y * stride;
            for (uint32_t x = 0; x < out_width; x++, out += 4) {
                uint64_t *sum = sums + (size_t)x * 4;
                uint64_t count = (uint64_t)rows_in_block * ((x + 1) * factor <= width ? factor : width - x * factor);
                uint64_t alpha = sum[3];
                for (int c = 0; c < 3; c++) out[c] = alpha == 0 ? 0 : (uint8_t)((sum[c] + alpha / 2) / alpha);
                out[3] = (uint8_t)((alpha + count / 2) / count);
            }
            memset(sums, 0, (size_t)out_width * 4 * sizeof *sums);
            rows_in_block = 0;
            out_y++;
        }
    }
    free(row);
    free(sums);
    return CIMG_OK;
}

int cimg_png_read(struct cimg_png_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_uint_32 width = 0, height = 0;
    int depth = 0, type = 0;
    cimg_png.get_IHDR(png, info, &width, &height, &depth, &type, NULL, NULL, NULL);
    png_bytepp rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
    if (setjmp(decoder->jump)) {
        free(rows);
        return cimg_fail(status, decoder->code, decoder->message);
    }
    // Every kind of PNG to 8-bit RGB or RGBA (no gamma correction: a terminal's colours are
    // approximate anyway).
    if (type == PNG_COLOR_TYPE_PALETTE) cimg_png.set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) cimg_png.set_expand_gray_1_2_4_to_8(png);
    if (cimg_png.get_valid(png, info, PNG_INFO_tRNS)) cimg_png.set_tRNS_to_alpha(png);
    if (depth == 16) cimg_png.set_strip_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) cimg_png.set_gray_to_rgb(png);
    cimg_png.set_interlace_handling(png);
    cimg_png.read_update_info(png, info);
    int channels = cimg_png.get_channels(png, info);
    if (channels != 3 && channels != 4) {
        free(rows);
        return cimg_fail(status, CIMG_UNSUPPORTED, "libpng: unexpected channel count");
    }
    if (decoder->factor > 1) {
        free(rows);
        return read_reduced(decoder, width, height, channels, rgba, stride, status);
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * stride;
    cimg_png.read_image(png, rows);
    free(rows);
    // RGB rows were read into the start of each RGBA row: spread them out, from the end so
    // nothing is overwritten before it is moved. (libpng's own filler costs more.)
    if (channels == 3) {
        for (png_uint_32 y = 0; y < height; y++) {
            uint8_t *row = rgba + (size_t)y * stride;
            for (png_uint_32 x = width; x-- > 0;) {
                row[x * 4 + 3] = 255;
                row[x * 4 + 2] = row[x * 3 + 2];
                row[x * 4 + 1] = row[x * 3 + 1];
                row[x * 4] = row[x * 3];
            }
        }
    }
    return CIMG_OK;
}

static int fail_with_image(cimg_status *status, const png_image *image) {
    char message[200];
    snprintf(message, sizeof message, "libpng: %s", image->message[0] != 0 ? image->message : "unknown error");
    return cimg_fail(status, classify(image->message), message);
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
