// The players' rules pages (tools/rules_site.py): the language switch keeps the section,
// and each example's *Copy this example* puts a ready <thousand-deal> tag on the clipboard.
(() => {
  "use strict";

  // -- the language switch: the same page, at the same section where the other has it
  const langs = document.querySelector("nav.langs[data-sections]");
  const mine = langs ? langs.dataset.sections.split(" ").filter(Boolean) : [];
  const currentSection = () => {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash.startsWith("example-")) return { example: hash };
    let index = mine.indexOf(hash);
    if (index < 0) {
      mine.forEach((id, i) => {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top < 120) index = i;
      });
    }
    return { index };
  };
  if (langs) {
    langs.addEventListener("click", (event) => {
      const link = event.target.closest("a[data-sections]");
      if (!link) return;
      const theirs = link.dataset.sections.split(" ").filter(Boolean);
      const at = currentSection();
      const url = new URL(link.href);
      if (at.example) url.hash = at.example;
      else if (at.index >= 0 && at.index < theirs.length) url.hash = theirs[at.index];
      else return;
      link.href = url.href;
    });
  }

  // -- the cheat sheet's Print button
  for (const button of document.querySelectorAll("button.print")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }

  // -- Copy this example: the tag with its record, for a page of any site
  const embedScript = document.querySelector('script[src$="embed.js"]');
  const embedUrl = embedScript ? embedScript.src : new URL("../../embed.js", location.href).href;
  const quote = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const records = new Map();

  const snippet = (deal, text) => {
    const json = JSON.stringify(JSON.parse(text)).replace(/</g, "\\u003c");
    const attrs = [];
    if (deal.hasAttribute("step")) attrs.push(`step="${quote(deal.getAttribute("step"))}"`);
    if (deal.hasAttribute("open")) attrs.push("open");
    for (const name of ["lang", "title"]) {
      if (deal.hasAttribute(name)) attrs.push(`${name}="${quote(deal.getAttribute(name))}"`);
    }
    return (
      `<script src="${embedUrl}" defer></script>\n` +
      `<thousand-deal ${attrs.join(" ")}>\n` +
      `  <script type="application/json">${json}</script>\n` +
      `</thousand-deal>\n`
    );
  };

  for (const button of document.querySelectorAll("figure.deal button.copy")) {
    const figure = button.closest("figure");
    const deal = figure.querySelector("thousand-deal");
    const status = figure.querySelector(".copy-status");
    if (!deal || !deal.getAttribute("src")) continue;
    const src = new URL(deal.getAttribute("src"), location.href).href;
    const fetched = fetch(src)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((text) => records.set(button, snippet(deal, text)));
    button.hidden = false;
    button.addEventListener("click", async () => {
      let text = records.get(button);
      try {
        if (!text) {
          await fetched;
          text = records.get(button);
        }
        await navigator.clipboard.writeText(text);
        status.textContent = button.dataset.copied;
        button.dataset.done = "1";
      } catch (e) {
        status.textContent = button.dataset.failed;
        if (text && !figure.querySelector("textarea")) {
          const area = document.createElement("textarea");
          area.readOnly = true;
          area.rows = 4;
          area.value = text;
          area.setAttribute("aria-label", button.textContent);
          figure.append(area);
          area.select();
        }
      }
    });
  }
})();
