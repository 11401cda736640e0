# SPDX-License-Identifier: BSD-3-Clause
#
# Thin wrapper around CMake and CTest; the real build is CMakeLists.txt.
#   make                    install missing packages, configure, build
#   make check              build and run all tests (CTEST_ARGS=... passed on)
#   make check-asan         the same with ASan+UBSan, in build-asan/
#   make check-tsan         the stress tests and the API tests that start
#                           threads under ThreadSanitizer, in build-tsan/
#   make check-pmu          tests on a VM with a real PMU (tests/pmu-vm)
#   make demo               build and run scripts/demo.sh
#   make figures            measure every figure README and docs quote
#                           (scripts/figures.sh; docs/figures.md)
#   make install PREFIX=... install (default PREFIX=/usr/local)
#   make ci                 check, check-asan, check-tsan, check-pmu: what
#                           CI runs
#   make deb                Debian packages into build-deb/deb/
#                           (docs/packaging.md)
#   make clean              remove the build directories

PREFIX     ?= /usr/local
BUILD_TYPE ?= RelWithDebInfo
JOBS       ?= 2
CTEST_ARGS ?=
BUILD      := build
BUILD_ASAN := build-asan
BUILD_TSAN := build-tsan

MAKEFLAGS += --no-print-directory

CTEST = ctest --output-on-failure --no-tests=error -j$(JOBS) $(CTEST_ARGS) --test-dir

.PHONY: all deps build build-asan build-tsan check check-asan check-tsan \
	check-pmu demo install ci clean figures deb

# Default: packages, configure (first time only), build.
all: build

# Install the Debian packages the build and tests need, if any are missing.
deps:
	@bash scripts/install-deps.sh --check || bash scripts/install-deps.sh

# Configure build/ once, then build it.
build: deps
	@test -f $(BUILD)/CMakeCache.txt || \
		cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build $(BUILD) -j$(JOBS)

# Configure build-asan/ (ASan + UBSan) once, then build it.
build-asan: deps
	@test -f $(BUILD_ASAN)/CMakeCache.txt || \
		cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
		-DPAPI_SANITIZE=ON
	cmake --build $(BUILD_ASAN) -j$(JOBS)

# Build, then run every test.
check: build
	$(CTEST) $(BUILD)

# Build with sanitizers, then run every test.
check-asan: build-asan
	$(CTEST) $(BUILD_ASAN)

# Configure build-tsan/ (ThreadSanitizer) once, then build it.
build-tsan: deps
	@test -f $(BUILD_TSAN)/CMakeCache.txt || \
		cmake -S . -B $(BUILD_TSAN) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
		-DPAPI_TSAN=ON
	cmake --build $(BUILD_TSAN) -j$(JOBS)

# The stress suite and the threaded API tests under ThreadSanitizer;
# suppressions, each with its reason, in tests/tsan.supp.
check-tsan: build-tsan
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp $(TSAN_OPTIONS)" \
		$(CTEST) $(BUILD_TSAN) -L '^(stress|threads)$$'

# Tests on a VM with a real PMU; skipped until tests/pmu-vm/run.sh exists.
check-pmu:
	@if [ -f tests/pmu-vm/run.sh ]; then \
		bash tests/pmu-vm/run.sh; \
	else \
		echo "check-pmu: SKIPPED: tests/pmu-vm/run.sh does not exist yet"; \
	fi

# Build, then run the demo.
demo: build
	bash scripts/demo.sh

# Measure every figure README.md and docs/ quote, rewrite the quotes
# (about 15 minutes: the PMU machine, the labs, the host benchmarks).
figures: build
	bash scripts/figures.sh

# Configure build/ for PREFIX, build, install.
install: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
		-DCMAKE_INSTALL_PREFIX=$(PREFIX)
	cmake --build $(BUILD) -j$(JOBS)
	cmake --install $(BUILD)

# Debian packages (CPack, cmake/packaging.cmake): a /usr build in build-deb/.
deb: deps
	cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
		-DCMAKE_INSTALL_PREFIX=/usr -DBUILD_TESTING=OFF
	cmake --build build-deb -j$(JOBS)
	cd build-deb && cpack -G DEB
	@ls build-deb/deb/*.deb

# What CI runs (.ci/run): each step only after the previous one passed.
ci:
	$(MAKE) check
	$(MAKE) check-asan
	$(MAKE) check-tsan
	$(MAKE) check-pmu

# Remove the build directories.
clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN) build-deb
