// Card motion for the 1000 table: cards travel instead of jumping.
//
// The Python glue (py/app/page/runner.py) patches the table's DOM; around each patch
// it calls thousandMotion.snapshot(root) and thousandMotion.play(root, opts).
// Cards carry data-fly="<card>" (the same key wherever the card is drawn),
// hands and the talon carry data-fly-seat="<seat>" (or "talon"). After a
// patch:
//   - a card drawn at a new place slides there from where it was (FLIP);
//   - a new card comes from its data-from seat, or from the talon/table centre
//     (dealing), staggered by its --i;
//   - a card that left the table flies to the hand that grew, or to the winner
//     of the trick it was in, and fades there.
// 200-350 ms each; prefers-reduced-motion (passed in as opts.reduced) turns it
// all off. Pure presentation: it never changes what the page shows at rest.
(() => {
  "use strict";

  let before = null;

  function rectOf(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }

  function snapshot(root) {
    if (pending) {
      // The last patch is not on screen yet: its "before" still holds (and reading
      // positions now would force a layout of a page about to change again).
      cancelAnimationFrame(pending);
      pending = 0;
      return;
    }
    const cards = new Map();
    for (const el of root.querySelectorAll("[data-fly]")) {
      cards.set(el.dataset.fly, { el, rect: rectOf(el), parent: el.parentElement });
    }
    const seats = new Map();
    for (const el of root.querySelectorAll("[data-fly-seat]")) {
      seats.set(el.dataset.flySeat, { rect: rectOf(el), count: el.children.length });
    }
    let winner = null;
    const w = root.querySelector(".trick-card.winner");
    if (w) winner = w.dataset.seat;
    before = { cards, seats, winner };
  }

  function centre(r) {
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }

  function fly(el, from, to, opts) {
    const a = centre(from);
    const b = centre(to);
    const s = from.w && to.w ? from.w / to.w : 1;
    el.animate(
      [
        { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${s})`, opacity: opts.fade ? 0.2 : 1 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ],
      { duration: opts.duration || 280, delay: opts.delay || 0, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
  }

  function ghost(root, item, target) {
    // A card that left the table: its old element, placed where it was, flies away.
    const el = item.el;
    const r = item.rect;
    el.style.position = "fixed";
    el.style.left = `${r.x}px`;
    el.style.top = `${r.y}px`;
    el.style.width = `${r.w}px`;
    el.style.height = `${r.h}px`;
    el.style.margin = "0";
    el.style.zIndex = "5";
    el.style.pointerEvents = "none";
    el.classList.add("ghost");
    root.appendChild(el);
    const a = centre(r);
    const b = centre(target);
    const anim = el.animate(
      [
        { transform: "translate(0, 0)", opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.6)`, opacity: 0 },
      ],
      { duration: 320, easing: "cubic-bezier(.4,0,.6,1)", fill: "forwards" },
    );
    anim.onfinish = () => el.remove();
    anim.oncancel = () => el.remove();
  }

  // The glue calls play() right after patching the DOM; the measuring and the
  // animations run in the next animation frame, before it paints: the layout
  // they need is the one the frame computes anyway, and the task that applied
  // the player's input stays short.
  function play(root, opts) {
    const old = before;
    before = null;
    if (!old || (opts && opts.reduced)) return;
    if (pending) cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      pending = 0;
      animate(root, old);
    });
  }

  let pending = 0;

  function animate(root, old) {
    const seatsNow = new Map();
    for (const el of root.querySelectorAll("[data-fly-seat]")) {
      seatsNow.set(el.dataset.flySeat, { rect: rectOf(el), count: el.children.length });
    }
    const talon = old.seats.get("talon") || seatsNow.get("talon");
    const middle = root.querySelector(".center");
    const middleRect = middle ? rectOf(middle) : null;
    const seen = new Set();
    let fresh = 0;
    for (const el of root.querySelectorAll("[data-fly]")) {
      const key = el.dataset.fly;
      seen.add(key);
      const prev = old.cards.get(key);
      const now = rectOf(el);
      if (prev && prev.el === el && Math.abs(prev.rect.x - now.x) < 2 && Math.abs(prev.rect.y - now.y) < 2) continue;
      if (prev) {
        if (Math.abs(prev.rect.x - now.x) < 2 && Math.abs(prev.rect.y - now.y) < 2) continue;
        fly(el, prev.rect, now, {});
        continue;
      }
      const from = el.dataset.from !== undefined ? old.seats.get(el.dataset.from) : null;
      const src = (from && from.rect) || (talon && talon.rect) || middleRect;
      if (!src) continue;
      const i = parseInt((el.style.getPropertyValue("--i") || "0"), 10) || 0;
      // From the middle of the hand, talon or table it comes from, at a card's size:
      // scaled by the width of that whole box it flew in as a large ghost card.
      const c = centre(src);
      const box = { x: c.x - now.w * 0.35, y: c.y - now.h * 0.35, w: now.w * 0.7, h: now.h * 0.7 };
      fly(el, box, now, { fade: true, delay: from ? 0 : Math.min(i, 12) * 35, duration: 300 });
      fresh += 1;
    }
    // Cards that left: to the hand that grew, or to the trick's winner.
    let grown = null;
    for (const [k, v] of seatsNow) {
      const o = old.seats.get(k);
      if (o && v.count > o.count) grown = v.rect;
    }
    const winnerSeat = old.winner !== null ? seatsNow.get(old.winner) : null;
    // Behind a dialog (the deal's summary) cards that left simply go: a card flying
    // under the dim layer hung, faded, over a nameplate.
    if (root.querySelector(".overlay")) return fresh;
    for (const [key, item] of old.cards) {
      if (seen.has(key) || !item.el || item.el.isConnected) continue;
      const inTrick = item.el.classList.contains("trick-card");
      const target = inTrick && winnerSeat ? winnerSeat.rect : grown;
      if (target) ghost(root, item, target);
    }
    return fresh;
  }

  window.thousandMotion = { snapshot, play };
})();
