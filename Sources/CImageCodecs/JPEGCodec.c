// JPEG through libjpeg(-turbo). libjpeg reports a fatal error by calling `error_exit`, which
// must not return: ours longjmps back into the function that called the library, so every
// setjmp is in this file and no Swift frame is ever jumped over.
#include "Codecs.h"

#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// More scans than any real progressive JPEG has (libjpeg-turbo's own tools suggest 500): a
/// file made of thousands of tiny scans costs seconds of CPU.
#define MAX_SCANS 500
/// The most libjpeg may allocate for its own buffers (a progressive picture keeps all its
/// coefficients in memory: about 6 bytes a pixel).
#define MAX_LIBRARY_MEMORY (320L * 1024 * 1024)

/// What the callbacks need, for a decoder and an encoder alike.
struct jpeg_session {
    struct jpeg_error_mgr error;
    jmp_buf jump;
    /// The status a longjmp reports.
    int code;
    char message[JMSG_LENGTH_MAX + 16];
};

static void fail_session(j_common_ptr info, int code) {
    struct jpeg_session *session = (struct jpeg_session *)info->err;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    snprintf(session->message, sizeof session->message, "libjpeg: %s", text);
    session->code = code;
    longjmp(session->jump, 1);
}

static void on_error(j_common_ptr info) {
    int code = info->err->msg_code;
    int status = CIMG_CORRUPT;
    if (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) status = CIMG_NO_MEMORY;
    if (code == JERR_CONVERSION_NOTIMPL || code == JERR_NOT_COMPILED) status = CIMG_UNSUPPORTED;
    if (code == JERR_INPUT_EMPTY || code == JERR_INPUT_EOF) status = CIMG_TRUNCATED;
    if (code == JERR_EMPTY_IMAGE) status = CIMG_EMPTY;
    fail_session(info, status);
}

// Warnings that mean pixels are missing or invented end the decoding: libjpeg would otherwise
// fill the rest of the picture with grey and call it done. The others (unknown JFIF revision,
// extraneous bytes before a marker) lose nothing.
static void on_message(j_common_ptr info, int level) {
    if (level != -1) return; // trace messages
    info->err->num_warnings++;
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF: fail_session(info, CIMG_TRUNCATED); break;
    case JWRN_HIT_MARKER:
    case JWRN_MUST_RESYNC:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION: fail_session(info, CIMG_CORRUPT); break;
    default: break;
    }
}

static void on_progress(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > MAX_SCANS) {
        struct jpeg_session *session = (struct jpeg_session *)info->err;
        snprintf(session->message, sizeof session->message, "libjpeg: more than %d scans", MAX_SCANS);
        session->code = CIMG_CORRUPT;
        longjmp(session->jump, 1);
    }
}

static void start_session(struct jpeg_session *session) {
    cimg_jpeg.std_error(&session->error);
    session->error.error_exit = on_error;
    session->error.emit_message = on_message;
    session->code = CIMG_OK;
    session->message[0] = 0;
}

// MARK: - Decoding

struct cimg_jpeg_decoder {
    struct jpeg_session session; // first: libjpeg's `err` points here
    struct jpeg_decompress_struct info;
    struct jpeg_progress_mgr progress;
    int created;
    /// cimg_jpeg_reduce chose a smaller output.
    int reduced;
};

void cimg_jpeg_close(struct cimg_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) cimg_jpeg.destroy_decompress(&decoder->info);
    free(decoder);
}

struct cimg_jpeg_decoder *cimg_jpeg_open(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                         cimg_status *status) {
    const char *problem = cimg_load_jpeg();
    if (problem != NULL) {
        cimg_fail(status, CIMG_UNAVAILABLE, problem);
        return NULL;
    }
    struct cimg_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
        return NULL;
    }
    start_session(&decoder->session);
    decoder->info.err = &decoder->session.error;
    if (setjmp(decoder->session.jump)) {
        cimg_fail(status, decoder->session.code, decoder->session.message);
        cimg_jpeg_close(decoder);
        return NULL;
    }
    cimg_jpeg.CreateDecompress(&decoder->info, JPEG_LIB_VERSION, sizeof decoder->info);
    decoder->created = 1;
    decoder->info.mem->max_memory_to_use = MAX_LIBRARY_MEMORY;
    decoder->progress.progress_monitor = on_progress;
    decoder->info.progress = &decoder->progress;
    cimg_jpeg.mem_src(&decoder->info, data, (unsigned long)size);
    cimg_jpeg.read_header(&decoder->info, TRUE);
    *width = decoder->info.image_width;
    *height = decoder->info.image_height;
    return decoder;
}

// libjpeg-turbo converts everything but CMYK to RGBA itself; CMYK is converted after decoding.
static int choose_output(j_decompress_ptr info) {
    int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
    info->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    return cmyk;
}

int cimg_jpeg_reduce(struct cimg_jpeg_decoder *decoder, uint32_t min_width, uint32_t min_height, uint32_t *width,
                     uint32_t *height, cimg_status *status) {
    j_decompress_ptr info = &decoder->info;
    if (setjmp(decoder->session.jump)) {
        return cimg_fail(status, decoder->session.code, decoder->session.message);
    }
    // The smallest of 1/8, 1/4, 1/2 (libjpeg rounds each side up) that is still large enough.
    unsigned denominator = 1;
    for (unsigned d = 8; d >= 2; d /= 2) {
        if ((info->image_width + d - 1) / d >= min_width && (info->image_height + d - 1) / d >= min_height) {
            denominator = d;
            break;
        }
    }
    info->scale_num = 1;
    info->scale_denom = denominator;
    choose_output(info);
    cimg_jpeg.calc_output_dimensions(info);
    decoder->reduced = 1;
    *width = info->output_width;
    *height = info->output_height;
    return CIMG_OK;
}

int cimg_jpeg_read(struct cimg_jpeg_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status) {
    j_decompress_ptr info = &decoder->info;
    if (setjmp(decoder->session.jump)) {
        return cimg_fail(status, decoder->session.code, decoder->session.message);
    }
    int cmyk = choose_output(info);
    // The size promised: the whole picture, or what cimg_jpeg_reduce settled on.
    JDIMENSION width = info->image_width, height = info->image_height;
    if (decoder->reduced) {
        cimg_jpeg.calc_output_dimensions(info);
        width = info->output_width;
        height = info->output_height;
    }
    cimg_jpeg.start_decompress(info);
    if (info->output_width != width || info->output_height != height || info->output_components != 4) {
        return cimg_fail(status, CIMG_UNSUPPORTED, "libjpeg: unexpected output layout");
    }
    while (info->output_scanline < info->output_height) {
        JSAMPROW row = rgba + (size_t)info->output_scanline * stride;
        if (cimg_jpeg.read_scanlines(info, &row, 1) != 1) {
            return cimg_fail(status, CIMG_TRUNCATED, "libjpeg: the data ends early");
        }
    }
    cimg_jpeg.finish_decompress(info);
    if (cmyk) {
        // Adobe's CMYK JPEGs (the usual kind) store the inks inverted.
        int inverted = info->saw_Adobe_marker;
        for (JDIMENSION y = 0; y < info->output_height; y++) {
            uint8_t *pixel = rgba + (size_t)y * stride;
            for (JDIMENSION x = 0; x < info->output_width; x++, pixel += 4) {
                unsigned c = pixel[0], m = pixel[1], yellow = pixel[2], k = pixel[3];
                if (!inverted) {
                    c = 255 - c, m = 255 - m, yellow = 255 - yellow, k = 255 - k;
                }
                pixel[0] = (uint8_t)((c * k + 127) / 255);
                pixel[1] = (uint8_t)((m * k + 127) / 255);
                pixel[2] = (uint8_t)((yellow * k + 127) / 255);
                pixel[3] = 255;
            }
        }
    }
    return CIMG_OK;
}

// MARK: - Encoding

int cimg_encode_jpeg(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **out,
                     size_t *out_size, cimg_status *status) {
    cimg_fail(status, CIMG_OK, "");
    *out = NULL;
    *out_size = 0;
    const char *problem = cimg_load_jpeg();
    if (problem != NULL) return cimg_fail(status, CIMG_UNAVAILABLE, problem);
    if (width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        return cimg_fail(status, CIMG_UNSUPPORTED, "a JPEG is 1 to 65500 pixels a side");
    }
    // libjpeg writes into a buffer of ours that is large enough for any JPEG of this size, so
    // it never has to swap in one of its own (which an error would leak).
    size_t capacity = (size_t)width * height * 4 + 65536;
    unsigned char *ours = malloc(capacity);
    if (ours == NULL) return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
    unsigned char *buffer = ours;
    unsigned long length = capacity;
    struct jpeg_session session;
    struct jpeg_compress_struct info;
    memset(&info, 0, sizeof info);
    start_session(&session);
    info.err = &session.error;
    if (setjmp(session.jump)) {
        int code = cimg_fail(status, session.code, session.message);
        cimg_jpeg.destroy_compress(&info);
        free(ours);
        return code;
    }
    cimg_jpeg.CreateCompress(&info, JPEG_LIB_VERSION, sizeof info);
    cimg_jpeg.mem_dest(&info, &buffer, &length);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    cimg_jpeg.set_defaults(&info);
    cimg_jpeg.set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    cimg_jpeg.start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)info.next_scanline * width * 4);
        cimg_jpeg.write_scanlines(&info, &row, 1);
    }
    cimg_jpeg.finish_compress(&info);
    cimg_jpeg.destroy_compress(&info);
    if (buffer != ours) free(ours); // libjpeg needed more after all and made its own
    *out = buffer;
    *out_size = length;
    return CIMG_OK;
}
