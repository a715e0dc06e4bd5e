// The system's libjpeg-turbo through its TurboJPEG API, for decoding and writing screenshots.
#ifndef LASSO_CTURBOJPEG_SHIM_H
#define LASSO_CTURBOJPEG_SHIM_H

#include <stddef.h>
#include <turbojpeg.h>

#endif
