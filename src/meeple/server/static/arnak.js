// Lost Ruins of Arnak: the sites with their guardians and archaeologists, the research
// track with every token, the card row around the moon staff, your hand, play area,
// resources, idols and assistants, and the other seats. Built from the observation
// alone (src/meeple/games/arnak/observe.py) plus the component list of
// GET /api/games/arnak/catalogue (src/meeple/games/arnak/catalogue.py).
//
// A click on a card, a site, a research space, an assistant, a guardian, a temple stack
// or an idol slot sends the one legal action it stands for; where two legal actions
// share a place (dig or overcome at a site, glass or notebook on a space) the place
// shows a small button for each. Everything else is a button in the "Now" panel, and
// the page's generic action list stays below as for every game. On the Spider Temple side
// a panel shows the dark tablet supply and the altars: a click on an altar invokes it,
// and the card row's artifacts are then the choice of the one to put on it. On the Owl
// Temple side (no Lost Temple) each seat's lantern is a third token on the track (a click
// on a space moves it, beside the glass and the notebook), the Owl tiles lying on spaces
// are bought by a click, and a panel shows the secret passages (a click sends the glass
// in), the top of the temple's piles (a click buys one) and each seat's Owl tiles.
import { h, clear, humanize, seatColour, legalMap, clickable, actButton, details } from '/static/dom.js';

// Action ids (src/meeple/games/arnak/actions.py); GET /api/games overrides them.
const DEFAULT_ACTIONS = {
  NUM_CARD_TYPES: 80,
  NUM_SITES: 17,
  NUM_NODES: 15,
  HAND: 0,
  PLAY_AREA: 80,
  CARD: 160,
  SITE: 240,
  OVERCOME: 257,
  GLASS: 274,
  NOTEBOOK: 289,
  TEMPLE: 304,
  IDOL_SLOT: 310,
  UNSLOT: 315,
  ASSISTANT: 319,
  BOON: 331,
  OPTION: 346,
  UPGRADE: 352,
  COINS_FOR_PLANE: 354,
  POOL: 355,
  BONUS: 359,
  FEAR_TILE: 365,
  YES: 366,
  DONE: 367,
  END_TURN: 368,
  PASS: 369,
  ALTAR: 370,
  NUM_ALTARS: 5,
  LANTERN: 375,
  PASSAGE: 390,
  NUM_PASSAGES: 6,
  TRACK_TILE: 396,
  NUM_TRACK_TILES: 11,
  OWL_UNSLOT: 407,
  NUM_ACTIONS: 408,
};

const GAME_OVER = -4;
const ROUNDS = 5;
const RESOURCES = ['coin', 'compass', 'tablet', 'arrowhead', 'jewel'];
const ICONS = ['boot', 'car', 'boat', 'plane'];
const KIND_COLOURS = { item: '#2e7d32', artifact: '#8e24aa', basic: '#607d8b', fear: '#b71c1c' };
// Orders of components.py, used when the catalogue could not be fetched.
const TEMPLE_STACK_IDS = ['bronze_A', 'bronze_B', 'bronze_C', 'silver_AB', 'silver_BC', 'gold_ABC'];
const SLOT_EFFECTS = ['jewel_for_coin', 'arrowhead', 'two_tablets', 'coin_and_compass', 'draw'];

// --- the component list -----------------------------------------------------------------

const cat = {
  cards: new Map(), // id -> {type, name, kind, cost, currency, vp, travel, free, text}
  guardians: new Map(), // id -> {index, cost_text, boon}
  assistants: new Map(), // id -> {index, nickname, silver, gold, main}
  // name -> {sites, nodes, edges, rows, lost_temple, lost_temple_vp, temple_costs, altars,
  // dark_supply, owl: {track_tiles, passages, top} or null}
  boards: {},
  tiles: new Map(), // site tile id ("C1", "L1-03") -> text
  templeStacks: TEMPLE_STACK_IDS,
  slotEffects: SLOT_EFFECTS.map((id) => ({ id, text: humanize(id) })),
  discoverCost: { level1: 3, level2: 6 }, // compasses, beside the travel cost
};

try {
  const response = await fetch('/api/games/arnak/catalogue');
  if (response.ok) {
    const data = await response.json();
    for (const c of data.cards ?? []) cat.cards.set(c.id, c);
    (data.guardians ?? []).forEach((g, index) => cat.guardians.set(g.id, { ...g, index }));
    (data.assistants ?? []).forEach((a, index) => cat.assistants.set(a.id, { ...a, index: a.index ?? index }));
    cat.boards = data.boards ?? {};
    if (data.temple_stacks?.length) cat.templeStacks = data.temple_stacks.map((s) => s.id);
    for (const t of [...(data.camps ?? []), ...(data.site_tiles ?? [])]) cat.tiles.set(t.id, t.text);
    if (data.slot_effects?.length) cat.slotEffects = data.slot_effects;
    if (data.discover_cost) cat.discoverCost = { ...cat.discoverCost, ...data.discover_cost };
  }
} catch {
  /* offline or an old server: names stay ids and cards are chosen with the buttons */
}

function actionsOf(ctx) {
  return { ...DEFAULT_ACTIONS, ...(ctx?.info?.actions ?? {}) };
}

/** The number in an id like "G05", "A03" or "bird.7", as a 0-based index. */
function trailingIndex(id, oneBased) {
  const m = String(id ?? '').match(/(\d+)$/);
  if (!m) return -1;
  return Number(m[1]) - (oneBased ? 1 : 0);
}

const cardType = (id) => cat.cards.get(id)?.type ?? -1;
const guardianIndex = (id) => cat.guardians.get(id)?.index ?? trailingIndex(id, true);
const assistantIndex = (id) => cat.assistants.get(id)?.index ?? trailingIndex(id, true);
const templeIndex = (id) => cat.templeStacks.indexOf(id);

function siteIndex(obs, site, position) {
  const sites = cat.boards[obs.board]?.sites;
  if (sites) {
    const found = sites.find((s) => s.id === site.id);
    if (found) return found.index;
  }
  return position;
}

function nodeIndex(obs, nodeId) {
  const nodes = cat.boards[obs.board]?.nodes;
  const found = nodes?.find((n) => n.id === nodeId);
  return found ? found.index : trailingIndex(nodeId, false);
}

// --- small pieces ---------------------------------------------------------------------------

function seatName(seat, you) {
  return seat === you ? 'You' : `Seat ${seat}`;
}

function plural(n, word) {
  if (n === 1) return `1 ${word}`;
  return `${n} ${word === 'compass' ? 'compasses' : `${word}s`}`;
}

function travelText(travel) {
  const parts = ICONS.filter((i) => travel?.[i]).map((i) => plural(travel[i], i));
  return parts.length ? parts.join(' + ') : 'free';
}

function costWords(cost) {
  return Object.entries(cost ?? {}).filter(([, n]) => n).map(([k, n]) => plural(n, k)).join(', ');
}

function resourceChips(amounts, { all = true } = {}) {
  return h('span', { class: 'chips arnak-resources' },
    RESOURCES.filter((r) => all || amounts?.[r]).map((r) =>
      h('span', { class: ['chip', `res-${r}`], title: r, 'data-resource': r }, `${r} ${amounts?.[r] ?? 0}`)));
}

// The legal ids this render put on a component (a click target or a small button); the
// "Now" panel shows a button for every other legal action.
let shown = new Set();

/** clickable() that remembers the id as drawn on the page. */
function target(el, id, legal, act) {
  if (id !== null && id >= 0 && legal.has(id)) shown.add(id);
  return clickable(el, id, legal, act);
}

/** The one legal id among `ids`, or null when none or several are legal. */
function onlyLegal(ids, legal) {
  const found = ids.filter((id) => id !== null && id >= 0 && legal.has(id));
  return found.length === 1 ? found[0] : null;
}

/**
 * Make `el` act for the legal ones among `choices` ([[id, label]]): a click when exactly
 * one is legal, else a small button for each legal one.
 */
function actOn(el, choices, legal, act) {
  const ids = choices.map(([id]) => id);
  const one = onlyLegal(ids, legal);
  if (one !== null) {
    target(el, one, legal, act);
    return el;
  }
  const open = choices.filter(([id]) => id >= 0 && legal.has(id));
  if (open.length > 1) {
    for (const [id] of open) shown.add(id);
    el.append(h('div', { class: 'arnak-choices' },
      open.map(([id, label]) => actButton(id, legal, act, label, { class: 'act small primary' }))));
  }
  return el;
}

// --- cards --------------------------------------------------------------------------------

function cardEl(cardId, { choices = [], legal, act, testid = 'arnak-card', compact = false } = {}) {
  const card = cat.cards.get(cardId);
  const kind = card?.kind ?? (cardId === 'fear' ? 'fear' : String(cardId).split('.')[0]);
  const el = h('div', {
    class: ['arnak-card', `kind-${kind}`, compact && 'compact'],
    'data-testid': testid,
    'data-card': cardId,
    style: { '--kind': KIND_COLOURS[kind] ?? '#607d8b' },
  },
  h('div', { class: 'card-head' },
    h('span', { class: 'card-name' }, card?.name ?? cardId),
    card?.free ? h('span', { class: 'free', title: 'free action' }, 'free') : null),
  h('div', { class: 'card-meta' },
    card && card.cost ? h('span', { class: `res-${card.currency}`, title: 'cost' }, plural(card.cost, card.currency)) : null,
    card ? h('span', { title: 'travel' }, travelText(card.travel)) : null,
    card ? h('span', { class: 'vp', title: 'victory points' }, `${card.vp} VP`) : null),
  !compact && card?.text ? h('div', { class: 'card-text' }, card.text) : null);
  if (card?.text) el.title = `${card.name}: ${card.text}`;
  if (legal && choices.length) actOn(el, choices, legal, act);
  return el;
}

function cardRowPanel(obs, A, legal, act) {
  const row = obs.card_row ?? {};
  const rowCard = (id) => (id === null
    ? h('div', { class: 'arnak-card compact muted', 'data-testid': 'row-gap', title: 'the deck ran out' }, 'empty')
    : cardEl(id, { choices: [[A.CARD + cardType(id), 'take']], legal, act, testid: 'row-card' }));
  const staff = h('div', { class: 'moon-staff', 'data-testid': 'moon-staff', title: 'the moon staff' },
    h('span', { class: 'small' }, 'moon staff'), h('strong', {}, `round ${obs.round ?? 1}`));
  const revealed = (obs.revealed ?? []).map((id) => cardEl(id, { choices: [[A.CARD + cardType(id), 'take']], legal, act, testid: 'revealed-card' }));
  const decks = obs.decks ?? {};
  const exile = obs.exile ?? {};
  const exiled = [...(exile.items ?? []), ...(exile.artifacts ?? [])];
  const exiledNeeded = exiled.some((id) => legal.has(A.CARD + cardType(id)));
  const exiledCards = exiled.map((id) => cardEl(id, { choices: [[A.CARD + cardType(id), 'take']], legal, act, testid: 'exiled-card', compact: true }));
  const bySeat = (exile.players ?? []).map((cards, seat) => (cards.length
    ? h('p', { class: 'muted small', 'data-testid': 'seat-exile' },
      `Exiled from the cards of ${seatName(seat, obs.you)}: ${cards.map((id) => cat.cards.get(id)?.name ?? id).join(', ')}`)
    : null));
  return h('section', { class: 'panel', 'data-testid': 'card-row' },
    h('h3', {}, 'Card row'),
    h('div', { class: 'arnak-row' },
      h('div', { class: 'arnak-cards artifacts', 'data-testid': 'row-artifacts' }, (row.artifacts ?? []).map(rowCard)),
      staff,
      h('div', { class: 'arnak-cards items', 'data-testid': 'row-items' }, (row.items ?? []).map(rowCard))),
    revealed.length ? h('div', {}, h('div', { class: 'subhead' }, 'Revealed'), h('div', { class: 'arnak-cards' }, revealed)) : null,
    h('p', { class: 'muted small' },
      `Decks: ${decks.items ?? 0} items · ${decks.artifacts ?? 0} artifacts · ${decks.fear ?? 0} Fear · ` +
      `${decks.guardians ?? 0} guardians · ${decks.level1 ?? 0} level I and ${decks.level2 ?? 0} level II site tiles`),
    exiled.length
      ? (exiledNeeded
        ? h('div', {}, h('div', { class: 'subhead' }, `Exiled (${exiled.length})`), h('div', { class: 'arnak-cards' }, exiledCards))
        : details('arnak-exile', `Exiled (${exiled.length})`, {}, h('div', { class: 'arnak-cards' }, exiledCards)))
      : null,
    ...bySeat);
}

// --- the sites ------------------------------------------------------------------------------

function spaceEl(space, you) {
  const travel = space.travel && Object.keys(space.travel).length ? travelText(space.travel) : '';
  let mark;
  let title;
  if (space.blocked) {
    mark = h('span', { class: 'meeple blocked' }, '✕');
    title = 'blocked';
  } else if (space.rival) {
    mark = h('span', { class: 'meeple rival' }, 'R');
    title = 'the rival';
  } else if (typeof space.occupant === 'number' && space.occupant >= 0) {
    mark = h('span', { class: ['meeple', space.occupant === you && 'mine'], style: { background: seatColour(space.occupant) } }, String(space.occupant));
    title = `${seatName(space.occupant, you)}: archaeologist`;
  } else {
    mark = h('span', { class: 'meeple free' }, '');
    title = 'free';
  }
  return h('span', { class: 'space', 'data-testid': 'site-space', title: travel ? `${title} (costs ${travel})` : title },
    travel ? h('span', { class: 'space-cost' }, travel) : null, mark);
}

function guardianEl(guardianId, extra = {}) {
  const g = cat.guardians.get(guardianId);
  return h('div', { class: 'guardian', 'data-testid': 'guardian', 'data-guardian': guardianId, ...extra },
    h('strong', {}, `guardian ${guardianId}`),
    g ? h('span', { class: 'small' }, ` cost: ${g.cost_text} · boon: ${g.boon}`) : null);
}

/** The catalogue's entry of `site` on this game's board side, if known. */
function boardSite(obs, site) {
  return cat.boards[obs.board]?.sites?.find((s) => s.id === site.id) ?? null;
}

function siteText(site, info) {
  // a camp of the side's own (the Owl Temple's C1 and C4) instead of the camp tile's
  if (info?.camp) return info.camp;
  const text = cat.tiles.get(site.tile) ?? site.text ?? '';
  return site.tile && site.tile !== site.id ? `${site.tile}: ${text}` : text;
}

/** What an undiscovered site asks: its travel and the compasses to discover it (and, on
 * the Owl Temple's upper level I sites, some coins more). */
function undiscoveredText(site, info) {
  const compasses = cat.discoverCost[site.kind];
  if (typeof compasses !== 'number') return 'undiscovered';
  const extra = info?.discover_extra_text ? ` + ${info.discover_extra_text}` : '';
  return ['undiscovered · ', h('span', { class: 'discover-cost res-compass', 'data-testid': 'discover-cost', 'data-extra': info?.discover_extra_text ?? null, title: 'paid with the travel cost to discover this site' },
    `discover: ${plural(compasses, 'compass')}${extra}`)];
}

/** The Spider Temple's dark effect of an archaeologist arriving at `site`, if any. */
function darkEffectEl(obs, site) {
  const text = cat.boards[obs.board]?.sites?.find((s) => s.id === site.id)?.dark;
  if (!text) return null;
  return h('div', { class: 'dark-effect small', 'data-testid': 'dark-effect', title: `dark effect, each time an archaeologist arrives: ${text}` },
    h('span', { class: 'dark-mark' }, '◆'), ` dark: ${text}`);
}

function siteEl(obs, site, position, A, legal, act, you) {
  const index = siteIndex(obs, site, position);
  const info = boardSite(obs, site);
  const level = { camp: 'camp', level1: 'I', level2: 'II' }[site.kind] ?? site.kind;
  const idols = [];
  if (site.idol) idols.push(h('span', { class: 'chip idol', title: 'idol (face up reward)' }, `idol: ${humanize(site.idol)}`));
  if (site.hidden_idols) idols.push(h('span', { class: 'chip idol', title: 'face-down idols' }, `${plural(site.hidden_idols, 'idol')} face down`));
  const el = h('div', {
    class: ['arnak-site', `site-${site.kind}`, site.discovered ? 'discovered' : 'undiscovered'],
    'data-testid': 'site',
    'data-site': site.id,
    'data-index': index,
  },
  h('div', { class: 'site-head' },
    h('strong', {}, site.id),
    h('span', { class: 'pill' }, level),
    site.kind !== 'camp' ? h('span', { class: 'small', title: 'travel cost' }, travelText(site.travel)) : null),
  h('div', { class: 'site-text', 'data-testid': info?.camp ? 'side-camp' : null, title: info?.camp ? 'this board side\'s own camp' : null },
    site.discovered ? siteText(site, info) : undiscoveredText(site, info)),
  darkEffectEl(obs, site),
  site.guardian ? guardianEl(site.guardian) : null,
  idols.length ? h('div', { class: 'chips' }, idols) : null,
  h('div', { class: 'spaces' }, (site.spaces ?? []).map((sp) => spaceEl(sp, you))));
  return actOn(el, [[A.SITE + index, site.discovered ? 'dig' : 'discover'], [A.OVERCOME + index, 'overcome']], legal, act);
}

function sitesPanel(obs, A, legal, act, you) {
  const sites = obs.sites ?? [];
  const rows = new Map();
  sites.forEach((site, position) => {
    const r = site.map_row ?? 0;
    if (!rows.has(r)) rows.set(r, []);
    rows.get(r).push([site, position]);
  });
  const order = [...rows.keys()].sort((a, b) => b - a);
  return h('section', { class: 'panel', 'data-testid': 'sites' },
    h('h3', {}, 'Sites'),
    h('div', { class: 'arnak-map' },
      // a row of the map stays whole: all its sites side by side, or in two even lines
      order.map((r) => h('div', { class: 'map-row', 'data-row': r, style: { '--n': rows.get(r).length, '--half': Math.ceil(rows.get(r).length / 2) } },
        rows.get(r).sort((a, b) => (a[0].col ?? 0) - (b[0].col ?? 0)).map(([site, position]) => siteEl(obs, site, position, A, legal, act, you))))));
}

// --- the research track ---------------------------------------------------------------------

const TOKEN_NAMES = { glass: ['G', 'magnifying glass'], notebook: ['N', 'notebook'], lantern: ['L', 'lantern'] };

function tokenEl(kind, seat, you) {
  const [mark, name] = TOKEN_NAMES[kind];
  return h('span', {
    class: ['token', kind, seat === you && 'mine'],
    'data-testid': `token-${kind}`,
    'data-seat': seat,
    style: { background: seatColour(seat) },
    title: `${seatName(seat, you)}: ${name}`,
  }, mark);
}

const isSet = (value) => value !== null && value !== undefined;

function nodeEl(obs, node, A, legal, act, you) {
  const id = node.id;
  const index = nodeIndex(obs, id);
  const tokens = [];
  const owlSeats = obs.owl?.seats ?? [];
  (obs.research ?? []).forEach((r, seat) => {
    // a glass in a secret passage stands in the passage, no longer on the space it left
    if (r.glass === id && !isSet(owlSeats[seat]?.passage)) tokens.push(tokenEl('glass', seat, you));
    if (r.notebook === id) tokens.push(tokenEl('notebook', seat, you));
    if (owlSeats[seat]?.lantern === id) tokens.push(tokenEl('lantern', seat, you));
  });
  const rival = obs.rival;
  if (rival?.glass === id && !isSet(rival.passage)) tokens.push(h('span', { class: 'token glass rival', 'data-testid': 'token-rival', title: 'the rival: magnifying glass' }, 'RG'));
  if (rival?.notebook === id) tokens.push(h('span', { class: 'token notebook rival', 'data-testid': 'token-rival-notebook', title: 'the rival: notebook' }, 'RN'));
  if (isSet(rival?.lantern) && rival.lantern === id) tokens.push(h('span', { class: 'token lantern rival', 'data-testid': 'token-rival-lantern', title: 'the rival: lantern' }, 'RL'));
  const bonus = obs.research_track?.bonus?.[id] ?? [];
  const edges = (cat.boards[obs.board]?.edges ?? []).filter((e) => e.to === id);
  const el = h('div', { class: ['node', node.lost_temple && 'lost-temple'], 'data-testid': 'research-node', 'data-node': id },
    h('span', { class: 'node-id' }, id.split('.').pop()),
    bonus.length ? h('span', { class: 'chips' }, bonus.map((b) => h('span', { class: 'chip bonus', title: 'research bonus tile' }, `★ ${humanize(b)}`))) : null,
    node.rescue ? h('span', { class: 'chip', title: 'assistant rescue' }, 'rescue') : null,
    h('span', { class: 'tokens' }, tokens),
    nodePoints(node),
    owlOnNode(obs, id, A, legal, act),
    edges.length ? h('div', { class: 'bridges muted small' }, edges.map((e) => h('div', {}, `from ${e.from.split('.').pop()}: ${e.text || costWords(e.cost)}`))) : null);
  const moves = [[A.GLASS + index, 'glass'], [A.NOTEBOOK + index, 'notebook']];
  if (obs.owl && isSet(A.LANTERN)) moves.push([A.LANTERN + index, 'lantern']);
  return actOn(el, moves, legal, act);
}

/** A research space's own points (its row's on bird and snake, its scoring zone's on
 * spider); none for the start and the Lost Temple, which scores by arrival. */
function nodePoints(node) {
  if (node.lost_temple || typeof node.glass_vp !== 'number') return null;
  if (!node.glass_vp && !node.notebook_vp) return null;
  const zone = node.zone ? ` (scoring zone ${node.zone.replace(/^zone_/, '')})` : '';
  return h('div', { class: 'node-vp small', 'data-testid': 'node-vp', 'data-glass-vp': node.glass_vp, 'data-notebook-vp': node.notebook_vp,
    title: `glass here: ${node.glass_vp} VP · notebook here: ${node.notebook_vp} VP${zone}` },
  `G ${node.glass_vp} · N ${node.notebook_vp} VP`);
}

function lostTempleInfo(obs, you) {
  const info = obs.research_track ?? {};
  const ranks = (obs.research ?? []).flatMap((r, seat) => (r.temple_rank !== null && r.temple_rank !== undefined ? [[seat, r.temple_rank]] : []));
  const rivalRank = obs.rival?.temple_rank;
  return h('div', { class: 'lost-temple-info small' },
    h('strong', {}, 'Lost Temple'),
    ` · VP left: ${(info.lost_temple_vp_left ?? []).join(', ') || 'none'} · bonus tiles: ${info.lost_temple_bonus ?? 0}`,
    info.lost_temple_known?.length ? ` (you saw: ${info.lost_temple_known.map(humanize).join(', ')})` : null,
    ranks.map(([seat, rank]) => h('span', { class: 'pill' }, h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), `${seatName(seat, you)} #${rank + 1}`)),
    typeof rivalRank === 'number' ? h('span', { class: 'pill' }, `rival #${rivalRank + 1}`) : null);
}

function researchPanel(obs, A, legal, act, you) {
  const board = cat.boards[obs.board];
  const used = new Set();
  const rowsOf = new Map();
  const nodes = board?.nodes ?? fallbackNodes(obs);
  for (const node of nodes) {
    if (!rowsOf.has(node.row)) rowsOf.set(node.row, []);
    rowsOf.get(node.row).push(node);
    used.add(node.id);
  }
  const effects = new Map((board?.rows ?? []).map((r) => [r.row, r]));
  const lines = [...rowsOf.keys()].sort((a, b) => b - a).map((row) => {
    const fx = effects.get(row);
    // none on the Owl Temple side, which has no Lost Temple
    const temple = rowsOf.get(row).some((n) => n.lost_temple);
    return h('div', { class: 'track-row', 'data-row': row },
      h('span', { class: 'row-no' }, String(row)),
      h('div', { class: 'row-nodes' }, rowsOf.get(row).map((n) => nodeEl(obs, n, A, legal, act, you)),
        passageSlots(obs, row, A, legal, act, you)),
      temple ? lostTempleInfo(obs, you) : h('div', { class: 'row-fx small' },
        fx ? h('div', {}, h('strong', {}, 'glass: '), fx.glass) : null,
        fx ? h('div', {}, h('strong', {}, 'notebook: '), fx.notebook) : null,
        fx && isSet(fx.lantern) && obs.owl ? h('div', { 'data-testid': 'row-lantern', title: `a lantern on this row scores ${fx.lantern_vp} VP` },
          h('strong', {}, 'lantern: '), `${fx.lantern} (${fx.lantern_vp} VP)`) : null));
  });
  const temples = templeStacks(obs, A, legal, act);
  const noTemple = obs.owl || (board && !isSet(board.lost_temple));
  return h('section', { class: 'panel', 'data-testid': 'research' },
    h('h3', {}, `Research (${humanize(obs.board ?? '')} side)`),
    noTemple ? h('p', { class: 'muted small', 'data-testid': 'no-lost-temple' }, 'No Lost Temple on this side: the top rows open the top of the temple\'s piles (the Owl Temple panel).') : null,
    h('div', { class: 'arnak-track' }, lines),
    temples);
}

/** Nodes known from the observation only (no catalogue): rows from the tokens. */
function fallbackNodes(obs) {
  const seen = new Map();
  (obs.research ?? []).forEach((r) => {
    if (r.glass) seen.set(r.glass, r.glass_row ?? 0);
    if (r.notebook) seen.set(r.notebook, r.notebook_row ?? 0);
  });
  for (const id of Object.keys(obs.research_track?.bonus ?? {})) if (!seen.has(id)) seen.set(id, 0);
  return [...seen].map(([id, row]) => ({ id, row }));
}

function templeStacks(obs, A, legal, act) {
  const stacks = obs.temple_tiles?.stacks ?? {};
  const costs = cat.boards[obs.board]?.temple_costs ?? {};
  const entries = Object.entries(stacks);
  if (!entries.length) return null;
  return h('div', { class: 'temple-stacks' },
    h('div', { class: 'subhead' }, 'Temple tiles'),
    h('div', { class: 'chips' }, entries.map(([id, count]) => {
      const info = costs[id];
      const el = h('span', { class: 'chip temple', 'data-testid': 'temple-stack', 'data-stack': id, title: info ? `cost: ${costWords(info.cost)}` : id },
        h('strong', {}, humanize(id)),
        info ? ` · ${info.vp} VP · ` : ' ',
        info ? h('span', { class: 'temple-cost', 'data-testid': 'temple-cost' }, `costs ${costWords(info.cost)}`) : null,
        ` · ${count} left`);
      target(el, A.TEMPLE + templeIndex(id), legal, act);
      return el;
    })));
}

// --- the Spider Temple -----------------------------------------------------------------------

/** The altar (1-based) the pending "altar" decision fills, read from its choices' words
 * ("put X on altar N"), or null. */
function altarBeingFilled(obs, legal) {
  if (obs.pending?.frame !== 'altar') return null;
  for (const text of legal.values()) {
    const m = String(text).match(/on altar (\d+)/);
    if (m) return Number(m[1]);
  }
  return null;
}

function altarEl(obs, altar, A, legal, act, you, filling) {
  const k = altar.altar - 1;
  const seats = (altar.tablets ?? []).map((n, seat) => h('span', {
    class: ['chip', 'altar-tablets', seat === you && 'mine'], 'data-testid': 'altar-tablets', 'data-seat': seat, title: `${seatName(seat, you)}: ${plural(n, 'dark tablet')} under this altar`,
  }, h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), ` ${n}`));
  if (typeof altar.rival_tablets === 'number') {
    seats.push(h('span', { class: 'chip altar-tablets rival', 'data-testid': 'altar-tablets-rival', title: `the rival: ${plural(altar.rival_tablets, 'dark tablet')} under this altar` }, `rival ${altar.rival_tablets}`));
  }
  const artifact = altar.artifact
    ? cardEl(altar.artifact, { testid: 'altar-artifact', compact: true })
    : h('div', { class: 'muted small', 'data-testid': 'altar-empty' },
      filling ? 'choose its artifact in the card row' : 'empty: its first invoker puts an artifact from the card row here');
  const el = h('div', {
    class: ['altar', altar.artifact ? 'full' : 'empty', filling && 'filling'],
    'data-testid': 'altar',
    'data-altar': altar.altar,
  },
  h('div', { class: 'altar-head' },
    h('strong', {}, `Altar ${altar.altar}`),
    h('span', { class: 'pill', title: 'for the most dark tablets under it at the end (ties all score)' }, `${altar.points} VP`),
    h('span', { class: 'small muted', title: 'a research token on this row or higher may invoke it' }, `from row ${altar.min_row}`)),
  artifact,
  h('div', { class: 'chips' }, seats));
  return target(el, A.ALTAR + k, legal, act);
}

function spiderPanel(obs, A, legal, act, you) {
  const sp = obs.spider;
  if (!sp) return null;
  const supply = sp.dark_supply ?? [];
  const perTablet = sp.points_per_placed_tablet ?? 0;
  const filling = altarBeingFilled(obs, legal);
  const spaces = supply.map((space, i) => h('span', {
    class: ['chip', 'dark-space', space.tablets ? 'stocked' : 'empty'],
    'data-testid': 'dark-space',
    'data-points': space.points,
    'data-tablets': space.tablets,
    title: `space ${i + 1}: ${space.points} VP per placed tablet once empty · ${plural(space.tablets, 'dark tablet')} left`,
  }, h('strong', {}, `${space.points}`), ` · ${space.tablets} left`));
  const held = (sp.dark_tablets ?? []).map((n, seat) => h('span', { class: 'pill', 'data-testid': 'seat-dark-tablets', 'data-seat': seat },
    h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), `${seatName(seat, you)}: ${plural(n, 'dark tablet')}`));
  return h('section', { class: 'panel arnak-spider', 'data-testid': 'spider' },
    h('h3', {}, 'Spider Temple'),
    h('div', { class: 'subhead', title: 'dark tablets are taken from the left and come back from the right' }, 'Dark tablet supply'),
    h('div', { class: 'chips dark-supply', 'data-testid': 'dark-supply' }, spaces),
    h('p', { class: 'small', 'data-testid': 'dark-penalty' },
      `Each dark tablet placed under an altar would score ${perTablet} VP if the game ended now (unused dark tablets go back to the supply first).`),
    h('div', { class: 'chips' }, held),
    h('div', { class: 'subhead' }, 'Altars'),
    h('p', { class: 'muted small' }, 'Invoking an altar with a dark tablet is a main action: click a highlighted altar.'),
    h('div', { class: 'altars', 'data-testid': 'altars' }, (sp.altars ?? []).map((altar) => altarEl(obs, altar, A, legal, act, you, filling === altar.altar))));
}

// --- the Owl Temple --------------------------------------------------------------------------

const OWL_KINDS = { vp1: 'Owl 1', vp5: 'Owl 5', vp10: 'Owl 10', idol: 'idol' };

/** An Owl tile (or a face-down idol) in words: "Owl tile of 5 VP", "face-down idol". */
function owlWhat(kind, points) {
  return kind === 'idol' ? 'face-down idol' : `Owl tile of ${points ?? 0} VP`;
}

function owlTileChip(kind, points) {
  return h('strong', { class: ['owl-mark', `owl-${kind}`] }, kind === 'idol' ? 'idol' : `Owl ${points ?? 0}`);
}

/** Who took a passage (obs "taken_by": null, a seat or "rival"), in words. */
function takerName(taken, you) {
  if (!isSet(taken)) return 'open';
  return taken === 'rival' ? 'the rival' : seatName(taken, you);
}

/** The Owl tiles lying on space `nodeId`, each bought by a click where legal, and the
 * secret passages leaving from it. */
function owlOnNode(obs, nodeId, A, legal, act) {
  const owl = obs.owl;
  if (!owl) return null;
  const tiles = (owl.track_tiles ?? []).filter((t) => t.space === nodeId).map((t) => target(h('span', {
    class: ['chip', 'owl-tile', t.marked && 'marked'],
    'data-testid': 'owl-track-tile',
    'data-tile': t.tile,
    'data-kind': t.kind,
    title: `${owlWhat(t.kind, t.points)} lying here: costs ${costWords(t.cost) || 'nothing'}${t.marked ? ' (marked by the rival\'s compass)' : ''}`,
  }, owlTileChip(t.kind, t.points), ` · ${costWords(t.cost)}`, t.marked ? ' · marked' : ''), A.TRACK_TILE + t.tile - 1, legal, act));
  const passages = (owl.passages ?? []).filter((p) => p.from === nodeId).map((p) => target(h('span', {
    class: ['chip', 'owl-passage-exit', isSet(p.taken_by) && 'taken'],
    'data-testid': 'passage-exit',
    'data-passage': p.passage,
    title: `secret passage ${p.passage} to row ${p.row}: ${takerName(p.taken_by, obs.you)}`,
  }, `⇢ passage ${p.passage} (row ${p.row})`), A.PASSAGE + p.passage - 1, legal, act));
  if (!tiles.length && !passages.length) return null;
  return h('div', { class: 'chips owl-on-node' }, tiles, passages);
}

/** The reserved spaces of the secret passages that end on `row`, with the glass in one. */
function passageSlots(obs, row, A, legal, act, you) {
  const owl = obs.owl;
  if (!owl) return null;
  return (owl.passages ?? []).filter((p) => p.row === row).map((p) => {
    const inside = [];
    (owl.seats ?? []).forEach((s, seat) => {
      if (s.passage === p.passage) inside.push(tokenEl('glass', seat, you));
    });
    if (obs.rival && obs.rival.passage === p.passage) inside.push(h('span', { class: 'token glass rival', 'data-testid': 'token-rival', title: 'the rival: magnifying glass' }, 'RG'));
    const el = h('div', { class: ['node', 'passage-slot', isSet(p.taken_by) && 'taken'], 'data-testid': 'passage-slot', 'data-passage': p.passage,
      title: `secret passage ${p.passage}, from ${String(p.from).split('.').pop()}: a glass here scores row ${row}` },
    h('span', { class: 'node-id' }, `P${p.passage}`),
    inside.length ? h('span', { class: 'tokens' }, inside) : h('span', { class: 'muted small' }, isSet(p.taken_by) ? '' : OWL_KINDS[p.content] ?? p.content));
    return target(el, A.PASSAGE + p.passage - 1, legal, act);
  });
}

function passageEl(obs, p, A, legal, act, you) {
  const taken = p.taken_by;
  const info = (cat.boards[obs.board]?.owl?.passages ?? []).find((q) => q.passage === p.passage);
  const el = h('div', { class: ['owl-passage', isSet(taken) && 'taken'], 'data-testid': 'owl-passage', 'data-passage': p.passage, 'data-taken-by': isSet(taken) ? String(taken) : 'open' },
    h('div', { class: 'altar-head' },
      h('strong', {}, `Passage ${p.passage}`),
      h('span', { class: 'small' }, `from ${String(p.from).split('.').pop()} → row ${p.row}`)),
    h('div', { class: 'small', 'data-testid': 'passage-holds' }, `${isSet(taken) ? 'held' : 'holds'}: ${info ? owlWhat(p.content, info.points) : OWL_KINDS[p.content] ?? p.content}`),
    h('div', { class: 'small' }, `costs ${costWords(p.cost) || 'nothing'}`),
    h('div', { class: 'small', 'data-testid': 'passage-taker' },
      isSet(taken) && taken !== 'rival' ? h('span', { class: 'seat-dot', style: { background: seatColour(taken) } }) : null,
      isSet(taken) ? `taken by ${takerName(taken, you)}` : 'open'));
  return target(el, A.PASSAGE + p.passage - 1, legal, act);
}

function topPileEl(obs, pile, k, A, legal, act) {
  const el = h('span', {
    class: ['chip', 'owl-top', pile.left ? 'stocked' : 'empty'],
    'data-testid': 'owl-top',
    'data-pile': pile.pile,
    'data-left': pile.left,
    title: `${owlWhat(pile.kind, pile.points)}: a research token on row ${pile.from_row} or higher may buy one for ${costWords(pile.cost)}`,
  },
  owlTileChip(pile.kind, pile.points),
  ` · ${pile.left} left · from row ${pile.from_row} · `,
  h('span', { class: 'temple-cost', 'data-testid': 'owl-top-cost' }, `costs ${costWords(pile.cost)}`));
  return target(el, A.TEMPLE + k, legal, act);
}

function owlSeatEl(obs, label, dot, own, testid, seat) {
  const tiles = own.owl_tiles ?? [];
  const where = [];
  if (isSet(own.passage)) where.push(`glass in passage ${own.passage}`);
  if (isSet(own.lantern)) where.push(`lantern on ${String(own.lantern).split('.').pop()}${isSet(own.lantern_row) ? ` (row ${own.lantern_row})` : ''}`);
  const slots = isSet(own.owl_slots) ? ` · idol slots from them: ${own.owl_slotted ?? 0} of ${own.owl_slots} filled` : '';
  return h('div', { class: 'owl-seat small', 'data-testid': testid, 'data-seat': seat },
    dot, h('strong', {}, label), ': ',
    h('span', { 'data-testid': 'owl-tiles' }, tiles.length ? `Owl tiles ${tiles.join(' + ')} VP` : 'no Owl tiles'),
    slots,
    where.length ? ` · ${where.join(' · ')}` : '');
}

function owlPanel(obs, A, legal, act, you) {
  const owl = obs.owl;
  if (!owl) return null;
  const staticTop = cat.boards[obs.board]?.owl?.top ?? [];
  const piles = (owl.top ?? []).map((pile, k) => topPileEl(obs, pile, staticTop.find((t) => t.pile === pile.pile)?.index ?? k, A, legal, act));
  const lying = (owl.track_tiles ?? []).map((t) => h('span', { class: ['chip', 'owl-lying', t.marked && 'marked'], 'data-testid': 'owl-lying', 'data-tile': t.tile },
    owlTileChip(t.kind, t.points), ` on ${String(t.space).split('.').pop()} · ${costWords(t.cost)}${t.marked ? ' · marked' : ''}`));
  const seats = (owl.seats ?? []).map((own, seat) => owlSeatEl(obs, seatName(seat, you),
    h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), own, 'owl-seat', seat));
  if (obs.rival) {
    seats.push(owlSeatEl(obs, 'The rival', null, { owl_tiles: obs.rival.owl_tiles, passage: obs.rival.passage, lantern: obs.rival.lantern }, 'owl-seat-rival', 'rival'));
  }
  return h('section', { class: 'panel arnak-owl', 'data-testid': 'owl' },
    h('h3', {}, 'Owl Temple'),
    h('p', { class: 'muted small' }, 'A research action may send your glass into a secret passage leaving from its space, buy an Owl tile where one of your tokens stands, or buy from a top pile once a token of yours reaches its row: click a highlighted passage, tile or pile. Every two Owl tiles make an idol slot.'),
    h('div', { class: 'subhead' }, 'Top of the temple'),
    h('div', { class: 'chips', 'data-testid': 'owl-top-piles' }, piles),
    h('div', { class: 'subhead' }, 'Secret passages'),
    h('div', { class: 'altars', 'data-testid': 'owl-passages' }, (owl.passages ?? []).map((p) => passageEl(obs, p, A, legal, act, you))),
    h('div', { class: 'subhead' }, `Owl tiles on the track (${lying.length})`),
    lying.length ? h('div', { class: 'chips' }, lying) : h('p', { class: 'muted small' }, 'none left'),
    h('div', { class: 'subhead' }, 'Owl tiles held'),
    h('div', { 'data-testid': 'owl-seats' }, seats));
}

// --- your side, the other seats --------------------------------------------------------------

function assistantEl(a, A, legal, act) {
  const info = cat.assistants.get(a.id);
  const effect = info ? (a.gold ? info.gold : info.silver) : '';
  const el = h('div', { class: ['assistant', a.gold ? 'gold' : 'silver', a.exhausted && 'exhausted'], 'data-testid': 'assistant', 'data-assistant': a.id },
    h('strong', {}, `${a.id}${info ? ` ${humanize(info.nickname)}` : ''}`),
    h('span', { class: 'pill' }, a.gold ? 'gold' : 'silver'),
    a.exhausted ? h('span', { class: 'muted small' }, ' exhausted') : null,
    effect ? h('div', { class: 'small' }, effect + (info?.main ? ' (main action)' : '')) : null);
  if (A) target(el, A.ASSISTANT + assistantIndex(a.id), legal, act);
  return el;
}

function guardianOwned(g, A, legal, act) {
  const el = guardianEl(g.id, { class: ['guardian', g.boon_used && 'used'].filter(Boolean).join(' ') });
  if (g.boon_used) el.append(h('span', { class: 'muted small' }, ' · boon used'));
  if (A) target(el, A.BOON + guardianIndex(g.id), legal, act);
  return el;
}

function idolsEl(idols, A, legal, act) {
  const slots = (idols?.slots ?? []).map((full, slot) => {
    const el = h('span', { class: ['idol-slot', full && 'full'], 'data-testid': 'idol-slot', 'data-slot': slot, title: full ? 'an idol in this slot' : 'empty slot' }, full ? '●' : '○');
    if (A) target(el, A.UNSLOT + slot, legal, act);
    return el;
  });
  const effects = A ? cat.slotEffects.map((fx, i) => [A.IDOL_SLOT + i, fx]).filter(([id]) => legal.has(id)) : [];
  for (const [id] of effects) shown.add(id);
  return h('div', { class: 'idols' },
    h('span', {}, `idols: ${idols?.crates ?? 0} in crates · slots `), slots,
    effects.length ? h('div', { class: 'buttons' }, effects.map(([id, fx]) => actButton(id, legal, act, `slot: ${fx.text}`, { class: 'act small primary' }))) : null);
}

function seatDetails(obs, seat, A, legal, act, you) {
  const mine = seat === you;
  const B = mine ? A : null; // only your own pieces are click targets
  const research = obs.research?.[seat] ?? {};
  const assistants = obs.assistants?.players?.[seat] ?? [];
  const guardians = obs.guardians?.[seat] ?? [];
  const temples = obs.temple_tiles?.players?.[seat] ?? [];
  const play = obs.play_area?.[seat] ?? [];
  const fear = obs.fear_tiles?.[seat] ?? 0;
  const playCards = play.map((id) => cardEl(id, mine ? { choices: [[A.PLAY_AREA + cardType(id), 'exile']], legal, act, testid: 'play-card', compact: true } : { testid: 'play-card', compact: true }));
  // What the seat owns off the table (hand and deck together): public, as every card
  // joins a seat face up.
  const offTable = [...(obs.cards_owned?.[seat] ?? [])];
  for (const id of play) {
    const at = offTable.indexOf(id);
    if (at >= 0) offTable.splice(at, 1);
  }
  const counts = new Map();
  for (const id of offTable) counts.set(id, (counts.get(id) ?? 0) + 1);
  const offTableText = [...counts].map(([id, n]) => (cat.cards.get(id)?.name ?? id) + (n > 1 ? ` ×${n}` : '')).join(', ');
  let fearTiles = null;
  if (fear) {
    fearTiles = h('span', { class: 'chip fear-tile', 'data-testid': 'fear-tile' }, `Fear tile ×${fear}`);
    if (mine) target(fearTiles, A.FEAR_TILE, legal, act);
  }
  return [
    h('div', { class: 'player-stats' },
      resourceChips(obs.resources?.[seat]),
      obs.spider ? h('span', { class: 'chip dark-tablet', 'data-testid': 'dark-tablets', title: 'of its tablets, the dark ones (they may invoke an altar)' },
        `dark tablets ${obs.spider.dark_tablets?.[seat] ?? 0}`) : null,
      h('span', { class: 'small' }, `hand ${obs.hand_sizes?.[seat] ?? 0} · deck ${obs.deck_sizes?.[seat] ?? 0}`),
      h('span', { class: 'small' }, researchLine(obs, seat, research))),
    h('div', { class: 'subhead' }, `Play area (${play.length})`),
    play.length || fear ? h('div', { class: 'arnak-cards small' }, playCards, fearTiles) : h('p', { class: 'muted small' }, 'empty'),
    obs.cards_owned ? h('p', { class: 'muted small', 'data-testid': 'off-table' }, `Hand and deck: ${offTableText || 'none'}`) : null,
    idolsEl(obs.idols?.[seat], B, legal, act),
    assistants.length ? h('div', { class: 'assistants' }, assistants.map((a) => assistantEl(a, B, legal, act))) : h('p', { class: 'muted small' }, 'No assistants.'),
    guardians.length ? h('div', { class: 'guardians' }, guardians.map((g) => guardianOwned(g, B, legal, act))) : null,
    temples.length ? h('div', { class: 'chips' }, temples.map((t) => h('span', { class: 'chip temple' }, humanize(t)))) : null,
  ];
}

/** Where a seat's research tokens stand, in words (its lantern, its glass in a passage). */
function researchLine(obs, seat, research) {
  const own = obs.owl?.seats?.[seat];
  const at = (id) => String(id ?? '-').split('.').pop();
  const glass = isSet(own?.passage)
    ? `glass in secret passage ${own.passage} (row ${own.glass_row ?? 0})`
    : `glass on ${at(research.glass)} (row ${research.glass_row ?? 0})`;
  const parts = [glass, `notebook on ${at(research.notebook)} (row ${research.notebook_row ?? 0})`];
  if (own) parts.push(isSet(own.lantern) ? `lantern on ${at(own.lantern)} (row ${own.lantern_row ?? 0})` : 'lantern not on the track');
  return parts.join(' · ');
}

function deckKnown(obs) {
  const deck = obs.deck_known ?? {};
  const top = deck.top ?? [];
  const known = (deck.public ?? []).filter((id) => id !== null && id !== undefined);
  const name = (id) => cat.cards.get(id)?.name ?? id;
  if (!top.length && !known.length) return null;
  return h('p', { class: 'small', 'data-testid': 'deck-known' },
    top.length ? `Top of your deck: ${top.map(name).join(', ')}. ` : '',
    known.length ? `Known cards in your deck: ${known.map(name).join(', ')}.` : '');
}

function youPanel(obs, A, legal, act, you) {
  const hand = obs.hand ?? [];
  // at the round's end each card is asked about in turn: kept (a button) or discarded (here)
  const label = obs.pending?.frame === 'keep' ? 'discard' : 'choose';
  const cards = hand.map((id) => {
    const el = cardEl(id, { choices: [[A.HAND + cardType(id), label]], legal, act, testid: 'hand-card' });
    if (label === 'discard' && el.hasAttribute('data-act')) {
      el.append(h('div', { class: 'click-does', 'data-testid': 'click-does' }, 'click: discard to your play area'));
    }
    return el;
  });
  return h('section', { class: ['panel', 'arnak-you'], 'data-testid': 'your-side' },
    h('h3', {}, 'You'),
    h('div', { class: 'player-head' },
      h('span', { class: 'seat-dot', style: { background: seatColour(you) } }),
      h('strong', {}, `Seat ${you}`),
      h('span', { class: 'pill' }, `${obs.scores_so_far?.[you] ?? 0} VP so far`),
      obs.passed?.[you] ? h('span', { class: 'pill muted' }, 'passed') : null),
    h('div', { class: 'subhead' }, `Hand (${hand.length})`),
    hand.length ? h('div', { class: 'arnak-cards', 'data-testid': 'hand' }, cards) : h('p', { class: 'muted' }, 'No cards in hand.'),
    deckKnown(obs),
    seatDetails(obs, you, A, legal, act, you));
}

function playersPanel(obs, A, legal, act, you) {
  const seats = [];
  for (let seat = 0; seat < (obs.players ?? 0); seat++) {
    if (seat === you) continue;
    seats.push(h('div', { class: ['player', obs.current_player === seat && 'current'], 'data-testid': 'player', 'data-seat': seat },
      h('div', { class: 'player-head' },
        h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }),
        h('strong', {}, seatName(seat, you)),
        h('span', { class: 'pill' }, `${obs.scores_so_far?.[seat] ?? 0} VP so far`),
        obs.passed?.[seat] ? h('span', { class: 'pill muted' }, 'passed') : null),
      seatDetails(obs, seat, A, legal, act, you)));
  }
  if (!seats.length) return null;
  return h('section', { class: 'panel', 'data-testid': 'players' }, h('h3', {}, 'Other expeditions'), h('div', { class: 'players' }, seats));
}

function supplyPanel(obs, A, legal, act) {
  const assistants = obs.assistants ?? {};
  const stacks = (assistants.supply ?? []).map((stack, i) => {
    if (!stack.top) return h('div', { class: 'assistant empty muted small' }, `stack ${i + 1}: empty`);
    const el = assistantEl({ id: stack.top, gold: false, exhausted: false }, A, legal, act);
    el.append(h('div', { class: 'muted small' }, `stack ${i + 1}: ${stack.count} left`));
    return el;
  });
  const rescue = assistants.rescue;
  let rescueEl = null;
  if (rescue) {
    rescueEl = rescue.top
      ? assistantEl({ id: rescue.top, gold: false, exhausted: false }, A, legal, act)
      : h('div', { class: 'muted small' }, 'nobody left to rescue');
    rescueEl.append(h('div', { class: 'muted small' }, `to rescue: ${rescue.count}`));
    if (rescue.known?.length) rescueEl.append(h('div', { class: 'muted small' }, `you saw: ${rescue.known.join(', ')}`));
  }
  return h('section', { class: 'panel', 'data-testid': 'supply' },
    h('h3', {}, 'Assistants on offer'),
    h('div', { class: 'assistants' }, stacks, rescueEl));
}

function rivalPanel(obs, ctx) {
  const r = obs.rival;
  if (!r) return null;
  return h('section', { class: 'panel arnak-rival', 'data-testid': 'rival' },
    h('h3', {}, 'The rival'),
    // the table's note says which of its data is placeholder
    ctx?.table?.placeholder_data ? h('p', { class: 'hint small' }, 'Its tile-back arrows are placeholder data: see the note above.') : null,
    h('div', { class: 'player-stats' },
      h('span', { class: 'pill' }, `${r.score ?? 0} VP`),
      h('span', { class: 'pill' }, `archaeologists home: ${r.archaeologists_home ?? 0}`),
      h('span', { class: 'pill' }, isSet(r.passage) ? `glass in secret passage ${r.passage}` : `glass on ${String(r.glass ?? '-').split('.').pop()} (row ${r.glass_row ?? 0})`),
      obs.owl ? h('span', { class: 'pill', 'data-testid': 'rival-lantern' }, isSet(r.lantern) ? `lantern on ${String(r.lantern).split('.').pop()}` : 'lantern not on the track') : null,
      obs.owl ? h('span', { class: 'pill' }, `Owl tiles: ${(r.owl_tiles ?? []).join(' + ') || 'none'}`) : null,
      h('span', { class: 'pill' }, `tiles left: ${r.stack_left ?? 0}`),
      h('span', { class: 'pill' }, `next arrow: ${r.next_arrow === 'left' ? '← left' : r.next_arrow === 'right' ? 'right →' : '?'}`)),
    (r.cards ?? []).length ? h('div', { class: 'arnak-cards small' }, r.cards.map((id) => cardEl(id, { compact: true, testid: 'rival-card' }))) : null,
    h('p', { class: 'small' },
      `Guardians: ${(r.guardians ?? []).join(', ') || 'none'} · idols face up: ${(r.idols_face_up ?? []).map(humanize).join(', ') || 'none'}` +
      ` · -1 pile: ${r.idols_minus_one ?? 0} · temple tiles: ${(r.temple_tiles ?? []).map(humanize).join(', ') || 'none'}`),
    h('p', { class: 'muted small' }, `Used action tiles: ${(r.used ?? []).map(humanize).join(', ') || 'none'}`),
    (r.tiles ?? []).length ? h('p', { class: 'muted small' }, `Its tiles: the five dig tiles, ${r.tiles.filter((t) => !t.startsWith('dig_')).map(humanize).join(', ')}`) : null,
    typeof r.notebook === 'string' ? h('p', { class: 'small' }, `Notebook on ${r.notebook.split('.').pop()} (row ${r.notebook_row ?? 0})`) : null,
    turnsEl('This round', r.turns, 'rival-turns', true),
    turnsEl('Last round', r.last_round_turns, 'rival-last-turns', (r.turns ?? []).length <= 1),
    Array.isArray(r.objectives) ? objectivesEl(r) : null);
}

// What the rival did, a line a turn (last round's open at a round's start: its end came
// after you passed, all at once).
function turnsEl(title, turns, testid, open) {
  if (!Array.isArray(turns) || !turns.length) return null;
  return h('details', { class: 'arnak-rival-turns', 'data-testid': testid, open },
    h('summary', {}, title),
    h('ol', {}, turns.map((line) => h('li', {}, line))));
}

// Rival Objectives (Twisted Paths): what the rival wants to do before you this round.
function objectivesEl(r) {
  const status = (goal) => (goal.done_by === 'you' ? 'you did it first (no points)'
    : goal.done_by === 'rival' ? `the rival did it first (+${goal.points})` : 'open');
  return h('div', { class: 'arnak-objectives', 'data-testid': 'rival-objectives' },
    h('h4', {}, `Rival objectives (the rival's points from them, all rounds: ${r.objective_points ?? 0})`),
    r.objectives.length
      ? h('ul', {}, r.objectives.map((goal) => h('li', { 'data-testid': 'rival-objective', 'data-done-by': goal.done_by ?? 'open' },
        `${goal.text} (${goal.points} points): `, h('strong', {}, status(goal)))))
      : h('p', { class: 'muted small' }, 'turned up after the rival\'s first turn of the round'));
}

// --- status and the current decision ---------------------------------------------------------

function strip(obs, you) {
  const round = obs.round ?? 1;
  const moon = Array.from({ length: ROUNDS }, (_, i) => (i < round ? '●' : '○')).join('');
  const bits = [
    h('span', { class: 'pill' }, `Round ${round} of ${ROUNDS}`),
    h('span', { class: 'pill', title: 'the moon staff: one mark a round' }, `moon staff ${moon}`),
    h('span', { class: 'pill' }, `${humanize(obs.board ?? 'bird')} Temple side`),
    h('span', { class: 'pill' }, h('span', { class: 'seat-dot', style: { background: seatColour(obs.start_player ?? 0) } }), `start: ${seatName(obs.start_player, you)}`),
  ];
  if (obs.current_player === GAME_OVER) bits.push(h('span', { class: 'pill win' }, 'game over'));
  else if (typeof obs.current_player === 'number' && obs.current_player >= 0) {
    bits.push(h('span', { class: 'pill turn' }, h('span', { class: 'seat-dot', style: { background: seatColour(obs.current_player) } }),
      obs.current_player === you ? 'your turn' : `seat ${obs.current_player}'s turn`));
  }
  if (obs.main_action_used) bits.push(h('span', { class: 'pill muted' }, 'main action used'));
  const pool = obs.travel_pool ?? {};
  if (ICONS.some((i) => pool[i])) bits.push(h('span', { class: 'pill', title: 'travel gained this turn' }, `travel: ${travelText(pool)}`));
  if (obs.twisted_paths_sites) bits.push(h('span', { class: 'pill', title: 'Twisted Paths\' two level I and two level II site tiles are in the piles' }, 'Twisted Paths site tiles'));
  if (obs.solo) bits.push(h('span', { class: 'pill', title: 'difficulty' }, `solo${obs.difficulty !== null && obs.difficulty !== undefined ? ` · level ${obs.difficulty}` : ''}`));
  return h('div', { class: 'strip', 'data-testid': 'arnak-status' }, bits);
}

function nowPanel(obs, A, legal, act, you) {
  const pending = obs.pending;
  const body = [];
  if (obs.current_player === GAME_OVER) body.push(h('p', { class: 'step-text' }, 'The game is over.'), finalScores(obs, you));
  else if (pending) {
    const who = pending.player === you ? '' : `Seat ${pending.player}: `;
    body.push(h('p', { class: 'step-text', 'data-testid': 'prompt' }, who + (pending.prompt ?? '')));
    const travel = pending.travel;
    if (travel) {
      const where = travel.site ? ` to ${travel.site}` : '';
      const paid = ICONS.some((i) => travel.paid?.[i]) ? travelText(travel.paid) : 'nothing yet';
      body.push(h('p', { class: 'muted', 'data-testid': 'travel-due' }, `travel${where}: costs ${travelText(travel.cost)}; paid ${paid}`));
    }
    if (pending.from) body.push(h('p', { class: 'muted', 'data-testid': 'moving-from' }, `moving the piece at ${pending.from}`));
    if (keepHelp(obs, A, legal, you)) body.push(keepHelp(obs, A, legal, you));
  }
  const drawn = pending?.drawn ?? [];
  if (drawn.length) {
    body.push(h('div', { class: 'subhead' }, 'Cards drawn (only you see them)'),
      h('div', { class: 'arnak-cards', 'data-testid': 'drawn' },
        drawn.map((id) => cardEl(id, { choices: [[A.CARD + cardType(id), 'choose']], legal, act, testid: 'drawn-card' }))));
  }
  const buttons = [];
  for (const [id, text] of legal) {
    if (shown.has(id)) continue;
    const quiet = id === A.DONE || id === A.PASS || id === A.END_TURN;
    buttons.push(actButton(id, legal, act, text, { class: ['act', quiet ? 'secondary' : 'primary'].join(' ') }));
  }
  if (buttons.length) body.push(h('div', { class: 'buttons' }, buttons));
  const onBoard = [...legal.keys()].filter((id) => shown.has(id)).length;
  const places = obs.spider ? 'cards, sites, spaces and altars'
    : obs.owl ? 'cards, sites, spaces, passages, Owl tiles and piles' : 'cards, sites and spaces';
  if (onBoard && !keepHelp(obs, A, legal, you)) body.push(h('p', { class: 'muted small' }, `${onBoard} more choice${onBoard === 1 ? '' : 's'}: click the highlighted ${places}.`));
  if (!body.length) return null;
  return h('section', { class: 'panel step', 'data-testid': 'now' }, h('h3', {}, 'Now'), body);
}

/** At the round's end, what a click on the highlighted hand card does, in words (its
 * tooltip is no help on a phone): discard it; the button keeps it. */
function keepHelp(obs, A, legal, you) {
  if (obs.pending?.frame !== 'keep' || obs.pending.player !== you) return null;
  const discards = [...legal].filter(([id]) => id >= A.HAND && id < A.HAND + A.NUM_CARD_TYPES);
  if (!discards.length) return null;
  const keep = legal.get(A.DONE);
  return h('p', { class: 'hint', 'data-testid': 'keep-help' },
    `A click on the highlighted card in your hand: ${discards.map(([, text]) => text).join(' or ')}.`,
    keep ? ` The button: ${keep}.` : '');
}

function finalScores(obs, you) {
  const final = obs.final_scores;
  if (!Array.isArray(final) || !final.length) return null;
  const rivalParts = obs.rival?.score_parts ?? null;
  const sources = [...new Set([...final, ...(rivalParts ? [rivalParts] : [])].flatMap((parts) => Object.keys(parts)))];
  const rows = final.map((parts, seat) => {
    const values = sources.map((k) => parts[k] ?? 0);
    return h('tr', { 'data-testid': 'final-score', 'data-seat': seat },
      h('td', {}, h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), ` ${seatName(seat, you)}`),
      values.map((v) => h('td', { class: 'num' }, String(v))),
      h('td', { class: 'num' }, h('strong', {}, String(values.reduce((a, b) => a + b, 0)))));
  });
  if (obs.rival) {
    rows.push(h('tr', { 'data-testid': 'final-score-rival' }, h('td', {}, 'The rival'),
      sources.map((k) => h('td', { class: 'num' }, rivalParts ? String(rivalParts[k] ?? 0) : '')),
      h('td', { class: 'num' }, h('strong', {}, String(obs.rival.score ?? 0)))));
  }
  return h('table', { class: 'list', 'data-testid': 'final-scores' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Seat'), sources.map((k) => h('th', { class: 'num' }, humanize(k))), h('th', { class: 'num' }, 'Total'))),
    h('tbody', {}, rows));
}

// --- styles --------------------------------------------------------------------------------

const STYLE = `
.arnak .arnak-grid { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(280px, 1fr); gap: 0 0.9rem; align-items: start; }
@media (max-width: 1000px) { .arnak .arnak-grid { grid-template-columns: 1fr; } }
.arnak .arnak-cards { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: stretch; }
.arnak .arnak-card { position: relative; width: 10.5rem; padding: 0.35rem 0.45rem; border-radius: 7px; background: #fff;
  border: 1px solid #d6cfc2; border-top: 5px solid var(--kind); box-shadow: var(--shadow); font-size: 0.85rem; }
.arnak .arnak-card.compact { width: auto; min-width: 6rem; }
.arnak .arnak-card .card-head { display: flex; justify-content: space-between; gap: 0.3rem; font-weight: 700; }
.arnak .arnak-card .card-meta { display: flex; gap: 0.5rem; color: var(--muted); font-size: 0.8rem; }
.arnak .arnak-card .card-text { margin-top: 0.2rem; font-size: 0.78rem; line-height: 1.25; }
.arnak .arnak-card .vp { margin-left: auto; font-weight: 600; color: var(--ink); }
.arnak .arnak-row { display: flex; gap: 0.6rem; align-items: stretch; flex-wrap: wrap; }
.arnak .moon-staff { display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 0 0.4rem;
  border-left: 3px solid #c5a100; border-right: 3px solid #c5a100; border-radius: 4px; background: #fff8e1; }
.arnak .arnak-map { display: flex; flex-direction: column; gap: 0.5rem; container-type: inline-size; }
.arnak .map-row { display: grid; grid-template-columns: repeat(var(--half, 2), minmax(0, 1fr)); gap: 0.5rem; }
@container (min-width: 40rem) { .arnak .map-row { grid-template-columns: repeat(var(--n, 4), minmax(0, 1fr)); } }
.arnak .arnak-site { position: relative; padding: 0.4rem 0.5rem; border-radius: 8px; border: 1px solid #cfc6b4; background: #f7f3ea; font-size: 0.85rem; }
.arnak .arnak-site.site-camp { background: #eef6e9; }
.arnak .arnak-site.site-level2 { background: #f3ecf7; }
.arnak .arnak-site.undiscovered { background: repeating-linear-gradient(45deg, #ece6da, #ece6da 6px, #f4efe6 6px, #f4efe6 12px); }
.arnak .site-head { display: flex; gap: 0.4rem; align-items: center; }
.arnak .site-text { margin: 0.2rem 0; }
.arnak .guardian { font-size: 0.8rem; color: #7f1d1d; margin: 0.15rem 0; }
.arnak .guardian.used { opacity: 0.6; }
.arnak .spaces { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.25rem; }
.arnak .space { display: inline-flex; align-items: center; gap: 0.2rem; font-size: 0.8rem; }
.arnak .meeple { display: inline-flex; align-items: center; justify-content: center; width: 1.35rem; height: 1.35rem; border-radius: 50% 50% 35% 35%;
  color: #fff; font-weight: 700; font-size: 0.75rem; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.25); }
.arnak .meeple.mine { box-shadow: 0 0 0 2px #263238; }
.arnak .meeple.free { background: transparent; border: 2px dashed #a89f8f; box-shadow: none; }
.arnak .meeple.blocked { background: #9e9e9e; }
.arnak .meeple.rival { background: #4e342e; }
.arnak .arnak-choices { display: flex; gap: 0.3rem; margin-top: 0.3rem; flex-wrap: wrap; }
.arnak .arnak-track { display: flex; flex-direction: column; gap: 0.3rem; }
.arnak .track-row { display: grid; grid-template-columns: 1.4rem minmax(0, 1.4fr) minmax(0, 1fr); gap: 0.5rem; align-items: center;
  border-bottom: 1px dashed #e6dfd2; padding-bottom: 0.25rem; }
.arnak .row-no { font-weight: 700; color: var(--muted); text-align: right; }
.arnak .row-nodes { display: flex; gap: 0.4rem; flex-wrap: wrap; }
.arnak .node { flex: 1; min-width: 5rem; padding: 0.25rem 0.4rem; border-radius: 6px; background: #eef3fb; border: 1px solid #c9d6ea; font-size: 0.82rem; }
.arnak .node.lost-temple { background: #fff3c4; border-color: #e0c25c; }
.arnak .node-id { font-weight: 700; margin-right: 0.3rem; }
.arnak .tokens { display: inline-flex; gap: 0.2rem; margin-left: 0.2rem; }
.arnak .token { display: inline-flex; align-items: center; justify-content: center; min-width: 1.4rem; height: 1.4rem; border-radius: 50%;
  font-size: 0.75rem; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.25); }
.arnak .token.notebook { border-radius: 4px; }
.arnak .token.mine { box-shadow: 0 0 0 2px #263238; }
.arnak .token.rival { background: #4e342e; color: #fff; border-radius: 4px; padding: 0 0.2rem; }
.arnak .arnak-objectives h4 { margin: 0.4rem 0 0.2rem; font-size: 0.9rem; }
.arnak .arnak-objectives ul { margin: 0; padding-left: 1.2rem; font-size: 0.9rem; }
.arnak .arnak-rival-turns { font-size: 0.85rem; margin: 0.3rem 0; }
.arnak .arnak-rival-turns ol { margin: 0.2rem 0; padding-left: 1.4rem; }
.arnak .row-fx div { line-height: 1.3; }
.arnak .chip.bonus { background: #fff3c4; }
.arnak .res-coin { color: #6b5400; } .arnak .chip.res-coin { background: #fff3c4; }
.arnak .res-compass { color: #00695c; } .arnak .chip.res-compass { background: #e0f2f1; }
.arnak .chip.res-tablet { background: #e3f2fd; color: #1a4f8a; }
.arnak .chip.res-arrowhead { background: #fdecea; color: #8e1c12; }
.arnak .chip.res-jewel { background: #f3e5f5; color: #6a1b9a; }
.arnak .arnak-card .free { font-size: 0.7rem; padding: 0 0.3rem; border-radius: 4px; background: #fff3c4; color: #6b5400; }
.arnak .token { color: #fff; font-weight: 700; }
.arnak .chip.temple { background: #f3e5f5; }
.arnak .chip.idol { background: #efebe9; }
.arnak .assistants { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.35rem 0; }
.arnak .assistant { padding: 0.3rem 0.45rem; border-radius: 6px; border: 1px solid #cfd8dc; background: #f5f7f8; font-size: 0.82rem; max-width: 15rem; }
.arnak .assistant.gold { background: #fff8e1; border-color: #e0c25c; }
.arnak .assistant.exhausted { opacity: 0.6; transform: rotate(-3deg); }
.arnak .idols { margin: 0.35rem 0; font-size: 0.85rem; }
.arnak .idol-slot { display: inline-block; min-width: 1.3rem; text-align: center; }
.arnak .player-stats { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
.arnak .player { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 0.5rem; }
.arnak .player.current .player-head strong { text-decoration: underline; }
.arnak .player-head { display: flex; align-items: center; gap: 0.4rem; margin-bottom: 0.3rem; }
.arnak .step-text { font-weight: 600; }
.arnak .discover-cost { font-weight: 600; }
.arnak .chip.temple .temple-cost { color: #4a2a5a; }
.arnak .node-vp { color: var(--muted); font-weight: 600; }
.arnak .dark-effect { margin: 0.15rem 0; color: #37256b; }
.arnak .dark-mark { color: #37256b; }
.arnak .chip.dark-tablet { background: #37256b; color: #fff; }
.arnak .chip.dark-space.stocked { background: #e8e4f3; color: #37256b; }
.arnak .chip.dark-space.empty { background: transparent; border: 1px dashed #a89fc2; color: var(--muted); }
.arnak .altars { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0.45rem; }
.arnak .altar { padding: 0.3rem 0.45rem; border-radius: 6px; border: 1px solid #b9b0d6; background: #f4f1fb; font-size: 0.82rem; }
.arnak .altar.filling { border: 2px solid #b45309; }
.arnak .altar-head { display: flex; gap: 0.35rem; align-items: center; flex-wrap: wrap; }
.arnak .chip.altar-tablets.mine { box-shadow: 0 0 0 1px #263238; }
.arnak .token.lantern { border-radius: 30% 30% 50% 50%; }
.arnak .owl-on-node { margin-top: 0.15rem; }
.arnak .chip.owl-tile, .arnak .chip.owl-lying { background: #fdf1e0; color: #6b3f00; }
.arnak .chip.owl-tile.marked, .arnak .chip.owl-lying.marked { border: 1px dashed #6b3f00; }
.arnak .chip.owl-passage-exit { background: #e6eef0; color: #234; }
.arnak .chip.owl-passage-exit.taken { opacity: 0.6; }
.arnak .node.passage-slot { flex: 0 0 auto; min-width: 3.2rem; background: #f1eadf; border-style: dashed; border-color: #b59a74; }
.arnak .node.passage-slot.taken { border-style: solid; }
.arnak .owl-passage { padding: 0.3rem 0.45rem; border-radius: 6px; border: 1px dashed #b59a74; background: #faf5ec; font-size: 0.82rem; }
.arnak .owl-passage.taken { border-style: solid; opacity: 0.8; }
.arnak .chip.owl-top.stocked { background: #fdf1e0; color: #6b3f00; }
.arnak .chip.owl-top.empty { background: transparent; border: 1px dashed #b59a74; color: var(--muted); }
.arnak .owl-seat { margin: 0.15rem 0; }
.arnak .arnak-card .click-does { margin-top: 0.25rem; font-size: 0.74rem; font-weight: 700; color: #b45309; }
`;

function ensureStyle() {
  if (document.getElementById('arnak-style')) return;
  document.head.append(h('style', { id: 'arnak-style' }, STYLE));
}

// --- the page ----------------------------------------------------------------------------------

/** The rows the scores panel shows beside the seats: a solo game's rival. */
export function scoreRows(obs) {
  return obs?.rival ? [{ label: 'the rival', score: obs.rival.score ?? 0 }] : [];
}

export function render(root, msg, act, ctx) {
  ensureStyle();
  const obs = msg.observation ?? {};
  const legal = ctx?.legal ?? legalMap(msg);
  const A = actionsOf(ctx);
  const you = typeof obs.you === 'number' ? obs.you : null;
  shown = new Set();
  // the components first, so that the "Now" panel knows which choices they carry
  const grid = h('div', { class: 'arnak-grid' },
    h('div', {},
      sitesPanel(obs, A, legal, act, you),
      cardRowPanel(obs, A, legal, act),
      you !== null ? youPanel(obs, A, legal, act, you) : null),
    h('div', {},
      researchPanel(obs, A, legal, act, you),
      spiderPanel(obs, A, legal, act, you),
      owlPanel(obs, A, legal, act, you),
      supplyPanel(obs, A, legal, act),
      rivalPanel(obs, ctx),
      playersPanel(obs, A, legal, act, you)));
  const view = h('div', { class: 'arnak', 'data-testid': 'arnak' },
    strip(obs, you),
    nowPanel(obs, A, legal, act, you),
    grid);
  clear(root).append(view);
}
