/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TOOL_HEADER_H
#define PAPI_TOOL_HEADER_H
/*
 * The machine summary PAPI's listing tools start with (papi_avail,
 * papi_component_avail, papi_native_avail, papi_event_chooser). Public API
 * only; header-only because the build makes one program per tools/<name>/
 * directory and this directory holds no program. err is the tool's own
 * message when the hardware information is missing (PAPI's tools differ).
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>

#define HDR_DASHES \
	"--------------------------------------------------------------------------------"

static void papi_tool_header(const char *title, const char *err)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();
	const PAPI_component_info_t *c0 = PAPI_get_component_info(0);
	int v = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	struct utsname un;
	int n;

	printf("%s\n%s\n", title, HDR_DASHES);
	if (hw == NULL) {
		fputs(err, stderr);
		exit(1);
	}
	printf("PAPI version             : %d.%d.%d.%d\n",
	       PAPI_VERSION_MAJOR(v), PAPI_VERSION_MINOR(v),
	       PAPI_VERSION_REVISION(v), PAPI_VERSION_INCREMENT(v));
	if (uname(&un) == 0)
		printf("Operating system         : %s %s\n", un.sysname,
		       un.release);
	printf("Vendor string and code   : %s (%d, 0x%x)\n", hw->vendor_string,
	       hw->vendor, (unsigned int)hw->vendor);
	printf("Model string and code    : %s (%d, 0x%x)\n", hw->model_string,
	       hw->model, (unsigned int)hw->model);
	printf("CPU revision             : %f\n", (double)hw->revision);
	printf("CPUID                    : Family/Model/Stepping %d/%d/%d, "
	       "0x%02x/0x%02x/0x%02x\n",
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping,
	       (unsigned int)hw->cpuid_family, (unsigned int)hw->cpuid_model,
	       (unsigned int)hw->cpuid_stepping);
	printf("CPU Max MHz              : %d\n", hw->cpu_max_mhz);
	printf("CPU Min MHz              : %d\n", hw->cpu_min_mhz);
	printf("Total cores              : %d\n", hw->totalcpus);
	printf("SMT threads per core     : %d\n", hw->threads);
	printf("Cores per socket         : %d\n", hw->cores);
	printf("Sockets                  : %d\n", hw->sockets);
	printf("Cores per NUMA region    : %d\n", hw->ncpu);
	printf("NUMA regions             : %d\n", hw->nnodes);
	printf("Running in a VM          : %s\n",
	       hw->virtualized ? "yes" : "no");
	if (hw->virtualized)
		printf("VM Vendor                : %s\n",
		       hw->virtual_vendor_string);
	n = PAPI_get_opt(PAPI_MAX_HWCTRS, NULL);
	if (n >= 0)
		printf("Number Hardware Counters : %d\n", n);
	else
		printf("Number Hardware Counters : PAPI error %d: %s\n", n,
		       PAPI_strerror(n));
	n = PAPI_get_opt(PAPI_MAX_MPX_CTRS, NULL);
	if (n >= 0)
		printf("Max Multiplex Counters   : %d\n", n);
	else
		printf("Max Multiplex Counters   : PAPI error %d: %s\n", n,
		       PAPI_strerror(n));
	printf("Fast counter read (rdpmc): %s\n",
	       c0 != NULL && c0->fast_counter_read ? "yes" : "no");
	printf("%s\n\n", HDR_DASHES);
}

#endif
