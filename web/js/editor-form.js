/* The library's "Enter a puzzle" form: the types with an editor, a size, and a
   screenshot to read (when a family reads them).  Apart from the editor's page
   (editor.js): it is shown on the library, before the editor is. */

import { MAX_SIDE } from "./editor-draft.js";
import { onFileChosen } from "./editor-picture.js";
import { $ } from "./page.js";

/** The form: start(spec) opens the editor on {type, width, height}, openImage(file)
    reads a picture, screenshotMaker() says whether any family reads pictures. */
export function initEnterForm(families, start, openImage, screenshotMaker) {
  const select = $("enter-type");
  select.replaceChildren(...families.filter((f) => f.editor).map((f) => new Option(f.title, f.type)));
  $("enter-shot").hidden = !screenshotMaker();
  $("enter-form").onsubmit = (ev) => {
    ev.preventDefault();
    const side = (id) => Math.max(1, Math.min(MAX_SIDE, Math.round(+$(id).value || 10)));
    start({ type: select.value, width: side("enter-width"), height: side("enter-height") });
  };
  onFileChosen($("enter-shot-input"), openImage);
}

/** "Continue: <family> <W>×<H>", a button for each family whose draft (`saved`:
    [{type, title, width, height}], saved on this device and not blank) is waiting:
    after a reload the editor was found again only by entering the same family and
    size (the draw view has its "Continue drawing"). */
export function showContinueEntering(saved, start) {
  const box = $("enter-continue");
  box.hidden = !saved.length;
  box.replaceChildren(...saved.map(({ type, title, width, height }) => {
    const b = document.createElement("button");
    b.type = "button";
    b.id = `enter-continue-${type}`;
    b.textContent = `Continue: ${title} ${width}×${height}`;
    b.onclick = () => start({ type, width, height });
    return b;
  }));
}
