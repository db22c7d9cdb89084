// The lobby: open tables (join, watch), and a form to create a table.
import { h, clear, humanize, fetchJSON, copyText, seatColour, keepNewTable, playsGame, showHowToPlay } from '/static/dom.js';

const SEAT_KINDS = [
  ['you', 'you'],
  ['human', 'human (invite)'],
  ['random', 'random bot'],
  ['greedy', 'greedy bot'],
  ['ismcts', 'ismcts bot'],
];
const REFRESH_MS = 3000;
const LIST_LIMIT = 100; // tables the lobby asks for (the server's default)

const $ = (id) => document.getElementById(id);
const els = {
  banner: $('banner'),
  form: $('create-form'),
  game: $('game-select'),
  notes: $('game-notes'),
  players: $('players-select'),
  options: $('options'),
  seats: $('seats'),
  create: $('create-button'),
  created: $('created'),
  tables: $('tables'),
  showOver: $('show-over'),
  private: $('private-check'),
};

let games = [];
let seatValues = []; // what each seat select held, kept across player-count changes
let refreshTimer = null;

// --- errors ------------------------------------------------------------------------

function showError(message) {
  clear(els.banner);
  els.banner.append(
    h('span', { class: 'banner-text' }, message),
    h('button', { type: 'button', class: 'banner-close', 'data-testid': 'error-dismiss', 'aria-label': 'dismiss', onClick: hideError }, '×'),
  );
  els.banner.hidden = false;
}

function hideError() {
  els.banner.hidden = true;
  clear(els.banner);
}

// --- tokens kept by the browser --------------------------------------------------

// A seat's token is kept in localStorage (per table) so that every tab of this browser
// offers "Resume"; sessionStorage is read too, for tokens an older page kept there.
const TOKEN_PREFIX = 'meeple.token.';
const keptHere = new Set(); // tables this page kept a token of (a list asked for before may lack them)

function rememberToken(tableId, token) {
  keptHere.add(tableId);
  try {
    localStorage.setItem(`${TOKEN_PREFIX}${tableId}`, token);
  } catch {
    /* storage may be disabled: the token stays in the URL */
  }
}

function storedToken(tableId) {
  try {
    return localStorage.getItem(`${TOKEN_PREFIX}${tableId}`) ?? sessionStorage.getItem(`${TOKEN_PREFIX}${tableId}`);
  } catch {
    return null;
  }
}

const MAX_MINE = 200; // the ids the server takes beside its list (tables.MAX_MINE)

/** The ids of the tables this browser keeps a seat's token for. */
function heldTables() {
  const ids = new Set(keptHere);
  try {
    for (const area of [localStorage, sessionStorage]) {
      for (let i = 0; i < area.length; i++) {
        const key = area.key(i);
        if (key?.startsWith(TOKEN_PREFIX)) ids.add(key.slice(TOKEN_PREFIX.length));
      }
    }
  } catch {
    /* storage disabled */
  }
  return [...ids];
}

/** Forget the seat tokens of tables that are gone: only when `list` is every table the
 * server has (fewer than the limit asked for), so a table missing from it no longer exists. */
function forgetGoneTokens(list, limit) {
  if (list.length >= limit) return;
  const ids = new Set(list.map((t) => t.id));
  try {
    for (const area of [localStorage, sessionStorage]) {
      const gone = [];
      for (let i = 0; i < area.length; i++) {
        const key = area.key(i);
        const id = key?.startsWith(TOKEN_PREFIX) ? key.slice(TOKEN_PREFIX.length) : null;
        if (id !== null && !ids.has(id) && !keptHere.has(id)) gone.push(key);
      }
      for (const key of gone) area.removeItem(key);
    }
  } catch {
    /* storage disabled */
  }
}

// --- the create form ---------------------------------------------------------------

function currentGame() {
  return games.find((g) => g.name === els.game.value) ?? games[0];
}

/** The seat kinds a game offers: people, and the bots that can play it (GET /api/games
 * names them: greedy needs the game's own policy). */
function seatKinds(game) {
  return SEAT_KINDS.filter(([value]) => value === 'you' || value === 'human' || playsGame(value, game, value === 'random'));
}

function defaultSeat(index, game) {
  if (index === 0) return 'you';
  return playsGame('greedy', game) ? 'greedy' : 'random';
}

function choiceLabel(choice, label) {
  if (typeof label === 'string' && label) return label;
  if (choice === true) return 'yes';
  if (choice === false) return 'no';
  if (choice === null) return 'none';
  return String(choice);
}

function buildGameSelect() {
  clear(els.game);
  for (const g of games) {
    els.game.append(h('option', { value: g.name }, g.title || humanize(g.name)));
  }
  let saved = null;
  try {
    saved = localStorage.getItem('meeple.lobby.game');
  } catch {
    /* ignore */
  }
  if (saved && games.some((g) => g.name === saved)) els.game.value = saved;
  els.game.disabled = games.length === 0;
  els.create.disabled = games.length === 0;
}

function buildGameFields() {
  const game = currentGame();
  if (!game) return;
  // players
  const previous = Number(els.players.value);
  clear(els.players);
  const low = game.min_players ?? 1;
  const high = game.max_players ?? low;
  for (let n = low; n <= high; n++) els.players.append(h('option', { value: n }, String(n)));
  const fallback = game.default_players ?? low;
  els.players.value = String(previous >= low && previous <= high && els.players.dataset.game === game.name ? previous : fallback);
  els.players.dataset.game = game.name;

  // options
  clear(els.options).append(h('legend', {}, 'Options'));
  const entries = Object.entries(game.options ?? {});
  els.options.hidden = entries.length === 0;
  for (const [name, spec] of entries) {
    const choices = spec.choices ?? [spec.default];
    const select = h('select', { id: `option-${name}`, 'data-testid': `option-${name}`, 'data-option': name });
    choices.forEach((choice, i) => {
      const opt = h('option', { value: String(i), 'data-value': JSON.stringify(choice) }, choiceLabel(choice, spec.labels?.[i]));
      if (JSON.stringify(choice) === JSON.stringify(spec.default)) opt.selected = true;
      select.append(opt);
    });
    els.options.append(
      h('div', { class: 'form-row', 'data-option-row': name },
        h('label', { for: `option-${name}` }, humanize(name)),
        select,
        spec.help ? h('small', { class: 'help' }, spec.help) : null),
    );
  }
  seatValues = [];
  buildSeats();
}

// An option that applies to some player counts only (a solo rule) is hidden at the
// others, and then not sent.
function optionApplies(spec, players) {
  return !Array.isArray(spec.players) || (players >= spec.players[0] && players <= spec.players[1]);
}

// notes (placeholder data and the like) of the player count and the options chosen
function showNotes(game, players) {
  const at = (game.notes_by_players ?? []).find((c) => c.players === players) ?? game;
  const notes = [...(at.notes ?? [])];
  for (const sel of els.options.querySelectorAll('select[data-option]')) {
    const spec = game.options[sel.dataset.option];
    if (!spec || !optionApplies(spec, players)) continue;
    for (const c of game.notes_by_choice ?? []) {
      const chosen = sel.selectedOptions[0]?.dataset.value;
      if (c.option !== sel.dataset.option || JSON.stringify(c.value) !== chosen) continue;
      for (const note of c.notes) if (!notes.includes(note)) notes.push(note);
    }
  }
  if (at.placeholder_data && notes.length === 0) notes.push('This game uses placeholder component data.');
  els.notes.hidden = notes.length === 0;
  els.notes.textContent = notes.join(' ');
}

function showApplicableOptions() {
  const game = currentGame();
  const n = Number(els.players.value) || 1;
  showNotes(game, n);
  let shown = 0;
  for (const row of els.options.querySelectorAll('[data-option-row]')) {
    const applies = optionApplies(game.options[row.dataset.optionRow], n);
    row.hidden = !applies;
    shown += applies;
  }
  els.options.hidden = shown === 0;
}

function buildSeats() {
  const game = currentGame();
  const n = Number(els.players.value) || 1;
  showApplicableOptions();
  // keep what the user chose so far
  for (const sel of els.seats.querySelectorAll('select')) {
    seatValues[Number(sel.dataset.seat)] = sel.value;
  }
  clear(els.seats).append(h('legend', {}, 'Seats'));
  for (let i = 0; i < n; i++) {
    const select = h('select', { id: `seat-${i}`, 'data-testid': `seat-${i}`, 'data-seat': i });
    const kinds = seatKinds(game);
    for (const [value, label] of kinds) select.append(h('option', { value }, label));
    const kept = seatValues[i];
    select.value = kinds.some(([value]) => value === kept) ? kept : defaultSeat(i, game);
    els.seats.append(
      h('div', { class: 'form-row seat-row' },
        h('label', { for: `seat-${i}` },
          h('span', { class: 'seat-dot', style: { background: seatColour(i) } }),
          `Seat ${i}`),
        select),
    );
  }
}

function formBody() {
  const game = currentGame();
  const options = {};
  for (const sel of els.options.querySelectorAll('select[data-option]')) {
    const name = sel.dataset.option;
    const spec = game.options[name];
    if (!optionApplies(spec, Number(els.players.value) || 1)) continue;
    const choice = (spec.choices ?? [spec.default])[Number(sel.value)];
    if (JSON.stringify(choice) !== JSON.stringify(spec.default)) options[name] = choice;
  }
  const kinds = [...els.seats.querySelectorAll('select[data-seat]')].map((sel) => sel.value);
  return {
    body: {
      game: game.name,
      players: Number(els.players.value),
      options,
      seats: kinds.map((k) => (k === 'you' ? 'human' : k)),
      private: els.private.checked,
    },
    kinds,
  };
}

function absoluteUrl(url) {
  return new URL(url, location.origin).href;
}

function inviteRow(invite, label) {
  const field = h('input', { type: 'text', readonly: true, value: absoluteUrl(invite.url), 'data-testid': `invite-url-${invite.seat}`, class: 'invite-url', 'aria-label': `invitation link for seat ${invite.seat}` });
  const copy = h('button', { type: 'button', 'data-testid': `invite-copy-${invite.seat}` }, 'Copy');
  copy.addEventListener('click', async () => {
    const ok = await copyText(field.value, field);
    copy.textContent = ok ? 'Copied' : 'Select and copy';
    setTimeout(() => (copy.textContent = 'Copy'), 1500);
  });
  return h('div', { class: 'invite', 'data-seat': invite.seat },
    h('span', { class: 'seat-dot', style: { background: seatColour(invite.seat) } }),
    h('span', { class: 'invite-label' }, label ?? `Seat ${invite.seat}`),
    field, copy);
}

async function onCreate(ev) {
  ev.preventDefault();
  hideError();
  const { body, kinds } = formBody();
  els.create.disabled = true;
  els.create.textContent = 'Creating…';
  try {
    const res = await fetchJSON('/api/tables', { method: 'POST', body });
    const id = res.table?.id;
    keptHere.add(id);
    const mineSeats = kinds.flatMap((k, i) => (k === 'you' ? [i] : []));
    const { mine, others } = keepNewTable(res, mineSeats[0]);
    if (mine && others.length === 0) {
      location.assign(mine.url);
      return;
    }
    showCreated(id, mine, others, mineSeats);
  } catch (err) {
    showError(`Could not create the table: ${err.message}`);
  } finally {
    els.create.disabled = false;
    els.create.textContent = 'Create table';
  }
}

function showCreated(id, mine, others, mineSeats) {
  clear(els.created);
  els.created.hidden = false;
  els.created.append(h('h3', {}, 'Table ', h('span', { class: 'table-id' }, id), ' created'));
  if (others.length) {
    els.created.append(h('p', {}, 'Send each player their own invitation link:'));
    for (const inv of others) {
      const label = mineSeats.includes(inv.seat) ? `Seat ${inv.seat} (you, another tab)` : `Seat ${inv.seat}`;
      els.created.append(inviteRow(inv, label));
    }
  }
  const go = mine
    ? h('a', { class: 'button primary', href: mine.url, 'data-testid': 'go-to-seat' }, `Take your seat (seat ${mine.seat}) →`)
    : h('a', { class: 'button', href: `/table/${encodeURIComponent(id)}`, 'data-testid': 'go-to-seat' }, 'Watch the table →');
  els.created.append(h('p', { class: 'buttons' }, go));
  els.created.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  go.focus({ preventScroll: true }); // the create button is disabled meanwhile: the keyboard goes on here
  refreshTables();
}

// --- the table list ----------------------------------------------------------------

function when(created) {
  if (created === undefined || created === null) return '';
  const date = new Date(typeof created === 'number' ? (created < 1e12 ? created * 1000 : created) : created);
  if (Number.isNaN(date.getTime())) return String(created);
  const secs = Math.round((Date.now() - date.getTime()) / 1000);
  if (secs < 60) return 'just now';
  if (secs < 3600) return `${Math.floor(secs / 60)} min ago`;
  if (secs < 86400) return `${Math.floor(secs / 3600)} h ago`;
  return date.toLocaleDateString();
}

function seatBadge(seat) {
  let text;
  let cls = 'seat-badge';
  if (seat.kind === 'bot') {
    text = `${seat.spec ?? 'bot'}`;
    cls += ' bot';
  } else if (!seat.taken) {
    text = 'free';
    cls += ' free';
  } else {
    text = `${seat.name ?? 'human'}${seat.connected ? '' : ' (away)'}`;
    cls += seat.connected ? ' online' : ' away';
  }
  return h('span', { class: cls, title: `seat ${seat.seat}`, style: { '--seat': seatColour(seat.seat) } }, `${seat.seat}: ${text}`);
}

async function join(table, seat, button) {
  hideError();
  button.disabled = true;
  try {
    const res = await fetchJSON(`/api/tables/${encodeURIComponent(table.id)}/join`, { method: 'POST', body: { seat } });
    rememberToken(table.id, res.token);
    location.assign(res.url);
  } catch (err) {
    showError(`Could not join table ${table.id}: ${err.message}`);
    button.disabled = false;
    refreshTables();
  }
}

function gameTitle(name) {
  return games.find((g) => g.name === name)?.title ?? humanize(name);
}

function renderTables(list) {
  const showOver = els.showOver.checked;
  const order = { waiting: 0, playing: 1, over: 2 };
  const rows = list
    .filter((t) => showOver || t.status !== 'over')
    .sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3) || String(b.created ?? '').localeCompare(String(a.created ?? '')));
  // the list is drawn anew every few seconds: the keyboard stays on its button
  const focused = document.activeElement;
  const kept = focused instanceof Element && els.tables.contains(focused)
    ? `[data-testid="${focused.getAttribute('data-testid')}"][data-table="${focused.getAttribute('data-table')}"]`
    : null;
  clear(els.tables);
  if (rows.length === 0) {
    els.tables.append(h('p', { class: 'muted', 'data-testid': 'no-tables' }, showOver ? 'No tables yet.' : 'No open tables. Create one!'));
    return;
  }
  const tbody = h('tbody');
  for (const t of rows) {
    const free = (t.seats ?? []).filter((seat) => seat.kind === 'human' && !seat.taken);
    const mine = storedToken(t.id);
    const buttons = h('td', { class: 'row-actions' });
    if (mine) {
      // a finished game's own seat too: its page offers Play again, which View does not
      const label = t.status === 'over' ? 'Your seat' : 'Resume';
      buttons.append(h('a', { class: 'button primary', href: `/table/${encodeURIComponent(t.id)}?token=${encodeURIComponent(mine)}`, 'data-testid': 'resume' }, label));
    } else if (free.length && t.status !== 'over' && !t.private) {
      const b = h('button', { type: 'button', class: 'primary', 'data-testid': 'join', 'data-table': t.id, 'data-seat': free[0].seat, 'aria-label': `join ${gameTitle(t.game)} table ${t.id}, seat ${free[0].seat}` }, free.length > 1 ? `Join (seat ${free[0].seat})` : 'Join');
      b.addEventListener('click', () => join(t, free[0].seat, b));
      buttons.append(b);
    }
    const watchUrl = `/table/${encodeURIComponent(t.id)}?watch=1`;
    buttons.append(h('a', { class: 'button', href: watchUrl, 'data-testid': 'watch', 'data-table': t.id, 'aria-label': `${t.status === 'over' ? 'view' : 'watch'} ${gameTitle(t.game)} table ${t.id}` }, t.status === 'over' ? 'View' : 'Watch'));
    tbody.append(
      h('tr', { 'data-testid': 'table-row', 'data-table': t.id, 'data-status': t.status },
        h('td', {}, h('strong', {}, gameTitle(t.game)), h('div', { class: 'muted small' }, `#${t.id}`)),
        h('td', {}, t.abandoned
          ? h('span', { class: 'status-badge over', title: 'no one played here for a long while' }, 'abandoned')
          : h('span', { class: `status-badge ${t.status}` }, t.status),
        t.private ? h('span', { class: 'muted small', 'data-testid': 'private', title: 'not listed for others; seats by invitation link only' }, ' private') : null),
        h('td', {}, h('div', { class: 'seat-list' }, (t.seats ?? []).map(seatBadge))),
        h('td', { class: 'num col-moves' }, String(t.moves ?? 0)),
        h('td', { class: 'muted small col-created' }, when(t.created)),
        buttons),
    );
  }
  els.tables.append(
    h('div', { class: 'list-scroll' },
      h('table', { class: 'list', 'data-testid': 'tables-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Status'), h('th', {}, 'Seats'), h('th', { class: 'num col-moves' }, 'Moves'), h('th', { class: 'col-created' }, 'Created'), h('th', {}, h('span', { class: 'visually-hidden' }, 'Actions')))),
        tbody)),
  );
  if (kept) els.tables.querySelector(kept)?.focus({ preventScroll: true });
}

let shownTables = null; // the list last drawn, drawn again once the games' titles are known

async function refreshTables() {
  clearTimeout(refreshTimer);
  try {
    // the tables this browser holds seats at are listed too, private ones included
    const mine = heldTables().slice(0, MAX_MINE).map(encodeURIComponent).join(',');
    const list = await fetchJSON(`/api/tables?status=all&limit=${LIST_LIMIT}${mine ? `&mine=${mine}` : ''}`);
    if (Array.isArray(list)) forgetGoneTokens(list, LIST_LIMIT);
    shownTables = Array.isArray(list) ? list : [];
    renderTables(shownTables);
  } catch (err) {
    clear(els.tables).append(h('p', { class: 'muted' }, `Could not load the tables: ${err.message}`));
  }
  refreshTimer = setTimeout(() => {
    if (!document.hidden) refreshTables();
    else refreshTimer = null;
  }, REFRESH_MS);
}

// --- start -------------------------------------------------------------------------

async function start() {
  els.form.addEventListener('submit', onCreate);
  els.game.addEventListener('change', () => {
    try {
      localStorage.setItem('meeple.lobby.game', els.game.value);
    } catch {
      /* ignore */
    }
    buildGameFields();
  });
  els.players.addEventListener('change', buildSeats);
  els.options.addEventListener('change', showApplicableOptions); // a choice's notes
  els.showOver.addEventListener('change', refreshTables);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && refreshTimer === null) refreshTables();
  });
  refreshTables();
  try {
    games = await fetchJSON('/api/games');
    if (!Array.isArray(games)) games = [];
    buildGameSelect();
    buildGameFields();
    if (shownTables) renderTables(shownTables); // "Lost Ruins of Arnak", not "Arnak"
  } catch (err) {
    showError(`Could not load the list of games: ${err.message}`);
  }
}

start();

$('rules-button').addEventListener('click', () => showHowToPlay(els.game.value));
