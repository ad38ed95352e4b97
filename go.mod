module github.com/kim1-archive/microchess

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/corentings/chess/v2 v2.3.2
	github.com/rogpeppe/go-internal v1.16.0
)

require (
	golang.org/x/exp v0.0.0-20250128182459-e0ece0dbea4c // indirect
	golang.org/x/sys v0.29.0 // indirect
	golang.org/x/tools v0.29.0 // indirect
)
