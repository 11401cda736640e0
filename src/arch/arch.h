/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_ARCH_H
#define PAPI_ARCH_ARCH_H

/*
 * Processor instructions, one header per architecture, each function tiny and
 * inline. The generic version says "unavailable" and callers fall back to
 * the OS (clock_gettime, read()).
 */
#if defined(__x86_64__) || defined(__i386__)
#include "arch/x86/arch_x86.h"
#elif defined(__aarch64__)
#include "arch/arm64/arch_arm64.h"
#else
#include "arch/generic/arch_generic.h"
#endif

#endif
