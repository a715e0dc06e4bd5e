// The one byte search lasso's JSON scanning needs vector instructions for: the end of a string's plain run.
#ifndef LASSO_BYTE_SCAN_H
#define LASSO_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

/// The offset from `bytes` of the first of its `count` bytes that a JSON string scan must look at: a quote, a
/// backslash, a control character (below 0x20) or a byte of a multi-byte character (0x80 and up); `count` when none
/// is. Sixteen bytes are compared at a time (SSE2 on x86-64, NEON on ARM), the last few one by one.
static inline size_t lasso_string_run(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    for (; index + 16 <= count; index += 16) {
        const __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        // Signed, bytes from 0x80 up are negative: "below a space" takes them with the controls.
        const __m128i found = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
            _mm_cmplt_epi8(block, space));
        const int mask = _mm_movemask_epi8(found);
        if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    }
#elif defined(__ARM_NEON)
    const uint8x16_t quote = vdupq_n_u8('"');
    const uint8x16_t backslash = vdupq_n_u8('\\');
    const uint8x16_t space = vdupq_n_u8(0x20);
    const uint8x16_t high = vdupq_n_u8(0x7F);
    for (; index + 16 <= count; index += 16) {
        const uint8x16_t block = vld1q_u8(bytes + index);
        const uint8x16_t found = vorrq_u8(
            vorrq_u8(vceqq_u8(block, quote), vceqq_u8(block, backslash)),
            vorrq_u8(vcltq_u8(block, space), vcgtq_u8(block, high)));
        if (vmaxvq_u8(found) != 0) break;
    }
#endif
    for (; index < count; index++) {
        const uint8_t byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80) return index;
    }
    return count;
}

#endif
