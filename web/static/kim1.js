// The page's script: it draws what the Go program (main.wasm, package
// web) reports and forwards keys and moves to it. No chess and no 6502
// here: the display, the board and the move list all come from its state.
"use strict";

const $ = (s) => document.querySelector(s);
const params = new URLSearchParams(location.search);

// The KIM-1's keypad as on the board, row by row; code -1 is a key GETKEY
// never reads (ST, RS) or the single-step switch.
const KEYPAD = [
  ["GO", 0x13, "cmd"], ["ST", -1, "cmd"], ["RS", -2, "cmd"], ["SST", -3, "cmd"],
  ["AD", 0x10, "cmd"], ["DA", 0x11, "cmd"], ["PC", 0x14, "cmd"], ["+", 0x12, "cmd"],
  ["C", 12], ["D", 13], ["E", 14], ["F", 15],
  ["8", 8], ["9", 9], ["A", 10], ["B", 11],
  ["4", 4], ["5", 5], ["6", 6], ["7", 7],
  ["0", 0], ["1", 1], ["2", 2], ["3", 3],
];
const KEY_NAMES = { GO: "GO", ST: "ST, stop", RS: "RS, reset", SST: "SST, single step switch", AD: "AD, address", DA: "DA, data", PC: "PC", "+": "plus" };
// The computer keyboard's keys besides the hex digits.
const SHORTCUTS = { p: 0x14, Enter: 0x14, g: 0x13, "+": 0x12, ",": 0x10, ".": 0x11 };
const GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
const NAME = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
const SEGMENTS = { a: [4, 1, 12, 3], b: [16, 4, 3, 11], c: [16, 17, 3, 11], d: [4, 28, 12, 3], e: [1, 17, 3, 11], f: [1, 4, 3, 11], g: [4, 14.5, 12, 3] };

let st = null;          // the last state
let loaded = false;
let chosen = null;      // the square chosen for a move
let focusSq = 12;       // the board's square that takes the focus (e2)
let dragging = null;
let suppressClick = false;
let lastFrame = 0;
let given = false;  // a key or a move given since the last frame
let plyCount = 0;
const meter = { cycles: 0, runMs: 0, wallMs: 0, shown: 0 };
window.mchessSpeed = { mhz: 0, runMHz: 0 };

function sqName(i) { return "abcdefgh"[i % 8] + (Math.floor(i / 8) + 1); }

function buildDisplay() {
  const d = $("#display");
  for (let i = 0; i < 6; i++) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 20 32");
    svg.setAttribute("class", "digit");
    svg.setAttribute("aria-hidden", "true");
    for (const [seg, [x, y, w, h]] of Object.entries(SEGMENTS)) {
      const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      Object.entries({ x, y, width: w, height: h, rx: 1, class: "seg", "data-seg": seg }).forEach(([k, v]) => r.setAttribute(k, v));
      svg.appendChild(r);
    }
    d.appendChild(svg);
  }
}

function buildKeypad() {
  const pad = $("#keypad");
  for (const [label, code, cls] of KEYPAD) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.key = label;
    b.setAttribute("aria-label", "key " + (KEY_NAMES[label] || label));
    if (cls) b.className = cls;
    if (code === -1 || code === -3) {
      b.setAttribute("aria-disabled", "true");
      b.title = label === "ST" ? "ST enters the monitor, which is not emulated" : "single step: not emulated";
    }
    if (code === -2) b.title = "RS then GO at 0000: the program starts again, its memory kept";
    b.addEventListener("click", () => press(code, b));
    pad.appendChild(b);
  }
}

function press(code, button) {
  if (!loaded || code === -1 || code === -3) return;
  if (button) {
    button.classList.add("pressed");
    setTimeout(() => button.classList.remove("pressed"), 150);
  }
  if (code === -2) mchess.reset(); else mchess.press(code);
  given = true;
}

function buildBoard() {
  const board = $("#board");
  for (let i = 0; i < 64; i++) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "gridcell");
    b.tabIndex = -1;
    board.appendChild(b);
  }
  board.addEventListener("click", onSquareClick);
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => endDrag());
}

// The board from the player's end: the program's men at the top.
function squareAt(pos, computer) {
  const row = Math.floor(pos / 8), col = pos % 8;
  return computer === "white" ? row * 8 + (7 - col) : (7 - row) * 8 + col;
}

function drawBoard() {
  const buttons = $("#board").children;
  for (let pos = 0; pos < 64; pos++) {
    const sq = squareAt(pos, st.Computer), b = buttons[pos], man = st.Board[sq];
    const name = sqName(sq);
    b.dataset.sq = name;
    b.dataset.man = man;
    b.className = ((sq % 8 + Math.floor(sq / 8)) % 2 === 0 ? "dark" : "light") + (chosen === name ? " chosen" : "");
    b.tabIndex = sq === focusSq ? 0 : -1;
    const glyph = man ? `<span class="${man[0]}" aria-hidden="true">${GLYPH[man[1]]}</span>` : "";
    const html = glyph + `<span class="oct" aria-hidden="true">${st.Octal[sq]}</span>`;
    if (b.innerHTML !== html) b.innerHTML = html;
    const label = name + " (" + st.Octal[sq] + "), " + (man ? (man[0] === "w" ? "white " : "black ") + NAME[man[1]] : "empty") + (chosen === name ? ", chosen" : "");
    b.setAttribute("aria-label", label);
  }
}

function onSquareClick(ev) {
  const b = ev.target.closest("button[data-sq]");
  if (!b || suppressClick) { suppressClick = false; return; }
  focusSq = "abcdefgh".indexOf(b.dataset.sq[0]) + 8 * (Number(b.dataset.sq[1]) - 1);
  if (chosen === null) {
    if (b.dataset.man) chosen = b.dataset.sq;
  } else if (chosen === b.dataset.sq) {
    chosen = null;
  } else {
    move(chosen, b.dataset.sq);
    chosen = null;
  }
  drawBoard();
}

function onBoardKey(ev) {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[ev.key];
  if (step === undefined) return;
  ev.preventDefault();
  ev.stopPropagation();
  const buttons = [...$("#board").children];
  const pos = buttons.indexOf(document.activeElement);
  const next = Math.min(63, Math.max(0, (pos < 0 ? 0 : pos) + step));
  focusSq = squareAt(next, st.Computer);
  drawBoard();
  buttons[next].focus();
}

function onPointerDown(ev) {
  const b = ev.target.closest("button[data-sq]");
  if (!b || !b.dataset.man || ev.button !== 0) return;
  dragging = { from: b.dataset.sq, x: ev.clientX, y: ev.clientY, moved: false, man: b.dataset.man };
  $("#board").setPointerCapture(ev.pointerId);
}

function onPointerMove(ev) {
  if (!dragging) return;
  if (!dragging.moved && Math.hypot(ev.clientX - dragging.x, ev.clientY - dragging.y) < 6) return;
  let ghost = $("#drag");
  if (!ghost) {
    ghost = document.createElement("div");
    ghost.id = "drag";
    ghost.setAttribute("aria-hidden", "true");
    ghost.innerHTML = `<span class="${dragging.man[0]}">${GLYPH[dragging.man[1]]}</span>`;
    document.body.appendChild(ghost);
  }
  dragging.moved = true;
  ghost.style.left = ev.clientX + "px";
  ghost.style.top = ev.clientY + "px";
}

function onPointerUp(ev) {
  if (!dragging) return;
  const d = dragging;
  endDrag();
  if (!d.moved) return; // a click: onSquareClick chooses the man
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  const target = document.elementFromPoint(ev.clientX, ev.clientY);
  const b = target && target.closest("#board button[data-sq]");
  chosen = null;
  if (b && b.dataset.sq !== d.from) move(d.from, b.dataset.sq);
  drawBoard();
}

function endDrag() {
  dragging = null;
  const g = $("#drag");
  if (g) g.remove();
}

function move(from, to) {
  const err = mchess.move(from, to, $("#reply").checked);
  given = true;
  if (err) say(err, true);
}

let holdUntil = 0; // a message the user caused stays a while

function say(text, hold) {
  $("#status").textContent = text;
  if (hold) holdUntil = performance.now() + 3000;
}

function drawDisplay() {
  const digits = $("#display").children;
  st.Segments.forEach((bits, i) => {
    for (const r of digits[i].children) {
      const on = (bits >> (r.dataset.seg.charCodeAt(0) - 97)) & 1;
      r.classList.toggle("on", on === 1);
    }
  });
  $("#display").setAttribute("aria-label", "display " + st.Display);
}

function drawMoves() {
  const body = $("#moves tbody");
  body.textContent = "";
  let row = null;
  st.Plies.forEach((p, i) => {
    // A game after C starts with White; the ply's colour follows the program's side.
    const white = (p.Computer && st.Computer === "white") || (!p.Computer && st.Computer === "black");
    if (!row || white) {
      row = document.createElement("tr");
      row.innerHTML = `<th scope="row">${body.children.length + 1}</th><td></td><td></td>`;
      body.appendChild(row);
    }
    const cell = row.children[white ? 1 : 2];
    cell.innerHTML = "";
    const san = document.createElement("span");
    san.textContent = p.SAN;
    const oct = document.createElement("span");
    oct.className = "oct";
    oct.textContent = " " + p.Keyed;
    cell.append(san, oct);
    if (p.Note) {
      const n = document.createElement("span");
      n.className = "note";
      n.textContent = " (" + p.Note + ")";
      cell.append(n);
    }
  });
  $("#outcome").textContent = st.Outcome || (st.Pending ? "Keyed half of " + st.Pending + ": the rest to come." : "");
}

function render() {
  const json = mchess.state();
  const prev = st;
  st = JSON.parse(json);
  drawDisplay();
  if (!prev || JSON.stringify(prev.Board) !== JSON.stringify(st.Board) || prev.Computer !== st.Computer) drawBoard();
  if (!prev || JSON.stringify(prev.Plies) !== JSON.stringify(st.Plies) || prev.Outcome !== st.Outcome || prev.Pending !== st.Pending) drawMoves();
  $("#teletype").hidden = !st.Teletype;
  if (st.Teletype && $("#paper").textContent !== st.Printed) {
    $("#paper").textContent = st.Printed;
    $("#paper").scrollTop = $("#paper").scrollHeight;
  }
  let text;
  if (st.Error) text = st.Error;
  else if (st.Busy) text = "The program is thinking…";
  else if (st.Plies.length > plyCount) {
    const p = st.Plies[st.Plies.length - 1];
    text = (p.Computer ? "MicroChess plays " : "You played ") + p.SAN + " (" + p.Keyed + ")" + (p.Note ? ", " + p.Note : "") + ". Display " + st.Display + ".";
  } else text = st.Note || "Display " + st.Display + (st.Teletype ? ". Waiting for a line typed." : ". Waiting for a key.");
  if (!st.Busy) plyCount = st.Plies.length;
  if ($("#status").textContent !== text && (st.Busy || performance.now() > holdUntil)) say(text);
}

// Each frame runs the program: for 14 ms as fast as it goes, or for the
// cycles a 1 MHz KIM-1 would have run since the last frame. The meter
// counts only frames in which the program was thinking.
function frame(now) {
  if (loaded) {
    const kim = document.querySelector('input[name="speed"]:checked').value === "kim";
    const dt = lastFrame ? Math.min(now - lastFrame, 100) : 16;
    const busy = (st && st.Busy) || given; // input given since the last frame runs in this one
    given = false;
    const t0 = performance.now();
    const cycles = kim ? mchess.run(Math.round(dt * 1000), 30) : mchess.run(1e15, 14);
    const t1 = performance.now();
    if (busy) {
      meter.cycles += cycles;
      meter.runMs += t1 - t0;
      meter.wallMs += dt;
    }
    render();
    // The meter shows the move being thought, each second and at its end.
    const ended = busy && !st.Busy;
    if (meter.wallMs - meter.shown >= 1000 || (ended && meter.cycles >= 1e6)) {
      meter.shown = meter.wallMs;
      window.mchessSpeed = { mhz: meter.cycles / (meter.wallMs * 1000), runMHz: meter.cycles / (meter.runMs * 1000), cycles: meter.cycles, ms: meter.wallMs };
      $("#speedometer").textContent = `Emulated ${window.mchessSpeed.mhz.toFixed(1)} MHz while thinking (the KIM-1 ran at 1 MHz).`;
    }
    if (ended) meter.cycles = meter.runMs = meter.wallMs = meter.shown = 0;
  }
  lastFrame = now;
  requestAnimationFrame(frame);
}

function fill(select, json, value) {
  for (const c of JSON.parse(json)) {
    const o = document.createElement("option");
    o.value = c.Name;
    o.textContent = c.Label;
    select.appendChild(o);
  }
  if (value) select.value = value;
}

function load() {
  loaded = false;
  const err = mchess.load($("#program").value, $("#level").value, $("#opening").value);
  if (err) { say(err); return; }
  loaded = true;
  st = null;
  plyCount = 0;
  chosen = null;
  render();
  drawBoard();
  drawMoves();
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.target.closest("input, select, textarea, #paper")) return;
  let code;
  if (/^[0-9a-fA-F]$/.test(ev.key)) code = parseInt(ev.key, 16);
  else if (ev.key === "P") code = 0x14;
  else code = SHORTCUTS[ev.key];
  if (code === undefined) return;
  if (ev.key === "Enter" && ev.target.closest("button")) return; // the button's own
  ev.preventDefault();
  const label = KEYPAD.find((k) => k[1] === code)[0];
  press(code, document.querySelector(`#keypad button[data-key="${CSS.escape(label)}"]`));
}

function savePGN() {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([mchess.pgn()], { type: "application/x-chess-pgn" }));
  a.download = "microchess-" + new Date().toISOString().slice(0, 10) + ".pgn";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

window.mchessReady = () => {
  fill($("#program"), mchess.programs(), params.get("program") || "original");
  fill($("#level"), mchess.levels(), params.get("level") || "normal");
  fill($("#opening"), mchess.openings(), params.get("opening") || "");
  if (params.get("speed") === "kim") document.querySelector('input[value="kim"]').checked = true;
  $("#program").addEventListener("change", load);
  $("#reload").addEventListener("click", load);
  $("#level").addEventListener("change", () => say(mchess.setLevel($("#level").value) || "Level " + $("#level").value + ".", true));
  $("#opening").addEventListener("change", () => say(mchess.setOpening($("#opening").value) || "Opening block loaded at 00C0: press C.", true));
  $("#save").addEventListener("click", savePGN);
  $("#ttyform").addEventListener("submit", (ev) => { ev.preventDefault(); mchess.type($("#ttyline").value); $("#ttyline").value = ""; });
  document.addEventListener("keydown", onKey);
  load();
  document.body.dataset.ready = "true";
};

buildDisplay();
buildKeypad();
buildBoard();
requestAnimationFrame(frame);
const go = new Go();
(WebAssembly.instantiateStreaming
  ? WebAssembly.instantiateStreaming(fetch("main.wasm"), go.importObject)
  : fetch("main.wasm").then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject))
).then((r) => go.run(r.instance)).catch((e) => say("The KIM-1 did not load: " + e));
