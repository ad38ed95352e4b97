package profile

import (
	"bytes"
	"fmt"
	"image/color"
	"sort"

	pprof "github.com/google/pprof/profile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Named is a profile with the name a chart gives it (a level, say).
type Named struct {
	Name    string
	Profile *pprof.Profile
}

// ChartPNG draws each routine's flat share of the cycles in each profile as
// grouped horizontal bars, the routines that take most in the last profile
// at the top; at most n routines (the rest summed as "others").
func ChartPNG(title string, profs []Named, n int) ([]byte, error) {
	if len(profs) == 0 {
		return nil, fmt.Errorf("no profile to chart")
	}
	shares := make([]map[string]float64, len(profs))
	for i, np := range profs {
		rows, total := Top(np.Profile)
		if total == 0 {
			return nil, fmt.Errorf("%s: the profile counts no cycles", np.Name)
		}
		shares[i] = map[string]float64{}
		for _, r := range rows {
			shares[i][r.Name] = 100 * float64(r.Flat) / float64(total)
		}
	}
	last := shares[len(shares)-1]
	var names []string
	for name := range last {
		names = append(names, name)
	}
	for _, s := range shares {
		for name := range s {
			if _, ok := last[name]; !ok {
				names = append(names, name)
				last[name] = 0
			}
		}
	}
	sort.Slice(names, func(i, j int) bool {
		if last[names[i]] != last[names[j]] {
			return last[names[i]] > last[names[j]]
		}
		return names[i] < names[j]
	})
	shown := names
	if n > 0 && len(names) > n {
		shown = append(append([]string(nil), names[:n]...), "others")
		for _, s := range shares {
			for _, name := range names[n:] {
				s["others"] += s[name]
			}
		}
	}
	// The bars from the top down: the largest first.
	labels := make([]string, len(shown))
	for i, name := range shown {
		labels[len(shown)-1-i] = name
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "share of the cycles run in the routine itself (flat), %"
	p.NominalY(labels...)
	p.Legend.Top = false
	p.Legend.Left = false
	palette := []color.Color{color.RGBA{0x9e, 0xca, 0xe1, 0xff}, color.RGBA{0x42, 0x92, 0xc6, 0xff}, color.RGBA{0x08, 0x45, 0x94, 0xff},
		color.RGBA{0xfd, 0x8d, 0x3c, 0xff}, color.RGBA{0x31, 0xa3, 0x54, 0xff}}
	width := vg.Points(30) / vg.Length(len(profs))
	for i, s := range shares {
		vals := make(plotter.Values, len(labels))
		for k, name := range labels {
			vals[k] = s[name]
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		bars.Color = palette[i%len(palette)]
		bars.LineStyle.Width = 0
		bars.Offset = vg.Length(len(profs)-1-i)*width - vg.Length(len(profs)-1)*width/2
		p.Add(bars)
		p.Legend.Add(profs[i].Name, bars)
	}
	p.Add(plotter.NewGrid())
	h := vg.Points(float64(60 + 40*len(labels)))
	c := vgimg.New(vg.Points(640), h)
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
