/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_DEVINFO_H
#define PAPI_CORE_DEVINFO_H

#include "papi.h"

/* The device query calls behind PAPI_enum_dev_type and friends. A handle is
 * a pointer to one of the library's device-type descriptors. */
int papi__dev_enum(int modifier, void **handle);
int papi__dev_type_attr(void *handle, PAPI_dev_type_attr_e attr, void *value);
int papi__dev_attr(void *handle, int id, PAPI_dev_attr_e attr, void *value);

#endif
