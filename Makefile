# Inkling — common tasks. The README's quick start uses `make demo` and `make test`.

SWIFT ?= swift
CONFIG ?= debug
OUT ?= out
FUZZ_SECONDS ?= 600

.PHONY: all deps build release demo contact-sheet test check agreement browser-test fuzz bench serve-load soak real-engines clean

all: build

## Install the system libraries Inkling needs (only those missing).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release --product inkling

## The main job: paint a bundled sketch and a prompt with the built-in engine into $(OUT)/,
## next to the sketch's guidance maps.
## `swift test` with its output written line by line (a pipe would hold up to 4 KB back, so a
## log cut by a kill would not name the test that was running) and a bound of 40 minutes
## (it takes about 10 on CI's 2 cores): a hang fails with exit 124 and the hung test is the
## last one the log shows started.
SWIFT_TEST_MINUTES ?= 40
SWIFT_TEST = stdbuf -oL -eL timeout --kill-after=30s $(SWIFT_TEST_MINUTES)m $(SWIFT) test

DEMO_PROMPT ?= a cosy house under a spring sky with cherry blossoms
demo: release
	@mkdir -p $(OUT)
	@bin="$$($(SWIFT) build -c release --show-bin-path)/inkling"; \
	set -e; \
	echo "+ inkling validate Strokes/tablet-pen-house.json"; \
	"$$bin" validate Strokes/tablet-pen-house.json; \
	for encoding in scribble soft; do \
		echo "+ inkling guide Strokes/tablet-pen-house.json --size 1024x768 --encoding $$encoding --overwrite -o $(OUT)/house-$$encoding.png"; \
		"$$bin" guide Strokes/tablet-pen-house.json --size 1024x768 --encoding $$encoding --overwrite -o $(OUT)/house-$$encoding.png; \
	done; \
	echo "+ inkling render Strokes/tablet-pen-house.json --prompt \"$(DEMO_PROMPT)\" --style animation --size 1024x768 --limit 2 --overwrite -o $(OUT)/"; \
	"$$bin" render Strokes/tablet-pen-house.json --prompt "$(DEMO_PROMPT)" --style animation --size 1024x768 --limit 2 --overwrite -o $(OUT)/ >/dev/null; \
	echo "wrote $(OUT)/house-scribble.png, $(OUT)/house-soft.png and $(OUT)/tablet-pen-house-animation-0-{1,2}.png"; \
	echo "look at $(OUT)/tablet-pen-house-animation-0-1.png: the sketch's sun painted yellow (a round shape with rays), the"; \
	echo "tree as cherry blossom (a round shape, the prompt's blossom pink), a spring sky (the prompt names the sky);"; \
	echo "$(OUT)/house-scribble.png is what the engine was given. docs/builtin-engine.md lists every rule."

## The same sketch and prompt in every style (2 variations each) and at guidance strength
## 0, 0.5 and 1, tiled into docs/contact-sheet.png by `inkling contact-sheet`.
SHEET ?= docs/contact-sheet.png
contact-sheet: release
	@bin="$$($(SWIFT) build -c release --show-bin-path)/inkling"; \
	work="$(OUT)/contact-sheet"; \
	set -e; rm -rf "$$work"; mkdir -p "$$work"; \
	for style in animation illustration sketch; do \
		"$$bin" render Strokes/tablet-pen-house.json --prompt "$(DEMO_PROMPT)" --style $$style --size 1024x768 --limit 2 --seed 7 -o "$$work/$$style" >/dev/null; \
	done; \
	"$$bin" render Strokes/tablet-pen-house.json --prompt "$(DEMO_PROMPT)" --style emoji --size 1024x1024 --limit 2 --seed 7 -o "$$work/emoji" >/dev/null; \
	for strength in 0 0.5 1; do \
		"$$bin" render Strokes/tablet-pen-house.json --prompt "$(DEMO_PROMPT)" --style animation --size 1024x768 --seed 7 --strength $$strength -o "$$work/strength-$$strength" >/dev/null; \
	done; \
	"$$bin" contact-sheet \
		"$$work"/animation/*.png "$$work"/illustration/*.png "$$work"/sketch/*.png "$$work"/emoji/*/emoji-320.png \
		"$$work"/strength-0/*.png "$$work"/strength-0.5/*.png "$$work"/strength-1/*.png \
		--columns 4 --cell 512x384 --gap 12 -o $(SHEET) \
		--labels "animation 1;animation 2;illustration 1;illustration 2;sketch 1;sketch 2;emoji 1;emoji 2;strength 0 (animation);strength 0.5 (animation);strength 1 (animation)"

## Build and run every test: the Swift tests, the library examples (Examples/Library, built
## from Inkling's products, and the docs that show them), the iPad client's example (Examples/Client,
## built from the InklingClient product alone, no C library in its graph; scripts/client-example), regress's JUnit XML against a JUnit
## schema, the README's and docs' marked shell blocks (in a temporary copy), the metrics' agreement with
## scikit-image, the release step (scripts/release-checks: ComfyUI pools through the release build
## and the request-decoding ratio), then the browser test of the drawing page (headless Chromium, installed when
## missing; screenshot in .build/artifacts/browser-test.png), alone and through a cluster on
## Redis (three workers, two front ends), and nginx in front of inkling serve as docs/deploy.md
## configures it (scripts/proxy-test, nginx installed when missing).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT_TEST) --skip-build
	SWIFT="$(SWIFT)" scripts/library-examples
	SWIFT="$(SWIFT)" scripts/client-example "$$($(SWIFT) build --show-bin-path)/inkling"
	scripts/check-junit "$$($(SWIFT) build --show-bin-path)/inkling"
	python3 scripts/check_docs.py "$$($(SWIFT) build --show-bin-path)/inkling" README.md docs/cli.md
	scripts/check-agreement "$$($(SWIFT) build --show-bin-path)/inkling"
	scripts/api-properties "$$($(SWIFT) build --show-bin-path)/inkling"
	scripts/release-checks
	scripts/browser-test
	scripts/browser-test --cluster
	scripts/proxy-test "$$($(SWIFT) build --show-bin-path)/inkling"

## The fast tier, for working on the code: the Swift tests but the suites that soak, start
## processes or wait on purpose for long (make test runs those too). About 4 minutes after a
## build on a 2-core machine.
SLOW_SUITES ?= ClusterSoakTests|ClusterProcessTests|ClusterChaosTests|RemoteDeadlineTests
check: deps
	$(SWIFT) build --build-tests
	$(SWIFT_TEST) --skip-build --skip '$(SLOW_SUITES)'

## SSIM, PSNR and ΔE00 of `inkling compare` against scikit-image (installs it into a venv).
agreement: deps
	$(SWIFT) build --product inkling
	scripts/check-agreement

## Only the browser tests (the drawing page alone and through a cluster).
browser-test: deps
	$(SWIFT) build --product inkling
	scripts/browser-test
	scripts/browser-test --cluster

## Build every libFuzzer target (ASan) and run each for FUZZ_SECONDS (default 600), one at a
## time; FUZZ_TARGETS="png inkml" picks some. Crashes go to Fuzz/crashes/<target>/ (exit 1);
## the per-target table (execs, exec/s, cov, ft, clean) goes to .build/fuzz/report.txt.
fuzz: deps
	FUZZ_TARGETS="$(FUZZ_TARGETS)" Fuzz/run.sh $(FUZZ_SECONDS)

## Benchmarks side by side with their peers (installs the peers into Benchmarks/.venv from PyPI).
bench: deps
	Benchmarks/run.sh

## Load test of `inkling serve` with wrk (installed when missing): POST /v1/guidance, bounded.
serve-load: deps
	Benchmarks/serve-load.sh

## Soak test of `inkling serve` (release build): 60 s of wrk on /v1/guidance with malformed
## bodies, slowloris, idle connections and generations, then SIGTERM; fails when a bound is missed.
soak: deps
	Benchmarks/soak.sh

## Opt-in conformance against REAL engine servers (docs/engines.md, "Conformance against real
## servers"): builds the release inkling, then checks it against the ComfyUI, sd-server and A1111
## servers named by INKLING_REAL_COMFYUI, INKLING_REAL_COMFYUI_POOL, INKLING_REAL_SDSERVER and
## INKLING_REAL_A1111 (each kind not named is skipped, with a line saying so; exit 0 when none is).
real-engines: release
	scripts/real-engines "$$($(SWIFT) build -c release --show-bin-path)/inkling"

clean:
	rm -rf .build $(OUT)
