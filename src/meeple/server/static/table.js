// One table: the WebSocket connection, the header, seats, log, scores and the list of
// legal actions; the main view is delegated to /static/<game>.js (or generic.js).
//
// Game module API:
//   export function render(root, msg, act, ctx)
//     root: the element to fill (cleared or reused by the module as it likes)
//     msg:  the latest {"type": "state", ...} message (docs/server.md), `log` made whole
//     act:  act(actionId) sends {"type": "act", "action": id, "version": msg.version}
//     ctx:  {info, seat, spectator, table, tableId, legal}: info is this game's entry of
//           GET /api/games (or null), legal a Map id -> text of msg.legal.
import { h, clear, fill, humanize, fetchJSON, seatColour, copyText, legalMap, keepNewTable, playsGame, showHowToPlay } from '/static/dom.js';
import * as generic from '/static/generic.js';

const RESERVED_MODULES = new Set(['table', 'lobby', 'dom', 'generic', 'style', 'index']);
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
const BUSY_TIMEOUT_MS = 8000;
const PING_MS = 25000;

const $ = (id) => document.getElementById(id);
const els = {
  title: $('title'),
  you: $('you'),
  conn: $('conn'),
  status: $('status'),
  banner: $('banner'),
  notes: $('notes'),
  invites: $('invites'),
  scores: $('scores'),
  replay: $('replay'),
  game: $('game'),
  actions: $('actions'),
  seats: $('seats'),
  log: $('log'),
  chatLog: $('chat-log'),
  chatNone: $('chat-none'),
  chatForm: $('chat-form'),
  chatInput: $('chat-input'),
  announce: $('announce'),
};

/** Say `text` to screen readers: a new line in the polite live region (which keeps the
 * last few, so the same words said twice are two additions, and both are heard). */
function announce(text) {
  els.announce.append(h('p', {}, text));
  while (els.announce.children.length > 5) els.announce.firstElementChild.remove();
}

const parts = location.pathname.split('/').filter(Boolean);
const tableId = decodeURIComponent(parts[parts.indexOf('table') + 1] ?? '');
const params = new URLSearchParams(location.search);
const tokenKey = `meeple.token.${tableId}`;

let token = null;
let ws = null;
let attempt = 0;
let reconnectTimer = null;
let pingTimer = null;
let lastError = null;
let fatal = false;
let lastMsg = null;
let pageLog = []; // the whole move log so far, merged from the state messages
let busy = false;
let busyTimer = null;
let gameName = null;
let gameModule = null;
let gameInfo = null;
let gamesPromise = null;
let renderChain = Promise.resolve();
let actionFilter = ''; // what the filter field of the action list holds
let filterVersion = -1; // the version (decision) it was typed at
// Once the game is over its moves can be replayed: `replay` is then the message of the
// step shown ({..., replay: {step, moves}}), null while the live final state is shown.
let replay = null;
let replayView = null; // whose view the replay shows: a seat, or null for a spectator's
let replayChosen = false; // whether the viewer chose replayView (else it follows msg.seat)
let replayRequest = 0;
let replayAsked = null; // the step last asked for while it is not shown yet
const replayLogs = new Map(); // whose view ('' a spectator's, else the seat) -> the whole game's log as they saw it
let hint = null; // the last hint: {version, action, text, bot}
let autoVersion = -1; // the version whose single choice was played automatically
const AUTO_KEY = 'meeple.auto';
const AUTO_DELAY_MS = 400;

// --- storage -----------------------------------------------------------------------

function store(kind, key, value) {
  try {
    const area = kind === 'session' ? sessionStorage : localStorage;
    if (value === null) area.removeItem(key);
    else area.setItem(key, value);
  } catch {
    /* storage disabled */
  }
}

function load(kind, key) {
  try {
    return (kind === 'session' ? sessionStorage : localStorage).getItem(key);
  } catch {
    return null;
  }
}

// A seat's token is kept in localStorage (per table), so any tab of this browser may go
// back to the seat (the lobby offers "Resume"); sessionStorage is read for tokens kept
// there by an older page. A link's token is kept only once the server has seated it, so
// a link with a wrong token cannot replace the one kept.
function resolveToken() {
  if (params.has('watch')) return null;
  return params.get('token') || (load('local', tokenKey) ?? load('session', tokenKey));
}

/** Keep the seated token, and take it out of the address bar (history, bookmarks and a
 * shared screen would show it) once it is kept, so a reload still finds it. */
function keepToken() {
  if (load('local', tokenKey) !== token) store('local', tokenKey, token);
  if (params.get('token') === token && load('local', tokenKey) === token) {
    params.delete('token');
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  }
}

/** Forget the refused token where it is the one kept (not one that a link brought). */
function forgetToken() {
  for (const kind of ['local', 'session']) {
    if (load(kind, tokenKey) === token) store(kind, tokenKey, null);
  }
}

// --- banner ------------------------------------------------------------------------

let bannerKind = null; // 'offline': the banner says the page is not connected

function showError(message, extra, kind = 'error') {
  bannerKind = kind;
  fill(els.banner,
    h('span', { class: 'banner-text', 'data-testid': 'error-text' }, message),
    extra ?? null,
    h('button', { type: 'button', class: 'banner-close', 'data-testid': 'error-dismiss', 'aria-label': 'dismiss', onClick: hideError }, '×'),
  );
  els.banner.hidden = false;
  // an error answers a click, which may be far below the banner (Play again, a move)
  if (kind === 'error' && els.banner.getBoundingClientRect().bottom < 0) els.banner.scrollIntoView({ block: 'nearest' });
}

function hideError() {
  bannerKind = null;
  els.banner.hidden = true;
  clear(els.banner);
}

/** Drop a banner that only said the page was not connected (it is again). */
function hideOfflineError() {
  if (bannerKind === 'offline') hideError();
}

function connected() {
  return ws !== null && ws.readyState === WebSocket.OPEN;
}

function seatOf(msg) {
  return typeof msg?.seat === 'number' ? msg.seat : null;
}

const OFFLINE = 'Not connected: reconnecting, try again in a moment.';

// --- connection --------------------------------------------------------------------

function setConn(state, text) {
  els.conn.dataset.state = state;
  els.conn.textContent = text;
}

function wsUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${q}`;
}

function connect() {
  clearTimeout(reconnectTimer);
  reconnectTimer = null;
  if (fatal) return;
  setConn('connecting', attempt ? 'reconnecting…' : 'connecting…');
  let socket;
  try {
    socket = new WebSocket(wsUrl());
  } catch (err) {
    showError(`Cannot open a connection: ${err.message}`, null, 'offline');
    scheduleReconnect();
    return;
  }
  ws = socket;
  lastError = null;
  socket.addEventListener('open', () => {
    if (ws !== socket) return;
    setConn('open', token ? 'connected' : 'watching');
    hideOfflineError();
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ type: 'ping' }), PING_MS);
  });
  socket.addEventListener('message', (ev) => {
    if (ws !== socket) return;
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      showError('The server sent a message that is not JSON.');
      return;
    }
    if (msg.type === 'state') {
      attempt = 0;
      const merged = mergeLog(msg);
      if (merged) onState(merged);
      else send({ type: 'sync' }); // a gap in the log: ask for the whole of it
    } else if (msg.type === 'chat') {
      onChat(msg);
    } else if (msg.type === 'hint') {
      hint = msg;
      if (lastMsg && !replay) {
        keepingFocus(() => renderActions(lastMsg, lastMsg.table ?? {}, typeof lastMsg.seat === 'number' ? lastMsg.seat : null));
        announce(`Hint: the ${msg.bot} bot would choose ${msg.text}.`);
        // bring the hinted move into sight: in the game view if it is there, else the list
        const seen = els.game.querySelector('.hinted') ?? els.actions.querySelector('[data-testid=hint]');
        seen?.scrollIntoView({ block: 'nearest' });
      }
    } else if (msg.type === 'error') {
      lastError = msg.message ?? 'error';
      setBusy(false);
      showError(msg.message ?? 'error');
      // a stale or refused action: ask for the current state again
      if (/stale|version/i.test(msg.message ?? '')) send({ type: 'sync' });
    }
  });
  socket.addEventListener('close', (ev) => onClosed(socket, ev.code, ev.reason));
  // browsers follow an error with a close event; some clients do not when the
  // connection could not be opened at all, so an error alone also ends the socket
  socket.addEventListener('error', () => setTimeout(() => onClosed(socket, 1006, ''), 1000));
}

function onClosed(socket, code, closeReason) {
  if (ws !== socket) return;
  ws = null;
  try {
    socket.close();
  } catch {
    /* already closed */
  }
  clearInterval(pingTimer);
  setBusy(false);
  if (code === 1008 || (code >= 4000 && code < 5000)) {
    fatal = true;
    setConn('closed', 'disconnected');
    const reason = closeReason || lastError || `the server closed the connection (code ${code})`;
    let extra = null;
    if (token && /token|seat/i.test(reason)) {
      forgetToken();
      extra = h('a', { href: `/table/${encodeURIComponent(tableId)}?watch=1`, class: 'button small' }, 'Watch instead');
    }
    showError(reason, extra);
    els.status.dataset.state = 'offline';
    fill(els.status, h('span', { 'data-testid': 'status-text' },
      extra ? 'Not connected: this link gives no seat at this table. You may watch it instead.' : `Not connected: ${reason}`));
    document.title = `${gameTitle()} · meeple`;
    return;
  }
  if (lastMsg?.table?.status === 'over' && code === 1000) {
    setConn('closed', 'game over');
    return;
  }
  scheduleReconnect();
  // the status line says so rather than "Your turn."
  if (lastMsg && !replay) renderHeader(lastMsg, lastMsg.table ?? {}, seatOf(lastMsg));
}

/**
 * The state message with `log` made the whole log: a message's `log` holds the entries
 * from `log_start` on (0: the whole log, the first message on a connection and the
 * answer to a sync); they replace or extend the page's log. Null on a gap.
 */
function mergeLog(msg) {
  const start = msg.log_start ?? 0;
  const entries = msg.log ?? [];
  if (start === 0) pageLog = entries.slice();
  else if (start === pageLog.length) pageLog = pageLog.concat(entries);
  else return null;
  return { ...msg, log: pageLog };
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function scheduleReconnect() {
  if (fatal || reconnectTimer) return;
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] + Math.floor(Math.random() * 250);
  attempt += 1;
  setConn('closed', `offline, retrying in ${Math.ceil(delay / 1000)} s`);
  reconnectTimer = setTimeout(connect, delay);
}

window.addEventListener('online', () => {
  if (!ws && !fatal) {
    attempt = 0;
    connect();
  }
});

function setBusy(value) {
  busy = value;
  document.body.classList.toggle('busy', value);
  clearTimeout(busyTimer);
  if (value) busyTimer = setTimeout(() => setBusy(false), BUSY_TIMEOUT_MS);
}

/** Send one action for the latest state; ignored while the previous one is unanswered. */
function act(actionId) {
  if (!lastMsg || replay) return;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError(OFFLINE, null, 'offline');
    return;
  }
  if (busy) return;
  const legal = (lastMsg.legal ?? []).some((a) => a.id === actionId);
  if (!legal) {
    showError(`Action ${actionId} is not legal now.`);
    return;
  }
  hideError();
  setBusy(true);
  actionFilter = ''; // the next decision starts with the whole list
  send({ type: 'act', action: actionId, version: lastMsg.version });
}

/** Take back your last choice (the server says whether you may: `undo` in its message). */
function undo() {
  if (!lastMsg || replay || !lastMsg.undo || busy) return;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError(OFFLINE, null, 'offline');
    return;
  }
  hideError();
  setBusy(true);
  send({ type: 'undo', version: lastMsg.version });
}

// --- game modules and info -----------------------------------------------------------

async function loadModule(name) {
  if (!/^[a-z0-9_-]+$/i.test(name) || RESERVED_MODULES.has(name)) return generic;
  try {
    const mod = await import(`/static/${name}.js`);
    if (typeof mod.render === 'function') return mod;
  } catch (err) {
    console.info(`no page for ${name} (${err.message}); using the generic page`);
  }
  return generic;
}

function loadGames() {
  gamesPromise ??= fetchJSON('/api/games').catch(() => []);
  return gamesPromise;
}

async function ensureGame(name) {
  if (gameName === name && gameModule) return;
  gameName = name;
  const [mod, games] = await Promise.all([loadModule(name), loadGames()]);
  gameModule = mod;
  gameInfo = (Array.isArray(games) ? games : []).find((g) => g.name === name) ?? null;
}

function gameTitle() {
  return gameInfo?.title ?? humanize(gameName ?? 'game');
}

// --- rendering ---------------------------------------------------------------------

function onState(msg) {
  if (lastMsg && msg.version < lastMsg.version) {
    // moves were taken back: what was worked out for the positions after is void
    hint = null;
    autoVersion = -1;
  }
  lastMsg = msg;
  setBusy(false);
  hideOfflineError();
  // the seat's token stays kept for the lobby's "Resume" (a lobby may have dropped it
  // from a list of tables asked for before this one was made)
  if (token && typeof msg.seat === 'number') keepToken();
  offerRememberedName(msg);
  if (!replayChosen) replayView = typeof msg.seat === 'number' ? msg.seat : null;
  renderChain = renderChain
    .then(async () => {
      if (msg !== lastMsg) return; // a newer state arrived meanwhile
      await ensureGame(msg.table?.game ?? msg.observation?.game ?? 'unknown');
      if (msg !== lastMsg) return;
      renderAll(replay ?? msg);
    })
    .catch((err) => {
      console.error(err);
      showError(`Could not draw the table: ${err.message}`);
    });
}

/** A selector that finds `el` again once the page is drawn anew (its action, id or
 * test id), or null. */
function focusKey(el) {
  if (!(el instanceof Element) || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const testid = el.getAttribute('data-testid');
  const parts = testid ? [`[data-testid="${CSS.escape(testid)}"]`] : [];
  const name = ['data-act', 'data-action', 'data-card'].find((n) => el.hasAttribute(n));
  if (name) parts.push(`[${name}="${CSS.escape(el.getAttribute(name))}"]`);
  return parts.length ? parts.join('') : null;
}

/** Where the keyboard was, kept across a redraw: the same control if it is still
 * there, else the heading of the choices, so focus never falls back to the page. */
function keepingFocus(draw) {
  const before = document.activeElement;
  const inside = before instanceof Element && [els.game, els.actions, els.replay].some((part) => part.contains(before));
  const key = inside ? focusKey(before) : null;
  draw();
  if (!inside || document.contains(before)) return;
  const again = key ? document.querySelector(key) : null;
  const fallback = els.actions.querySelector('h3') ?? els.actions;
  const target = again ?? fallback;
  if (target === fallback) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function renderAll(msg) {
  keepingFocus(() => drawAll(msg));
}

function drawAll(msg) {
  const table = msg.table ?? {};
  const seat = typeof msg.seat === 'number' ? msg.seat : null;
  if (token && seat === null) {
    els.you.textContent = 'watching (your link did not give a seat)';
  }
  renderHeader(msg, table, seat);
  renderNotes(table);
  renderInvites(table);
  renderSeats(msg, table, seat);
  renderScores(msg, table, seat);
  renderReplayBar(msg, table);
  renderGame(msg, table, seat);
  renderActions(msg, table, seat);
  renderLog(msg, seat);
  renderChatForm(typeof lastMsg?.seat === 'number' ? lastMsg.seat : null);
}

// --- replay of a finished game -------------------------------------------------------

/** Show the finished game after its first `step` moves (past the last: the live end). */
async function showStep(step) {
  const moves = lastMsg?.version ?? 0;
  if (lastMsg?.table?.status !== 'over') return;
  const target = Math.max(0, Math.min(step, moves));
  const request = ++replayRequest;
  const liveSeat = typeof lastMsg.seat === 'number' ? lastMsg.seat : null;
  if (target === moves && replayView === liveSeat) {
    replayAsked = null;
    replay = null;
    renderAll(lastMsg);
    return;
  }
  replayAsked = target;
  const view = replayView === null ? '' : `&seat=${replayView}`;
  try {
    const msg = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${target}${view}`);
    if (request !== replayRequest) return; // a later step was asked for meanwhile
    // The log shows the whole game's moves (those after the step greyed) as the seat
    // whose view is shown saw them, so that its entries, their "you" and the rest of
    // the page speak for that one seat: the moves after the step are read from that
    // view's whole log (asked for once), not from this page's own.
    const whole = await viewLog(replayView, liveSeat, view, moves);
    if (request !== replayRequest) return;
    msg.log = (msg.log ?? []).concat(whole.slice(target));
    replayAsked = null;
    replay = msg;
    hideError();
    renderAll(msg);
  } catch (err) {
    if (request === replayRequest) replayAsked = null;
    showError(`Could not replay move ${target}: ${err.message}`);
  }
}

/** The whole game's log as `seat` (null: a spectator) saw it. */
async function viewLog(seat, liveSeat, query, moves) {
  if (seat === liveSeat) return lastMsg.log;
  const key = query;
  if (!replayLogs.has(key)) {
    const end = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${moves}${query}`);
    replayLogs.set(key, end.log ?? []);
  }
  return replayLogs.get(key);
}

function currentStep() {
  return replay ? replay.replay.step : (lastMsg?.version ?? 0);
}

/** The step a move back or on counts from: the one asked for last, shown or not, so
 * that presses quicker than the server answers each still count. */
function askedStep() {
  return replayAsked ?? currentStep();
}

function renderReplayBar(msg, table) {
  if (table.status !== 'over' || !lastMsg) {
    els.replay.hidden = true;
    return;
  }
  const moves = lastMsg.version ?? 0;
  const step = currentStep();
  const button = (testid, label, title, target, disabled) =>
    h('button', { type: 'button', class: 'small', 'data-testid': testid, title, 'aria-label': title, disabled, onClick: () => showStep(typeof target === 'function' ? target() : target) }, label);
  const seats = table.seats ?? [];
  const select = h('select', { 'data-testid': 'replay-seat', 'aria-label': 'whose view' },
    h('option', { value: '' }, 'a spectator'),
    ...seats.map((x) => h('option', { value: String(x.seat) }, x.seat === lastMsg.seat ? `seat ${x.seat} (you)` : `seat ${x.seat}`)),
  );
  select.value = replayView === null ? '' : String(replayView);
  select.addEventListener('change', () => {
    replayView = select.value === '' ? null : Number(select.value);
    replayChosen = true;
    showStep(currentStep());
  });
  els.replay.hidden = false;
  fill(els.replay,
    h('strong', {}, 'Replay'),
    button('replay-first', '|◀', 'the deal', 0, step === 0),
    button('replay-prev', '◀', 'one move back', () => askedStep() - 1, step === 0),
    h('span', { class: 'replay-step', 'data-testid': 'replay-step' }, `move ${step} of ${moves}`),
    button('replay-next', '▶', 'one move on', () => askedStep() + 1, step >= moves),
    button('replay-last', '▶|', 'the end', moves, step >= moves && !replay),
    h('label', { class: 'muted small' }, 'as seen by ', select),
    h('a', { class: 'small', href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `meeple-${tableId}.json`, 'data-testid': 'record-link', title: 'the game record: meeple replay FILE plays it back' }, 'download the record'),
  );
}

document.addEventListener('keydown', (event) => {
  const typing = event.target instanceof HTMLElement && event.target.closest('input, select, textarea');
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'z' && !typing && lastMsg?.undo && !replay) {
    event.preventDefault();
    undo();
    return;
  }
  if (els.replay.hidden || event.altKey || event.ctrlKey || event.metaKey || typing) return;
  if (document.querySelector('dialog[open]')) return; // the keys are the dialog's then
  if (event.key === 'ArrowLeft') showStep(askedStep() - 1);
  else if (event.key === 'ArrowRight') showStep(askedStep() + 1);
  else return;
  event.preventDefault();
});

// --- how to play -------------------------------------------------------------------

$('rules-button').addEventListener('click', () => showHowToPlay(lastMsg?.table?.game ?? gameName));

// --- names ---------------------------------------------------------------------------

const NAME_KEY = 'meeple.name';

/** The name seat `n` goes by at this table (its player's, if given), else "seat n". */
function seatName(n) {
  const info = (lastMsg?.table?.seats ?? []).find((x) => x.seat === n);
  return info?.name ?? `seat ${n}`;
}

/** Tell the server the name this browser's player goes by (remembered for next time). */
function sendName(name) {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) return;
  store('local', NAME_KEY, clean);
  send({ type: 'name', name: clean });
}

let nameOffered = false; // this page has told the server the remembered name once
let nameForm = null;

function makeNameForm() {
  const field = h('input', { type: 'text', maxlength: 24, placeholder: 'your name', 'aria-label': 'your name', 'data-testid': 'name-input' });
  const form = h('form', { class: 'name-form' }, field, h('button', { type: 'submit', class: 'small', 'data-testid': 'name-save' }, 'Set name'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sendName(field.value);
    field.blur();
  });
  return form;
}

function offerRememberedName(msg) {
  if (nameOffered || typeof msg.seat !== 'number' || !ws || ws.readyState !== WebSocket.OPEN) return;
  const info = (msg.table?.seats ?? []).find((x) => x.seat === msg.seat);
  const remembered = load('local', NAME_KEY);
  nameOffered = true;
  if (info && !info.name && remembered) sendName(remembered);
}

// --- chat ----------------------------------------------------------------------------

// The chat text sent and not yet echoed by the server: it stays in the field until the
// server's chat message brings it back (then the field is cleared), so a message the
// server refuses (too fast, too long) is not lost.
let pendingChat = null;
const chatText = (text) => String(text ?? '').trim().replace(/\s+/g, ' ');

function onChat(msg) {
  if (msg.whole) clear(els.chatLog);
  const seat = typeof lastMsg?.seat === 'number' ? lastMsg.seat : null;
  if (pendingChat !== null && !msg.whole && (msg.messages ?? []).some((m) => m.seat === seat && m.text === pendingChat)) {
    if (chatText(els.chatInput.value) === pendingChat) els.chatInput.value = '';
    pendingChat = null;
  }
  const atBottom = els.chatLog.scrollHeight - els.chatLog.scrollTop - els.chatLog.clientHeight < 40;
  for (const m of msg.messages ?? []) {
    const time = new Date(m.time);
    els.chatLog.append(
      h('li', { 'data-testid': 'chat-entry', 'data-seat': m.seat },
        h('span', { class: 'seat-chip', style: { '--seat': seatColour(m.seat) } }, m.seat === seat ? 'you' : seatName(m.seat)),
        h('span', { class: 'chat-text' }, m.text ?? ''),
        Number.isNaN(time.getTime()) ? null : h('time', { class: 'muted small', datetime: m.time }, time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
      ),
    );
  }
  els.chatNone.hidden = els.chatLog.children.length > 0;
  if (atBottom || msg.whole) els.chatLog.scrollTop = els.chatLog.scrollHeight;
}

function renderChatForm(seat) {
  els.chatForm.hidden = seat === null;
}

els.chatForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = els.chatInput.value.trim();
  if (!text) return;
  if (!connected()) {
    showError(OFFLINE, null, 'offline');
    return;
  }
  pendingChat = chatText(text);
  send({ type: 'chat', text });
});

/** The notes of the table's own configuration: a solo game's placeholder rival, say,
 * which the game's default configuration does not have. */
function renderNotes(table) {
  const notes = [...(table.notes ?? [])];
  if (table.placeholder_data && notes.length === 0) notes.push('This game uses placeholder component data.');
  els.notes.hidden = notes.length === 0;
  clear(els.notes);
  if (notes.length) els.notes.append(h('strong', {}, 'Note: '), notes.join(' '));
}

function seatDescription(info) {
  if (!info) return '';
  if (info.kind === 'bot') return `${info.spec ?? 'bot'} bot`;
  if (!info.taken) return 'free seat';
  return info.connected ? 'human' : 'human, away';
}

/** The seats that won, from the returns of the final state message: a seat with the best
 * return wins when that return is positive (1.0: a win), or, at a table of several
 * seats, when some seat returned less. So a solo seat that returned 0 lost (to the
 * game's own rival), and several seats that all returned 0 or less share no victory. */
function winnersOf(msg) {
  const returns = msg.returns;
  if (!Array.isArray(returns) || returns.length === 0) return [];
  const best = Math.max(...returns);
  const worst = Math.min(...returns);
  if (!(best > 0) && !(returns.length > 1 && best > worst)) return [];
  return returns.flatMap((r, i) => (r === best ? [i] : []));
}

/** Whether seat `n` is now played by a bot (handed over while its person watched). */
function seatIsBot(msg, n) {
  const info = (msg?.table?.seats ?? []).find((x) => x.seat === n);
  return info?.kind === 'bot';
}

/** The page's seat where the page may call it "you": null for a spectator and for a
 * seat since handed to a bot (its former player still watches it). A replay shows the
 * game as the chosen seat saw it, so there that seat is "you". */
function youIn(msg, seat) {
  if (seat === null || seat === undefined) return null;
  return msg.replay || !seatIsBot(msg, seat) ? seat : null;
}

function renderHeader(msg, table, seat) {
  const over = table.status === 'over';
  els.title.textContent = `${gameTitle()} · table ${table.id ?? tableId}`;
  if (msg.replay) {
    clear(els.you).append(seat === null ? 'Replay as a spectator' : `Replay as seat ${seat}`);
  } else if (seat !== null) {
    clear(els.you).append(
      h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }),
      youIn(msg, seat) === null ? `Seat ${seat} is played by a bot now` : `You are seat ${seat}`,
    );
  } else if (!token) {
    els.you.textContent = 'Watching';
  }
  const cur = typeof msg.current_player === 'number' ? msg.current_player : table.current_player;
  const seats = table.seats ?? [];
  let text;
  let state;
  if (msg.replay) {
    const { step, moves } = msg.replay;
    state = 'over';
    text = `Replay: after move ${step} of ${moves}`;
    if (typeof cur === 'number' && cur >= 0) text += `, ${seatName(cur)} to play`;
    else if (step === moves) text += ', the end';
  } else if (over && table.abandoned) {
    state = 'over';
    text = 'Abandoned: no one played here for a long while, so the table was closed unfinished.';
  } else if (over) {
    const winners = winnersOf(msg);
    const you = youIn(msg, seat);
    // a seat handed to a bot is not "you" any more: it is named, and said to be a bot's
    const mention = (w) => (w === seat && you === null ? `${seatName(w)} (your seat, played by a bot since)` : seatName(w));
    state = 'over';
    if (winners.length === 0 && (msg.returns ?? []).length === 1) {
      // a solo game lost (to the game's own rival)
      text = you === 0 ? 'Game over: you lose.' : `Game over: ${mention(0)} loses.`;
    } else if (winners.length === 0) text = 'Game over.';
    else if (you !== null && winners.includes(you)) text = winners.length > 1 ? 'Game over: you share the victory!' : 'Game over: you win!';
    else text = `Game over: ${winners.map(mention).join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}.`;
  } else if (!connected()) {
    state = 'offline';
    text = 'Not connected: reconnecting…';
  } else if (table.status === 'waiting') {
    const humans = seats.filter((x) => x.kind === 'human');
    const taken = humans.filter((x) => x.taken).length;
    state = 'waiting';
    text = `Waiting for players: ${taken} of ${humans.length} human seats taken.`;
  } else if (seat !== null && cur === seat && (msg.legal ?? []).length) {
    state = 'your-turn';
    // a decision in another seat's turn (an Aridnyk reaction, say) is not "your turn"
    const turn = msg.observation?.turn_player;
    if (typeof turn === 'number' && turn >= 0 && turn !== seat) {
      const who = seatName(turn).replace(/^seat /, 'Seat ');
      text = `${who}'s turn: your ${msg.observation?.reaction ? 'reaction' : 'decision'}.`;
    } else text = 'Your turn.';
  } else if (typeof cur === 'number' && cur >= 0) {
    state = 'other-turn';
    const who = seats.find((x) => x.seat === cur);
    text = who?.name ? `${who.name} (seat ${cur}) is playing…` : `Seat ${cur} (${seatDescription(who)}) is playing…`;
  } else {
    state = 'other-turn';
    text = 'Playing…';
  }
  els.status.dataset.state = state;
  fill(els.status,
    typeof cur === 'number' && cur >= 0 && !over
      ? h('span', { class: 'seat-dot', style: { background: seatColour(cur) } })
      : null,
    h('span', { 'data-testid': 'status-text' }, text),
    msg.replay ? null : h('span', { class: 'muted' }, ` · move ${msg.version ?? table.moves ?? 0}`),
  );
  els.status.dataset.currentPlayer = String(cur);
  document.title = `${state === 'your-turn' ? '● Your turn · ' : ''}${gameTitle()} · meeple`;
}

function renderInvites(table) {
  let invites = [];
  try {
    invites = JSON.parse(load('local', `meeple.invites.${tableId}`) ?? '[]');
  } catch {
    invites = [];
  }
  const seats = table.seats ?? [];
  const open = invites.filter((inv) => {
    const s = seats.find((x) => x.seat === inv.seat);
    return !s || !s.taken;
  });
  if (table.status !== 'waiting' || open.length === 0) {
    els.invites.hidden = true;
    return;
  }
  els.invites.hidden = false;
  // keep the fields (and any selection in them) when nothing changed
  const signature = open.map((i) => i.seat).join(',');
  if (els.invites.dataset.signature === signature) return;
  els.invites.dataset.signature = signature;
  clear(els.invites).append(h('h3', {}, 'Invite the other players'));
  for (const inv of open) {
    const field = h('input', { type: 'text', readonly: true, class: 'invite-url', value: new URL(inv.url, location.origin).href, 'data-testid': `invite-url-${inv.seat}`, 'aria-label': `invitation link for seat ${inv.seat}` });
    const copy = h('button', { type: 'button', 'data-testid': `invite-copy-${inv.seat}` }, 'Copy');
    copy.addEventListener('click', async () => {
      copy.textContent = (await copyText(field.value, field)) ? 'Copied' : 'Select and copy';
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
    els.invites.append(
      h('div', { class: 'invite' },
        h('span', { class: 'seat-dot', style: { background: seatColour(inv.seat) } }),
        h('span', { class: 'invite-label' }, `Seat ${inv.seat}`),
        field, copy),
    );
  }
}

async function handToBot(seatNo, authToken) {
  const spec = playsGame('greedy', gameInfo) ? 'greedy' : 'random';
  if (!confirm(`Let a ${spec} bot play seat ${seatNo} from now on?`)) return;
  try {
    await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}/seats/${seatNo}/bot`, { method: 'POST', body: { token: authToken, spec } });
  } catch (err) {
    showError(`Could not hand the seat to a bot: ${err.message}`);
  }
}

function renderSeats(msg, table, seat) {
  const cur = typeof msg.current_player === 'number' ? msg.current_player : table.current_player;
  const ownerToken = load('local', `meeple.owner.${tableId}`);
  const list = h('ul', { class: 'seat-rows' });
  for (const info of table.seats ?? []) {
    const isCur = info.seat === cur && table.status === 'playing';
    const li = h('li', { class: ['seat-row', isCur && 'current', info.seat === seat && 'mine'], 'data-testid': 'seat-row', 'data-seat': info.seat },
      h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, isCur ? '▶' : ''),
      h('span', { class: 'seat-dot', style: { background: seatColour(info.seat) } }),
      h('span', { class: 'seat-name', 'data-testid': 'seat-name' }, `${info.name ? `${info.name} · ` : ''}Seat ${info.seat}${info.seat === seat ? (youIn(msg, seat) === null ? ' (was yours)' : ' (you)') : ''}`),
      h('span', { class: 'muted small' }, seatDescription(info)),
    );
    if (info.kind === 'human' && table.status !== 'over') {
      const auth = info.seat === seat ? token : ownerToken;
      if (auth) {
        li.append(h('button', { type: 'button', class: 'small link', 'data-testid': `bot-seat-${info.seat}`, onClick: () => handToBot(info.seat, auth) }, 'bot takes over'));
      }
    }
    list.append(li);
  }
  clear(els.seats).append(h('h3', {}, 'Seats'), list);
  const open = (table.seats ?? []).find((x) => x.seat === seat)?.connections ?? 0;
  if (open > 1 && !msg.replay) {
    // whoever holds the seat's link sees its hand: say so, if it is not just another tab
    els.seats.append(h('p', { class: 'hint small', 'data-testid': 'seat-open-elsewhere' },
      `Your seat is open in ${open} places: another tab of yours, or someone else with your seat's link.`));
  }
  const mine = (table.seats ?? []).find((x) => x.seat === seat);
  if (mine && mine.kind === 'human' && !msg.replay) {
    // one form for the page's life: a redraw keeps what is being typed in it
    nameForm ??= makeNameForm();
    const [field, button] = nameForm.children;
    if (document.activeElement !== field) field.value = mine.name ?? load('local', NAME_KEY) ?? '';
    button.textContent = mine.name ? 'Rename' : 'Set name';
    els.seats.append(nameForm);
  }
}

function renderScores(msg, table, seat) {
  const scores = msg.scores;
  if (!Array.isArray(scores) || scores.length === 0) {
    els.scores.hidden = true;
    return;
  }
  const winners = winnersOf(msg);
  const lost = table.status === 'over' && (msg.returns ?? []).length === 1 && winners.length === 0;
  const you = youIn(msg, seat);
  const tbody = h('tbody');
  const order = scores.map((score, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  for (const i of order) {
    const win = winners.includes(i);
    tbody.append(
      h('tr', { class: win ? 'winner' : '', 'data-testid': 'score-row', 'data-seat': i, 'data-winner': win ? 'true' : 'false' },
        h('td', {}, h('span', { class: 'seat-dot', style: { background: seatColour(i) } }), i === you ? `Seat ${i} (you)` : i === seat ? `Seat ${i} (was yours)` : `Seat ${i}`),
        h('td', { class: 'num' }, String(scores[i])),
        h('td', {}, win ? '🏆 winner' : lost ? 'lost' : '')),
    );
  }
  // what the game scores beside the seats (a solo game's own rival), from its page
  for (const row of gameModule?.scoreRows?.(msg.observation) ?? []) {
    const won = table.status === 'over' && lost;
    tbody.append(
      h('tr', { class: won ? 'winner' : '', 'data-testid': 'score-extra' },
        h('td', {}, row.label), h('td', { class: 'num' }, String(row.score)), h('td', {}, won ? '🏆 winner' : '')),
    );
  }
  els.scores.hidden = false;
  clear(els.scores).append(
    h('h3', {}, table.status === 'over' ? 'Final scores' : 'Scores'),
    h('table', { class: 'list' }, h('thead', {}, h('tr', {}, h('th', {}, 'Seat'), h('th', { class: 'num' }, 'Score'), h('th', {}, ''))), tbody),
  );
}

function renderGame(msg, table, seat) {
  const ctx = {
    info: gameInfo,
    seat,
    spectator: seat === null,
    table,
    tableId,
    legal: legalMap(msg),
  };
  if (msg.observation === null || msg.observation === undefined) {
    clear(els.game).append(h('p', { class: 'muted empty' }, table.status === 'waiting' ? 'The game starts when every seat is taken.' : 'Nothing to show yet.'));
    return;
  }
  els.game.classList.toggle('inactive', table.status === 'waiting');
  try {
    gameModule.render(els.game, msg, act, ctx);
    if (table.status === 'waiting') dropTurnPills(els.game);
  } catch (err) {
    console.error(err);
    clear(els.game);
    if (gameModule !== generic) {
      showError(`The ${gameTitle()} view failed (${err.message}); showing the plain view.`);
      generic.render(els.game, msg, act, ctx);
    } else {
      els.game.append(h('pre', {}, String(err.stack ?? err)));
    }
  }
}

/** While the table waits for its players no one's turn has begun: take the game view's
 * turn pill (class "turn": "your turn", "seat 1's turn") out of its status strip. */
function dropTurnPills(root) {
  for (const pill of root.querySelectorAll('.strip .pill.turn')) pill.remove();
}

function renderActions(msg, table, seat) {
  const legal = msg.legal ?? [];
  const cur = typeof msg.current_player === 'number' ? msg.current_player : table.current_player;
  clear(els.actions);
  if (legal.length === 0) {
    let text;
    if (msg.replay) text = 'Replaying the game: step with the arrows above (or ← →), or click a move in the log.';
    else if (table.status === 'over') {
      els.actions.append(h('p', { class: 'muted', 'data-testid': 'actions-idle' }, table.abandoned ? 'The table was abandoned.' : 'The game is over.'));
      if (seat !== null) {
        els.actions.append(h('button', { type: 'button', 'data-testid': 'play-again', onClick: () => playAgain(table, seat) }, 'Play again with the same seats'));
      }
      return;
    }
    else if (table.status === 'waiting') text = 'Waiting for the other players to join.';
    else if (seat === null) text = 'You are watching this table.';
    else if (typeof cur === 'number' && cur >= 0) text = `Waiting for ${seatName(cur)}…`;
    else text = 'Waiting…';
    els.actions.append(h('p', { class: 'muted', 'data-testid': 'actions-idle' }, text));
    return;
  }
  const hinted = hint && hint.version === msg.version ? hint : null;
  // hints come from the greedy bot: none for a game without its policy (a plugin's)
  const hints = playsGame('greedy', gameInfo, true);
  const askHint = !hints ? null : h('button', { type: 'button', class: 'small', 'data-testid': 'hint-button', title: `what the ${hint?.bot ?? 'greedy'} bot would do in your place`, onClick: () => send({ type: 'hint', version: msg.version }) }, 'Hint');
  const auto = load('local', AUTO_KEY) === '1';
  const autoBox = h('input', { type: 'checkbox', 'data-testid': 'auto-toggle', checked: auto });
  autoBox.addEventListener('change', () => {
    store('local', AUTO_KEY, autoBox.checked ? '1' : null);
    keepingFocus(() => renderActions(msg, table, seat));
  });
  const autoLabel = h('label', { class: 'small muted', title: 'play a decision with a single choice by itself' }, autoBox, ' play single choices');
  const undoButton = msg.undo
    ? h('button', { type: 'button', class: 'small', 'data-testid': 'undo-button', title: 'take back your last choice (Ctrl+Z)', onClick: undo }, 'Undo')
    : null;
  const head = h('div', { class: 'panel-head' }, h('h3', {}, `Your choices (${legal.length})`), autoLabel, undoButton, askHint);
  const list = h('div', { class: 'action-list', 'data-testid': 'action-list' });
  const buttons = legal.map((a) => {
    const b = h('button', { type: 'button', class: ['action', hinted?.action === a.id && 'hinted'], 'data-testid': 'action-button', 'data-action': a.id }, a.text);
    b.addEventListener('click', () => act(a.id));
    return b;
  });
  // The filter belongs to one decision: a new one (a move made, taken back) clears it.
  if (filterVersion !== msg.version) actionFilter = '';
  const applyFilter = () => {
    const q = actionFilter.trim().toLowerCase();
    for (const b of buttons) b.hidden = q !== '' && !b.textContent.toLowerCase().includes(q);
  };
  list.append(...buttons);
  // it is drawn, and applies, only where the list is long
  if (legal.length > 12) {
    const input = h('input', { type: 'search', class: 'filter', placeholder: 'filter…', 'data-testid': 'action-filter', value: actionFilter });
    input.addEventListener('input', () => {
      actionFilter = input.value;
      filterVersion = msg.version;
      applyFilter();
    });
    head.append(input);
    applyFilter();
  }
  if (auto && legal.length === 1 && autoVersion !== msg.version && !msg.replay) {
    autoVersion = msg.version;
    const only = legal[0].id;
    setTimeout(() => {
      if (lastMsg !== msg) return; // the position it was meant for is gone
      announce(`Played your only choice: ${legal[0].text}.`);
      act(only);
    }, AUTO_DELAY_MS);
  }
  els.actions.append(head);
  if (hinted) {
    els.actions.append(h('p', { class: 'hint', 'data-testid': 'hint' }, `Hint: the ${hinted.bot} bot would choose “${hinted.text}”.`));
  }
  els.actions.append(list);
  markHint(hinted);
}

/** Mark the hinted move in the game view too (its cards, cells, sites: every element
 * with that data-act), not only in the action list, which may be out of sight. */
function markHint(hinted) {
  for (const el of els.game.querySelectorAll('.hinted')) el.classList.remove('hinted');
  if (!hinted) return;
  for (const el of els.game.querySelectorAll(`[data-act="${hinted.action}"]`)) el.classList.add('hinted');
}

/** A new table of the same game, options and seats (a new deal): you take your seat
 * again, the other people get new invitations (shown on the new table's page). */
async function playAgain(table, seat) {
  // This browser went on to the next game already (another tab, or Back): its seat
  // there is kept, and asking again would be refused as a seat taken.
  const nextKey = `meeple.next.${table.id}`;
  const known = load('local', nextKey);
  if (known && load('local', `meeple.token.${known}`)) {
    location.assign(`/table/${encodeURIComponent(known)}`);
    return;
  }
  // the first player to ask makes the next table; the others are seated at that one
  try {
    const res = await fetchJSON(`/api/tables/${encodeURIComponent(table.id)}/again`, { method: 'POST', body: { token } });
    const { mine } = keepNewTable(res, seat);
    store('local', nextKey, res.table.id);
    location.assign(mine ? mine.url : `/table/${encodeURIComponent(res.table.id)}`);
  } catch (err) {
    showError(`Could not start a new game: ${err.message}`);
  }
}

function renderLog(msg, seat) {
  const log = msg.log ?? [];
  const atBottom = els.log.scrollHeight - els.log.scrollTop - els.log.clientHeight < 40;
  // a whole log (the first message, a sync, moves taken back) may differ anywhere; so
  // does the log of another view (a replay's seat, or back to the live page)
  const perspective = `${msg.replay ? 'replay' : 'live'}:${seat ?? ''}`;
  if (msg.log_start === 0 || Number(els.log.dataset.count) > log.length || els.log.dataset.perspective !== perspective) clear(els.log);
  els.log.dataset.perspective = perspective;
  const have = els.log.children.length;
  const heard = [];
  for (let i = have; i < log.length; i++) {
    const entry = log[i];
    const who = typeof entry.seat === 'number' && entry.seat >= 0 ? entry.seat : null;
    // the other seats' moves as they come (not a whole log drawn at once)
    if (have > 0 && !msg.replay && who !== seat) heard.push(`${who === null ? '' : `${seatName(who)}: `}${entry.text ?? ''}`);
    const pick = (ev) => {
      // by key only where the entries are focusable: a finished game's
      if (ev.type === 'keydown' && (els.log.dataset.over !== 'true' || (ev.key !== 'Enter' && ev.key !== ' '))) return;
      ev.preventDefault();
      showStep(i + 1);
    };
    els.log.append(
      h('li', { 'data-testid': 'log-entry', 'data-seat': who ?? '', onClick: pick, onKeydown: pick },
        h('span', { class: 'log-num' }, String(i + 1)),
        who !== null
          ? h('span', { class: 'seat-chip', style: { '--seat': seatColour(who) } }, who === seat ? 'you' : seatName(who))
          : null,
        h('span', { class: 'log-text' }, entry.text ?? ''),
      ),
    );
  }
  els.log.dataset.count = String(log.length);
  if (heard.length) announce(heard.join('. '));
  // A finished game: a move's entry shows the table after it; the one shown is marked.
  const over = (msg.table ?? {}).status === 'over';
  els.log.dataset.over = String(over);
  const step = msg.replay ? msg.replay.step : null;
  if (over) {
    [...els.log.children].forEach((li, i) => {
      li.tabIndex = 0; // a finished game's moves are chosen by keyboard too
      li.classList.toggle('current', step !== null && i === step - 1);
      li.classList.toggle('future', step !== null && i >= step);
    });
  }
  const current = step ? els.log.children[step - 1] : null;
  if (current) current.scrollIntoView({ block: 'nearest' });
  else if (atBottom || have === 0) els.log.scrollTop = els.log.scrollHeight;
}

// --- start -------------------------------------------------------------------------

async function start() {
  if (!tableId) {
    showError('No table in this address.');
    return;
  }
  token = resolveToken();
  loadGames();
  try {
    const info = await fetchJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    els.title.textContent = `${humanize(info.game ?? 'game')} · table ${tableId}`;
    ensureGame(info.game).catch(() => {});
  } catch (err) {
    if (err.status === 404) {
      fatal = true;
      setConn('closed', 'no such table');
      els.status.textContent = `There is no table ${tableId}.`;
      showError(err.message, h('a', { href: '/', class: 'button small' }, 'Back to the lobby'));
      return;
    }
    // anything else: the WebSocket will tell
  }
  connect();
}

start();
