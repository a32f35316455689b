// The online table's mailbox: a few short messages between two pages (a WebRTC
// offer, its answer, "send me a new invitation") through public Nostr relays,
// encrypted and authenticated with a key only the invitation link holds.
//
// Loaded only when a page opens or joins an online table (py/app/page/online_glue.py,
// which drives it); everything it decides is in Python (py/app/online/mailbox.py):
// this module carries sealed texts to and from relays and nothing more.
//
// - Events are NIP-01 events of an ephemeral kind (20000 <= kind < 30000: a relay
//   passes them to whoever is subscribed and need not keep them), signed by a key
//   made for this page and thrown away with it, tagged ["m", <tag>] where the tag
//   is a hash of the box (one per seat's invitation; Python derives it).
// - A text is sealed with NIP-44 version 2 (ChaCha20 with HMAC-SHA256, padded to
//   hide its length) under the box's key: the conversation key of the box's
//   secret with itself. A relay sees the ciphertext, its size, the time, the tag
//   and the throwaway public key.
// - What comes in: events of another key whose signature holds (nostr-tools
//   verifies it), carrying a watched tag, at most MAX_CONTENT characters, that
//   open under that tag's key; each event once (relays repeat one another).
//   Anything else is dropped here, silently: a relay that lies changes nothing.
//
// The library is nostr-tools (pinned in package.json; build.sh copies its
// browser bundle beside this file).

export const KIND = 21059;
export const MAX_CONTENT = 16000;
const SEEN_MAX = 500;
const BACKOFF_S = [2, 4, 8, 15, 30];
const SINCE_S = 120; // a subscription asks for nothing older (a late page's view)

let tools = null;

/** Load the nostr-tools bundle (a classic script that defines NostrTools) once. */
export async function loadTools(url) {
  if (tools) return tools;
  if (!globalThis.NostrTools) {
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = resolve;
      script.onerror = () => reject(new Error("the relay library did not load: " + url));
      document.head.append(script);
    });
  }
  tools = globalThis.NostrTools;
  return tools;
}

/** Use an already loaded NostrTools (node tests). */
export function useTools(t) {
  tools = t;
}

/** The 32-byte NIP-44 key of a box's secret (64 hex digits). */
export function boxKey(secretHex) {
  const secret = tools.utils.hexToBytes(secretHex);
  return tools.nip44.v2.utils.getConversationKey(secret, tools.getPublicKey(secret));
}

/** ``text`` sealed under ``key`` (boxKey's). */
export function seal(key, text) {
  return tools.nip44.v2.encrypt(text, key);
}

/** The text ``content`` holds under ``key``, or null when it does not open. */
export function unseal(key, content) {
  if (typeof content !== "string" || content.length > MAX_CONTENT) return null;
  try {
    return tools.nip44.v2.decrypt(content, key);
  } catch {
    return null;
  }
}

/**
 * Open the mailbox on ``relays`` (ws:// or wss:// addresses).
 * onMessage(tag, text, receivedMs): a text that opened under a watched box.
 * onState(up, total): relays connected now, of how many.
 * Returns {watch(boxes), post(tag, text), close()}; boxes is [[tag, secretHex], ...].
 */
export function open(relays, onMessage, onState) {
  const me = tools.generateSecretKey();
  const mine = tools.getPublicKey(me);
  const keys = new Map(); // tag -> NIP-44 key
  const seen = new Set();
  const slots = relays.map((url) => ({ url, relay: null, sub: null, tries: 0, timer: 0 }));
  let closed = false;

  const report = () => {
    if (!closed) onState(slots.filter((s) => s.relay && s.relay.connected).length, slots.length);
  };

  const take = (event) => {
    if (closed || seen.has(event.id) || event.pubkey === mine || event.kind !== KIND) return;
    seen.add(event.id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value);
    const tag = (event.tags || []).find((t) => Array.isArray(t) && t[0] === "m");
    const key = tag && keys.get(tag[1]);
    if (!key) return;
    const text = unseal(key, event.content);
    if (text !== null) onMessage(tag[1], text, Date.now());
  };

  const subscribe = (slot) => {
    if (slot.sub) slot.sub.close();
    slot.sub = null;
    if (!slot.relay || !slot.relay.connected || keys.size === 0) return;
    const filter = {
      kinds: [KIND],
      "#m": [...keys.keys()],
      since: Math.floor(Date.now() / 1000) - SINCE_S,
    };
    slot.sub = slot.relay.subscribe([filter], { onevent: take });
  };

  const connect = async (slot) => {
    slot.timer = 0;
    if (closed) return;
    try {
      const relay = await tools.Relay.connect(slot.url);
      if (closed) {
        relay.close();
        return;
      }
      slot.relay = relay;
      slot.tries = 0;
      relay.onclose = () => {
        slot.relay = null;
        slot.sub = null;
        report();
        retry(slot);
      };
      subscribe(slot);
    } catch {
      slot.relay = null;
      retry(slot);
    }
    report();
  };

  const retry = (slot) => {
    if (closed || slot.timer) return;
    const wait = BACKOFF_S[Math.min(slot.tries, BACKOFF_S.length - 1)];
    slot.tries += 1;
    slot.timer = setTimeout(() => connect(slot), wait * 1000);
  };

  slots.forEach(connect);
  report();

  return {
    watch(boxes) {
      const same =
        boxes.length === keys.size && boxes.every(([tag]) => keys.has(tag));
      if (same) return; // (an invitation made again: the same boxes, the same subscriptions)
      keys.clear();
      for (const [tag, secret] of boxes) keys.set(tag, boxKey(secret));
      slots.forEach(subscribe);
    },
    post(tag, text) {
      const key = keys.get(tag);
      if (!key || closed) return 0;
      const event = tools.finalizeEvent(
        {
          kind: KIND,
          created_at: Math.floor(Date.now() / 1000),
          tags: [["m", tag]],
          content: seal(key, text),
        },
        me,
      );
      let sent = 0;
      for (const slot of slots) {
        if (slot.relay && slot.relay.connected) {
          slot.relay.publish(event).catch(() => {}); // a relay that refuses: the others carry it
          sent += 1;
        }
      }
      return sent;
    },
    close() {
      closed = true;
      for (const slot of slots) {
        if (slot.timer) clearTimeout(slot.timer);
        if (slot.relay) slot.relay.close();
        slot.relay = null;
      }
    },
  };
}
