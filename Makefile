# MicroChess reference build: assemble, link, then prove every byte against
# the 1977 hex listing. `make` fails if any byte differs.

GO     ?= go
MCHESS := bin/mchess
SRC    := src/microchess.asm
RES    := src/residue.asm

.PHONY: all tool images verify test bench timing clean
all: images verify

tool:
	$(GO) build -o $(MCHESS) ./cmd/mchess

# The default images carry the residue bytes of the published listing
# (all 1024 + 102 bytes); build/clean/ holds the program alone.
images: tool
	$(MCHESS) asm -o build/microchess --residue $(RES) $(SRC)
	$(MCHESS) asm -q -o build/clean/microchess $(SRC)

verify: tool
	$(MCHESS) verify --residue $(RES) $(SRC)

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
