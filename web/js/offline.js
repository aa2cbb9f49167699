/* Offline use: the service worker's registration (sw.js precaches the whole site), and
   the banner offering a new version when one has been installed.

   The registration waits until the solver is ready and the page idle: installing the
   service worker fetches the whole site (NumPy and SciPy included, some 37 MB), which
   must not compete with the files the solver needs to start.  The files the solver
   fetched meanwhile are then only revalidated (sw.js), not fetched twice.
   `offlineReady()` is called once the site is kept for offline use. */

import { $ } from "./page.js";

export function registerServiceWorker(solverReady, offlineReady = () => {}) {
  if (!("serviceWorker" in navigator)) return;
  const idle = () => new Promise((r) => ("requestIdleCallback" in window
    ? requestIdleCallback(() => r(), { timeout: 5000 }) : setTimeout(r, 1000)));
  // (a solver that failed to start is no reason to stay without offline use)
  solverReady.catch(() => {}).then(idle).then(register);
  navigator.serviceWorker.ready.then(() => offlineReady());
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && !$("update-banner").hidden) { reloading = true; location.reload(); }
  });
}

function register() {
  navigator.serviceWorker.register("sw.js").then((reg) => {
    const offer = (worker) => {
      $("update-banner").hidden = false;
      $("update-reload").onclick = () => worker.postMessage("skipWaiting");
      $("update-later").onclick = () => { $("update-banner").hidden = true; };  // (offered again next visit)
    };
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const w = reg.installing;
      w.addEventListener("statechange", () => {
        if (w.state === "installed" && navigator.serviceWorker.controller) offer(w);
      });
    });
  }).catch(() => { /* no offline support, e.g. in a private window */ });
}
