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

.PHONY: all tool images verify openings stone teletype library special tuned tapes export web run test race check fuzz bench timing strength tune tune-check special-match suite-big differential clean
all: images verify openings stone teletype library special tuned tapes

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

# MicroChess at a teletype (docs/teletype.md): the teletype routines of
# src/extended/teletype.asm over the original, in expansion RAM from 0400;
# then the original proved as ever, and every byte the extension changes
# in it named (the three calls) with where its own code lies.
TTY := src/extended/teletype.asm
TTYRAM := x=0400-07FF
teletype: images
	$(MCHESS) patch -o build/teletype/teletype --ram $(TTYRAM) $(TTY)
	$(MCHESS) verify --ram $(TTYRAM) --extension $(TTY) | sed -n '/changes/,$$p'

# The opening library for expanded memory (docs/opening-library.md): the
# twenty books (src/openings, src/openings/white) compiled into tables,
# assembled after src/extended/library.asm over the original, in RAM from
# 0400; then the bytes of the original it changes (two calls), named.
LIB := src/extended/library.asm
LIBRAM := x=0400-0FFF
library: images
	$(MCHESS) opening library -o build/library/tables.asm -bin build/library/tables.bin src/openings src/openings/white
	$(MCHESS) patch -o build/library/library --ram $(LIBRAM) $(LIB) build/library/tables.asm
	$(MCHESS) verify --ram $(LIBRAM) --extension $(LIB) --extension build/library/tables.asm | sed -n '/changes/,$$p'

# MicroChess with the special moves (docs/special-moves.md): castling, en
# passant, promotion, more than one queen a side; src/extended/special-moves.asm
# over the original, its code in expansion RAM from 0400 (its undo stack
# after it); then the bytes of the original it changes, each named.
SPC := src/extended/special-moves.asm
SPCRAM := x=0400-0FFF
special: images
	$(MCHESS) patch -o build/special/special --ram $(SPCRAM) $(SPC)
	$(MCHESS) verify --ram $(SPCRAM) --extension $(SPC) | sed -n '/changes/,$$p'

# The tuned MicroChess (docs/tuning.md): the 1977 source with only the bytes
# src/microchess.tune declares changed, as mchess tune wrote it; built like
# the original, then every byte it changes named with both source lines
# (the build fails on a change the declarations do not allow).
TUNED := src/tuned/microchess.asm
tuned: images
	$(MCHESS) asm -q -o build/tuned/microchess --residue $(RES) $(TUNED)
	@$(MCHESS) verify --printed=false --variant $(TUNED) > build/tuned/verify.txt || { cat build/tuned/verify.txt; exit 1; }
	@sed -n '/changes/,$$p' build/tuned/verify.txt | grep -v '^ '

# Cassette audio (docs/cassette.md): the whole MicroChess tape as the manual
# describes it (the main section C0, the secondary C1, then the openings
# with IDs 01-05: the White blocks, as the main section's Giuoco Piano is),
# at the monitor's speed and at Hypertape's, and one Hypertape WAV a
# program (C0 and C1 of the original and of Stone's two lists; the
# teletype, the library and the special-moves programs with their expansion
# RAM as C2) and a
# block; then every
# one is read back and must give its records.
OPN := build/openings
WHOLE_TAPE := build/microchess-c0.bin@0000:C0 build/microchess-c1.bin@1780:C1 \
	$(OPN)/french-white.bin@00C0:01 $(OPN)/giuoco-piano-white.bin@00C0:02 $(OPN)/ruy-lopez-white.bin@00C0:03 \
	$(OPN)/queens-indian-white.bin@00C0:04 $(OPN)/four-knights-white.bin@00C0:05
tapes: images openings stone teletype library special tuned
	@rm -rf build/tape; mkdir -p build/tape/read
	$(MCHESS) tape write -o build/tape/microchess-normal.wav $(WHOLE_TAPE)
	$(MCHESS) tape write --speed hyper -o build/tape/microchess-hyper.wav $(WHOLE_TAPE)
	@for p in microchess:build/microchess tuned:build/tuned/microchess stone-white:build/stone/stone-white stone-black:build/stone/stone-black; do \
		n=$${p%%:*}; b=$${p#*:}; \
		$(MCHESS) tape write -q --speed hyper -o build/tape/$$n.wav $$b-c0.bin@0000:C0 $$b-c1.bin@1780:C1 || exit 1; \
		$(MCHESS) tape read -q -o build/tape/read/$$n build/tape/$$n.wav || exit 1; \
		cmp build/tape/read/$$n-IDC0.bin $$b-c0.bin && cmp build/tape/read/$$n-IDC1.bin $$b-c1.bin || exit 1; \
	done
	@for p in teletype:build/teletype/teletype library:build/library/library special:build/special/special; do \
		n=$${p%%:*}; t=$${p#*:}; \
		$(MCHESS) tape write -q --speed hyper -o build/tape/$$n.wav $$t-c0.bin@0000:C0 $$t-c1.bin@1780:C1 $$t-x.bin@0400:C2 || exit 1; \
		$(MCHESS) tape read -q -o build/tape/read/$$n build/tape/$$n.wav || exit 1; \
		cmp build/tape/read/$$n-IDC0.bin $$t-c0.bin && cmp build/tape/read/$$n-IDC1.bin $$t-c1.bin && cmp build/tape/read/$$n-IDC2.bin $$t-x.bin || exit 1; \
	done
	@while IFS='	' read -r bin id lo hi side name; do n=$${bin%.bin}; \
		$(MCHESS) tape write -q --speed hyper -o build/tape/$$n.wav $(OPN)/$$bin@$$lo:$$id || exit 1; \
		$(MCHESS) tape read -q -o build/tape/read/$$n build/tape/$$n.wav || exit 1; \
		cmp build/tape/read/$$n-ID$$id.bin $(OPN)/$$bin || exit 1; \
	done < $(OPN)/openings.tsv
	@for s in normal hyper; do \
		$(MCHESS) tape read -q -o build/tape/read/whole-$$s build/tape/microchess-$$s.wav || exit 1; \
		for r in $(WHOLE_TAPE); do f=$${r%@*}; id=$${r##*:}; cmp build/tape/read/whole-$$s-ID$$id.bin $$f || exit 1; done; \
	done
	@echo "tapes: $$(ls build/tape/*.wav | wc -l) recordings in build/tape, each read back: every record good, its bytes and ID the build's"

# Every build as source for ca65 (with its ld65 map), 64tass and ACME, in
# build/export/ASSEMBLER; each file's header says how to build it
# (docs/export.md; go test ./export proves them with the real assemblers).
export: tool
	@for t in ca65 64tass acme; do $(MCHESS) export -q --to $$t || exit 1; done

# The web page (docs/web.md): the emulator and MicroChess compiled to
# WebAssembly (./web/wasm), Go's wasm_exec.js and the page's files
# (web/static), in build/web for any static host; mchess serve serves it.
# Built beside it, then moved into place: all or none.
web:
	@rm -rf build/web.tmp; mkdir -p build/web.tmp
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o build/web.tmp/main.wasm ./web/wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/index.html web/static/kim1.css web/static/kim1.js build/web.tmp/
	@rm -rf build/web; mv build/web.tmp build/web
	@echo "web: build/web, $$(du -cb build/web/* | tail -1 | cut -f1) bytes (mchess serve serves it)"

# The program built from SRC, with any expansion RAM, on the emulated KIM-1.
run: tool
	$(MCHESS) run --source $(SRC) --residue $(RES) $(RAMOPT) $(KEYS)

test:
	$(GO) test ./...

# The race detector over the packages whose code runs games at once (the
# match's workers, diff's, an engine's client and server), short tests:
# about a minute on 2 cores. The special-moves match is left out (90 s
# under -race for the code paths the other matches take); the root
# package's short tests take over 5 minutes under -race and run no code
# concurrently but their own parallel tests, so CI leaves them out too.
race:
	$(GO) test -race -short -skip '^TestSpecialProgramMatch$$' ./match/ ./uci/

# What CI checks besides the tests: formatting, vet, a tidy go.mod, and
# staticcheck at a pinned version.
check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) mod tidy -diff
	$(GO) run $(STATICCHECK) ./...

# Each fuzz target for FUZZTIME beyond its corpus (which `make test` runs).
FUZZ := ./asm:FuzzAssemble ./asm:FuzzAssemble1980 ./asm:FuzzReadSymbols ./tunable:FuzzLoad \
	./openings:FuzzCompile ./openings:FuzzDecompile ./openings:FuzzDecodeLibrary \
	./suite:FuzzParse ./suite:FuzzReadEPD ./suite:FuzzReadPGN \
	./dump:FuzzReadPaperTape ./dump:FuzzReadIntelHex ./dump:FuzzReadSRecord ./dump:FuzzReadKIM ./dump:FuzzReadRaw ./dump:FuzzRead \
	./cassette:FuzzReadWAV ./cassette:FuzzFrames ./:FuzzTranslated
# A run that fails without writing a failing input is Go 1.26's fuzzing
# flake (golang/go#75804, "context deadline exceeded"): it is run once more.
fuzz:
	@mkdir -p build; for t in $(FUZZ); do pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "fuzz $$pkg $$fn ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) $$pkg > build/fuzz.log 2>&1 && { cat build/fuzz.log; continue; }; \
		cat build/fuzz.log; grep -q "Failing input written to" build/fuzz.log && { rm -f build/fuzz.log; exit 1; }; \
		echo "fuzz $$pkg $$fn: failed with no failing input (golang/go#75804?): once more"; \
		$(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) $$pkg || { rm -f build/fuzz.log; exit 1; }; done; rm -f build/fuzz.log

# docs/strength.md: the strength study, written from the matches it plays
# (needs Debian's stockfish). Each finished match is kept in
# docs/strength/ (a small JSON summary each, committed), so a study stopped
# part way goes on where it stopped: run make strength again.
# make strength FRESH=1 plays every match again.
strength: tool
	$(MCHESS) strength --state docs/strength $(if $(FRESH),--fresh) -o docs/strength.md

# The original's tuning (docs/tuning.md), resumed from its state: SPSA
# over the RANGE parameters of src/microchess.tune at Normal (the
# constants and piece values); the tuned source it writes into its report
# folder (not kept in git: src/tuned/ is the one copy) is copied to src/tuned/.
# It plays the first half of balanced-10k, leaving the second for
# tune-check. Long: its report in docs/tuning/ says how long it took.
TUNEFLAGS := --level normal --openings balanced-10k:1-5000 --step 8 --r-end 0.01 --check-every 250 --check-pairs 250 --check-openings study-250
tune: tool
	$(MCHESS) tune --state docs/tuning/original-normal.json --report docs/tuning/original-normal $(TUNEFLAGS) --pairs 8000
	cp docs/tuning/original-normal/microchess.asm $(TUNED)

# The tuned program against the original on the half of balanced-10k the
# tuning never played, 4,000 games at each level (about 15 minutes on 2
# cores), written to docs/tuning/check.md with the commands, the machine
# and the times.
TUNECHECK := --games 4000 --openings balanced-10k:5001-10000 -j 2 --quiet
tune-check: tool
	@mkdir -p docs/tuning
	@{ echo '# The tuned MicroChess against the original'; echo; \
	  echo "Written by \`make tune-check\` on $$(date -u +%Y-%m-%dT%H:%MZ), $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $$(nproc) CPUs, $$($(GO) env GOVERSION); not edited by hand."; \
	  echo "The openings are lines 5001 to 10000 of balanced-10k; the tuning (make tune) played lines 1 to 5000 only."; \
	  for l in super-blitz blitz normal; do echo; echo "## $$l"; echo; echo '```'; \
	    echo "\$$ mchess match tuned@$$l original@$$l $(TUNECHECK)"; \
	    $(MCHESS) match tuned@$$l original@$$l $(TUNECHECK) 2>&1 || exit 1; echo '```'; done; } > docs/tuning/check.md.tmp
	@mv docs/tuning/check.md.tmp docs/tuning/check.md
	@grep -A2 '^Pairing.*Pairs' docs/tuning/check.md | grep vs

# docs/special-moves.md's measurement: the special-moves program against
# the original, 500 games at each level from the study suite, then against
# itself (Blitz against Super Blitz), with the PGNs in build/special
# (about ten minutes on 2 cores).
special-match: tool
	@mkdir -p build/special
	@for l in super-blitz blitz normal; do \
		$(MCHESS) match --openings study-250 --quiet --pgn build/special/match-$$l.pgn special@$$l original@$$l || exit 1; done
	$(MCHESS) match --openings study-250 --quiet --pgn build/special/self-play.pgn special@blitz special@super-blitz

# suite/balanced-10k.txt.gz (docs/opening-suite.md): 10,000 balanced lines
# found by a seeded walk with Debian's Stockfish (one thread, niced). Each
# line found is appended to the state file at once, and a stopped run goes
# on from it with the same lines, so the work may span sittings (about
# 45 minutes on a loaded 2-core machine); with every line in the state, it
# only writes the suite again.
STOCKFISH ?= /usr/games/stockfish
SUITE_STATE := suite/internal/gensuite/balanced-10k.state
suite-big:
	$(GO) build -o bin/gensuite ./suite/internal/gensuite
	nice bin/gensuite big -stockfish $(STOCKFISH) -state $(SUITE_STATE) -o suite/balanced-10k.txt.gz

# docs/timing.md: the manual's LEVEL OF PLAY table measured on the emulator
# (a test fails when the committed table is out of date).
timing: tool
	$(MCHESS) timing -o docs/timing.md

# The translated programs against the interpreter in whole self-play games
# (40 moves a side) at every level: the original from each first move, and
# every other program (make test plays short ones); about a minute.
differential:
	MCHESS_DIFFERENTIAL=40 $(GO) test -run '^TestTranslatedGamesLong$$' -v -timeout 0 .

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 3 ./...

clean:
	rm -rf build bin
