#!/bin/sh
# An engine whose child keeps its stderr open after it exits, and that
# never answers go: its $1 (if given) gets the child's process id.
sleep 600 </dev/null >/dev/null &
[ -n "$1" ] && echo $! > "$1"
while read -r l; do
	case "$l" in
	uci) echo "id name StderrChild"; echo uciok ;;
	isready) echo readyok ;;
	esac
done
