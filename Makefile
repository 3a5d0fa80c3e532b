# Inkling — common tasks. The README's quick start uses `make demo` and `make test`.

SWIFT ?= swift
CONFIG ?= debug
OUT ?= out
FUZZ_SECONDS ?= 600

.PHONY: all deps build release demo test fuzz bench clean

all: build

## Install the system libraries Inkling needs (only those missing).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release --product inkling

## The main job: rasterize a bundled sketch into guidance maps in $(OUT)/.
demo: release
	@mkdir -p $(OUT)
	@bin="$$($(SWIFT) build -c release --show-bin-path)/inkling"; \
	set -e; \
	echo "+ inkling validate Strokes/tablet-pen-house.json"; \
	"$$bin" validate Strokes/tablet-pen-house.json; \
	for encoding in scribble soft; do \
		echo "+ inkling guide Strokes/tablet-pen-house.json --size 1024x768 --encoding $$encoding -o $(OUT)/house-$$encoding.png"; \
		"$$bin" guide Strokes/tablet-pen-house.json --size 1024x768 --encoding $$encoding -o $(OUT)/house-$$encoding.png; \
	done; \
	echo "wrote $(OUT)/house-scribble.png and $(OUT)/house-soft.png"

## Build and run every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Fuzz the stroke JSON decoder with libFuzzer for FUZZ_SECONDS (default 600).
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

## Benchmarks side by side with their peers (installs the peers into Benchmarks/.venv from PyPI).
bench: deps
	Benchmarks/run.sh

clean:
	rm -rf .build $(OUT) Fuzz/corpus-work
