/* SPDX-License-Identifier: BSD-3-Clause */
/* The measured loops, apart from the harness that instruments them. */
#include "kernels.h"

#include <math.h>

void element_copy(double *c, const double *a, size_t n, hook_fn *after,
		  void *ctx)
{
	for (size_t i = 0; i < n; i++) {
		c[i] = a[i];
		if (after)
			after(ctx);
	}
}

void stream_round(double *a, double *b, double *c, size_t n, double s,
		  hook_fn *after, void *ctx)
{
	for (size_t i = 0; i < n; i++)
		c[i] = a[i];
	if (after)
		after(ctx);
	for (size_t i = 0; i < n; i++)
		b[i] = s * c[i];
	if (after)
		after(ctx);
	for (size_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
	if (after)
		after(ctx);
	for (size_t i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
	if (after)
		after(ctx);
}

void sobel(const unsigned char *in, unsigned char *out, int w, int h,
	   hook_fn *after, void *ctx)
{
	static const int gx[3][3] = { { -1, 0, 1 },
				      { -2, 0, 2 },
				      { -1, 0, 1 } };
	static const int gy[3][3] = { { -1, -2, -1 },
				      { 0, 0, 0 },
				      { 1, 2, 1 } };

	for (int y = 1; y < h - 1; y++)
		for (int x = 1; x < w - 1; x++) {
			int sx = 0, sy = 0;
			double g;

			for (int j = -1; j <= 1; j++)
				for (int i = -1; i <= 1; i++) {
					int p = in[(y + j) * w + x + i];

					sx += gx[j + 1][i + 1] * p;
					sy += gy[j + 1][i + 1] * p;
				}
			g = sqrt((double)(sx * sx + sy * sy));
			out[y * w + x] = (unsigned char)(g > 255 ? 255 : g);
			if (after)
				after(ctx);
		}
}
