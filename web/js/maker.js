/* The puzzle makers of the library page.  "Make a puzzle from this picture" (Link-a-Pix):
   the page scales the image to the chosen size with a canvas, the worker quantises it
   and cuts it into links until the picture is unique (pysolver/linkapix/maker.py).
   "Make a Numberlink puzzle": the worker's generator (pysolver/numberlink/generate.py).
   Either way the new puzzle opens to play. */

const MAX_SOURCE = 4096;
// The largest side of a made puzzle (the "Cells across" field goes up to this too).
const MAX_SIDE = 128;

function loadImage(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { URL.revokeObjectURL(url); resolve(img); };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error(`${file.name} is not an image this browser can read`)); };
    img.src = url;
  });
}

function toBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Pixels of the image at (w, h) cells: downscaled by the browser, then sent as RGBA. */
export function scaledPixels(img, w, h, canvas) {
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.clearRect(0, 0, w, h);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h).data;
}

/** Cells across and down for a picture: `across` wide (not more than the picture has
    pixels), its shape kept; a tall picture whose height would pass MAX_SIDE is made
    narrower rather than squeezed. */
export function puzzleSize(pictureWidth, pictureHeight, across) {
  let w = Math.min(across, pictureWidth);
  const aspect = pictureHeight / pictureWidth;
  if (w * aspect > MAX_SIDE) w = Math.max(1, Math.floor(MAX_SIDE / aspect));
  const h = Math.max(1, Math.min(MAX_SIDE, Math.round(w * aspect)));
  return { w, h };
}

export function initMaker({ solver, load, showError }) {
  const $ = (id) => document.getElementById(id);
  const status = $("maker-status");
  // Cancel also stops a request not sent yet: the wait for the solver to load ends at
  // once, and nothing is sent.
  let cancelled = false;
  let cancelWait = () => {};
  $("maker-cancel").onclick = () => {
    cancelled = true;
    cancelWait();
    solver.cancel();
  };
  // A new picture: the last one's preview and outcome no longer apply.
  $("maker-file").onchange = () => {
    $("maker-preview").hidden = true;
    status.textContent = "";
  };
  $("maker").onsubmit = async (e) => {
    e.preventDefault();
    const file = $("maker-file").files[0];
    if (!file) return;
    cancelled = false;
    $("error-banner").hidden = true;  // (a banner from the last attempt)
    const across = Math.max(5, Math.min(MAX_SIDE, Math.round(+$("maker-size").value || 30)));
    const colours = Math.max(1, Math.min(16, Math.round(+$("maker-colours").value || 6)));
    $("maker-go").disabled = true;
    $("maker-cancel").hidden = false;
    try {
      const img = await loadImage(file);
      if (img.naturalWidth > MAX_SOURCE * 4 || img.naturalHeight > MAX_SOURCE * 4) throw new Error("the image is too large");
      const { w, h } = puzzleSize(img.naturalWidth, img.naturalHeight, across);
      const preview = $("maker-preview");
      const pixels = scaledPixels(img, w, h, preview);
      preview.hidden = false;
      status.textContent = "Waiting for the solver…";
      await Promise.race([solver.ready, new Promise((resolve) => { cancelWait = resolve; })]);
      if (cancelled) throw Object.assign(new Error("cancelled"), { kind: "cancelled" });
      status.textContent = `Making a ${w}×${h} puzzle with ${colours} colours…`;
      const title = file.name.replace(/\.[^.]+$/, "").slice(0, 80) || "My picture";
      const res = await solver.call("make", { type: "linkapix", rgba: toBase64(pixels), source_width: w,
        source_height: h, width: w, height: h, colours, background: $("maker-background").value, title, timeout: 180 });
      const s = res.stats;
      status.textContent = `Made in ${s.seconds.toFixed(1)} s: ${s.clues} clues, unique picture.`;
      await load(res.puzzle);
    } catch (err) {
      status.textContent = "";
      if (err.kind === "cancelled") status.textContent = "Cancelled.";
      else showError("Could not make a puzzle: " + err.message);
    } finally {
      $("maker-go").disabled = false;
      $("maker-cancel").hidden = true;
    }
  };
}

/** "Making…" with the seconds gone so far, once a second, until stop() is called:
    the generator cannot report how far it is, but the time is true.  The status is
    marked busy meanwhile, so a screen reader does not read out every second. */
function showElapsed(status, text, limit) {
  const t0 = performance.now();
  const show = () => {
    const secs = Math.floor((performance.now() - t0) / 1000);
    status.textContent = `${text} ${secs} s (it gives up at ${limit} s)`;
  };
  show();
  status.setAttribute("aria-busy", "true");
  const timer = setInterval(show, 1000);
  return {
    seconds: () => (performance.now() - t0) / 1000,
    stop: () => { clearInterval(timer); status.removeAttribute("aria-busy"); },
  };
}

// Seconds the generator may take before it gives up (the worker's time limit).
const GENERATE_SECONDS = 60;
// Bigger boards take minutes to prove unique (pysolver/webapi.py MAX_GENERATED_CELLS).
const MAX_MADE_CELLS = 400;

/** The Numberlink generator form: size and an optional number (the seed) to repeat a board.
    Cancel stops it as it stops a solve (solver.cancel: Python is interrupted, or the
    worker restarted when the page is not cross-origin isolated). */
export function initNumberlinkMaker({ solver, load, showError }) {
  const $ = (id) => document.getElementById(id);
  const status = $("nl-maker-status");
  const side = (id) => Math.max(2, Math.min(30, Math.round(+$(id).value || 10)));
  let cancelled = false;
  let cancelWait = () => {};
  $("nl-maker-cancel").onclick = () => {
    cancelled = true;  // also stops a request not sent yet (the solver still loading)
    cancelWait();
    solver.cancel();
  };
  const say = (text, kind = "") => {
    status.textContent = text;
    status.className = "maker-status " + kind;
  };
  $("nl-maker").onsubmit = async (e) => {
    e.preventDefault();
    const width = side("nl-maker-width"), height = side("nl-maker-height");
    const typed = $("nl-maker-seed").value.trim();
    const seed = typed === "" ? Math.floor(Math.random() * 1e9) : Math.max(0, Math.round(+typed) || 0);
    if (width * height > MAX_MADE_CELLS) {
      say(`${width}×${height} is ${width * height} cells; the maker makes boards of at most ` +
          `${MAX_MADE_CELLS} cells (20×20 or 30×13, say).`, "error");
      return;
    }
    $("nl-maker-go").disabled = true;
    $("nl-maker-cancel").hidden = false;
    cancelled = false;
    try {
      say("Waiting for the solver…");
      await Promise.race([solver.ready, new Promise((resolve) => { cancelWait = resolve; })]);
      if (cancelled) throw Object.assign(new Error("cancelled"), { kind: "cancelled" });
      const clock = showElapsed(status, `Making a ${width}×${height} board (number ${seed})…`, GENERATE_SECONDS);
      const res = await solver.call("generate", { type: "numberlink", width, height, seed, timeout: GENERATE_SECONDS })
        .finally(clock.stop);
      say(`Made in ${clock.seconds().toFixed(1)} s: number ${seed}, unique solution.`);
      await load(res.puzzle);
    } catch (err) {
      if (err.kind === "cancelled") say("Cancelled.");
      else if (err.kind === "timeout") {
        say(`Could not make a ${width}×${height} board from number ${seed} in ${GENERATE_SECONDS} s. ` +
            "Try a smaller size or another number.", "error");
      } else {
        say("");
        showError("Could not make a puzzle: " + err.message);
      }
    } finally {
      $("nl-maker-go").disabled = false;
      $("nl-maker-cancel").hidden = true;
    }
  };
}
