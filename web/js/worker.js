/* The solver worker: boots Pyodide (from our own origin) and pysolver, then answers
   requests (NumPy and SciPy load when one first needs them).  Protocol: the page posts
   {id, cmd, args}; the worker posts {id, ok, result|error, kind} back, and
   {type: "status", ...} while booting.
   Everything crosses as JSON text: no PyProxy objects leak out of Python. */
/* global loadPyodide */
"use strict";

const PYODIDE_VERSION = "0.27.7";
const PYODIDE = `../pyodide-${PYODIDE_VERSION}/`;
let py = null;
let handle = null;
let importLoaded = null;
let interrupt = null;
// Byte 1 of the shared buffer says a cancel was asked for this request: Python clears
// byte 0 (its interrupt flag) when it raises KeyboardInterrupt, even where the
// exception is then swallowed, as it can be while a package loads.
let cancelAsked = null;
let readyText = "Solver ready";

function status(state, text, boot) {
  postMessage({ type: "status", state, text, boot });
}

async function boot() {
  const t0 = performance.now();
  status("loading", "Loading the solver…");
  importScripts(PYODIDE + "pyodide.js");
  const start = await startPython();
  status("loading", "Starting the solver…");
  // NumPy and SciPy wait until a request needs them (see ask()): nonograms, Hungry Cat
  // and most Link-a-Pix requests never do, and they hold over 150 MB of a phone's memory.
  await addPysolver();
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
  status("ready", readyText, start.restored ? "restored" : "fresh");
  if (start.snapshot) keepSnapshot(start.snapshot);
}

/* pysolver's wheel (named in the lock file, checked against the hash there) goes on
   sys.path as it is: Python imports from a zip.  Pyodide's loadPackage would unpack it
   with Python code of its own, imported for the purpose: 0.4-0.6 s of a return visit
   (1.0-1.4 s in the worker while the page loads), where this takes 30 ms.  The wheel
   holds bytecode (see build.py compiled_for_pyodide), which zipimport runs as it is. */
async function addPysolver() {
  const lock = await (await fetch(OPTIONS.lockFileURL)).json();
  const wheel = lock.packages.pysolver;
  const hash = btoa(String.fromCharCode(...wheel.sha256.match(/../g).map((h) => parseInt(h, 16))));
  const res = await fetch(PYODIDE + wheel.file_name, { integrity: "sha256-" + hash });
  if (!res.ok) throw new Error(`${wheel.file_name}: ${res.status} ${res.statusText}`);
  const place = "/lib/" + wheel.file_name;
  py.FS.writeFile(place, new Uint8Array(await res.arrayBuffer()));
  py.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(place)})`);
}

/* Python's start (1.4-2.4 s of a return visit's 2.9 s before it was kept) is done
   once per device: the interpreter's memory right after its start is kept in the
   Cache Storage and restored on later boots (Pyodide's memory snapshots: a restore
   skips the interpreter's initialisation, about a second on a phone).  The snapshot is
   taken before anything else runs, as Pyodide requires, and Pyodide itself refuses one
   of another build; a snapshot that cannot be restored is dropped and Python starts
   as usual.  Returns {restored, snapshot}: snapshot is a new one to keep. */
const SNAPSHOT_CACHE = "pyodide-snapshot-" + PYODIDE_VERSION;
const OPTIONS = { indexURL: PYODIDE, lockFileURL: PYODIDE + "pyodide-lock.json",
                  stdout: () => {}, stderr: (s) => console.warn(s) };

async function startPython() {
  const kept = await readSnapshot();
  if (kept) {
    try {
      py = await loadPyodide({ ...OPTIONS, _loadSnapshot: kept });
      return { restored: true, snapshot: null };
    } catch (err) {
      console.warn("the kept start of Python could not be restored; starting afresh", err);
      await dropSnapshots();
    }
  }
  // (without a Cache Storage to keep it in, no snapshot is taken: it costs a copy of
  // Python's memory)
  const keeping = typeof caches !== "undefined";
  py = await loadPyodide(keeping ? { ...OPTIONS, _makeSnapshot: true } : OPTIONS);
  try {
    return { restored: false, snapshot: keeping ? py.makeMemorySnapshot() : null };
  } catch (err) {
    return { restored: false, snapshot: null };
  }
}

/* (a snapshot of the wrong length is never handed to Pyodide: it sizes the memory by
   it, and a start in too little memory hangs instead of failing) */
async function readSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match("python");
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (String(bytes.length) === hit.headers.get("X-Snapshot-Bytes")) return bytes;
    await dropSnapshots();
    return null;
  } catch (err) {
    return null;  // no Cache Storage here (a private window, an insecure origin)
  }
}

async function dropSnapshots() {
  try {
    for (const name of await caches.keys()) if (name.startsWith("pyodide-snapshot-")) await caches.delete(name);
  } catch (err) { /* nothing kept, nothing to drop */ }
}

function keepSnapshot(bytes) {
  // (after "ready": writing 20 MB must not delay the first request)
  setTimeout(async () => {
    try {
      await dropSnapshots();  // a snapshot of another Pyodide version is of no use
      await (await caches.open(SNAPSHOT_CACHE)).put("python", new Response(bytes, {
        headers: { "X-Snapshot-Bytes": String(bytes.length) } }));
    } catch (err) { /* full storage: the next boot starts Python as usual */ }
  }, 0);
}

// (a failed boot stays a rejected promise for the requests below; reported once, as
// a status, not as an unhandled error)
const booted = boot();
booted.catch((err) => {
  status("failed", "The solver could not start: " + (err && err.message ? err.message : err));
});

// Requests are served one at a time, in the order they came.  Python runs one at a time
// anyway, but a request that waits for a package to load would otherwise let the next
// one run meanwhile and import that package half written ("Error importing numpy: you
// should not try to import numpy from its source directory").
let served = Promise.resolve();
self.onmessage = (ev) => {
  // (a request that fails outside Python must not stop the ones after it)
  served = served.then(() => serve(ev.data || {})).catch(() => {});
};

async function serve({ id, cmd, args }) {
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
}

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
