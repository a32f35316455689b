// <thousand-deal>: a replay of a deal of 1000 in any page, as one element.
//
//   <script src="https://YOUR-SITE/1000/embed.js" defer></script>
//   <thousand-deal src="deal.json" step="0" open></thousand-deal>
//   <thousand-deal step="12" seat="1" lang="ru">
//     <script type="application/json">{"format": "thousand-record", ...}</script>
//   </thousand-deal>
//
// The element puts an iframe of embed.html (found beside this script, so a
// page of another origin works) in itself and drives it with embed.html's
// messages (py/app/embed/runner.py): the record goes by thousand:load, as JSON text
// that the embed checks (size, depth, the record reader), so a bad record is
// said inside the embed and comes back as thousand-error; the script itself
// never parses it. Messages are matched to elements by their source window, so
// several elements work side by side.
//
// Attributes: record (JSON text) or a child <script type="application/json">,
// src (a record's URL, relative to the page, fetched by the element), step,
// open, seat, lang, controls ("0": no buttons), autoplay (ms per step),
// analysis, practice; title (the iframe's). Other children (a picture of the
// deal, say) are the fallback for readers without JavaScript: hidden here. Changing one later drives the
// embed (step: thousand:goto; the others: the record again with the new
// options, at the step it shows). The element reflects step as the replay
// moves, sets data-ready="1" once the deal is on screen, and sizes its iframe
// to the content's height (thousand:size; it grows while the record and the
// width stay, so stepping never makes the page jump).
//
// Events (on the element, bubbling): thousand-ready, thousand-step (detail:
// step, of, phase), thousand-error (detail: message).
(() => {
  "use strict";
  if (!window.customElements || customElements.get("thousand-deal")) return;
  const here = (document.currentScript && document.currentScript.src) || location.href;
  const EMBED = new URL("embed.html", here);
  const OPTIONS = ["step", "open", "seat", "lang", "controls", "autoplay", "analysis", "practice"];
  const FLAGS = new Set(["open", "analysis", "practice"]); // present = on, unless "0"/"false"
  const live = new Set();

  addEventListener("message", (event) => {
    if (event.origin !== EMBED.origin || !event.data || typeof event.data.type !== "string") return;
    for (const el of live) {
      if (el._frame && event.source === el._frame.contentWindow) return el._heard(event.data);
    }
  });

  class ThousandDeal extends HTMLElement {
    static get observedAttributes() {
      return ["record", "src", "title", ...OPTIONS];
    }

    connectedCallback() {
      live.add(this);
      if (this._frame) return;
      if (getComputedStyle(this).display === "inline") this.style.display = "block";
      const frame = document.createElement("iframe");
      frame.title = this.getAttribute("title") || "1000";
      frame.style.cssText = "display:block;width:100%;border:0;aspect-ratio:4/3;min-height:300px;max-height:640px";
      const hash = new URLSearchParams({ fit: "content", ...this._options() });
      frame.src = `${EMBED.href}#${hash}`;
      this._frame = frame;
      this._up = false; // the embed's Python is running
      this._height = 0;
      this._width = 0;
      this._step = null; // the step the embed last said it shows
      this.append(frame);
      this._resize = new ResizeObserver(() => {
        const w = Math.round(this.getBoundingClientRect().width);
        if (Math.abs(w - this._width) > 1) { this._width = w; this._height = 0; }
      });
      this._resize.observe(this);
      // Included without defer, the element is met before its JSON child is parsed.
      const start = () => {
        for (const child of this.children) {
          if (child !== frame && child.tagName !== "SCRIPT") child.style.display = "none"; // fallback
        }
        this._fetchRecord();
      };
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", start, { once: true });
      } else start();
    }

    disconnectedCallback() {
      live.delete(this);
    }

    attributeChangedCallback(name, old, value) {
      if (!this._frame || old === value) return;
      if (name === "title") this._frame.title = value || "1000";
      else if (name === "step") {
        if (this._up && value !== null && String(this._step) !== value) {
          const step = Number(value);
          if (Number.isInteger(step) && step >= 0) this._send({ type: "thousand:goto", step });
        }
      } else if (name === "record" || name === "src") this._fetchRecord();
      else this._sendRecord();
    }

    /** The embed's options from the attributes (as the fragment has them). */
    _options() {
      const out = {};
      for (const name of OPTIONS) {
        const value = this.getAttribute(name);
        if (value === null) continue;
        if (FLAGS.has(name)) out[name] = value === "0" || value === "false" ? "0" : "1";
        else if (name === "autoplay") out[name] = /^\d+$/.test(value) ? value : "1200";
        else out[name] = value;
      }
      return out;
    }

    /** The record's text: the record attribute, else the JSON child, else src. */
    _fetchRecord() {
      const attr = this.getAttribute("record");
      const child = this.querySelector('script[type="application/json"]');
      const src = this.getAttribute("src");
      const asked = (this._asked = {}); // a newer call wins over a fetch in flight
      if (attr !== null) this._text = attr;
      else if (child) this._text = child.textContent;
      else if (src) {
        this._text = null;
        let url;
        try {
          url = new URL(src, document.baseURI).href;
        } catch (e) {
          return this._failed(src, 0, asked);
        }
        fetch(url)
          .then((r) => (r.ok ? r.text() : this._failed(url, r.status, asked)))
          .then((text) => {
            if (typeof text === "string" && asked === this._asked) {
              this._text = text;
              this._sendRecord();
            }
          })
          .catch(() => this._failed(url, 0, asked));
        return;
      } else this._text = null;
      this._sendRecord();
    }

    _failed(url, status, asked) {
      if (asked !== this._asked) return;
      this._text = null;
      this._missing = { type: "thousand:fetch-failed", url: String(url), status };
      if (this._up) this._send(this._missing);
    }

    _sendRecord() {
      if (!this._up) return; // sent once the embed says it is ready
      if (this._missing && this._text === null) return this._send(this._missing);
      if (this._text === null) return;
      this._missing = null;
      this._height = 0;
      const options = this._options(); // step: the reflected one, so it stays where it is
      this._send({ type: "thousand:load", record: this._text, options });
    }

    _send(message) {
      this._frame.contentWindow.postMessage(message, EMBED.origin);
    }

    _fire(name, detail) {
      this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
    }

    _heard(data) {
      if (data.type === "thousand:ready") {
        this._up = true;
        if (this._text === null && !this._missing) this._ready();
        else this._sendRecord();
      } else if (data.type === "thousand:step") {
        this._step = data.step;
        if (this.getAttribute("step") !== String(data.step)) this.setAttribute("step", String(data.step));
        this._ready();
        this._fire("thousand-step", { step: data.step, of: data.of, phase: data.phase });
      } else if (data.type === "thousand:error") {
        this._fire("thousand-error", { message: String(data.message) });
      } else if (data.type === "thousand:size") {
        const h = Math.ceil(Number(data.height));
        if (h > 0 && h <= 10000 && h > this._height) {
          this._height = h;
          this._frame.style.aspectRatio = "auto";
          this._frame.style.minHeight = "0";
          this._frame.style.maxHeight = "none";
          this._frame.style.height = `${h}px`;
        }
      }
    }

    _ready() {
      if (this.dataset.ready === "1") return;
      this.dataset.ready = "1";
      this._fire("thousand-ready", {});
    }
  }

  customElements.define("thousand-deal", ThousandDeal);
})();
