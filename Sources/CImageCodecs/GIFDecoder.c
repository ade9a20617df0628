// The first frame of a GIF through giflib's low-level reader: the frames after it are never
// decoded (DGifSlurp would read them all).
#include "Codecs.h"

#include <stdlib.h>
#include <string.h>

struct gif_input {
    const uint8_t *data;
    size_t size;
    size_t position;
    /// giflib asked for more than was left.
    int ran_out;
};

struct cimg_gif_decoder {
    struct gif_input input;
    GifFileType *file;
    /// The palette index drawn as transparent, or -1.
    int transparent;
    uint32_t width;
    uint32_t height;
};

static int read_input(GifFileType *file, GifByteType *buffer, int count) {
    struct gif_input *input = file->UserData;
    size_t available = input->size - input->position;
    size_t n = count < 0 ? 0 : (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, input->data + input->position, n);
    input->position += n;
    if (n < (size_t)count) input->ran_out = 1;
    return (int)n;
}

// giflib names a short read after what it was reading ("No screen descriptor detected"), so
// running out of input is what tells a truncated file from a damaged one.
static int fail_gif(cimg_status *status, int error, const struct gif_input *input) {
    char message[200];
    const char *text = cimg_gif.GifErrorString(error);
    snprintf(message, sizeof message, "giflib: %s", text != NULL ? text : "unknown error");
    int code = CIMG_CORRUPT;
    if (input->ran_out || error == D_GIF_ERR_READ_FAILED || error == D_GIF_ERR_EOF_TOO_SOON) code = CIMG_TRUNCATED;
    if (error == D_GIF_ERR_NOT_ENOUGH_MEM) code = CIMG_NO_MEMORY;
    return cimg_fail(status, code, message);
}

void cimg_gif_close(struct cimg_gif_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->file != NULL) {
        int ignored = 0;
        cimg_gif.DGifCloseFile(decoder->file, &ignored);
    }
    free(decoder);
}

// Reads up to the first image descriptor, keeping the transparent index of a graphic control
// extension met on the way.
static int find_first_frame(struct cimg_gif_decoder *decoder, cimg_status *status) {
    GifFileType *file = decoder->file;
    for (;;) {
        GifRecordType type;
        if (cimg_gif.DGifGetRecordType(file, &type) == GIF_ERROR) return fail_gif(status, file->Error, &decoder->input);
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE:
            if (cimg_gif.DGifGetImageDesc(file) == GIF_ERROR) return fail_gif(status, file->Error, &decoder->input);
            return CIMG_OK;
        case EXTENSION_RECORD_TYPE: {
            int function = 0;
            GifByteType *block = NULL;
            if (cimg_gif.DGifGetExtension(file, &function, &block) == GIF_ERROR) return fail_gif(status, file->Error, &decoder->input);
            // Graphic control: [size 4] packed, delay (2 bytes), transparent index.
            if (function == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
                decoder->transparent = (block[1] & 1) ? block[4] : -1;
            }
            while (block != NULL) {
                if (cimg_gif.DGifGetExtensionNext(file, &block) == GIF_ERROR) return fail_gif(status, file->Error, &decoder->input);
            }
            break;
        }
        case TERMINATE_RECORD_TYPE: return cimg_fail(status, CIMG_CORRUPT, "the GIF holds no picture");
        default: return cimg_fail(status, CIMG_CORRUPT, "giflib: unknown record type");
        }
    }
}

struct cimg_gif_decoder *cimg_gif_open(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                       cimg_status *status) {
    const char *problem = cimg_load_gif();
    if (problem != NULL) {
        cimg_fail(status, CIMG_UNAVAILABLE, problem);
        return NULL;
    }
    struct cimg_gif_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
        return NULL;
    }
    decoder->input = (struct gif_input){data, size, 0, 0};
    decoder->transparent = -1;
    int error = 0;
    decoder->file = cimg_gif.DGifOpen(&decoder->input, read_input, &error);
    if (decoder->file == NULL) {
        fail_gif(status, error, &decoder->input);
        free(decoder);
        return NULL;
    }
    if (find_first_frame(decoder, status) != CIMG_OK) {
        cimg_gif_close(decoder);
        return NULL;
    }
    const GifImageDesc *frame = &decoder->file->Image;
    if (frame->Width <= 0 || frame->Height <= 0 || frame->Left < 0 || frame->Top < 0) {
        cimg_fail(status, frame->Left < 0 || frame->Top < 0 ? CIMG_CORRUPT : CIMG_EMPTY, "the GIF's first frame is empty");
        cimg_gif_close(decoder);
        return NULL;
    }
    if (frame->ColorMap == NULL && decoder->file->SColorMap == NULL) {
        cimg_fail(status, CIMG_CORRUPT, "the GIF has no colour table");
        cimg_gif_close(decoder);
        return NULL;
    }
    // The canvas is the logical screen, grown to hold the frame should it reach outside.
    uint32_t right = (uint32_t)frame->Left + (uint32_t)frame->Width;
    uint32_t bottom = (uint32_t)frame->Top + (uint32_t)frame->Height;
    uint32_t screen_width = decoder->file->SWidth > 0 ? (uint32_t)decoder->file->SWidth : 0;
    uint32_t screen_height = decoder->file->SHeight > 0 ? (uint32_t)decoder->file->SHeight : 0;
    decoder->width = screen_width > right ? screen_width : right;
    decoder->height = screen_height > bottom ? screen_height : bottom;
    *width = decoder->width;
    *height = decoder->height;
    return decoder;
}

int cimg_gif_read(struct cimg_gif_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status) {
    GifFileType *file = decoder->file;
    const GifImageDesc *frame = &file->Image;
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : file->SColorMap;
    for (uint32_t y = 0; y < decoder->height; y++) memset(rgba + (size_t)y * stride, 0, (size_t)decoder->width * 4);
    GifPixelType *line = malloc((size_t)frame->Width);
    if (line == NULL) return cimg_fail(status, CIMG_NO_MEMORY, "out of memory");
    // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from
    // 2, every 2nd from 1.
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int row = start; row < frame->Height; row += step) {
            if (cimg_gif.DGifGetLine(file, line, frame->Width) == GIF_ERROR) {
                free(line);
                return fail_gif(status, file->Error, &decoder->input);
            }
            uint8_t *out = rgba + (size_t)(frame->Top + row) * stride + (size_t)frame->Left * 4;
            for (int x = 0; x < frame->Width; x++, out += 4) {
                int index = line[x];
                if (index == decoder->transparent) continue;
                // An index past the table (a damaged or sloppy file) shows black, as browsers do.
                GifColorType color = index < map->ColorCount ? map->Colors[index] : (GifColorType){0, 0, 0};
                out[0] = color.Red;
                out[1] = color.Green;
                out[2] = color.Blue;
                out[3] = 255;
            }
        }
    }
    free(line);
    return CIMG_OK;
}
