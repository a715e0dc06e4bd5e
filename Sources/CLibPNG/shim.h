// The system's libpng: its simplified API for writing and for interlaced files, and a row-by-row reader for the rest.
#ifndef LASSO_CLIBPNG_SHIM_H
#define LASSO_CLIBPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// PNG_IMAGE_VERSION and PNG_FORMAT_RGB are macros Swift cannot see through in every libpng version.
static inline png_uint_32 lasso_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 lasso_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 lasso_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline int lasso_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }

/// A PNG in memory read one row at a time, always as 8-bit RGB.
///
/// libpng reports errors by longjmp; each function below sets its own jump point and returns 0 when libpng gave up,
/// with the reason in `message`, so no jump ever crosses a Swift frame.
typedef struct lasso_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *bytes;
    size_t count;
    size_t offset;
    png_uint_32 width;
    png_uint_32 height;
    int interlaced;
    char message[160];
} lasso_png_reader;

static void lasso_png_reader_error(png_structp png, png_const_charp text) {
    lasso_png_reader *reader = (lasso_png_reader *)png_get_error_ptr(png);
    strncpy(reader->message, text ? text : "no reason given", sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    png_longjmp(png, 1);
}

static void lasso_png_reader_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void lasso_png_reader_read(png_structp png, png_bytep out, size_t length) {
    lasso_png_reader *reader = (lasso_png_reader *)png_get_io_ptr(png);
    if (length > reader->count - reader->offset) png_error(png, "the file ends early");
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

/// Reads the header and sets up the conversion to 8-bit sRGB: palettes and grey expanded, 16 bits scaled down,
/// transparency composited on black. Skips the chunk CRCs and zlib's Adler-32 (corrupt data still stops with an
/// error from zlib or libpng, or gives wrong pixels; it never reads outside the file). 1 on success.
static inline int lasso_png_reader_open(lasso_png_reader *reader, const unsigned char *bytes, size_t count) {
    memset(reader, 0, sizeof *reader);
    reader->bytes = bytes;
    reader->count = count;
    reader->png = png_create_read_struct(
        PNG_LIBPNG_VER_STRING, reader, lasso_png_reader_error, lasso_png_reader_warning);
    if (!reader->png) {
        strcpy(reader->message, "libpng would not start");
        return 0;
    }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        strcpy(reader->message, "libpng would not start");
        return 0;
    }
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_set_read_fn(reader->png, reader, lasso_png_reader_read);
    png_set_crc_action(reader->png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#ifdef PNG_IGNORE_ADLER32
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    // Out in sRGB; set before the header is read so that a gAMA chunk still counts (without one, a file is taken
    // as sRGB already and nothing is converted).
    png_set_gamma(reader->png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
    png_read_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    reader->interlaced = png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
    int type = png_get_color_type(reader->png, reader->info);
    int depth = png_get_bit_depth(reader->png, reader->info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(reader->png);
    if ((type & PNG_COLOR_MASK_COLOR) == 0 && depth < 8) png_set_expand_gray_1_2_4_to_8(reader->png);
    if (png_get_valid(reader->png, reader->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(reader->png);
    if (depth == 16) png_set_scale_16(reader->png);
    if ((type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(reader->png);
    if ((type & PNG_COLOR_MASK_ALPHA) || png_get_valid(reader->png, reader->info, PNG_INFO_tRNS)) {
        png_color_16 black;
        memset(&black, 0, sizeof black);
        png_set_background_fixed(reader->png, &black, PNG_BACKGROUND_GAMMA_SCREEN, 0, PNG_FP_1);
    }
    png_read_update_info(reader->png, reader->info);
    if (png_get_rowbytes(reader->png, reader->info) != (size_t)reader->width * 3) {
        strcpy(reader->message, "a PNG libpng would not turn into 8-bit RGB");
        return 0;
    }
    return 1;
}

/// Reads the next row into `row` (width × 3 bytes). 1 on success.
static inline int lasso_png_reader_row(lasso_png_reader *reader, unsigned char *row) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_row(reader->png, row, NULL);
    return 1;
}

/// Frees what libpng holds.
static inline void lasso_png_reader_close(lasso_png_reader *reader) {
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    reader->png = NULL;
    reader->info = NULL;
}

/// A PNG written into memory, growing as libpng writes; `bytes` is the caller's to free().
typedef struct lasso_png_writer {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    char message[160];
} lasso_png_writer;

static void lasso_png_writer_write(png_structp png, png_bytep data, size_t length) {
    lasso_png_writer *writer = (lasso_png_writer *)png_get_io_ptr(png);
    if (writer->count + length > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 65536;
        while (capacity < writer->count + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(writer->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->count, data, length);
    writer->count += length;
}

static void lasso_png_writer_flush(png_structp png) { (void)png; }

static void lasso_png_writer_error(png_structp png, png_const_charp text) {
    lasso_png_writer *writer = (lasso_png_writer *)png_get_error_ptr(png);
    strncpy(writer->message, text ? text : "no reason given", sizeof writer->message - 1);
    writer->message[sizeof writer->message - 1] = 0;
    png_longjmp(png, 1);
}

/// Writes `height` rows of 8-bit RGB as a PNG with zlib at `level` (0-9) and the Sub filter on every row: the
/// simplified API's one call sizes the file by writing it twice at its default level, which a terminal picture sent
/// on every key cannot afford. 1 on success.
static inline int lasso_png_write_rgb(
    lasso_png_writer *writer, const unsigned char *pixels, png_uint_32 width, png_uint_32 height, int level) {
    memset(writer, 0, sizeof *writer);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, lasso_png_writer_error, lasso_png_reader_warning);
    if (!png) {
        strcpy(writer->message, "libpng would not start");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        if (!info) strcpy(writer->message, "libpng would not start");
        return 0;
    }
    png_set_write_fn(png, writer, lasso_png_writer_write, lasso_png_writer_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
        PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_write_info(png, info);
    for (png_uint_32 row = 0; row < height; row++) png_write_row(png, pixels + (size_t)row * width * 3);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 1;
}

#endif
