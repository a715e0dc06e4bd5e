// The system's libpng (its simplified read/write API), for decoding and writing screenshots.
#ifndef LASSO_CLIBPNG_SHIM_H
#define LASSO_CLIBPNG_SHIM_H

#include <png.h>

/// PNG_IMAGE_VERSION and PNG_FORMAT_RGB are macros Swift cannot see through in every libpng version.
static inline png_uint_32 lasso_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 lasso_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline int lasso_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }

#endif
