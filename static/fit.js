// The table's toolbar keeps one row in every language and at every width.
//
// Its tools' labels are as long as their language makes them ("↶ Отменить ход"):
// where they do not fit beside the title, the toolbar says so with data-fit on
// <header class="toolbar"> and table.css shortens them: "short" (icon and a short
// word, on a desktop), then "tiny" (icon over a small word, as on a phone). The
// choice is made from the widths the page's own fonts give, once per language and
// width; Undo keeps its slot (greyed while it may not be used), so its coming and
// going never changes the choice. The choice is made in the same task as the
// patch that changed the toolbar (a MutationObserver's callback runs before the
// page is painted), so a language switch never shows the toolbar on two rows
// for a frame. Pure presentation: py/app never sets data-fit, so the DOM
// patcher leaves it alone.
(() => {
  "use strict";

  const LEVELS = ["", "short", "tiny"];
  let done = "";
  let pending = 0;

  // One row: every tool on the line of the first, the tools inside the toolbar.
  function oneRow(bar) {
    const tools = bar.querySelector(".tools");
    if (!tools || !tools.firstElementChild) return true;
    const first = tools.firstElementChild.getBoundingClientRect();
    const last = tools.lastElementChild.getBoundingClientRect();
    const box = bar.getBoundingClientRect();
    return (
      last.top < first.bottom - 4 &&
      tools.scrollWidth <= tools.clientWidth + 1 &&
      first.left >= box.left - 1 &&
      last.right <= box.right + 1
    );
  }

  function fit() {
    pending = 0;
    const bar = document.querySelector("#table .toolbar");
    if (!bar) return;
    const key = `${innerWidth}|${bar.textContent}`;
    if (key === done && bar.hasAttribute("data-fit")) return;
    for (const level of LEVELS) {
      bar.setAttribute("data-fit", level);
      if (oneRow(bar)) break;
    }
    done = key;
  }

  function later() {
    if (!pending) pending = requestAnimationFrame(fit);
  }

  function start() {
    const table = document.querySelector("#table");
    if (!table) return;
    new MutationObserver(fit).observe(table, { childList: true, subtree: true, characterData: true });
    addEventListener("resize", later);
    // a font that arrives late changes the widths: choose again
    document.fonts?.addEventListener?.("loadingdone", () => { done = ""; later(); });
    fit();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
