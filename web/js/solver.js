/* The page's side of the worker protocol: request ids, promises, cancellation.

   Cancelling a running request: when the page is cross-origin isolated the worker
   shares an interrupt buffer and Python stops with KeyboardInterrupt at its next
   bytecode; otherwise (or when Python does not stop within a grace period, e.g. inside
   HiGHS) the worker is terminated and a fresh one boots.  A worker whose Python broke
   (a fatal Pyodide error) says so and is replaced the same way. */

const GRACE_MS = 1500;

export class Solver {
  constructor(onStatus) {
    this.onStatus = onStatus || (() => {});
    this.pending = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.state = "loading";
    this.boot = null;
    this.interrupt = null;
    // (the first worker is the one early.js started before the modules loaded, with
    // the messages it sent meanwhile; a restart starts a new one)
    const early = window.earlyWorker;
    window.earlyWorker = null;
    this.worker = early ? early.worker : new Worker("js/worker.js");
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.worker.onmessage = (ev) => this._receive(ev.data);
    this.worker.onerror = (ev) => {
      ev.preventDefault?.();  // (reported through the status, not as an uncaught error)
      this._setStatus("failed", "The solver could not start: " + (ev.message || "worker error"));
    };
    for (const [kind, ev] of early ? early.waiting : []) {
      if (kind === "message") this.worker.onmessage(ev);
      else this.worker.onerror(ev);
    }
  }

  _setStatus(state, text) {
    this.state = state;
    this.onStatus(state, text);
    if (state === "ready") this._resolveReady();
    if (state === "failed") this._rejectReady(new Error(text));
  }

  _receive(msg) {
    if (msg.type === "status") {
      if (msg.boot) this.boot = msg.boot;
      return this._setStatus(msg.state, msg.text);
    }
    if (msg.type === "fatal") return this._restart();
    if (msg.type === "interrupt") {
      this.interrupt = msg.buffer ? new Uint8Array(msg.buffer) : null;
      return;
    }
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    this.pending.delete(msg.id);
    clearTimeout(entry.killTimer);
    if (msg.ok) entry.resolve(msg.result);
    else {
      const err = new Error(msg.error);
      err.kind = msg.kind;
      entry.reject(err);
    }
  }

  /** Send a command; resolves with its result, rejects with Error(message, kind). */
  call(cmd, args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, cmd });
      this.worker.postMessage({ id, cmd, args });
    });
  }

  busy() {
    return this.pending.size > 0;
  }

  /** Stop whatever is running.  Pending requests reject with kind "cancelled". */
  cancel() {
    if (!this.pending.size) return;
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2);  // SIGINT
      Atomics.store(this.interrupt, 1, 1);  // (and a cancel was asked: see worker.js cancelAsked)
      for (const entry of this.pending.values()) {
        entry.killTimer = setTimeout(() => this._restart(), GRACE_MS);
      }
    } else {
      this._restart();
    }
  }

  /** Start again after a failed start (the Retry button beside the status). */
  retry() {
    this._restart();
  }

  _restart() {
    this.worker.terminate();
    for (const entry of this.pending.values()) {
      clearTimeout(entry.killTimer);
      const err = new Error("cancelled");
      err.kind = "cancelled";
      entry.reject(err);
    }
    this.pending.clear();
    this.onStatus("loading", "Restarting the solver…");
    this.start();
  }
}
