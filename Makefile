# MicroChess reference build: assemble, link, then prove every byte against
# the 1977 hex listing. `make` fails if any byte differs.

GO     ?= go
MCHESS := bin/mchess
SRC    := src/microchess.asm
RES    := src/residue.asm

.PHONY: all tool images verify openings stone test bench timing clean
all: images verify openings stone

tool:
	$(GO) build -o $(MCHESS) ./cmd/mchess

# The default images carry the residue bytes of the published listing
# (all 1024 + 102 bytes); build/clean/ holds the program alone.
images: tool
	$(MCHESS) asm -o build/microchess --residue $(RES) $(SRC)
	$(MCHESS) asm -q -o build/clean/microchess $(SRC)

verify: tool
	$(MCHESS) verify --residue $(RES) $(SRC)

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

test:
	$(GO) test ./...

# docs/timing.md: the manual's LEVEL OF PLAY table measured on the emulator
# (a test fails when the committed table is out of date).
timing: images
	$(MCHESS) timing -o docs/timing.md

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf build bin
