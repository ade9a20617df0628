// What the codec files share: the libraries' entry points (filled by dlsym) and status helpers.
#ifndef CIMAGECODECS_INTERNAL_H
#define CIMAGECODECS_INTERNAL_H

#include "CImageCodecs.h"

#include <stdio.h>
#include <png.h>
#include <jpeglib.h>

struct cimg_png_api {
    // Reading: the low-level API (the simplified one converts rows through its own buffers, a
    // quarter slower on a photograph).
    png_structp (*create_read_struct)(png_const_charp, png_voidp, png_error_ptr, png_error_ptr);
    png_infop (*create_info_struct)(png_const_structrp);
    void (*destroy_read_struct)(png_structpp, png_infopp, png_infopp);
    void (*set_read_fn)(png_structrp, png_voidp, png_rw_ptr);
    png_voidp (*get_io_ptr)(png_const_structrp);
    png_voidp (*get_error_ptr)(png_const_structrp);
    void (*read_info)(png_structrp, png_inforp);
    png_uint_32 (*get_IHDR)(png_const_structrp, png_const_inforp, png_uint_32 *, png_uint_32 *, int *, int *, int *,
                            int *, int *);
    png_uint_32 (*get_valid)(png_const_structrp, png_const_inforp, png_uint_32);
    void (*set_palette_to_rgb)(png_structrp);
    void (*set_expand_gray_1_2_4_to_8)(png_structrp);
    void (*set_tRNS_to_alpha)(png_structrp);
    void (*set_strip_16)(png_structrp);
    void (*set_gray_to_rgb)(png_structrp);
    int (*set_interlace_handling)(png_structrp);
    void (*read_update_info)(png_structrp, png_inforp);
    png_byte (*get_channels)(png_const_structrp, png_const_inforp);
    void (*read_image)(png_structrp, png_bytepp);
    void (*read_row)(png_structrp, png_bytep, png_bytep);
    // Writing: the simplified API.
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
    void (*calc_output_dimensions)(j_decompress_ptr);
    void (*CreateCompress)(j_compress_ptr, int, size_t);
    void (*mem_dest)(j_compress_ptr, unsigned char **, unsigned long *);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int, boolean);
    void (*start_compress)(j_compress_ptr, boolean);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
    void (*destroy_compress)(j_compress_ptr);
};

extern struct cimg_png_api cimg_png;
extern struct cimg_jpeg_api cimg_jpeg;

/// Loads the library on first use (once per process, thread-safe); NULL when it is ready,
/// else why it is not.
const char *cimg_load_png(void);
const char *cimg_load_jpeg(void);

/// Sets `status` and returns `code`.
int cimg_fail(cimg_status *status, int code, const char *message);

/// What each format's decoder keeps between `cimg_open` and `cimg_read`.
struct cimg_png_decoder;
struct cimg_jpeg_decoder;

struct cimg_png_decoder *cimg_png_open(const uint8_t *, size_t, uint32_t *, uint32_t *, cimg_status *);
int cimg_png_read(struct cimg_png_decoder *, uint8_t *, size_t, cimg_status *);
int cimg_png_reduce(struct cimg_png_decoder *, uint32_t, uint32_t, uint32_t *, uint32_t *);
void cimg_png_close(struct cimg_png_decoder *);

struct cimg_jpeg_decoder *cimg_jpeg_open(const uint8_t *, size_t, uint32_t *, uint32_t *, cimg_status *);
int cimg_jpeg_read(struct cimg_jpeg_decoder *, uint8_t *, size_t, cimg_status *);
int cimg_jpeg_reduce(struct cimg_jpeg_decoder *, uint32_t, uint32_t, uint32_t *, uint32_t *, cimg_status *);
void cimg_jpeg_close(struct cimg_jpeg_decoder *);

#endif
