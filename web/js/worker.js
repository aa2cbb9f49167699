/* The solver worker: boots Pyodide (from our own origin), numpy, scipy and pysolver,
   then answers requests.  Protocol: the page posts {id, cmd, args}; the worker posts
   {id, ok, result|error, kind} back, and {type: "status", ...} while booting.
   Everything crosses as JSON text: no PyProxy objects leak out of Python. */
/* global loadPyodide */
"use strict";

const PYODIDE = "../pyodide-0.27.7/";
let py = null;
let handle = null;
let importLoaded = null;
let interrupt = null;
// Byte 1 of the shared buffer says a cancel was asked for this request: Python clears
// byte 0 (its interrupt flag) when it raises KeyboardInterrupt, even where the
// exception is then swallowed, as it can be while a package loads.
let cancelAsked = null;
let readyText = "Solver ready";

function status(state, text) {
  postMessage({ type: "status", state, text });
}

async function boot() {
  const t0 = performance.now();
  status("loading", "Loading the solver…");
  importScripts(PYODIDE + "pyodide.js");
  py = await loadPyodide({ indexURL: PYODIDE, lockFileURL: PYODIDE + "pyodide-lock.json",
                           stdout: () => {}, stderr: (s) => console.warn(s) });
  status("loading", "Starting the solver…");
  // NumPy and SciPy wait until a request needs them (see ask()): nonograms and Hungry
  // Cat never do, and they hold over 150 MB of a phone's memory.
  await py.loadPackage(["pysolver"], { messageCallback: () => {} });
  if (self.crossOriginIsolated && typeof SharedArrayBuffer !== "undefined") {
    const shared = new SharedArrayBuffer(2);
    interrupt = new Uint8Array(shared, 0, 1);
    cancelAsked = new Uint8Array(shared, 1, 1);
    py.setInterruptBuffer(interrupt);
  }
  handle = py.runPython("import pysolver.webapi as w; w.handle");
  importLoaded = py.runPython("w.import_loaded");
  // The page must hold the interrupt buffer before it can send its first request.
  postMessage({ type: "interrupt", buffer: interrupt ? interrupt.buffer : null });
  readyText = `Solver ready (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
  status("ready", readyText);
}

// (a failed boot stays a rejected promise for the requests below; reported once, as
// a status, not as an unhandled error)
const booted = boot();
booted.catch((err) => {
  status("failed", "The solver could not start: " + (err && err.message ? err.message : err));
});

self.onmessage = async (ev) => {
  const { id, cmd, args } = ev.data || {};
  if (id === undefined) return;
  try {
    await booted;
  } catch (err) {
    postMessage({ id, ok: false, error: "the solver could not start", kind: "internal" });
    return;
  }
  if (interrupt) interrupt[0] = cancelAsked[0] = 0;
  const reply = await ask(JSON.stringify({ cmd, args }));
  reply.id = id;
  postMessage(reply);
};

/** Python's answer to a request; a request that needs a package not loaded yet (kind
    "needs", see pysolver/webapi.py ON_DEMAND) has it loaded and is asked again. */
async function ask(request) {
  for (let tries = 0; ; tries++) {
    let reply;
    try {
      reply = JSON.parse(handle(request));
    } catch (err) {
      // handle() answers every Python exception itself: what reaches here broke
      // Pyodide (a fatal error, after which it cannot run again), so the page is told
      // to start a fresh worker once this reply is delivered.
      setTimeout(() => postMessage({ type: "fatal" }), 0);
      return { ok: false, kind: "internal",
               error: "the solver crashed (" + String(err && err.message ? err.message : err) +
                      ") and is being restarted; please try again" };
    }
    if (reply.kind !== "needs" || tries >= 3) return reply;
    // (the status line says why this first request takes longer, in a player's words:
    // which packages load is no concern of theirs)
    status("ready", "Loading more of the solver…");
    // A load is never interrupted (an interrupted one leaves the package half loaded and
    // the next load of it hanging): a Cancel meanwhile is answered once it is done, or
    // by the page restarting the worker when that takes too long.  The same holds for
    // importing what was loaded (an interrupted import leaves modules half built).
    if (interrupt) py.setInterruptBuffer(new Uint8Array(new SharedArrayBuffer(1)));
    try {
      await py.loadPackage(reply.packages, { messageCallback: () => {} });
      importLoaded(JSON.stringify(reply.packages));
      status("ready", readyText);
    } catch (err) {
      status("ready", readyText);
      if (cancelAsked && cancelAsked[0]) return { ok: false, error: "cancelled", kind: "cancelled" };
      return { ok: false, error: "could not load " + reply.packages.join(", ") + ": " + (err.message || err),
               kind: "internal" };
    } finally {
      if (interrupt) py.setInterruptBuffer(interrupt);
    }
    if (cancelAsked && cancelAsked[0]) return { ok: false, error: "cancelled", kind: "cancelled" };
  }
}
