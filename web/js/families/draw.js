/* Small drawing helpers shared by the family modules (coordinates in cell units). */

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Centred text at (x, y) with a height of `size` units. */
export function drawText(ctx, text, x, y, size, colour, weight = 600) {
  ctx.fillStyle = colour;
  ctx.font = `${weight} ${size}px ${fontFamily}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y);
}

function rgb(hex) {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.split("").map((ch) => ch + ch).join("") : h.slice(0, 6);
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` blended into `b` with weight `w` of b (0 = a, 1 = b). */
export function mix(a, b, w) {
  const [r1, g1, b1] = rgb(a), [r2, g2, b2] = rgb(b);
  const m = (x, y) => Math.round(x * (1 - w) + y * w);
  return `rgb(${m(r1, r2)}, ${m(g1, g2)}, ${m(b1, b2)})`;
}

/** Black or white, whichever reads better on the colour `hex`. */
export function contrastText(hex) {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111111" : "#ffffff";
}

/** Outline cells [[r, c], ...] of a grid whose cell (0,0) is at (x0, y0). */
export function strokeCells(ctx, cells, x0, y0, colour, width = 0.12) {
  if (!cells.length) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  for (const [r, c] of cells) ctx.strokeRect(x0 + c + width / 2, y0 + r + width / 2, 1 - width, 1 - width);
}

/** Thin grid lines over a W x H grid whose cell (0,0) is at (x0, y0). */
export function gridLines(ctx, x0, y0, W, H, colour, width = 0.03) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  for (let c = 0; c <= W; c++) { ctx.moveTo(x0 + c, y0); ctx.lineTo(x0 + c, y0 + H); }
  for (let r = 0; r <= H; r++) { ctx.moveTo(x0, y0 + r); ctx.lineTo(x0 + W, y0 + r); }
  ctx.stroke();
}
