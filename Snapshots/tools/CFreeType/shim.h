// The system's FreeType, for drawing the sample screenshots' texts, and wrappers for the macros Swift cannot see.
#ifndef LASSO_CFREETYPE_SHIM_H
#define LASSO_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H

/// The FT_LOAD_ flags are macros built from casts and shifts.
static inline FT_Int32 lasso_ft_load_default(void) { return FT_LOAD_DEFAULT; }
static inline FT_Int32 lasso_ft_load_render(void) { return FT_LOAD_RENDER; }
static inline FT_Int32 lasso_ft_load_no_bitmap(void) { return FT_LOAD_NO_BITMAP; }

#endif
