#!/bin/sh
# An xboard engine that shakes hands and takes moves, then crashes
# (SIGSEGV) when told to go, as Fairy-Max 5.0b may on a command it does
# not know.
while read -r l; do
	case "$l" in
	ping*) echo "pong ${l#ping }" ;;
	go) kill -SEGV $$ ;;
	esac
done
