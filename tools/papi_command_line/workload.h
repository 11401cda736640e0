/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CL_WORKLOAD_H
#define PAPI_CL_WORKLOAD_H

/* The known work measured around (workload.c). */
void papi_cl_workload(void);

#endif
