/* Share-link envelope, version 1: the same as pysolver/link.py (read its docstring).
     #<type>/<W>x<H>/1<mode><data>[/m<base64url JSON meta>][/c<CRC-32, 8 hex digits>]
   mode "." = the family's compact body as is, "z" = base64url(raw DEFLATE(body));
   the check covers "<type>/<W>x<H>/<body>" and "/" + meta's JSON bytes (older links
   have none).
   Decoding runs in the page without Python so a shared puzzle draws at once. */

import { family, TYPES } from "./families/index.js";
import { gridLimits, okGridSize } from "./limits.js";

const MAX_LINK = 2000000;
const MAX_BODY = 8000000;
const META_KEYS = ["title", "author", "license", "source"];

export class LinkError extends Error {}

// (pysolver/link.py's CUT_IN_TITLE and DAMAGED say the same)
const CUT_IN_TITLE = "link: the link is cut short in its title part (was it copied whole?)";
const DAMAGED = "link: the link is damaged: its puzzle does not match its check (was it changed, or copied only in part?)";

let crcTable = null;
/** CRC-32 (as zlib's) of `bytes`, as 8 lowercase hex digits. */
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0");
}

function b64decode(text, what) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError(`link: ${what} has characters that are not base64url`);
  let s = text.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  let bin;
  try {
    bin = atob(s);
  } catch (e) {
    throw new LinkError(`link: ${what} is not valid base64url`);
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** %XX escapes decoded as Python's urllib.parse.unquote decodes them (chat apps
    sometimes percent-encode characters such as ( )): runs of escapes as UTF-8, a bad
    sequence as U+FFFD, and a '%' not followed by two hex digits left as it is, so the
    clue reader names the bad block, as pysolver does. */
function unquote(text) {
  const utf8 = new TextDecoder("utf-8");
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    utf8.decode(new Uint8Array(run.slice(1).split("%").map((h) => parseInt(h, 16)))));
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_BODY) {
        reader.cancel();
        throw new LinkError("link: the puzzle data is too large once decompressed");
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof LinkError) throw e;
    // (Chromium says "Compressed input was truncated." of a link cut short: worded as
    // pysolver words it, which knows by the stream's end)
    if (/truncat/i.test(e.message)) throw new LinkError("link: the puzzle data is cut short (was the link copied whole?)");
    throw new LinkError("link: the puzzle data is corrupted (it does not decompress)");
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function fragmentOf(text) {
  text = String(text).trim();
  const i = text.indexOf("#");
  return i >= 0 ? text.slice(i + 1) : text;
}

export function looksLikeLink(text) {
  const frag = fragmentOf(text);
  return TYPES.includes(frag.split("/", 1)[0]) && frag.includes("/");
}

/** Puzzle JSON (without validation beyond the family decoder's) from a link. */
export async function decodeLink(text) {
  if (typeof text !== "string") throw new LinkError("link: expected text");
  if (text.length > MAX_LINK) throw new LinkError(`link: ${text.length} characters is too long for a puzzle link`);
  const parts = fragmentOf(text).split("/");
  if (parts.length < 3) throw new LinkError("link: expected #<type>/<width>x<height>/<data>");
  const [type, size, payload, ...rest] = parts;
  if (!TYPES.includes(type)) throw new LinkError(`link: "${type.slice(0, 40)}" is not a puzzle type (${TYPES.join(", ")})`);
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  if (!m && /^\d+x\d+$/.test(size)) throw new LinkError(`link: size "${size.slice(0, 24)}" is far too large for a puzzle`);
  if (!m) throw new LinkError(`link: size "${size.slice(0, 20)}" is not WIDTHxHEIGHT`);
  const width = +m[1], height = +m[2];
  if (!okGridSize(width, height, type)) {
    // (worded as pysolver's check_size words it)
    const { max_side: side, max_cells: cells } = gridLimits(type);
    if (width < 1 || height < 1) throw new LinkError(`link: size ${width}x${height} has a side of no cells`);
    if (width > side || height > side) {
      throw new LinkError(`link: size ${width}x${height} is too large (at most ${side} cells a side)`);
    }
    throw new LinkError(`link: size ${width}x${height} has more than ${cells} cells (the most for a ${type} puzzle)`);
  }
  if (payload[0] !== "1") {
    // (as pysolver/link.py words it: another digit is a newer app's link, anything else damage)
    if (/^[0-9]/.test(payload)) {
      throw new LinkError(`link: format version "${payload[0]}" is not supported (this app reads version 1; ` +
                          "a newer version of the app made it: reload the page to update)");
    }
    throw new LinkError("link: the puzzle data is damaged (it should start with the format version 1: " +
                        "was the link changed or cut short?)");
  }
  const mode = payload[1], data = payload.slice(2);
  let body;
  if (mode === ".") {
    body = unquote(data);
  } else if (mode === "z") {
    const bytes = await inflate(b64decode(data, "puzzle data"));
    try {
      body = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      throw new LinkError("link: the puzzle data is not text");
    }
  } else {
    throw new LinkError("link: unknown data mode (the link is corrupted)");
  }
  const meta = {};
  let metaBytes = null, check = null;
  // (as pysolver/link.py: a title part that does not read, with no check part after
  // it, is most likely a link cut short)
  const checked = rest.some((extra) => extra.startsWith("c"));
  for (const extra of rest) {
    if (extra.startsWith("m") && metaBytes === null) {
      let obj;
      try {
        metaBytes = b64decode(extra.slice(1), "title part");
        try {
          obj = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(metaBytes));
        } catch (e) {
          throw new LinkError("link: the title/author part is corrupted");
        }
      } catch (e) {
        if (checked) throw e;
        throw new LinkError(CUT_IN_TITLE);
      }
      if (!obj || typeof obj !== "object" || Array.isArray(obj)) throw new LinkError("link: the title/author part is corrupted");
      for (const k of META_KEYS) if (typeof obj[k] === "string") meta[k] = obj[k].slice(0, 2000);
      if (Number.isInteger(obj.grade) && obj.grade >= 1 && obj.grade <= 5) meta.grade = obj.grade;
    } else if (extra.startsWith("c") && check === null) {
      check = extra.slice(1);
    } else if (extra && !/^[a-bd-ln-z][A-Za-z0-9_-]*$/.test(extra)) {
      throw new LinkError("link: unexpected extra part after the puzzle data");
    }
    // (a part of another letter is a newer app's: skipped, so that a link made by a
    // newer version still opens here, its puzzle checked by the check part; the parts
    // this app reads are refused when they come twice)
  }
  if (check !== null) {
    const head = new TextEncoder().encode(`${type}/${width}x${height}/${body}`);
    const tail = metaBytes === null ? new Uint8Array(0) : new Uint8Array([47, ...metaBytes]);  // ("/")
    const all = new Uint8Array(head.length + tail.length);
    all.set(head);
    all.set(tail, head.length);
    if (crc32(all) !== check) throw new LinkError(DAMAGED);
  }
  let keys;
  try {
    keys = family(type).decode(body, width, height);
  } catch (e) {
    throw new LinkError(e.message.startsWith("link") ? e.message : "link: " + e.message);
  }
  return { type, width, height, ...keys, ...meta };
}
