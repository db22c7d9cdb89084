// Aridnyk: the board as SVG (x east, y north), figures, and every decision reachable by
// clicking a cell, a tile, a Spirit or a card. Built from the observation alone
// (src/meeple/games/aridnyk/observe.py) plus the texts of legal actions and of
// the log, which name tiles' terrains and cards' titles, and the component list of
// GET /api/games/aridnyk/catalogue: what each tile, Plot, Trinket and character does is
// written under it (a phone has no tooltips), and a tap on a board tile reads it.
import { h, s, clear, fill, humanize, seatColour, legalMap, clickable, actButton, details, counted } from '/static/dom.js';

// Action ids (src/meeple/games/aridnyk/actions.py); GET /api/games overrides them.
const DEFAULT_ACTIONS = {
  NUM_TILES: 45,
  NUM_PLOTS: 54,
  NUM_TRINKETS: 42,
  NUM_SPIRITS: 5,
  NUM_EFFECTS: 11,
  NUM_CHARACTERS: 10,
  HAND_TILE: 0,
  ROTATE: 45,
  CELL: 49,
  DISCARD_TILE: 229,
  BOARD_TILE: 274,
  EFFECT: 319,
  DONE: 330,
  SHEPHERD_STEP: 331,
  SPIRIT_STEP: 335,
  SPIRIT: 339,
  TRADE: 344,
  DRAW_KIND: 349,
  DRAW_ROW: 351,
  DRAW_DECK: 357,
  REFRESH_ROW: 359,
  DISCARD_CARD: 360,
  CLAIM: 456,
  USE_TRINKET: 510,
  NO_REACTION: 552,
  HORIZON: 553,
  STACK_TOP: 598,
  CHARACTER: 599,
  KEEP_ROW: 609,
  NUM_ACTIONS: 610,
  PLOT_KIND: 0,
  TRINKET_KIND: 1,
};

const SIDES = ['n', 'e', 's', 'w'];
const DELTA = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const ARROWS = ['↑', '→', '↓', '←'];
const SPIRITS = ['aridnyk', 'aley', 'boh', 'drizd', 'vovk'];
const SPIRIT_LETTERS = { aridnyk: 'A', aley: 'L', boh: 'B', drizd: 'D', vovk: 'V' };
const SPIRIT_COLOURS = { aridnyk: '#b8860b', aley: '#0f8a8a', boh: '#7a4a21', drizd: '#7b3fa0', vovk: '#3a3f47' };
const TERRAIN_COLOURS = {
  woods: '#3f8f3a',
  peaks: '#9aa0a6',
  polonyna: '#d7e58a',
  river: '#4a90d9',
  lake: '#5fd0e0',
};
const TERRAIN_INK = { woods: '#215a1e', peaks: '#5f6368', polonyna: '#8a9a3a', river: '#1f5fa8', lake: '#1b8ea0' };
const TERRAINS = Object.keys(TERRAIN_COLOURS);
const UNKNOWN_COLOUR = '#e7e1d6';
const WATER = '#1565c0';
const S = 64; // one cell in SVG units

// What the page has learned about components (terrain of a tile, base water sides,
// the names of cards), from the board, the legal actions and the log.
// Kept in sessionStorage so a reload still knows them.
const LEARNED_KEY = 'meeple.aridnyk.learned';
const tileTerrain = new Map();
const tileWater = new Map(); // tile -> Set of sides (indices) as the tile lies unturned
const cardNames = new Map(); // "plot:12" -> "Stone Crown"
let learnedSignature = '';

(function restoreLearned() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LEARNED_KEY) ?? 'null');
    if (!saved) return;
    for (const [k, v] of saved.terrain ?? []) tileTerrain.set(k, v);
    for (const [k, v] of saved.water ?? []) tileWater.set(k, new Set(v));
    for (const [k, v] of saved.names ?? []) cardNames.set(k, v);
  } catch {
    /* nothing saved, or storage disabled */
  }
})();

// What components do, from the catalogue's texts (nothing is learned from messages).
const tileInfo = new Map(); // tile -> {name, extras, black, white, text}
const cardTexts = new Map(); // "plot:12" -> "Pattern (any rotation): …; reward: 4 Sheep"
const characterInfo = new Map(); // "dreamer" -> {title, text}

/** A tile of the catalogue as the view shows it: its name, its marks beside the terrain
 * (a Spirit's icon, ornamented), its black and white effects in words, its whole text. */
function readTile(tile) {
  return {
    name: tile.name ?? '',
    extras: tile.marks ?? '',
    black: tile.black_text ?? null,
    white: tile.white_text ?? null,
    text: tile.text ?? '',
  };
}

// The component list, from the server: every tile's terrain and printed water sides,
// every card's name and text. What is learned from messages stays as a fallback.
try {
  const response = await fetch('/api/games/aridnyk/catalogue');
  if (response.ok) {
    const catalogue = await response.json();
    for (const tile of catalogue.tiles ?? []) {
      tileTerrain.set(tile.id, tile.terrain);
      tileWater.set(tile.id, new Set((tile.water_edges ?? []).map((side) => SIDES.indexOf(side))));
    }
    for (const tile of catalogue.tiles ?? []) tileInfo.set(tile.id, readTile(tile));
    for (const plot of catalogue.plots ?? []) {
      cardNames.set(`plot:${plot.number}`, plot.name);
      cardTexts.set(`plot:${plot.number}`, plot.effect ?? '');
    }
    for (const trinket of catalogue.trinkets ?? []) {
      cardNames.set(`trinket:${trinket.number}`, trinket.name);
      cardTexts.set(`trinket:${trinket.number}`, trinket.effect ?? '');
    }
    for (const c of catalogue.characters ?? []) {
      characterInfo.set(c.name, { title: c.title ?? humanize(c.name), text: c.ability ?? '' });
    }
  }
} catch {
  /* offline or an old server: learn from the messages instead */
}

function saveLearned() {
  const data = {
    terrain: [...tileTerrain],
    water: [...tileWater].map(([k, v]) => [k, [...v]]),
    names: [...cardNames],
  };
  const text = JSON.stringify(data);
  if (text === learnedSignature) return;
  learnedSignature = text;
  try {
    sessionStorage.setItem(LEARNED_KEY, text);
  } catch {
    /* storage disabled or full: the maps still serve this page */
  }
}

function actionsOf(ctx) {
  return { ...DEFAULT_ACTIONS, ...(ctx?.info?.actions ?? {}) };
}

function learnText(text) {
  if (typeof text !== 'string') return;
  for (const m of text.matchAll(/\btile (\d+) \((woods|peaks|polonyna|river|lake)\)/g)) {
    tileTerrain.set(Number(m[1]), m[2]);
  }
  const card = text.match(/\b(Plot|Trinket) (\d+) ([^,()]+?)(?: from the row)?$/);
  if (card) cardNames.set(`${card[1].toLowerCase()}:${card[2]}`, card[3].trim());
}

function learn(msg) {
  const obs = msg.observation ?? {};
  for (const cell of obs.board ?? []) {
    tileTerrain.set(cell.tile, cell.terrain);
    const rot = ((cell.rotation ?? 0) % 4 + 4) % 4;
    tileWater.set(cell.tile, new Set((cell.water_edges ?? []).map((side) => (SIDES.indexOf(side) - rot + 4) % 4)));
  }
  for (const a of msg.legal ?? []) learnText(a.text);
  for (const e of msg.log ?? []) learnText(e.text);
  saveLearned();
}

function cardLabel(kind, number) {
  const name = cardNames.get(`${kind}:${number}`);
  return `${kind === 'plot' ? 'Plot' : 'Trinket'} ${number}${name ? ` · ${name}` : ''}`;
}

function cardText(kind, number) {
  return cardTexts.get(`${kind}:${number}`) ?? '';
}

/** `el`'s tooltip: what a click does (set by clickable()), then what the component says. */
function addTitle(el, text) {
  if (!text) return el;
  const before = el.getAttribute('title');
  el.setAttribute('title', before ? `${before} — ${text}` : text);
  return el;
}

/** "black" or "white" as a small tag before that effect's words. */
function fxTag(colour) {
  return h('span', { class: `fx-tag ${colour}` }, colour);
}

/** The effects of a tile in small lines under its picture (hand, Horizon, stack top). */
function tileFx(tile) {
  const info = tileInfo.get(tile);
  if (!info) return null;
  const line = (colour) => (info[colour] === null ? null : h('span', { class: 'fx-line' }, fxTag(colour), ' ', info[colour]));
  return h('span', { class: 'tile-fx', 'data-testid': 'tile-text' },
    h('span', { class: 'fx-name' }, info.name + (info.extras ? ` · ${info.extras}` : '')),
    line('black'), line('white'),
    info.black === null && info.white === null ? h('span', { class: 'fx-line' }, info.text) : null);
}

/** A tile and what it does on one line: "Tile 12 Hoverla Shoulder (Peaks, Vovk icon) black … white …". */
function tileInline(tile, { black = true, where = '' } = {}) {
  const info = tileInfo.get(tile);
  const terrain = humanize(tileTerrain.get(tile) ?? '');
  const what = [terrain, info?.extras].filter(Boolean).join(', ');
  const head = h('strong', {}, `${tile}${info ? ` ${info.name}` : ''}`);
  const bits = [head, what ? ` (${what})` : '', where ? ` at ${where}` : ''];
  if (!info) return h('span', { class: 'tile-inline' }, bits);
  const fx = [];
  if (black && info.black !== null) fx.push(' ', fxTag('black'), ` ${info.black}`);
  if (info.white !== null) fx.push(' ', fxTag('white'), ` ${info.white}`);
  if (info.black === null && info.white === null) fx.push(`: ${info.text}`);
  return h('span', { class: 'tile-inline' }, bits, fx);
}

function tileTitle(tile) {
  const info = tileInfo.get(tile);
  return info ? info.text : '';
}

const inRange = (id, start, count) => id >= start && id < start + count;

function seatName(seat, you) {
  return seat === you ? 'You' : `Seat ${seat}`;
}

// --- SVG pieces ----------------------------------------------------------------------

function terrainMarks(terrain, cx, cy) {
  const ink = TERRAIN_INK[terrain] ?? '#888';
  const g = s('g', { class: 'marks', 'pointer-events': 'none', opacity: '0.55' });
  if (terrain === 'woods') {
    for (const [dx, dy] of [[-12, 4], [0, -6], [12, 6]]) {
      g.append(s('path', { d: `M${cx + dx} ${cy + dy - 10} l7 13 h-14 z`, fill: ink }));
    }
  } else if (terrain === 'peaks') {
    g.append(s('path', { d: `M${cx - 18} ${cy + 10} L${cx - 5} ${cy - 10} L${cx + 4} ${cy + 2} L${cx + 10} ${cy - 6} L${cx + 20} ${cy + 10} Z`, fill: ink }));
    g.append(s('path', { d: `M${cx - 9} ${cy - 4} L${cx - 5} ${cy - 10} L${cx - 1} ${cy - 4} Z`, fill: '#fff' }));
  } else if (terrain === 'polonyna') {
    for (const [dx, dy] of [[-12, 6], [2, -4], [12, 8], [-4, 12]]) {
      g.append(s('path', { d: `M${cx + dx - 3} ${cy + dy} l3 -6 l3 6`, fill: 'none', stroke: ink, 'stroke-width': '1.5' }));
    }
  } else if (terrain === 'river') {
    g.append(s('path', { d: `M${cx - 20} ${cy} q5 -6 10 0 t10 0 t10 0 t10 0`, fill: 'none', stroke: '#fff', 'stroke-width': '2' }));
    g.append(s('path', { d: `M${cx - 20} ${cy + 8} q5 -6 10 0 t10 0 t10 0 t10 0`, fill: 'none', stroke: '#fff', 'stroke-width': '2' }));
  } else if (terrain === 'lake') {
    g.append(s('ellipse', { cx, cy: cy + 2, rx: 17, ry: 10, fill: '#fff', opacity: '0.6' }));
  }
  return g;
}

function waterLine(side, x0, y0, size, width) {
  const i = width / 2;
  const [x1, y1, x2, y2] = [
    [x0 + 2, y0 + i, x0 + size - 2, y0 + i],
    [x0 + size - i, y0 + 2, x0 + size - i, y0 + size - 2],
    [x0 + 2, y0 + size - i, x0 + size - 2, y0 + size - i],
    [x0 + i, y0 + 2, x0 + i, y0 + size - 2],
  ][side];
  return s('line', { x1, y1, x2, y2, stroke: WATER, 'stroke-width': width, 'stroke-linecap': 'round', class: 'water', 'data-side': SIDES[side] });
}

/** One tile drawn in a square at (x0, y0) of `size`; water as side indices (after turning). */
function tileShape(tile, terrain, water, x0, y0, size, { label = true } = {}) {
  const g = s('g', { class: 'tile-shape' });
  g.append(s('rect', { x: x0 + 1, y: y0 + 1, width: size - 2, height: size - 2, rx: 5, fill: TERRAIN_COLOURS[terrain] ?? UNKNOWN_COLOUR, stroke: 'rgba(0,0,0,0.35)', 'stroke-width': 1.5 }));
  if (terrain) g.append(terrainMarks(terrain, x0 + size / 2, y0 + size / 2));
  else g.append(s('text', { x: x0 + size / 2, y: y0 + size / 2 + 6, 'text-anchor': 'middle', class: 'tile-unknown' }, '?'));
  for (const side of water ?? []) g.append(waterLine(side, x0, y0, size, Math.max(4, size / 10)));
  if (label && tile !== null && tile !== undefined) {
    g.append(s('text', { x: x0 + 5, y: y0 + 13, class: 'tile-id' }, String(tile)));
  }
  return g;
}

/** A stand-alone small tile (hand, Horizon, rotation preview). */
function tileSvg(tile, { rotation = 0, size = 56, attrs = {}, north = false } = {}) {
  const terrain = tileTerrain.get(tile);
  const base = tileWater.get(tile);
  const water = base ? [...base].map((side) => (side + rotation) % 4) : [];
  const svg = s('svg', { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: 'tile-svg', ...attrs });
  svg.append(tileShape(tile, terrain, water, 0, 0, size));
  if (north) {
    // the tile's own north edge, turned with it: shows the rotation when water is unknown
    const c = size / 2;
    const marker = s('g', { transform: `rotate(${rotation * 90} ${c} ${c})`, 'pointer-events': 'none' },
      s('path', { d: `M${c - 6} 5 L${c} -1 L${c + 6} 5 Z`, transform: 'translate(0 4)', fill: '#222', opacity: '0.8' }));
    svg.append(marker);
  }
  return svg;
}

// --- the board -----------------------------------------------------------------------

// A tap or click on a board tile that is no target (or on a figure standing on one)
// shows that tile's effects in the line under the board: on a phone there are no
// tooltips. The choice stays across redraws while the tile is on the board.
let inspected = null;

function inspectContent(obs) {
  const cell = (obs.board ?? []).find((c) => c.tile === inspected);
  if (!cell) return h('span', { class: 'muted' }, 'Tap or click a tile of the board (or the arrow keys on it) to read its effects.');
  const done = (obs.white_done ?? []).includes(cell.tile);
  return [tileInline(cell.tile, { where: `${cell.x},${cell.y}` }),
    done ? h('span', { class: 'muted' }, ' (its white effects are done this turn)') : null];
}

function inspectLine(obs) {
  return h('p', { class: 'tile-info', 'data-testid': 'tile-info', 'aria-live': 'polite' }, inspectContent(obs));
}

function boardView(obs, msg, A, legal, act, you) {
  const board = obs.board ?? [];
  const byTile = new Map(board.map((c) => [c.tile, c]));
  const key = (x, y) => `${x},${y}`;
  const occupied = new Map(board.map((c) => [key(c.x, c.y), c]));

  // click targets from the legal actions
  const cellTargets = []; // {x, y, id}
  const stepTargets = new Map(); // "x,y" -> [{kind, id, side}]
  const shepherd = you !== null ? obs.shepherds?.[String(you)] : null;
  const pending = obs.pending ?? {};
  const movingSpirit = pending.spirit ?? null;
  const spiritPos = movingSpirit ? obs.spirits?.[movingSpirit] : null;
  for (const id of legal.keys()) {
    if (inRange(id, A.CELL, A.NUM_TILES * 4)) {
      const anchor = Math.floor((id - A.CELL) / 4);
      const side = (id - A.CELL) % 4;
      const at = byTile.get(anchor);
      if (at) cellTargets.push({ x: at.x + DELTA[side][0], y: at.y + DELTA[side][1], id });
    } else if (inRange(id, A.SHEPHERD_STEP, 4) && shepherd) {
      const side = id - A.SHEPHERD_STEP;
      const k = key(shepherd[0] + DELTA[side][0], shepherd[1] + DELTA[side][1]);
      if (!stepTargets.has(k)) stepTargets.set(k, []);
      stepTargets.get(k).push({ kind: 'shepherd', id, side });
    } else if (inRange(id, A.SPIRIT_STEP, 4) && spiritPos) {
      const side = id - A.SPIRIT_STEP;
      const k = key(spiritPos[0] + DELTA[side][0], spiritPos[1] + DELTA[side][1]);
      if (!stepTargets.has(k)) stepTargets.set(k, []);
      stepTargets.get(k).push({ kind: 'spirit', id, side });
    }
  }

  const xs = [...board.map((c) => c.x), ...cellTargets.map((c) => c.x)];
  const ys = [...board.map((c) => c.y), ...cellTargets.map((c) => c.y)];
  if (!xs.length) xs.push(0);
  if (!ys.length) ys.push(0);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const pad = 10;
  const vbX = minX * S - pad;
  const vbY = -maxY * S - pad;
  const width = (maxX - minX + 1) * S + 2 * pad;
  const height = (maxY - minY + 1) * S + 2 * pad;
  const svg = s('svg', {
    viewBox: `${vbX} ${vbY} ${width} ${height}`,
    class: 'board',
    'data-testid': 'board',
    role: 'group',
    'aria-label': 'the board: arrow keys read its tiles; Tab goes to the places you may choose',
    style: { 'max-width': `${Math.max(width * 1.25, 320)}px` },
  });
  // cell (x, y) is the square [x*S, x*S+S] x [-y*S, -y*S+S]
  const corner = (x, y) => [x * S, -y * S];

  const tilesLayer = s('g', { class: 'layer-tiles' });
  for (const c of board) {
    const [x0, y0] = corner(c.x, c.y);
    const water = (c.water_edges ?? []).map((side) => SIDES.indexOf(side)).filter((i) => i >= 0);
    const target = legal.has(A.BOARD_TILE + c.tile);
    const g = s('g', { class: ['board-tile', `t-${c.terrain}`, !target && 'inspectable', c.tile === inspected && 'inspected'].filter(Boolean).join(' '), 'data-testid': 'board-tile', 'data-tile': c.tile, 'data-cell': key(c.x, c.y), 'data-terrain': c.terrain });
    g.append(tileShape(c.tile, c.terrain, water, x0, y0, S));
    if (target) {
      g.append(s('rect', { x: x0 + 3, y: y0 + 3, width: S - 6, height: S - 6, rx: 5, class: 'target-ring' }));
      clickable(g, A.BOARD_TILE + c.tile, legal, act);
      const words = tileTitle(c.tile);
      if (words) g.querySelector('title')?.append(` — ${words}`);
    } else {
      g.append(s('title', {}, tileTitle(c.tile) || `tile ${c.tile}`));
    }
    tilesLayer.append(g);
  }
  svg.append(tilesLayer);

  // figures
  const figures = s('g', { class: 'layer-figures' });
  const topFigures = s('g', { class: 'layer-top' });
  const shepherdsAt = new Map();
  for (const [seatText, pos] of Object.entries(obs.shepherds ?? {})) {
    if (!pos) continue;
    const k = key(pos[0], pos[1]);
    if (!shepherdsAt.has(k)) shepherdsAt.set(k, []);
    shepherdsAt.get(k).push(Number(seatText));
  }
  for (const [k, seats] of shepherdsAt) {
    const [x, y] = k.split(',').map(Number);
    const [x0, y0] = corner(x, y);
    seats.forEach((seat, i) => {
      const cx = x0 + 16 + i * 15;
      const cy = y0 + S - 15;
      figures.append(
        s('g', { class: ['shepherd', seat === you && 'mine'].filter(Boolean).join(' '), 'data-testid': 'shepherd', 'data-seat': seat, 'data-cell': k },
          s('title', {}, `${seatName(seat, you)}: Shepherd`),
          s('circle', { cx, cy, r: 10, fill: seatColour(seat), stroke: '#fff', 'stroke-width': 2 }),
          s('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', class: 'figure-label' }, String(seat))),
      );
    });
  }
  const spiritsAt = new Map();
  for (const [name, pos] of Object.entries(obs.spirits ?? {})) {
    if (!pos) continue;
    const k = key(pos[0], pos[1]);
    if (!spiritsAt.has(k)) spiritsAt.set(k, []);
    spiritsAt.get(k).push(name);
  }
  for (const [k, names] of spiritsAt) {
    const [x, y] = k.split(',').map(Number);
    const [x0, y0] = corner(x, y);
    names.forEach((name, i) => {
      const bx = x0 + S - 21 - (i % 2) * 19;
      const by = y0 + 4 + Math.floor(i / 2) * 19;
      const badge = s('g', { class: ['spirit', name === movingSpirit && 'moving'].filter(Boolean).join(' '), 'data-testid': 'spirit', 'data-spirit': name, 'data-cell': k },
        s('rect', { x: bx, y: by, width: 17, height: 17, rx: 4, fill: SPIRIT_COLOURS[name] ?? '#444', stroke: '#fff', 'stroke-width': 1.5 }),
        s('text', { x: bx + 8.5, y: by + 12.5, 'text-anchor': 'middle', class: 'figure-label' }, SPIRIT_LETTERS[name] ?? name[0].toUpperCase()));
      const idx = SPIRITS.indexOf(name);
      const choose = A.SPIRIT + idx;
      const trade = A.TRADE + idx;
      if (idx >= 0 && (legal.has(choose) || legal.has(trade))) {
        clickable(badge, legal.has(choose) ? choose : trade, legal, act);
        topFigures.append(badge);
      } else {
        badge.append(s('title', {}, humanize(name)));
        figures.append(badge);
      }
    });
  }
  svg.append(figures);

  // empty cells where the tile may go
  const previewTerrain = typeof pending.tile === 'number' ? tileTerrain.get(pending.tile) : null;
  const targets = s('g', { class: 'layer-targets' });
  for (const t of cellTargets) {
    if (occupied.has(key(t.x, t.y))) continue;
    const [x0, y0] = corner(t.x, t.y);
    const g = s('g', { class: 'cell-target', 'data-testid': 'cell-target', 'data-cell': key(t.x, t.y), style: { '--preview': TERRAIN_COLOURS[previewTerrain] ?? '#ffe9a8' } },
      s('rect', { x: x0 + 4, y: y0 + 4, width: S - 8, height: S - 8, rx: 6 }),
      s('text', { x: x0 + S / 2, y: y0 + S / 2 + 4, 'text-anchor': 'middle', class: 'cell-label' }, `${t.x},${t.y}`));
    clickable(g, t.id, legal, act);
    targets.append(g);
  }
  // neighbouring tiles a figure may step onto
  for (const [k, steps] of stepTargets) {
    const [x, y] = k.split(',').map(Number);
    const [x0, y0] = corner(x, y);
    steps.forEach((step, i) => {
      const part = steps.length > 1 ? (S - 8) / steps.length : S - 8;
      const ry = y0 + 4 + i * part;
      const label = `${ARROWS[step.side]} ${step.kind === 'shepherd' ? 'Shepherd' : humanize(movingSpirit ?? 'Spirit')}`;
      const g = s('g', { class: ['step-target', step.kind].join(' '), 'data-testid': 'step-target', 'data-kind': step.kind, 'data-cell': k, 'data-side': SIDES[step.side] },
        s('rect', { x: x0 + 4, y: ry, width: S - 8, height: part, rx: 6 }),
        s('text', { x: x0 + S / 2, y: ry + part / 2 + 4, 'text-anchor': 'middle', class: 'step-label' }, label));
      clickable(g, step.id, legal, act);
      targets.append(g);
    });
  }
  svg.append(targets, topFigures);
  const read = (cell) => {
    inspected = cell.tile;
    for (const el of svg.querySelectorAll('.board-tile.inspected')) el.classList.remove('inspected');
    svg.querySelector(`.board-tile[data-tile="${cell.tile}"]`)?.classList.add('inspected');
    const line = svg.closest('.board-wrap')?.querySelector('[data-testid=tile-info]');
    if (line) fill(line, inspectContent(obs));
  };
  // targets stop their clicks; any other click on a tile or a figure reads the tile
  svg.addEventListener('click', (ev) => {
    const at = ev.target instanceof Element ? ev.target.closest('[data-cell]') : null;
    const cell = at ? occupied.get(at.getAttribute('data-cell')) : null;
    if (cell) read(cell);
  });
  // By keyboard: the board is one stop, and the arrows read the next tile that way
  // (north is up), from the tile read last, else your Shepherd's.
  svg.setAttribute('tabindex', '0');
  svg.addEventListener('keydown', (ev) => {
    const way = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[ev.key];
    if (ev.target !== svg || !way) return;
    ev.preventDefault();
    ev.stopPropagation(); // not the replay's arrows
    const from = byTile.get(inspected) ?? (shepherd ? occupied.get(key(shepherd[0], shepherd[1])) : null);
    if (!from) {
      if (board.length) read(board[0]);
      return;
    }
    for (let k = 1; k <= 2 * board.length; k++) {
      const next = occupied.get(key(from.x + way[0] * k, from.y + way[1] * k));
      if (next) return read(next);
    }
  });
  return svg;
}

function legend() {
  return h('div', { class: 'legend' },
    TERRAINS.map((t) => h('span', { class: 'legend-item' }, h('span', { class: 'swatch', style: { background: TERRAIN_COLOURS[t] } }), humanize(t))),
    h('span', { class: 'legend-item' }, h('span', { class: 'swatch water' }), 'water edge'),
    h('span', { class: 'legend-item' }, 'Spirits: ', SPIRITS.map((n) => h('span', { class: 'spirit-chip', style: { background: SPIRIT_COLOURS[n] } }, SPIRIT_LETTERS[n])), ' Aridnyk, Aley, Boh, Drizd, Vovk'));
}

// --- panels --------------------------------------------------------------------------

function strip(obs, you) {
  const bits = [
    h('span', { class: 'pill' }, `Season: ${humanize(obs.season ?? '')}`),
    h('span', { class: 'pill' }, `Turn ${(obs.turns_played ?? 0) + 1}`),
    h('span', { class: 'pill' }, humanize(obs.phase ?? '')),
  ];
  if (typeof obs.turn_player === 'number' && obs.phase !== 'over') {
    bits.push(h('span', { class: 'pill turn' }, h('span', { class: 'seat-dot', style: { background: seatColour(obs.turn_player) } }),
      obs.turn_player === you ? 'your turn' : `seat ${obs.turn_player}'s turn`));
  }
  const stacks = Object.entries(obs.stack_sizes ?? {}).map(([k, v]) => `${humanize(k)} ${v}`).join(' · ');
  if (stacks) bits.push(h('span', { class: 'pill muted', title: 'tiles left in each season stack' }, `Stacks: ${stacks}`));
  return h('div', { class: 'strip', 'data-testid': 'aridnyk-status' }, bits);
}

function stepPanel(obs, A, legal, act, you) {
  const pending = obs.pending;
  const stepText = (obs.step ?? '').replace(/^the step is /, '');
  const cur = obs.current_player;
  const who = typeof cur === 'number' && cur >= 0 && cur !== you ? `Seat ${cur}: ` : '';
  const body = [h('p', { class: 'step-text', 'data-testid': 'step-text' }, who + (who ? stepText.replace(/_/g, ' ') : humanize(stepText)))];
  if (obs.phase === 'over') body[0] = h('p', { class: 'step-text', 'data-testid': 'step-text' }, 'The game is over.');
  if (pending) {
    const facts = [];
    if (pending.source && !stepText.includes(pending.source)) facts.push(`${humanize(pending.source)} effects`);
    if (typeof pending.moves_left === 'number') facts.push(`${pending.moves_left} move${pending.moves_left === 1 ? '' : 's'} left`);
    if (pending.spirit) facts.push(`Spirit: ${humanize(pending.spirit)}`);
    if (typeof pending.tile === 'number') facts.push(`tile ${pending.tile}`);
    if (typeof pending.rotation === 'number') facts.push(`turned ${pending.rotation * 90}°`);
    if (pending.kind) facts.push(`drawing a ${pending.kind}`);
    if (facts.length) body.push(h('p', { class: 'muted' }, facts.join(' · ')));
    if (typeof pending.tile === 'number') {
      body.push(h('p', { class: 'tile-detail small', 'data-testid': 'pending-tile' }, tileInline(pending.tile)));
    }
    if (pending.effects && Object.keys(pending.effects).length) {
      body.push(h('div', { class: 'chips' }, Object.entries(pending.effects).map(([k, v]) => h('span', { class: 'chip' }, `${humanize(k)} ×${v}`))));
    }
  }
  if (obs.reaction) {
    const r = obs.reaction;
    body.push(h('p', { class: 'hint' }, r.trigger === 'trade' ? `A trade with ${humanize(r.spirit)} awaits reactions.`
      : `${cardLabel('trinket', r.trinket)} awaits reactions${cardText('trinket', r.trinket) ? ` (${cardText('trinket', r.trinket)})` : ''}.`));
  }
  // rotation: four previews of the tile in hand
  const rotations = [0, 1, 2, 3].filter((r) => legal.has(A.ROTATE + r));
  if (rotations.length && typeof pending?.tile === 'number') {
    body.push(h('div', { class: 'rotations', 'data-testid': 'rotations' },
      rotations.map((r) => {
        const b = h('button', { type: 'button', class: 'rotate', 'data-testid': 'rotate', 'data-rotation': r },
          tileSvg(pending.tile, { rotation: r, size: 52, north: true }),
          h('span', {}, r ? `${r * 90}°` : 'as is'));
        clickable(b, A.ROTATE + r, legal, act);
        return b;
      })));
    if (tileWater.has(pending.tile) && tileWater.get(pending.tile).size === 0) {
      body.push(h('p', { class: 'hint small', 'data-testid': 'rotation-note' },
        'This tile has no water: every turn lies the same.'));
    }
  }
  // decisions with no place on the board
  const buttons = [];
  for (const [id, text] of legal) {
    const spatial =
      inRange(id, A.CELL, A.NUM_TILES * 4) || inRange(id, A.BOARD_TILE, A.NUM_TILES) ||
      inRange(id, A.SHEPHERD_STEP, 8) || inRange(id, A.HAND_TILE, A.NUM_TILES) ||
      inRange(id, A.DISCARD_TILE, A.NUM_TILES) || inRange(id, A.HORIZON, A.NUM_TILES) ||
      inRange(id, A.ROTATE, 4) || inRange(id, A.DRAW_ROW, 6) || inRange(id, A.DRAW_DECK, 2) ||
      inRange(id, A.DISCARD_CARD, A.NUM_PLOTS + A.NUM_TRINKETS) || inRange(id, A.CLAIM, A.NUM_PLOTS) ||
      inRange(id, A.USE_TRINKET, A.NUM_TRINKETS) || id === A.STACK_TOP || id === A.REFRESH_ROW || id === A.KEEP_ROW ||
      inRange(id, A.DRAW_KIND, 2);
    if (!spatial) buttons.push(actButton(id, legal, act, text, { class: ['act', id === A.DONE && 'secondary'].filter(Boolean).join(' ') }));
  }
  if (buttons.length) body.push(h('div', { class: 'buttons' }, buttons));
  // the highlighted tiles of the board, with what each does (a tap on one chooses it)
  const boardChoices = [...legal.keys()].filter((id) => inRange(id, A.BOARD_TILE, A.NUM_TILES)).map((id) => id - A.BOARD_TILE);
  if (boardChoices.length && boardChoices.length <= 9 && tileInfo.size) {
    const at = new Map((obs.board ?? []).map((c) => [c.tile, `${c.x},${c.y}`]));
    body.push(h('div', { class: 'subhead' }, 'Highlighted tiles'),
      h('ul', { class: 'fx-list small', 'data-testid': 'board-choices' },
        boardChoices.map((tile) => h('li', {}, tileInline(tile, { where: at.get(tile) ?? '' })))));
  }
  if (obs.character_choice?.length && you !== null) {
    body.push(h('div', { class: 'subhead' }, 'Characters dealt to you'),
      h('ul', { class: 'fx-list small', 'data-testid': 'character-choice' },
        obs.character_choice.map((name) => {
          const info = characterInfo.get(name);
          return h('li', { 'data-character': name }, h('strong', {}, info?.title ?? humanize(name)), info?.text ? `: ${info.text}` : '');
        })));
  }
  return h('section', { class: 'panel step', 'data-testid': 'step' }, h('h3', {}, 'Now'), ...body);
}

/** The tile under your Shepherd and the four next to it with their white effects: where
 * a move can end and what it would bring (as the terminal view's panel). */
function aroundPanel(obs, you) {
  const where = you !== null ? obs.shepherds?.[String(you)] : null;
  if (!where || obs.phase === 'over' || !tileInfo.size) return null;
  const byCell = new Map((obs.board ?? []).map((c) => [`${c.x},${c.y}`, c]));
  const done = new Set(obs.white_done ?? []);
  const lines = [['here', 0, 0], ...DELTA.map(([dx, dy], side) => [`${ARROWS[side]} ${SIDES[side].toUpperCase()}`, dx, dy])].map(([name, dx, dy]) => {
    const cell = byCell.get(`${where[0] + dx},${where[1] + dy}`);
    return h('li', { 'data-testid': 'around-tile', 'data-tile': cell?.tile ?? '' },
      h('span', { class: 'dir' }, name), ' ',
      cell ? tileInline(cell.tile, { black: false }) : h('span', { class: 'muted' }, 'no tile'),
      cell && done.has(cell.tile) ? h('span', { class: 'muted' }, ' (done this turn)') : null);
  });
  return h('section', { class: 'panel around', 'data-testid': 'around' }, h('h3', {}, 'Around your Shepherd'),
    h('ul', { class: 'fx-list small' }, lines));
}

function handPanel(obs, A, legal, act) {
  const tiles = obs.hand_tiles ?? [];
  const chosen = typeof obs.pending?.tile === 'number' ? obs.pending.tile : null;
  const row = h('div', { class: 'tile-row', 'data-testid': 'hand-tiles' });
  for (const t of tiles) {
    const wrap = h('div', { class: ['tile-card', t === chosen && 'chosen'], 'data-testid': 'hand-tile', 'data-tile': t },
      tileSvg(t), h('span', { class: 'tile-caption' }, `${t} ${humanize(tileTerrain.get(t) ?? '')}`), tileFx(t));
    if (legal.has(A.HAND_TILE + t)) clickable(wrap, A.HAND_TILE + t, legal, act);
    else if (legal.has(A.DISCARD_TILE + t)) {
      clickable(wrap, A.DISCARD_TILE + t, legal, act);
      wrap.append(h('span', { class: 'badge' }, 'discard'));
    }
    row.append(addTitle(wrap, tileTitle(t)));
  }
  const cards = [];
  for (const p of obs.plots ?? []) cards.push(cardChip('plot', p, A, legal, act));
  for (const t of obs.trinkets ?? []) cards.push(cardChip('trinket', t, A, legal, act));
  return h('section', { class: 'panel', 'data-testid': 'your-hand' }, h('h3', {}, 'Your hand'),
    h('div', { class: 'subhead' }, `Tiles (${tiles.length})`),
    tiles.length ? row : h('p', { class: 'muted' }, 'No tiles.'),
    h('div', { class: 'subhead' }, `Plots and Trinkets (${cards.length})`),
    cards.length ? h('div', { class: 'cards', 'data-testid': 'your-cards' }, cards) : h('p', { class: 'muted' }, 'No cards.'));
}

function cardChip(kind, number, A, legal, act) {
  const index = number - 1;
  const ids = kind === 'plot'
    ? [[A.CLAIM + index, 'fulfil'], [A.DISCARD_CARD + index, 'discard']]
    : [[A.USE_TRINKET + index, 'use'], [A.DISCARD_CARD + A.NUM_PLOTS + index, 'discard']];
  const text = cardText(kind, number);
  return h('div', { class: ['game-card', kind, text && 'with-text'], 'data-testid': `${kind}-card`, 'data-card': number, title: text || null },
    h('div', { class: 'card-top' },
      h('span', { class: 'card-kind' }, kind === 'plot' ? '📜' : '🎁'),
      h('span', { class: 'card-name' }, cardLabel(kind, number)),
      ids.filter(([id]) => legal.has(id)).map(([id, label]) => actButton(id, legal, act, label, { class: `act small ${label === 'discard' ? 'secondary' : 'primary'}` }))),
    text ? h('div', { class: 'card-fx', 'data-testid': 'card-text' }, text) : null);
}

function horizonPanel(obs, A, legal, act) {
  const row = h('div', { class: 'tile-row', 'data-testid': 'horizon' });
  for (const t of obs.horizon ?? []) {
    const wrap = h('div', { class: 'tile-card', 'data-testid': 'horizon-tile', 'data-tile': t },
      tileSvg(t), h('span', { class: 'tile-caption' }, `${t} ${humanize(tileTerrain.get(t) ?? '')}`), tileFx(t));
    clickable(wrap, A.HORIZON + t, legal, act);
    row.append(addTitle(wrap, tileTitle(t)));
  }
  if (typeof obs.revealed_tile === 'number') {
    const t = obs.revealed_tile;
    const wrap = h('div', { class: 'tile-card revealed', 'data-testid': 'revealed-tile', 'data-tile': t },
      tileSvg(t), h('span', { class: 'tile-caption' }, `stack top: ${t}`), tileFx(t));
    clickable(wrap, A.STACK_TOP, legal, act);
    row.append(addTitle(wrap, tileTitle(t)));
  }
  return h('section', { class: 'panel', 'data-testid': 'horizon-panel' }, h('h3', {}, 'Horizon'),
    (obs.horizon ?? []).length || typeof obs.revealed_tile === 'number' ? row : h('p', { class: 'muted' }, 'empty'));
}

function rowsPanel(obs, A, legal, act) {
  const kinds = [
    ['plot', A.PLOT_KIND, obs.plot_row ?? [], obs.deck_sizes?.plots, obs.revealed_cards?.plot, obs.discards?.plots ?? []],
    ['trinket', A.TRINKET_KIND, obs.trinket_row ?? [], obs.deck_sizes?.trinkets, obs.revealed_cards?.trinket, obs.discards?.trinkets ?? []],
  ];
  const blocks = kinds.map(([kind, k, row, deck, revealed, discards]) => {
    const cards = row.map((card, slot) => {
      const text = card === null ? '' : cardText(kind, card);
      const el = h('div', { class: ['game-card', kind, card === null && 'empty', text && 'with-text'], 'data-testid': `${kind}-row-card`, 'data-slot': slot, 'data-card': card ?? '' },
        card === null ? 'empty' : h('div', { class: 'card-top' }, h('span', { class: 'card-name' }, cardLabel(kind, card))),
        text ? h('div', { class: 'card-fx', 'data-testid': 'card-text' }, text) : null);
      clickable(el, A.DRAW_ROW + k * 3 + slot, legal, act);
      return addTitle(el, text);
    });
    const revealedText = typeof revealed === 'number' ? cardText(kind, revealed) : '';
    const deckEl = h('div', { class: ['game-card', 'deck', kind, revealedText && 'with-text'], 'data-testid': `${kind}-deck` },
      h('div', { class: 'card-top' }, typeof revealed === 'number' ? `revealed: ${cardLabel(kind, revealed)}` : `deck (${deck ?? 0})`),
      revealedText ? h('div', { class: 'card-fx', 'data-testid': 'card-text' }, revealedText) : null);
    clickable(deckEl, A.DRAW_DECK + k, legal, act);
    addTitle(deckEl, revealedText);
    const extra = [];
    if (legal.has(A.DRAW_KIND + k)) extra.push(actButton(A.DRAW_KIND + k, legal, act, null, { class: 'act small primary' }));
    const title = kind === 'plot' ? 'Plot row' : 'Trinket row';
    return h('div', { class: 'card-line', 'data-kind': kind },
      h('div', { class: 'subhead' }, title, ' ', ...extra),
      h('div', { class: 'cards' }, cards, deckEl),
      discards.length ? details(`aridnyk-discard-${kind}`, `discarded (${discards.length})`, { class: 'discard' },
        h('ul', { class: 'fx-list muted small' }, discards.map((n) => h('li', {}, h('strong', {}, cardLabel(kind, n)), cardText(kind, n) ? `: ${cardText(kind, n)}` : '')))) : null);
  });
  const choices = [A.REFRESH_ROW, A.KEEP_ROW].filter((id) => legal.has(id));
  const refresh = choices.length ? h('div', { class: 'buttons' }, ...choices.map((id) => actButton(id, legal, act, null, { class: 'act small' }))) : null;
  return h('section', { class: 'panel', 'data-testid': 'rows' }, h('h3', {}, 'Plots and Trinkets'), blocks, refresh);
}

/** "Known in hand: tile 3, Plot 4 · Beech Grove" that opens to each one's text. */
function namedList(key, title, items, testid) {
  if (!items.length) return null;
  return details(key, `${title}: ${items.map(([label]) => label).join(', ')}`, { class: 'muted small named-list', 'data-testid': testid },
    h('ul', {}, items.map(([label, text]) => h('li', {}, h('strong', {}, label), text ? `: ${text}` : ''))));
}

function playersPanel(obs, you) {
  const list = h('div', { class: 'players' });
  for (let seat = 0; seat < (obs.players ?? 0); seat++) {
    const sizes = obs.hand_sizes?.[seat] ?? {};
    const known = obs.known_hands?.[seat] ?? {};
    const fulfilled = obs.fulfilled?.[seat] ?? [];
    const character = obs.characters?.[seat];
    const winner = (obs.winners ?? []).includes(seat);
    // [label, what it does]: a tap opens the list with the texts (a phone has no tooltips)
    const knownBits = seat === you ? [] : [
      ...(known.tiles ?? []).map((t) => [`tile ${t}`, tileTitle(t)]),
      ...(known.plots ?? []).map((p) => [cardLabel('plot', p), cardText('plot', p)]),
      ...(known.trinkets ?? []).map((t) => [cardLabel('trinket', t), cardText('trinket', t)]),
    ];
    const done = fulfilled.map((p) => [cardLabel('plot', p), cardText('plot', p)]);
    list.append(h('div', { class: ['player', seat === you && 'mine', obs.current_player === seat && 'current'], 'data-testid': 'player', 'data-seat': seat },
      h('div', { class: 'player-head' },
        h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }),
        h('strong', {}, seatName(seat, you)),
        character ? h('span', { class: 'pill', title: characterInfo.get(character)?.text ?? null }, characterInfo.get(character)?.title ?? humanize(character)) : null,
        winner ? h('span', { class: 'pill win' }, '🏆 winner') : null),
      h('div', { class: 'player-stats' },
        h('span', { class: 'sheep', 'data-testid': 'sheep', title: 'Sheep' }, `🐑 ${obs.sheep?.[seat] ?? 0} Sheep`),
        h('span', { title: 'fulfilled Plots' }, `✔ ${fulfilled.length} fulfilled`),
        h('span', { title: 'tiles in hand' }, `▦ ${counted(sizes.tiles ?? 0, 'tile')}`),
        h('span', { title: 'Plots in hand' }, `📜 ${counted(sizes.plots ?? 0, 'Plot')}`),
        h('span', { title: 'Trinkets in hand' }, `🎁 ${counted(sizes.trinkets ?? 0, 'Trinket')}`)),
      character && characterInfo.get(character)?.text ? h('div', { class: 'muted small', 'data-testid': 'character-text' }, characterInfo.get(character).text) : null,
      namedList(`aridnyk-fulfilled-${seat}`, 'Fulfilled', done, 'fulfilled-list'),
      namedList(`aridnyk-known-${seat}`, 'Known in hand', knownBits, 'known-list')));
  }
  const turn = [];
  if (obs.traded?.length) turn.push(`traded this turn: ${obs.traded.map(humanize).join(', ')}`);
  if (obs.can_trade?.length) turn.push(`can trade: ${obs.can_trade.map(humanize).join(', ')}`);
  if (obs.trinket_used) turn.push('Trinket used this turn');
  return h('section', { class: 'panel', 'data-testid': 'players' }, h('h3', {}, 'Shepherds'), list,
    turn.length ? h('p', { class: 'muted small' }, turn.join(' · ')) : null);
}

export function render(root, msg, act, ctx) {
  const obs = msg.observation;
  const legal = ctx?.legal ?? legalMap(msg);
  const A = actionsOf(ctx);
  const you = typeof obs.you === 'number' ? obs.you : null;
  learn(msg);
  const view = h('div', { class: 'aridnyk', 'data-testid': 'aridnyk' },
    strip(obs, you),
    h('div', { class: 'aridnyk-grid' },
      h('div', { class: 'board-wrap' }, boardView(obs, msg, A, legal, act, you), inspectLine(obs), legend()),
      h('div', { class: 'aridnyk-side' },
        stepPanel(obs, A, legal, act, you),
        aroundPanel(obs, you),
        you !== null ? handPanel(obs, A, legal, act) : null,
        horizonPanel(obs, A, legal, act))),
    h('div', { class: 'two-col' }, playersPanel(obs, you), rowsPanel(obs, A, legal, act)),
  );
  clear(root).append(view);
}
