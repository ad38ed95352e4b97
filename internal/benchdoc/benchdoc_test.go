package benchdoc

import "testing"

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{750, 580, 600, 700, 720}, 700},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := Median(c.xs); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 96241367: "96,241,367", 30646177: "30,646,177"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestReplace(t *testing.T) {
	m := For("bench-x", "make bench-x", "internal/benchx")
	doc := "# B\n\nbefore\n\n" + m.Begin + "\nold figures\n" + m.End + "\n\nafter\n"
	got, err := m.Replace([]byte(doc), m.Begin+"\nnew figures\n"+m.End+"\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "# B\n\nbefore\n\n" + m.Begin + "\nnew figures\n" + m.End + "\n\nafter\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{
		"no markers\n",
		m.Begin + "\nonly the beginning\n",
		m.End + "\n" + m.Begin + "\n",
		m.Begin + "\n" + m.End + "\n" + m.Begin + "\n" + m.End + "\n",
	} {
		if _, err := m.Replace([]byte(bad), "x"); err == nil {
			t.Errorf("Replace(%q) took it", bad)
		}
	}
}
