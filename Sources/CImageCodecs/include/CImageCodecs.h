// PNG and JPEG through the system's libpng and libjpeg-turbo, loaded with dlopen
// the first time a picture is decoded or encoded (see Docs/images.md, "Libraries"): the app's
// first frame never pays for mapping them. Both libpng and libjpeg report errors by longjmp, so
// every setjmp stays here in C; Swift sees plain functions that return a status.
//
// Only this header is visible to Swift: the libraries' own headers are used by the .c files.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// What a call ended with.
enum {
    CIMG_OK = 0,
    /// The library could not be loaded (`message` names it and the package to install).
    CIMG_UNAVAILABLE = 1,
    /// The data breaks the format's rules (bad chunk, bad Huffman code, CRC mismatch…).
    CIMG_CORRUPT = 2,
    /// The data ends before the picture does.
    CIMG_TRUNCATED = 3,
    /// Valid, but a variant the decoder does not handle.
    CIMG_UNSUPPORTED = 4,
    /// An allocation failed, or the library's own memory cap was reached.
    CIMG_NO_MEMORY = 5,
    /// The header declares a picture with no pixels.
    CIMG_EMPTY = 6,
};

typedef struct {
    int code;
    /// The library's own words, for the error shown to the user.
    char message[200];
} cimg_status;

typedef enum {
    CIMG_FORMAT_PNG = 1,
    CIMG_FORMAT_JPEG = 2,
} cimg_format;

/// An image whose header has been read and whose pixels have not.
typedef struct cimg_decoder cimg_decoder;

/// Reads the header of `data` (which must stay valid until `cimg_close`): `*width` and
/// `*height` are the size the pixels will have. Nothing proportional to the picture's size is allocated yet, so the caller can refuse
/// a size before paying for it. NULL on failure, with `status` saying why.
cimg_decoder *cimg_open(cimg_format format, const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                        cimg_status *status);

/// Asks for a smaller picture when the format can make one cheaply while decoding, never
/// smaller than `min_width` × `min_height`: a JPEG at 1/2, 1/4 or 1/8 of each side through its
/// DCT; a non-interlaced PNG averaged over k × k blocks row by row as it is read (no full-size
/// buffer). `*width` and `*height` become the size `cimg_read` will produce.
int cimg_reduce(cimg_decoder *decoder, uint32_t min_width, uint32_t min_height, uint32_t *width, uint32_t *height,
                cimg_status *status);

/// Decodes the pixels as 8-bit RGBA, rows `stride` bytes apart, into `rgba` (at least
/// `stride * height` bytes). Returns CIMG_OK, or an error with `status` filled: a picture that
/// is cut short or damaged is an error, never a partly grey one.
int cimg_read(cimg_decoder *decoder, uint8_t *rgba, size_t stride, cimg_status *status);

/// Frees the decoder (NULL is fine).
void cimg_close(cimg_decoder *decoder);

/// Encodes `width` × `height` RGBA pixels (rows `width * 4` bytes apart) as a PNG with an alpha
/// channel. On success `*out` holds `*out_size` bytes to release with `cimg_free`.
int cimg_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **out, size_t *out_size,
                    cimg_status *status);

/// Encodes RGBA pixels as a baseline JPEG of `quality` (1…100); alpha is ignored.
int cimg_encode_jpeg(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **out,
                     size_t *out_size, cimg_status *status);

/// Releases what an encoder returned.
void cimg_free(void *memory);

#endif
