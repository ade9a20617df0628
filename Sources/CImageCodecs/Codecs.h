// What the codec files share: the libraries' entry points (filled by dlsym) and status helpers.
#ifndef CIMAGECODECS_INTERNAL_H
#define CIMAGECODECS_INTERNAL_H

#include "CImageCodecs.h"

#include <stdio.h>
#include <png.h>
#include <jpeglib.h>
#include <gif_lib.h>

struct cimg_png_api {
    int (*image_begin_read_from_memory)(png_imagep, png_const_voidp, size_t);
    int (*image_finish_read)(png_imagep, png_const_colorp, void *, png_int_32, void *);
    void (*image_free)(png_imagep);
    int (*image_write_to_memory)(png_imagep, void *, png_alloc_size_t *, int, const void *, png_int_32,
                                 const void *);
};

struct cimg_jpeg_api {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*CreateDecompress)(j_decompress_ptr, int, size_t);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    boolean (*finish_decompress)(j_decompress_ptr);
    void (*destroy_decompress)(j_decompress_ptr);
    void (*CreateCompress)(j_compress_ptr, int, size_t);
    void (*mem_dest)(j_compress_ptr, unsigned char **, unsigned long *);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int, boolean);
    void (*start_compress)(j_compress_ptr, boolean);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
    void (*destroy_compress)(j_compress_ptr);
};

struct cimg_gif_api {
    GifFileType *(*DGifOpen)(void *, InputFunc, int *);
    int (*DGifGetRecordType)(GifFileType *, GifRecordType *);
    int (*DGifGetImageDesc)(GifFileType *);
    int (*DGifGetLine)(GifFileType *, GifPixelType *, int);
    int (*DGifGetExtension)(GifFileType *, int *, GifByteType **);
    int (*DGifGetExtensionNext)(GifFileType *, GifByteType **);
    int (*DGifCloseFile)(GifFileType *, int *);
    const char *(*GifErrorString)(int);
};

extern struct cimg_png_api cimg_png;
extern struct cimg_jpeg_api cimg_jpeg;
extern struct cimg_gif_api cimg_gif;

/// Loads the library on first use (once per process, thread-safe); NULL when it is ready,
/// else why it is not.
const char *cimg_load_png(void);
const char *cimg_load_jpeg(void);
const char *cimg_load_gif(void);

/// Sets `status` and returns `code`.
int cimg_fail(cimg_status *status, int code, const char *message);

/// What each format's decoder keeps between `cimg_open` and `cimg_read`.
struct cimg_png_decoder;
struct cimg_jpeg_decoder;
struct cimg_gif_decoder;

struct cimg_png_decoder *cimg_png_open(const uint8_t *, size_t, uint32_t *, uint32_t *, cimg_status *);
int cimg_png_read(struct cimg_png_decoder *, uint8_t *, size_t, cimg_status *);
void cimg_png_close(struct cimg_png_decoder *);

struct cimg_jpeg_decoder *cimg_jpeg_open(const uint8_t *, size_t, uint32_t *, uint32_t *, cimg_status *);
int cimg_jpeg_read(struct cimg_jpeg_decoder *, uint8_t *, size_t, cimg_status *);
void cimg_jpeg_close(struct cimg_jpeg_decoder *);

struct cimg_gif_decoder *cimg_gif_open(const uint8_t *, size_t, uint32_t *, uint32_t *, cimg_status *);
int cimg_gif_read(struct cimg_gif_decoder *, uint8_t *, size_t, cimg_status *);
void cimg_gif_close(struct cimg_gif_decoder *);

#endif
