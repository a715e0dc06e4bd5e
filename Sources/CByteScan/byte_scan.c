// The scan is inline in its header, so that it compiles into the Swift that calls it; this file makes the target.
#include "byte_scan.h"
