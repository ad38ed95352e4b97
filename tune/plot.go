package tune

import (
	"bytes"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/kim1-archive/microchess/spsa"
)

// ParamsSVG draws each parameter's θ over the run's steps, one small plot
// a parameter, its declared range the y axis, so that a reader sees which
// moved, which settled and which sit on a bound.
func ParamsSVG(st *spsa.State) ([]byte, error) {
	n := len(st.Params)
	if n == 0 || len(st.History) == 0 {
		return nil, fmt.Errorf("tune: nothing to plot (%d parameters, %d steps)", n, len(st.History))
	}
	cols := min(n, 4)
	rows := (n + cols - 1) / cols
	plots := make([][]*plot.Plot, rows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
	}
	for i, par := range st.Params {
		p := plot.New()
		p.Title.Text = par.Name
		p.Title.TextStyle.Font.Size = vg.Points(9)
		p.X.Label.Text = "step"
		p.Y.Min, p.Y.Max = float64(par.Lo), float64(par.Hi)
		pts := make(plotter.XYs, 0, len(st.History)+1)
		pts = append(pts, plotter.XY{X: 0, Y: float64(par.Start)})
		for _, h := range st.History {
			pts = append(pts, plotter.XY{X: float64(h.Step), Y: h.Theta[i]})
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		p.Add(line)
		p.Y.Max = math.Max(p.Y.Max, p.Y.Min+1) // a one-value range still draws
		plots[i/cols][i%cols] = p
	}
	w, h := vg.Points(float64(180*cols)), vg.Points(float64(150*rows))
	c := vgsvg.New(w, h)
	canvases := plot.Align(plots, draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(4)}, draw.New(c))
	for r := range plots {
		for k := range plots[r] {
			if plots[r][k] != nil {
				plots[r][k].Draw(canvases[r][k])
			}
		}
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// EloSVG draws the checkpoints' Elo against the base program with their
// 95% margins (from the pairs); a checkpoint with no finite figure is left
// out.
func EloSVG(cps []Checkpoint) ([]byte, error) {
	var pts plotter.XYs
	var errs plotter.YErrors
	for _, cp := range cps {
		s := cp.Summary
		if s.PairElo == nil || s.PairMargin == nil {
			continue
		}
		pts = append(pts, plotter.XY{X: float64(cp.Step), Y: *s.PairElo})
		errs = append(errs, struct{ Low, High float64 }{*s.PairMargin, *s.PairMargin})
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("tune: no checkpoint with an Elo figure to plot")
	}
	p := plot.New()
	p.Title.Text = "checkpoints against the program tuned (Elo, 95% margin)"
	p.X.Label.Text = "step"
	p.Y.Label.Text = "Elo"
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(plotter.NewGrid(), zero, sc, bars)
	c := vgsvg.New(vg.Points(480), vg.Points(300))
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
