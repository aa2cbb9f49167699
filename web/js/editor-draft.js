/* The editor's draft of each family and its undo history, autosaved on this device per
   family (a reload, a closed tab or another family's draft loses nothing), and read
   back only when it is a draft the editor could have made.  Apart from the page
   (editor.js) because it is the one part that owns storage: the page asks for a change,
   an undo, a redo, and whether another tab saved.

   Typing amends: a change made from the same field as the one before it (a digit after
   a digit) replaces that step instead of making one, so Undo takes back a whole clue. */

import { family } from "./families/index.js";
import { checkedHistory, History } from "./history.js";
import { gridLimits, paletteError } from "./limits.js";

// The largest side the editor offers (a line field per row and column; the family's
// own limit when smaller): the library's largest boards, 128×128, open in it.
export const MAX_SIDE = 128;

const storeKey = (type) => "editor." + type;

/** The largest side the editor takes for `type`. */
export function sideLimit(type) {
  return Math.min(MAX_SIDE, gridLimits(type).max_side);
}

/** Whether a draft read back from storage (where anything may have been written) is
    one this editor could have made: its type and size, and its family module reads it. */
function goodDraft(type, module, d) {
  const ok = !!d && typeof d === "object" && d.type === type && Number.isInteger(d.width) && Number.isInteger(d.height) &&
    d.width >= 1 && d.height >= 1 && d.width <= sideLimit(type) && d.height <= sideLimit(type);
  if (!ok) return false;
  try {
    if (!module.wellFormed(d)) return false;
    if (module.palette && !(d.palette === null && module.palette.colours(1) === null) && paletteError(d.palette)) return false;
    module.problems(d);
    family(type).layout(module.puzzle(d));
    return true;
  } catch (err) {
    return false;  // (a draft its module cannot read)
  }
}

/** The drafts of one family: `module` its editor module, `fallback` the draft to start
    from when none is saved (or what is saved is refused). */
export class Drafts {
  constructor(type, module, fallback) {
    this.type = type;
    this.module = module;
    this.lastField = null;  // the field typed in last: its next keystroke amends that step
    this.history = this.load(fallback);
  }

  get present() { return this.history.present; }

  /** The saved history, without what goodDraft refuses. */
  load(fallback) {
    return checkedHistory(storeKey(this.type), fallback, (x) => goodDraft(this.type, this.module, x));
  }

  /** A new draft; `field`: typed into that field (see the header).  False when `next`
      is no change. */
  change(next, field = null) {
    if (!next || JSON.stringify(next) === JSON.stringify(this.present)) return false;
    if (field && field === this.lastField && this.history.past.length) {
      this.history.present = next;
      this.history.save();
    } else {
      this.history.push(next);
    }
    this.lastField = field;
    return true;
  }

  /** The next keystroke makes a step of its own (another field or cell was chosen). */
  endTyping() { this.lastField = null; }

  /** Undo (redo) a step; true when there was one. */
  undo() { return this.moved(this.history.undo()); }
  redo() { return this.moved(this.history.redo()); }
  moved(done) {
    if (done) this.endTyping();
    return done;
  }
  flush() { this.history.flush(); }

  /** Whether a storage event is another tab saving these drafts. */
  savedElsewhere(ev) {
    return ev.newValue !== null && ev.key === History.storageKey(storeKey(this.type));
  }

  /** Take the drafts another tab saved (as the play page takes another tab's moves)
      instead of the two tabs overwriting each other. */
  takeSaved() {
    this.history.discard();
    this.history = this.load(this.present);
    this.lastField = null;
  }

  /** Whether a draft has no clues (a blank one of its size, as the module makes it). */
  isEmpty(d) {
    return JSON.stringify(d) === JSON.stringify(this.module.blank(d.width, d.height));
  }
}
