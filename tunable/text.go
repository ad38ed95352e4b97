package tunable

import (
	"fmt"
	"strings"
)

// How a listing (mchess tune --list) shows a parameter.

// AddrText is the parameter's addresses in hex, a run of consecutive
// ones as FIRST–LAST: "00A2–00A3", "1782".
func (p *Param) AddrText() string {
	var parts []string
	for i := 0; i < len(p.Addrs); {
		j := i
		for j+1 < len(p.Addrs) && p.Addrs[j+1] == p.Addrs[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%04X–%04X", p.Addrs[i], p.Addrs[j]))
		} else {
			parts = append(parts, fmt.Sprintf("%04X", p.Addrs[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// ValuesText is what the parameter may be, as the declaration writes it:
// LO-HI for a Range, the choices joined by commas for a Choice.
func (p *Param) ValuesText() string {
	if p.Kind == Range {
		return fmt.Sprintf("%02X-%02X", p.Lo, p.Hi)
	}
	var texts []string
	for _, o := range p.Choices {
		texts = append(texts, o.Text)
	}
	return strings.Join(texts, ",")
}

// ValueText shows one value of the parameter: the byte in hex for a
// Range, the choice and its byte for a Choice (".WMOB=EB").
func (p *Param) ValueText(v int) string {
	if p.Kind == Range {
		return fmt.Sprintf("%02X", v)
	}
	o := p.Choices[v]
	if strings.EqualFold(o.Text, fmt.Sprintf("%02X", o.Value)) {
		return o.Text
	}
	return fmt.Sprintf("%s=%02X", o.Text, o.Value)
}
