#ifndef LASSO_CQRENCODE_SHIM_H
#define LASSO_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
