package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A one-node Slurm cluster on this machine, for docs/distributed.md's job
// array: munged, slurmctld and slurmd in the foreground, as children of
// the test, with their key, configuration, state, logs and sockets in one
// temporary directory, on two free ports of 127.0.0.1. Nothing of the
// machine's own (/etc/slurm, /etc/munge, /run/munge) is read or written.
// t.Cleanup cancels what is still queued, waits for the jobs to end, stops
// the daemons, checks that no process is left working in the directory,
// and removes it, also when the test fails.
type slurmCluster struct {
	dir  string // the cluster's files; jobs run in dir/job
	conf string
	env  []string // the clients' environment: the doc test's, with SLURM_CONF
}

// slurmTools are the programs the cluster needs, with their Debian package.
var slurmTools = []struct{ name, pkg string }{
	{"sbatch", "slurm-wlm"}, {"squeue", "slurm-wlm"}, {"scontrol", "slurm-wlm"}, {"scancel", "slurm-wlm"},
	{"slurmctld", "slurm-wlm"}, {"slurmd", "slurm-wlm"}, {"munged", "munge"}, {"mungekey", "munge"},
}

// slurmLookPath finds a tool on PATH or in the sbin directories, where
// Debian puts the daemons and which a user's PATH may lack.
func slurmLookPath(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	for _, d := range []string{"/usr/sbin", "/sbin", "/usr/local/sbin"} {
		if p, err := exec.LookPath(filepath.Join(d, name)); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

func startSlurm(t *testing.T) *slurmCluster {
	t.Helper()
	tools := map[string]string{}
	for _, tool := range slurmTools {
		p, err := slurmLookPath(tool.name)
		if err != nil {
			t.Skipf("%s not installed: %v (apt-get install slurm-wlm munge)", tool.pkg, err)
		}
		tools[tool.name] = p
	}
	if os.Geteuid() != 0 {
		t.Skip("a Slurm cluster's slurmd runs as root (it starts each job as its user): run the test as root")
	}
	// Short: a Unix socket's path has at most 107 bytes.
	dir, err := os.MkdirTemp("", "mchess-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	c := &slurmCluster{dir: dir, conf: filepath.Join(dir, "slurm.conf")}
	t.Cleanup(func() { c.remove(t) })
	for _, d := range []string{"munge", "state", "spool", "job"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	c.env = append(docEnv(filepath.Join(dir, "job")), "SLURM_CONF="+c.conf)
	sock := c.startMunge(t, tools)
	if err := os.WriteFile(c.conf, []byte(slurmConf(t, dir, sock)), 0o644); err != nil {
		t.Fatal(err)
	}
	slurmDaemon(t, dir, "slurmctld", tools["slurmctld"], "-D", "-i", "-f", c.conf)
	slurmDaemon(t, dir, "slurmd", tools["slurmd"], "-D", "-N", "localhost", "-f", c.conf)
	t.Cleanup(func() { c.drain(t) })
	c.waitIdle(t)
	return c
}

// startMunge makes a key in the cluster's directory and starts munged on
// a socket there; it returns the socket's path.
func (c *slurmCluster) startMunge(t *testing.T, tools map[string]string) string {
	t.Helper()
	m := filepath.Join(c.dir, "munge")
	key, sock := filepath.Join(m, "munge.key"), filepath.Join(m, "munge.socket")
	if out, err := exec.Command(tools["mungekey"], "--create", "--keyfile", key).CombinedOutput(); err != nil {
		t.Fatalf("mungekey: %v\n%s", err, out)
	}
	// --force: munged runs as root, and its socket's directory is private.
	slurmDaemon(t, c.dir, "munged", tools["munged"], "--foreground", "--force", "--key-file="+key, "--socket="+sock,
		"--pid-file="+filepath.Join(m, "munged.pid"), "--log-file="+filepath.Join(m, "munged.log"),
		"--seed-file="+filepath.Join(m, "munged.seed"))
	slurmWait(t, c.dir, "munged's socket", func() bool { _, err := os.Stat(sock); return err == nil })
	return sock
}

// slurmConf: one node, localhost, whose 16 CPUs let the array's tasks run
// at once (slurmd is told not to check them against the machine's); no
// cgroups (proctrack/linuxproc, task/none), no accounting database.
func slurmConf(t *testing.T, dir, sock string) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	return fmt.Sprintf(`ClusterName=mchess
SlurmctldHost=%s(127.0.0.1)
SlurmctldPort=%d
SlurmdPort=%d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%[5]s
StateSaveLocation=%[4]s/state
SlurmdSpoolDir=%[4]s/spool
SlurmctldPidFile=%[4]s/slurmctld.pid
SlurmdPidFile=%[4]s/slurmd.pid
SlurmctldLogFile=%[4]s/slurmctld.log
SlurmdLogFile=%[4]s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=localhost NodeAddr=127.0.0.1 CPUs=16 State=UNKNOWN
PartitionName=mchess Nodes=localhost Default=YES MaxTime=INFINITE State=UP
`, host, slurmFreePort(t), slurmFreePort(t), dir, sock)
}

func slurmFreePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// slurmDaemon starts a daemon in the foreground, its output in
// dir/NAME.out, and stops it at cleanup: SIGTERM, then SIGKILL to its
// process group if it has not ended in 10 s.
func slurmDaemon(t *testing.T, dir, name, path string, args ...string) {
	t.Helper()
	out, err := os.Create(filepath.Join(dir, name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = out, out
	// Pdeathsig: a test binary killed at its timeout runs no cleanup, and
	// the daemons would stay.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		out.Close()
		t.Fatalf("%s: %v", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait(); out.Close() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("%s did not end in 10 s of SIGTERM: killed", name)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // a child it left (slurmctld's slurmscriptd)
	})
}

// slurmWait polls ok for up to 30 s.
func slurmWait(t *testing.T, dir, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); !ok(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not there in 30 s\n%s", what, slurmLogs(dir))
		}
	}
}

// run runs a Slurm client in the job directory.
func (c *slurmCluster) run(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(c.dir, "job")
	cmd.Env = c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func (c *slurmCluster) waitIdle(t *testing.T) {
	t.Helper()
	slurmWait(t, c.dir, "the node idle (sinfo)", func() bool {
		out, err := c.run("sinfo", "--noheader", "--format=%t")
		return err == nil && strings.TrimSpace(out) == "idle"
	})
}

// wait waits until the queue is empty, for at most limit.
func (c *slurmCluster) wait(limit time.Duration) error {
	for end := time.Now().Add(limit); ; time.Sleep(200 * time.Millisecond) {
		out, err := c.run("squeue", "--noheader", "--format=%i %T")
		if err != nil {
			return fmt.Errorf("squeue: %v\n%s", err, out)
		}
		if strings.TrimSpace(out) == "" {
			return nil
		}
		if time.Now().After(end) {
			return fmt.Errorf("jobs still queued or running after %v:\n%s", limit, out)
		}
	}
}

// drain cancels what is left and waits for the jobs' processes to end
// before the daemons stop: slurmstepd runs a job in a session of its own,
// which stopping slurmd would leave behind.
func (c *slurmCluster) drain(t *testing.T) {
	if err := c.wait(0); err == nil {
		return
	}
	if out, err := c.run("scancel", "--full", "--user=root"); err != nil {
		t.Errorf("scancel: %v\n%s", err, out)
	}
	if err := c.wait(30 * time.Second); err != nil {
		t.Error(err)
	}
}

// remove checks that no process works in the cluster's directory any
// more, then removes it.
func (c *slurmCluster) remove(t *testing.T) {
	if t.Failed() {
		t.Logf("the cluster's logs:\n%s", slurmLogs(c.dir))
	}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		cwd, err := os.Readlink(filepath.Join(p, "cwd"))
		if err == nil && (cwd == c.dir || strings.HasPrefix(cwd, c.dir+"/")) {
			cmdline, _ := os.ReadFile(filepath.Join(p, "cmdline"))
			t.Errorf("a process left in %s: %s %s", cwd, filepath.Base(p), bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}))
		}
	}
	if err := os.RemoveAll(c.dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Error(err)
	}
}

// slurmLogs: the daemons' logs and the jobs' output, for a failure.
func slurmLogs(dir string) string {
	var b strings.Builder
	for _, pattern := range []string{"munged.out", "slurmctld.log", "slurmd.log", "job/*.log", "job/slurm-*.out"} {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range files {
			data, _ := os.ReadFile(f)
			if len(data) > 3000 {
				data = append([]byte("...\n"), data[len(data)-3000:]...)
			}
			fmt.Fprintf(&b, "--- %s\n%s\n", f, data)
		}
	}
	return b.String()
}
