// The system's zlib, for reading gzip-compressed event logs.
#ifndef LASSO_CZLIB_SHIM_H
#define LASSO_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro Swift cannot call; 15 + 32 reads gzip and zlib headers alike.
static inline int lasso_inflate_init_gzip(z_stream *stream) { return inflateInit2(stream, 15 + 32); }

#endif
