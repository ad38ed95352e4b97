# MicroChess reference build: assemble, link, then prove every byte against
# the 1977 hex listing. `make` fails if any byte differs, or if a byte of
# the listing is no longer defined by the source; it then builds the
# opening books, Stone's 1980 upgrade, the extensions, the tuned program
# and the tapes, and proves them too. It says one line per step (each
# step's full output is in build/log/STEP.log, printed if the step fails)
# and ends on the proof's verdict; `make V=1` prints every command and all
# its output.

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

# Quiet steps: Q hides a command, LOG sends its output to the step's log
# (and prints the log if it fails), SAY prints the step's one line.
V ?=
ifeq ($(V),1)
Q     :=
LOG   :=
BEGIN := @mkdir -p build/log
SAY   := @true
else
Q     := @
LOG    = >>build/log/$@.log 2>&1 || { cat build/log/$@.log; exit 1; }
BEGIN  = @mkdir -p build/log && : > build/log/$@.log
SAY    = @printf '%-12s %s\n' $@
endif

# The errata of the 1977 printout (docs/errata.md) that every proof lists
# line by line, as one line, just before the verdict.
ERRATA := awk '/^printed listing byte column: /{b=$$5; e=1; next} /^printed symbol table: /{t=$$4; e=1; next} e && /^  /{next} {e=0} /^(OK|FAIL):/ && (b t) != "" {printf "%-12s the printout'"'"'s byte column differs from the assembled bytes on %s lines, its symbol table in %s rows; the hex listing wins (docs/errata.md)\n", "errata", b, t} {print}'

# The build products of the program in SRC and of everything made over it:
# when SRC builds to other images (or fails to build), the others go, so
# that build/ never holds the images of one source beside the extensions,
# books and tapes of another.
DERIVED := build/openings build/stone build/teletype build/library build/special build/tuned build/tuned-special build/search1k build/search5k build/tape build/export

# The proof's verdict is the last line of `make`: the verify step, when it
# is part of `all`, leaves its lines to the end.
ALLGOAL := $(if $(MAKECMDGOALS),$(filter all,$(MAKECMDGOALS)),all)

.PHONY: all tool images verify openings books stone teletype library special tuned tuned-special search1k search5k tapes other-tapes export web run test uci-random race check fuzz bench bench-interp timing strength tune tune-special tune-search1k tune-search5k tune-check tune-check-special special-match confirm term-diffs term-tests docs-check suite-big differential bench-match bench-match-20000 clean
all: images verify openings stone teletype library special tuned tuned-special search1k search5k tapes other-tapes
ifneq ($(V),1)
	@$(ERRATA) build/log/verify.log | tail -n 2
endif

tool:
	$(BEGIN)
	$(Q)$(GO) build -buildvcs=auto -o $(MCHESS) ./cmd/mchess $(LOG)
	$(SAY) "$(MCHESS)"

# The default images carry the residue bytes of the published listing
# (all 1024 + 102 bytes); build/clean/ holds the program alone.
images: tool
	$(BEGIN)
	$(Q)cat build/microchess.lst build/microchess-*.bin 2>/dev/null | cksum > build/log/images.before; \
		rm -rf build/microchess-*.bin build/microchess.ptp build/microchess.lst build/microchess.sym build/clean; \
		{ $(MCHESS) asm -o build/microchess --residue $(RES) $(RAMOPT) $(SRC) && \
		  $(MCHESS) asm -q -o build/clean/microchess $(RAMOPT) $(SRC); } $(if $(LOG),>>build/log/$@.log 2>&1) || { \
		  rm -rf $(DERIVED); $(if $(LOG),cat build/log/$@.log;) exit 1; }; \
		cat build/microchess.lst build/microchess-*.bin | cksum | cmp -s - build/log/images.before || rm -rf $(DERIVED)
	$(SAY) "$$(echo build/microchess-*.bin | sed 's/ build\/microchess/, /g'), .ptp, .lst, .sym and build/clean/ from $(SRC)"

verify: tool
	$(BEGIN)
	$(Q)$(MCHESS) verify --residue $(RES) $(RAMOPT) $(SRC) $(if $(LOG),>>build/log/$@.log 2>&1 || { $(ERRATA) build/log/$@.log; exit 1; })
ifneq ($(V),1)
	@$(if $(ALLGOAL),printf '%-12s %s\n' $@ "$(SRC) proved against the 1977 hex listing: the verdict is the last line",$(ERRATA) build/log/$@.log | tail -n 2)
endif

# The ten opening books (src/openings/*.book, in chess notation) as 28-byte
# blocks for 00C0–00DB (books); the Giuoco Piano block is proved against the
# image (openings).
books: images
	$(BEGIN)
	$(Q)$(MCHESS) opening compile -q -o build/openings -manifest build/openings/openings.tsv src/openings $(LOG)
	$(SAY) "$$(wc -l < build/openings/openings.tsv) blocks for 00C0–00DB in build/openings from src/openings/*.book"
openings: books
	$(BEGIN)
	$(Q)$(MCHESS) opening compare build/openings/giuoco-piano-white.bin build/microchess-c0.bin $(LOG)
	$(SAY) "$$(tail -n 1 build/log/$@.log)"

# Garold Stone's 1980 upgrade, overlaid on the rebuilt original with the
# White and the Black opening list, then proved against the article's bytes.
STONE := src/patches/stone-1980.s
stone: images
	$(BEGIN)
	$(Q)$(MCHESS) patch -o build/stone/stone-white $(STONE) src/patches/stone-1980-white.s $(LOG)
	$(Q)$(MCHESS) patch -o build/stone/stone-black $(STONE) src/patches/stone-1980-black.s $(if $(LOG),$(LOG),>/dev/null)
	$(Q)$(MCHESS) verify --patch $(STONE) --patch src/patches/stone-1980-white.s $(LOG)
	$(Q)$(MCHESS) verify --side black --patch $(STONE) --patch src/patches/stone-1980-black.s $(if $(LOG),$(LOG),>/dev/null)
	$(SAY) "build/stone/stone-white, stone-black: of the bytes the article prints, $$(grep -m1 'printed in the article' build/log/$@.log | sed 's/^ *printed in the article *//'); $$(grep -m1 'reconstructed ' build/log/$@.log | sed 's/^ *reconstructed *//;s/ (not verified):.*//') reconstructed (docs/stone-1980.md)"

# An extension's step line: what it changes in the original and where its
# own code lies.
EXTSAY = $(SAY) "build/$@/$@: changes $$(grep -m1 ' changes ' build/log/$@.log | sed 's/^.* changes //;s/ (and .*//'), new code $$(grep -m1 '^  new ' build/log/$@.log | sed 's/^  new  //;s/  */ /g;s/ in image \([a-z]*\), from .*/ in image \1/'); the rest of the original proved"

# MicroChess at a teletype (docs/teletype.md): the teletype routines of
# src/extended/teletype.asm over the original, in expansion RAM from 0400;
# then the original proved as ever, and every byte the extension changes
# in it named (the three calls) with where its own code lies.
TTY := src/extended/teletype.asm
TTYRAM := x=0400-07FF
teletype: images
	$(BEGIN)
	$(Q)$(MCHESS) patch -o build/teletype/teletype --ram $(TTYRAM) $(TTY) $(LOG)
	$(Q)$(MCHESS) verify --ram $(TTYRAM) --extension $(TTY) $(if $(LOG),$(LOG),| sed -n '/changes/,$$p')
	$(EXTSAY)

# The opening library for expanded memory (docs/opening-library.md): the
# twenty books (src/openings, src/openings/white) compiled into tables,
# assembled after src/extended/library.asm over the original, in RAM from
# 0400; then the bytes of the original it changes (two calls), named.
LIB := src/extended/library.asm
LIBRAM := x=0400-0FFF
library: images
	$(BEGIN)
	$(Q)$(MCHESS) opening library -o build/library/tables.asm -bin build/library/tables.bin src/openings src/openings/white $(LOG)
	$(Q)$(MCHESS) patch -o build/library/library --ram $(LIBRAM) $(LIB) build/library/tables.asm $(LOG)
	$(Q)$(MCHESS) verify --ram $(LIBRAM) --extension $(LIB) --extension build/library/tables.asm $(if $(LOG),$(LOG),| sed -n '/changes/,$$p')
	$(EXTSAY)

# MicroChess with the special moves (docs/special-moves.md): castling, en
# passant, promotion, more than one queen a side; src/extended/special-moves.asm
# over the original, its code in expansion RAM from 0400 (its undo stack
# after it); then the bytes of the original it changes, each named.
SPC := src/extended/special-moves.asm
SPCRAM := x=0400-0FFF
special: images
	$(BEGIN)
	$(Q)$(MCHESS) patch -o build/special/special --ram $(SPCRAM) $(SPC) $(LOG)
	$(Q)$(MCHESS) verify --ram $(SPCRAM) --extension $(SPC) $(if $(LOG),$(LOG),| sed -n '/changes/,$$p')
	$(EXTSAY)

# The tuned MicroChess (docs/tuning.md): src/microchess.asm with the values
# of src/tuned/microchess.values (the run's and the one term the matches
# chose) written over the bytes src/microchess.tune declares, derived by
# mchess (tunable's Apply) into build/tuned/microchess.asm, and form B
# beside it (build/tuned/formb.asm: src/microchess.asm, src/tuned/formb.diff,
# then src/tuned/formb.values); the derived source built like the original,
# then every byte it changes named with both source lines (the build fails
# on a change the declarations do not allow).
TUNED := build/tuned/microchess.asm
TUNEDVALUES := src/tuned/microchess.values
tuned: images
	$(BEGIN)
	$(Q)$(MCHESS) tune --write-sources build/tuned --program tuned
	$(Q)$(MCHESS) tune --write-sources build/tuned src/tuned/formb.asm
	$(Q)$(MCHESS) asm -q -o build/tuned/microchess --residue $(RES) $(TUNED) $(LOG)
	@$(MCHESS) verify --printed=false --variant $(TUNED) > build/tuned/verify.txt || { cat build/tuned/verify.txt; exit 1; }
ifeq ($(V),1)
	@sed -n '/changes/,$$p' build/tuned/verify.txt | grep -v '^ '
endif
	$(SAY) "build/tuned/microchess: changes $$(grep -m1 ' changes ' build/tuned/verify.txt | sed 's/^.* changes //;s/ (and .*//'), each declared tunable (build/tuned/verify.txt)"

# The tuned special-moves program (docs/tuning.md): both its sources with
# the values of src/tuned/special.values written over the bytes
# src/extended/special-moves.tune declares, derived by mchess into
# build/tuned-special/ (special-base.asm, special-moves.asm); built as the
# special-moves program is.
TSPCBASE := build/tuned-special/special-base.asm
TSPC := build/tuned-special/special-moves.asm
TSPCVALUES := src/tuned/special.values
tuned-special: images
	$(BEGIN)
	$(Q)$(MCHESS) tune --write-sources build/tuned-special --program tuned-special
	$(Q)$(MCHESS) patch -o build/tuned-special/tuned-special --base $(TSPCBASE) --ram $(SPCRAM) $(TSPC) $(LOG)
	$(SAY) "build/tuned-special/tuned-special: $(TSPCBASE) + residue + $(TSPC), new code in image x (build/tuned-special/tuned-special.lst)"

# Cassette audio (docs/cassette.md), then every recording read back, which
# must give its records. `make tapes` records whatever program SRC builds,
# proved or not (a modified one too, with its expansion RAM as C2, C3...):
# the whole MicroChess tape as the manual describes it (the main section C0,
# the secondary C1, then the openings with IDs 01-05: the White blocks, as
# the main section's Giuoco Piano is) at the monitor's speed and at
# Hypertape's, the program alone (C0, C1) at Hypertape's, and one Hypertape
# WAV a book block. `make` records the other programs too (other-tapes).
OPN := build/openings
# A RAM region NAME=SSSS-EEEE is recorded from build/microchess-NAME.bin at
# SSSS with the IDs C2, C3... in the order RAM names them.
PROG_TAPE := build/microchess-c0.bin@0000:C0 build/microchess-c1.bin@1780:C1 \
	$(join $(foreach r,$(RAM),build/microchess-$(firstword $(subst =, ,$(r))).bin@$(firstword $(subst -, ,$(lastword $(subst =, ,$(r))))):),$(wordlist 1,$(words $(RAM)),C2 C3 C4 C5 C6 C7 C8 C9))
BOOK_TAPE := $(OPN)/french-white.bin@00C0:01 $(OPN)/giuoco-piano-white.bin@00C0:02 $(OPN)/ruy-lopez-white.bin@00C0:03 \
	$(OPN)/queens-indian-white.bin@00C0:04 $(OPN)/four-knights-white.bin@00C0:05
WHOLE_TAPE = $(PROG_TAPE) $(BOOK_TAPE)
# $(call readback,WAV,RECORDS...): read WAV back; each record FILE@ADDR:ID
# must come back with FILE's bytes.
readback = n=$$(basename $(1) .wav); $(MCHESS) tape read -q -o build/tape/read/$$n $(1) && \
	for r in $(2); do f=$${r%@*}; id=$${r\#\#*:}; cmp build/tape/read/$$n-ID$$id.bin $$f || exit 1; done
tapes: images books
	$(BEGIN)
	$(Q)rm -rf build/tape; mkdir -p build/tape/read
	$(Q)$(MCHESS) tape write -o build/tape/microchess-normal.wav $(WHOLE_TAPE) $(LOG)
	$(Q)$(MCHESS) tape write --speed hyper -o build/tape/microchess-hyper.wav $(WHOLE_TAPE) $(LOG)
	$(Q)$(MCHESS) tape write -q --speed hyper -o build/tape/microchess.wav $(PROG_TAPE) $(LOG)
	$(Q)for w in normal hyper; do $(call readback,build/tape/microchess-$$w.wav,$(WHOLE_TAPE)) || exit 1; done $(LOG)
	$(Q)$(call readback,build/tape/microchess.wav,$(PROG_TAPE)) $(LOG)
	$(Q)while IFS='	' read -r bin id lo hi side name; do n=$${bin%.bin}; \
		$(MCHESS) tape write -q --speed hyper -o build/tape/$$n.wav $(OPN)/$$bin@$$lo:$$id || exit 1; \
		$(call readback,build/tape/$$n.wav,$(OPN)/$$bin@$$lo:$$id) || exit 1; \
	done < $(OPN)/openings.tsv $(LOG)
	$(SAY) "$$(ls build/tape/*.wav | wc -l) recordings of $(SRC) and the books in build/tape, each read back; the whole tape plays $$(grep -m1 'normal speed' build/log/$@.log | sed 's/.*plays //') at normal speed, $$(grep -m1 'Hypertape' build/log/$@.log | sed 's/.*plays //') at Hypertape's"

# search1k (docs/search1k.md), the MicroChess that searches: a program of
# its own, in the KIM-1's 1.1 KB, with no residue.
search1k: tool
	$(BEGIN)
	$(Q)rm -rf build/search1k; $(MCHESS) asm -q -o build/search1k/search1k src/search1k/search1k.asm $(LOG)
	$(SAY) "build/search1k/search1k: src/search1k/search1k.asm, images, listing and symbols"

# search5k (docs/search5k.md): the searching program for a KIM-1 with 4 KB
# of expansion RAM (0400-13FF), its code there from 0400.
search5k: tool
	$(BEGIN)
	$(Q)rm -rf build/search5k; $(MCHESS) asm -q -o build/search5k/search5k --ram x=0400-13FF src/search5k/search5k.asm $(LOG)
	$(SAY) "build/search5k/search5k: src/search5k/search5k.asm, images (C0, C1, X at 0400), listing and symbols"

# One Hypertape WAV for each other program: C0 and C1 of Stone's two lists
# and of the tuned program and search1k; the teletype, the library, the special-moves
# programs and search5k with their expansion RAM as C2.
other-tapes: tapes stone teletype library special tuned tuned-special search1k search5k
	$(BEGIN)
	$(Q)mkdir -p build/tape/read; for p in tuned:build/tuned/microchess stone-white:build/stone/stone-white stone-black:build/stone/stone-black \
		teletype:build/teletype/teletype library:build/library/library special:build/special/special \
		tuned-special:build/tuned-special/tuned-special search1k:build/search1k/search1k search5k:build/search5k/search5k; do \
		n=$${p%%:*}; b=$${p#*:}; recs="$$b-c0.bin@0000:C0 $$b-c1.bin@1780:C1"; \
		if [ -f $$b-x.bin ]; then recs="$$recs $$b-x.bin@0400:C2"; fi; \
		$(MCHESS) tape write -q --speed hyper -o build/tape/$$n.wav $$recs || exit 1; \
		$(call readback,build/tape/$$n.wav,$$recs) || exit 1; \
	done $(LOG)
	$(SAY) "build/tape/{tuned,stone-white,stone-black,teletype,library,special,tuned-special,search1k,search5k}.wav, each read back: every record good, its bytes and ID the build's"

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

# Every figure README.md and docs/*.md repeat, held to the document or the
# committed data it comes from (a marker <!-- figure: SOURCE -->TEXT<!--
# /figure -->), every count the code gives computed from the code, and
# every Elo in the docs and in the committed match summaries computed again
# from its counts (internal/docscheck; make test runs it too).
docs-check:
	$(GO) test -count=1 ./internal/docscheck

# UCI games against a random mover, 200 a level, every bestmove checked
# legal (make test plays 20 a level).
uci-random:
	$(GO) test -count=1 -run '^TestRandomMoverGames$$' ./uci/ -random-games 200 -v

# The race detector over every package, short tests (the slow ones play
# single games, one goroutine each; make test runs them). About 15 minutes
# on 2 cores: the root package's tests alone take 5. The hostile-input
# corpus skips here (it measures memory and time, which the detector
# multiplies) and runs in make test.
race:
	$(GO) test -race -short -timeout 45m ./...

# What CI checks besides the tests: formatting, vet, a tidy go.mod,
# staticcheck (pinned by the tool directive in go.mod, built from the module
# cache like any dependency), and no build product or file over 1 MiB
# outside testdata/ tracked by git (internal/checkrepo).
check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) mod tidy -diff
	$(GO) tool staticcheck ./...
	$(GO) run ./internal/checkrepo

# Each fuzz target for FUZZTIME beyond its corpus (which `make test` runs).
FUZZ := ./asm:FuzzAssemble ./asm:FuzzAssemble1980 ./asm:FuzzReadSymbols ./tunable:FuzzLoad ./tunable:FuzzReadValues \
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
# (needs Debian's stockfish and fairymax; about an hour on 2 cores), its
# last part a round robin of the programs at Normal with Stockfish 1350 and
# Fairy-Max, rated on one scale. Each finished match is kept in
# docs/strength/ (a small JSON summary each, committed with the document),
# so a study stopped part way goes on where it stopped: run make strength
# again. make strength FRESH=1 plays every match again; so does a change to
# a match's command line. A change to a program is not seen: after one,
# remove the files of the matches that play it (each names its command).
strength: tool
	$(MCHESS) strength --state docs/strength $(if $(FRESH),--fresh) -o docs/strength.md

# The original's tuning (docs/tuning.md), resumed from its state: SPSA
# over the RANGE parameters of src/microchess.tune at Normal (the
# constants and piece values). The values it writes into its report folder
# (tuned.values; the tuned source there is not kept in git) become
# src/tuned/microchess.values with the one term the categorical
# measurements kept (docs/tuning.md, "Beyond the weights"): the 1.0
# section's BCAP1 term dropped, its declared choice FBCAP1 set to .SETW+2.
# It plays the first half of balanced-10k, leaving the second for
# tune-check. Long: its report in docs/tuning/ says how long it took.
TUNEFLAGS := --level normal --openings balanced-10k:1-5000 --step 8 --r-end 0.01 --check-every 250 --check-pairs 250 --check-openings study-250
tune: tool
	$(MCHESS) tune --state docs/tuning/original-normal.json --report docs/tuning/original-normal $(TUNEFLAGS) --pairs 8000
	{ cat docs/tuning/original-normal/tuned.values; \
	  printf ';\tTHE ONE TERM THE MATCHES CHOSE (DOCS/TUNING.MD, BEYOND\n;\tTHE WEIGHTS): THE 1.0 SECTION DROPS ITS BCAP1 TERM.\nFBCAP1\t.SETW+2\n'; \
	} > $(TUNEDVALUES).tmp && mv $(TUNEDVALUES).tmp $(TUNEDVALUES)

# The special-moves program's tuning (docs/tuning.md), resumed from its
# state: SPSA over the RANGE parameters of src/extended/special-moves.tune
# (the constants, the bonuses, the promotion gain and the piece values) at
# Normal, from the tuned original's values (tuned-special as it was first
# built); the values it writes (tuned.values) become src/tuned/special.values.
tune-special: tool
	$(MCHESS) tune --program tuned-special --state docs/tuning/special-normal.json --report docs/tuning/special-normal $(TUNEFLAGS) --pairs 4000
	cp docs/tuning/special-normal/tuned.values $(TSPCVALUES)

# search1k's tuning (docs/search1k.md), resumed from its state: SPSA over
# the RANGE parameters of src/search1k/search1k.tune (the men's values and
# the take-back penalty) at Normal, on balanced-10k 1-4000. Its values were
# not kept: they could not be told from the program's own (docs/search1k.md).
tune-search1k: tool
	$(MCHESS) tune --program search1k --state docs/tuning/search1k-normal.json --report docs/tuning/search1k-normal --level normal --openings balanced-10k:1-4000 --step 8 --r-end 0.01 --pairs 2000

# search5k's tuning (docs/search5k.md), resumed from its state: SPSA over
# src/search5k/search5k.tune (the men's values and the piece-square tables
# in bands) at Normal, on balanced-10k 1-4000 (docs/search5k.md says which
# lines its development and its measurements played).
tune-search5k: tool
	$(MCHESS) tune --program search5k --state docs/tuning/search5k-normal.json --report docs/tuning/search5k-normal --level normal --openings balanced-10k:1-4000 --step 8 --r-end 0.01 --pairs 2000

# The tuned program against the original on the half of balanced-10k the
# SPSA runs never played (the matches that chose the BCAP1 change did:
# docs/tuning.md; make confirm plays lines nothing chose), 4,000 games at each level (about 15 minutes on 2
# cores), written to docs/tuning/check.md with the commands, the machine
# and the times.
TUNECHECK := --games 4000 --openings balanced-10k:5001-10000 -j 2 --quiet
# $(call tunecheck,PROGRAM,FILE): PROGRAM against the original at each level.
define tunecheck
	@mkdir -p docs/tuning
	@{ echo '# The $(1) MicroChess against the original'; echo; \
	  echo "Written by \`make $@\` on $$(date -u +%Y-%m-%dT%H:%MZ), $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $$(nproc) CPUs, $$($(GO) env GOVERSION); not edited by hand."; \
	  echo "The openings are lines 5001 to 10000 of balanced-10k; the tuning played lines 1 to 5000 only."; \
	  for l in super-blitz blitz normal; do echo; echo "## $$l"; echo; echo '```'; \
	    echo "\$$ mchess match $(1)@$$l original@$$l $(TUNECHECK)"; \
	    $(MCHESS) match $(1)@$$l original@$$l $(TUNECHECK) 2>&1 || exit 1; echo '```'; done; } > $(2).tmp
	@mv $(2).tmp $(2)
	@grep -A2 '^Pairing.*Pairs' $(2) | grep vs
endef
tune-check: tool
	$(call tunecheck,tuned,docs/tuning/check.md)

# The same for the tuned special-moves program (about 25 minutes).
tune-check-special: tool
	$(call tunecheck,tuned-special,docs/tuning/check-special.md)

# The confirmation the README gives (docs/tuning.md, "Confirmed on fresh
# lines"): tuned and tuned-special against the original at each level on
# suite/fresh-1k.txt, lines of balanced-10k's walk past its 10,000 that no
# tuning, term test or selection played, each match's summary kept in
# docs/confirm/ as JSON (the command, the suite, the machine, the time and
# the counts; make docs-check recomputes every Elo from them). About 25
# minutes on 2 cores shared with other work (each file gives its time).
CONFIRMFLAGS := --openings suite/fresh-1k.txt --games 2000 -j 2 --quiet --json
confirm: tool
	@mkdir -p docs/confirm
	@for p in tuned tuned-special; do for l in super-blitz blitz normal; do \
	  f=docs/confirm/$$p-$$l.json; start=$$(date -u +%Y-%m-%dT%H:%M:%SZ); \
	  $(MCHESS) match $$p@$$l original@$$l $(CONFIRMFLAGS) > $$f.tmp || exit 1; \
	  { printf '{\n"command": "mchess match %s@%s original@%s %s",\n' $$p $$l $$l "$(CONFIRMFLAGS)"; \
	    printf '"suite": "suite/fresh-1k.txt",\n"machine": "%s, %s CPUs, %s",\n' "$$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" "$$(nproc)" "$$($(GO) env GOVERSION)"; \
	    printf '"revision": "%s",\n"started": "%s",\n"load_average": "%s",\n"summary": ' "$$(git rev-parse --short=12 HEAD 2>/dev/null)" $$start "$$(cut -d' ' -f1 /proc/loadavg)"; \
	    cat $$f.tmp; echo '}'; } > $$f.new && rm -f $$f.tmp && mv $$f.new $$f || exit 1; \
	  echo "$$f"; done; done

# docs/tuning.md's matches beyond the weights ("Beyond the weights"): form B
# and the bonus squares on lines 5001-10000 of balanced-10k, the six term
# tests on lines 1-5000, each at Normal against the first run's program
# (run1: tuned without the BCAP1 change it kept), 2,000 games a match, and
# mchess diff of the two on the same lines. Each match's summary is kept in
# docs/tuning/terms/ as JSON, as make confirm keeps its own (make docs-check
# recomputes every Elo from the counts), each diff's output beside it; a
# file that is there is not made again (FRESH=1 makes all again).
# About 70 minutes on 2 cores shared with other work (each file its time).
# TERMGAMES=N plays N games a match instead (a shorter measurement, its
# margins wider; the file's command says how many were played).
TERMGAMES ?= 2000
TERMFLAGS := --games $(TERMGAMES) -j 2 --quiet --json
RUN1 := --variant run1=tuned,17C3=E0
FORMB := --source fb=src/tuned/formb.asm
# Each pair: each NAME LINES ARGS..., as term-diffs and term-tests define each.
TERMLIST := \
	each fbcap1 1-5000 $(RUN1) tuned@normal run1@normal && \
	each fwcap1 1-5000 $(RUN1) --variant fwcap1=tuned,17C3=E0,17B8=72 fwcap1@normal run1@normal && \
	each fbccb-setw 1-5000 $(RUN1) --variant fbccb=tuned,17C3=E0,17C1=72 fbccb@normal run1@normal && \
	each fbccb-bmaxc 1-5000 $(RUN1) --variant fbccb=tuned,17C3=E0,17C1=E4 fbccb@normal run1@normal && \
	each fwcap0d 1-5000 $(RUN1) --variant fwcap0d=tuned,17C3=E0,17B6=72 fwcap0d@normal run1@normal && \
	each hbmaxc 1-5000 $(RUN1) --variant hbmaxc=tuned,17C3=E0,17AA=72 hbmaxc@normal run1@normal && \
	each formb 5001-10000 $(FORMB) $(RUN1) fb@normal run1@normal && \
	each formb-check 5001-10000 $(FORMB) --variant fbc=fb,17C3=10 fbc@normal fb@normal && \
	each formb-rank 5001-10000 $(FORMB) --variant fbr=fb,17DD=20 fbr@normal fb@normal && \
	each squares 5001-10000 $(RUN1) --variant t2=tuned,17C3=E0,17CF=43,17D3=44 t2@normal run1@normal
# mchess diff of each pair on its match's lines (seconds of CPU time each).
term-diffs: tool
	@mkdir -p docs/tuning/terms
	@each() { d=docs/tuning/terms/$$1-diff.txt; o=balanced-10k:$$2; shift 2; \
	  if [ -f $$d ] && [ -z "$(FRESH)" ]; then echo "$$d (kept)"; return 0; fi; \
	  { echo "\$$ mchess diff $$* --openings $$o --quiet -j 2"; \
	    $(MCHESS) diff "$$@" --openings $$o --quiet -j 2; } > $$d.tmp || return 1; \
	  mv $$d.tmp $$d && echo "$$d"; }; \
	$(TERMLIST)
term-tests: term-diffs
	@each() { f=docs/tuning/terms/$$1.json; o=balanced-10k:$$2; shift 2; \
	  if [ -f $$f ] && [ -z "$(FRESH)" ]; then echo "$$f (kept)"; return 0; fi; \
	  start=$$(date -u +%Y-%m-%dT%H:%M:%SZ); \
	  $(MCHESS) match "$$@" --openings $$o $(TERMFLAGS) > $$f.tmp || return 1; \
	  { printf '{\n"command": "mchess match %s --openings %s %s",\n' "$$*" $$o "$(TERMFLAGS)"; \
	    printf '"suite": "%s",\n"machine": "%s, %s CPUs, %s",\n' $$o "$$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" "$$(nproc)" "$$($(GO) env GOVERSION)"; \
	    printf '"revision": "%s",\n"started": "%s",\n"load_average": "%s",\n"summary": ' "$$(git rev-parse --short=12 HEAD 2>/dev/null)" $$start "$$(cut -d' ' -f1 /proc/loadavg)"; \
	    cat $$f.tmp; echo '}'; } > $$f.new && rm -f $$f.tmp && mv $$f.new $$f && echo "$$f"; }; \
	$(TERMLIST)

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

# The interpreter side by side with builds of older commits (OLD, ea23d87
# by default; several may be given, in quotes) on Klaus Dormann's
# functional test, which is not in this repository: MCHESS_DORMANN_BIN
# names its image (docs/dormann.md). Each commit is built from git archive
# under build/bench-interp; the builds run in turn, RUNS times each, and
# the medians go into docs/benchmarks.md.
# build-commits builds mchess at each commit of $(2) from git archive, as
# build/$(1)/mchess-COMMIT.
define build-commits
rm -rf build/$(1)
set -e; for c in $(2); do \
  mkdir -p build/$(1)/src-$$c; \
  git archive $$c | tar -x -C build/$(1)/src-$$c; \
  (cd build/$(1)/src-$$c && $(GO) build -o ../mchess-$$c ./cmd/mchess); \
  rm -rf build/$(1)/src-$$c; \
done
endef

OLD  ?= ea23d87
RUNS ?= 5
bench-interp: tool
	@test -n "$(MCHESS_DORMANN_BIN)" || { echo "make bench-interp: set MCHESS_DORMANN_BIN to Dormann's 6502_functional_test.bin (docs/dormann.md)" >&2; exit 2; }
	$(call build-commits,bench-interp,$(OLD))
	$(GO) run ./internal/benchinterp $(foreach c,$(OLD),-bin $(c)=build/bench-interp/mchess-$(c)) \
	  -bin "this work tree ($$(git describe --always --dirty))=$(MCHESS)" \
	  -load $(MCHESS_DORMANN_BIN)@0000 -start 0400 -expect-pc 3469 -runs $(RUNS) \
	  -command 'MCHESS_DORMANN_BIN=… make bench-interp OLD="$(OLD)" RUNS=$(RUNS)' -o docs/benchmarks.md

# Whole Normal matches (original against Stone, balanced-10k), this work
# tree side by side with builds of older commits (MATCH_OLD, 1a70cba by
# default), MATCH_GAMES games a match, MATCH_RUNS rounds; the wall and CPU
# times go into docs/benchmarks.md (internal/benchmatch). Minutes: about a
# minute and a half a thousand games for this tree on two free cores.
MATCH_OLD   ?= 1a70cba
MATCH_GAMES ?= 1000
MATCH_RUNS  ?= 3
bench-match: tool
	$(call build-commits,bench-match,$(MATCH_OLD))
	$(GO) run ./internal/benchmatch $(foreach c,$(MATCH_OLD),-bin $(c)=build/bench-match/mchess-$(c)) \
	  -bin "this work tree ($$(git describe --always --dirty))=$(MCHESS)" \
	  -games $(MATCH_GAMES) -jobs 2 -runs $(MATCH_RUNS) -section bench-match \
	  -command 'make bench-match MATCH_OLD="$(MATCH_OLD)" MATCH_GAMES=$(MATCH_GAMES) MATCH_RUNS=$(MATCH_RUNS)' -o docs/benchmarks.md

# The 20,000-game Normal match the speed goal names, played once by this
# work tree on both cores, its wall time written into docs/benchmarks.md:
# about twelve minutes on a free 2-core machine.
bench-match-20000: tool
	$(GO) run ./internal/benchmatch -bin "this work tree ($$(git describe --always --dirty))=$(MCHESS)" \
	  -games 20000 -jobs 2 -runs 1 -section bench-match-20000 -command 'make bench-match-20000' -o docs/benchmarks.md

clean:
	rm -rf build bin
