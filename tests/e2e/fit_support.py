"""What lies outside an embed's frame or under another element (used by the embed
fit test and bench/screens.py): every control of the replay bar at its centre,
every card's index corner, every nameplate's name, each checked with
``elementFromPoint`` inside the frame's own document."""

UNFIT_JS = """() => {
  const out = [];
  const W = innerWidth, H = innerHeight;
  const check = (el, fx, fy, what) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < 0 || y < 0 || x > W - 1 || y > H - 1) { out.push(what + ': outside'); return; }
    const e = document.elementFromPoint(x, y);
    if (!e || !(el === e || el.contains(e))) out.push(what + ': covered');
  };
  for (const b of document.querySelectorAll('.replay-bar button, .replay-bar select'))
    check(b, 0.5, 0.5, 'control ' + (b.dataset.ui || b.tagName));
  for (const c of document.querySelectorAll('.hand .hand-card, .hand .card-btn, .trick-card'))
    check(c, 0.1, 0.1, 'card ' + (c.dataset.fly || c.dataset.card || '?'));
  for (const n of document.querySelectorAll('.nameplate .name')) {
    check(n, 0.05, 0.5, 'name ' + n.textContent);
    check(n, 0.95, 0.5, 'name ' + n.textContent);
  }
  const t = document.querySelector('#table');
  const over = t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1;
  if (over) out.push('table overflows');
  return out;
}"""
