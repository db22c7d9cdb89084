// Small DOM helpers shared by the pages. Everything is built with createElement and
// textContent: no HTML strings, so text from the server can never become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function setAttrs(el, attrs) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') {
      el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    } else if (name === 'style' && typeof value === 'object') {
      for (const [prop, v] of Object.entries(value)) {
        if (v !== undefined && v !== null) el.style.setProperty(prop, String(v));
      }
    } else if (name.startsWith('on') && typeof value === 'function') {
      el.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'text') {
      el.textContent = String(value);
    } else if (value === true) {
      el.setAttribute(name, '');
    } else {
      el.setAttribute(name, String(value));
    }
  }
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) {
      append(el, child);
    } else if (typeof child === 'object' && 'nodeType' in child) {
      el.appendChild(child);
    } else {
      el.appendChild(document.createTextNode(String(child)));
    }
  }
}

/** An HTML element: h('button', {class: 'x', onClick: f}, 'text', child, [more]). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Replace the children of `el` by `children` (null and false are skipped); returns el. */
export function fill(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

/** Remove every child of `el` and return it. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** "three_of_a_kind" -> "Three of a kind". */
export function humanize(key) {
  const text = String(key).replace(/_/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "1 card", "3 cards": a count and its noun. */
export function counted(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** "fortune_teller" -> "Fortune Teller". */
export function titleCase(key) {
  return String(key)
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

// Dark enough for white text on them (4.5:1), but the yellow, which takes dark text.
export const SEAT_COLOURS = ['#c63b27', '#2f6fdb', '#e0a100', '#8a3fc1', '#167a55', '#b8428a'];
const SEAT_INKS = ['#fff', '#fff', '#1b1300', '#fff', '#fff', '#fff'];

const seatIndex = (seat) => ((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length;

export function seatColour(seat) {
  return SEAT_COLOURS[seatIndex(seat)];
}

/** "Seat 2" or "You" when the page's seat is that one. */
export function seatLabel(seat, you) {
  if (seat === null || seat === undefined || seat < 0) return '—';
  return seat === you ? `You (seat ${seat})` : `Seat ${seat}`;
}

/** Keep what the browser needs of a table it just created (POST /api/tables's answer):
 * the owner token, the seat token of `mySeat` (this browser's), and the invitations of the
 * other human seats, which the table page shows until they are taken. Returns
 * {mine, others}: mySeat's invitation (or undefined) and the rest. */
/** Whether bot `name` can play `game` (an entry of GET /api/games, which lists the bots
 * that can: greedy needs the game's own policy); `unknown` where the list is not there. */
export function playsGame(name, game, unknown = false) {
  return game?.agents ? game.agents.includes(name) : unknown;
}

export function keepNewTable(res, mySeat) {
  const id = res.table?.id;
  const invites = res.invites ?? [];
  const mine = invites.find((inv) => inv.seat === mySeat);
  const others = invites.filter((inv) => inv !== mine);
  try {
    if (res.owner_token) localStorage.setItem(`meeple.owner.${id}`, res.owner_token);
    if (others.length) localStorage.setItem(`meeple.invites.${id}`, JSON.stringify(others));
    // in localStorage, so that any tab of this browser can go back to the seat
    if (mine) localStorage.setItem(`meeple.token.${id}`, mine.token);
  } catch {
    /* storage may be disabled: the tokens stay in the links */
  }
  return { mine, others };
}

/** A small coloured seat chip. */
export function seatChip(seat, you) {
  return h(
    'span',
    {
      class: 'seat-chip',
      style: { '--seat': seatColour(seat), '--seat-ink': SEAT_INKS[seatIndex(seat)] },
      'data-seat': seat,
    },
    seatLabel(seat, you),
  );
}

/** A section with a heading: panel('Hand', child, ...). */
export function panel(title, attrs, ...children) {
  return h('section', { class: 'panel', ...attrs }, title ? h('h3', {}, title) : null, ...children);
}

/** The legal actions of a state message as a Map id -> text. */
export function legalMap(msg) {
  const map = new Map();
  for (const a of msg?.legal ?? []) map.set(a.id, a.text);
  return map;
}

/**
 * Make `el` a click target for action `id` when legal: adds the class "clickable",
 * the attribute data-act, a tooltip with the action's text and a click/keyboard handler.
 */
export function clickable(el, id, legal, act) {
  if (id === undefined || id === null || !legal.has(id)) return el;
  el.classList.add('clickable');
  el.setAttribute('data-act', String(id));
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  const text = legal.get(id);
  if (el instanceof SVGElement) {
    el.appendChild(s('title', {}, text));
  } else {
    el.title = text;
  }
  // what choosing it does, read after its name (the text it shows, which speech
  // input says to pick it)
  el.setAttribute('aria-description', text);
  const fire = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    act(id);
  };
  el.addEventListener('click', fire);
  el.addEventListener('keydown', (ev) => {
    // only keys pressed on the target itself: Enter on a button inside it (Anludim's
    // turn-the-card) is that button's
    if (ev.target !== el) return;
    if (ev.key === 'Enter' || ev.key === ' ') fire(ev);
  });
  return el;
}

/** An action button for a legal action (used inside game views; data-act, not data-action). */
export function actButton(id, legal, act, label, attrs = {}) {
  const b = h('button', { type: 'button', class: 'act', ...attrs }, label ?? legal.get(id) ?? `#${id}`);
  if (legal.has(id)) {
    b.setAttribute('data-act', String(id));
    b.title = legal.get(id);
    b.addEventListener('click', () => act(id));
  } else {
    b.disabled = true;
  }
  return b;
}

const openDetails = new Set();

/** A <details> that stays open or closed across re-renders (by `key`). */
export function details(key, summary, attrs = {}, ...children) {
  const el = h('details', { ...attrs, open: openDetails.has(key) }, h('summary', {}, summary), ...children);
  el.addEventListener('toggle', () => {
    if (el.open) openDetails.add(key);
    else openDetails.delete(key);
  });
  return el;
}

/** Copy text to the clipboard; falls back to selecting a field. */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) {
      field.focus();
      field.select();
      try {
        return document.execCommand('copy');
      } catch {
        return false;
      }
    }
    return false;
  }
}

/** fetch JSON; throws an Error whose message is the server's {"error": ...} when given. */
export async function fetchJSON(url, options = {}) {
  const init = { ...options, headers: { Accept: 'application/json', ...(options.headers ?? {}) } };
  if (options.body !== undefined && typeof options.body !== 'string') {
    init.body = JSON.stringify(options.body);
    init.headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(url, init);
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    if (data && typeof data === 'object') {
      const detail = data.error ?? data.detail;
      if (typeof detail === 'string') message = detail;
      else if (detail !== undefined) message = JSON.stringify(detail);
    } else if (typeof data === 'string' && data) {
      message = data;
    }
    const err = new Error(message);
    err.status = res.status;
    throw err;
  }
  return data;
}

/**
 * The Markdown of a game's how-to-play page as elements: `#`/`##` headings, paragraphs,
 * `-` and `1.` lists (a line indented under an item continues it), `**bold**` and
 * `code`. Text only ever becomes text nodes, never HTML.
 */
export function markdown(text) {
  const blocks = [];
  let list = null; // the open list: {ordered, el, item, text} (its last item and text)
  let para = null;
  const inline = (line) => {
    const out = [];
    const re = /\*\*(.+?)\*\*|`(.+?)`/g;
    let at = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if (m.index > at) out.push(line.slice(at, m.index));
      out.push(m[1] !== undefined ? h('strong', {}, m[1]) : h('code', {}, m[2]));
      at = m.index + m[0].length;
    }
    if (at < line.length) out.push(line.slice(at));
    return out;
  };
  const flush = () => {
    if (para) blocks.push(h('p', {}, ...inline(para)));
    para = null;
    list = null;
  };
  for (const raw of String(text ?? '').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    const item = /^(?:- |\d+\. )(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push(h(heading[1].length === 1 ? 'h2' : 'h3', {}, heading[2]));
    } else if (item) {
      if (para) flush();
      const ordered = /^\d/.test(line);
      if (!list || list.ordered !== ordered) {
        list = { ordered, el: h(ordered ? 'ol' : 'ul', {}) };
        blocks.push(list.el);
      }
      list.item = h('li', {});
      list.text = item[1];
      list.el.append(list.item);
    } else if (list && /^\s/.test(raw)) {
      list.text += ` ${line.trim()}`;
    } else {
      list = null;
      para = para ? `${para} ${line.trim()}` : line.trim();
    }
    if (list) fill(list.item, ...inline(list.text));
  }
  flush();
  return blocks;
}

let rulesDialog = null; // the how-to-play dialog, made on first use
let rulesFor = null; // the game whose page it holds

/** Open the how-to-play page of `game` in a dialog over the page. */
export async function showHowToPlay(game) {
  if (!game) return;
  if (!rulesDialog) {
    const close = h('button', { type: 'button', class: 'small', 'data-testid': 'rules-close', 'aria-label': 'close' }, 'Close');
    rulesDialog = h(
      'dialog',
      { class: 'rules', 'data-testid': 'rules', 'aria-labelledby': 'rules-title' },
      h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, 'How to play'), close),
      h('div', { class: 'rules-text', 'data-testid': 'rules-text' }, 'Loading…'),
    );
    close.addEventListener('click', () => rulesDialog.close());
    document.body.append(rulesDialog);
  }
  if (!rulesDialog.open) rulesDialog.showModal();
  if (rulesFor === game) return;
  const text = rulesDialog.querySelector('.rules-text');
  fill(text, 'Loading…');
  try {
    const page = await fetchJSON(`/api/games/${encodeURIComponent(game)}/how-to-play`);
    rulesDialog.querySelector('h2').textContent = `How to play ${page.title}`;
    fill(text, ...(page.text ? markdown(page.text) : [h('p', { class: 'muted' }, 'This game has no how-to-play page.')]));
    rulesFor = game;
  } catch (err) {
    fill(text, h('p', { class: 'muted' }, `Could not load the page: ${err.message}`));
  }
}
