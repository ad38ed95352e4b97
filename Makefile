# MicroChess reference build: assemble, link, then prove every byte against
# the 1977 hex listing. `make` fails if any byte differs, or if a byte of
# the listing is no longer defined by the source; it then builds the
# opening books and Stone's 1980 upgrade and proves them too.

GO     ?= go
MCHESS := bin/mchess
SRC    := src/microchess.asm
RES    := src/residue.asm
# A modified program that outgrows the KIM-1's 1.1 KB links the rest into
# expansion RAM: make RAM=x=0400-0FFF (several regions separated by spaces).
RAM    ?=
RAMOPT := $(foreach r,$(RAM),--ram $(r))
# make run KEYS='C PC' plays the build on the emulated KIM-1.
KEYS   ?= C PC
# How long each fuzz target runs in `make fuzz`.
FUZZTIME ?= 10s
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all tool images verify openings stone run test check fuzz bench timing clean
all: images verify openings stone

tool:
	$(GO) build -buildvcs=auto -o $(MCHESS) ./cmd/mchess

# The default images carry the residue bytes of the published listing
# (all 1024 + 102 bytes); build/clean/ holds the program alone.
images: tool
	$(MCHESS) asm -o build/microchess --residue $(RES) $(RAMOPT) $(SRC)
	$(MCHESS) asm -q -o build/clean/microchess $(RAMOPT) $(SRC)

verify: tool
	$(MCHESS) verify --residue $(RES) $(RAMOPT) $(SRC)

# The ten opening books (src/openings/*.book, in chess notation) as 28-byte
# blocks for 00C0–00DB; the Giuoco Piano block is proved against the image.
openings: images
	$(MCHESS) opening compile -q -o build/openings -manifest build/openings/openings.tsv src/openings
	$(MCHESS) opening compare build/openings/giuoco-piano-white.bin build/microchess-c0.bin

# Garold Stone's 1980 upgrade, overlaid on the rebuilt original with the
# White and the Black opening list, then proved against the article's bytes.
STONE := src/patches/stone-1980.s
stone: images
	$(MCHESS) patch -o build/stone/stone-white $(STONE) src/patches/stone-1980-white.s
	$(MCHESS) patch -o build/stone/stone-black $(STONE) src/patches/stone-1980-black.s >/dev/null
	$(MCHESS) verify --patch $(STONE) --patch src/patches/stone-1980-white.s
	$(MCHESS) verify --side black --patch $(STONE) --patch src/patches/stone-1980-black.s >/dev/null

# The program built from SRC, with any expansion RAM, on the emulated KIM-1.
run: tool
	$(MCHESS) run --source $(SRC) --residue $(RES) $(RAMOPT) $(KEYS)

test:
	$(GO) test ./...

# What CI checks besides the tests: formatting, vet, a tidy go.mod, and
# staticcheck at a pinned version.
check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) mod tidy -diff
	$(GO) run $(STATICCHECK) ./...

# Each fuzz target for FUZZTIME beyond its corpus (which `make test` runs).
FUZZ := ./asm:FuzzAssemble ./asm:FuzzAssemble1980 ./asm:FuzzReadSymbols \
	./openings:FuzzCompile ./openings:FuzzDecompile ./suite:FuzzParse \
	./dump:FuzzReadPaperTape ./dump:FuzzReadIntelHex ./dump:FuzzReadSRecord ./dump:FuzzReadKIM ./dump:FuzzReadRaw ./dump:FuzzRead
fuzz:
	@for t in $(FUZZ); do pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "fuzz $$pkg $$fn ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; done

# docs/timing.md: the manual's LEVEL OF PLAY table measured on the emulator
# (a test fails when the committed table is out of date).
timing: tool
	$(MCHESS) timing -o docs/timing.md

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 3 ./...

clean:
	rm -rf build bin
