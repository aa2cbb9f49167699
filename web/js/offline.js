/* Offline use: the service worker's registration (sw.js precaches the whole site), and
   the banner offering a new version when one has been installed. */

import { $ } from "./page.js";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
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
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && !$("update-banner").hidden) { reloading = true; location.reload(); }
  });
}
