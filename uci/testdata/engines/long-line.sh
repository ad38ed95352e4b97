#!/bin/sh
# An engine that answers go with one line of 2 MB and no bestmove, then
# goes on reading its input: alive, but its output is garbage.
while read -r l; do
	case "$l" in
	uci) echo "id name LongLine"; echo uciok ;;
	isready) echo readyok ;;
	go*) head -c 2000000 /dev/zero | tr '\0' x; echo ;;
	quit) exit 0 ;;
	esac
done
