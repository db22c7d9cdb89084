// Anludim: apprentice cards with two halves, five teachers, their stacks of items.
// Built from the observation alone (src/meeple/games/anludim/rules.py _observe).
import { h, clear, humanize, seatColour, legalMap, clickable, actButton, details, counted } from '/static/dom.js';

// Action ids (src/meeple/games/anludim/actions.py); GET /api/games overrides them.
const DEFAULT_ACTIONS = {
  PICK: 0,
  PLACE: 130,
  DRAW_TWO: 135,
  FACE_UP: 136,
  CONFIRM: 139,
  TAKE_BACK: 140,
  DISCARD_ITEM: 172,
  DISCARD_SCROLL: 197,
  END_TURN: 198,
  KEEP: 199,
  KEEP_DONE: 264,
};
const DISCIPLINES = ['straight', 'flush', 'pairs', 'three_of_a_kind', 'gathering'];
const PHASES = {
  main: 'main action',
  placing: 'placing a combination',
  after_main: 'optional action or end of turn',
  keeping: 'keeping cards for the next round',
  over: 'game over',
};
const REASONS = {
  five_kinds: 'five different items',
  three_stacks_empty: 'three stacks empty',
  no_progress: 'no progress possible',
};
const ITEM_ICONS = { vial: '⚗', star: '★', voodoo_doll: '☠', talisman: '☥', crystal_chest: '◈' };

// Which half of each card is up (the half a click picks), by card id: the player's
// own choice, kept while the page lives, like turning a card in your hand.
const flips = new Map();

function actionsOf(ctx) {
  return { ...DEFAULT_ACTIONS, ...(ctx?.info?.actions ?? {}) };
}

function halfEl(half, which, extra = {}) {
  const [value, colour] = half;
  return h('div', { class: ['half', which, `c-${colour}`], 'data-half-colour': colour, ...extra },
    h('span', { class: 'half-value' }, String(value)),
    h('span', { class: 'half-colour' }, colour),
    // small cards show the colour's letter too: colour alone does not tell every eye
    h('span', { class: 'half-letter', 'aria-hidden': 'true' }, String(colour).slice(0, 1).toUpperCase()));
}

/** A face-up card showing both halves, the given one on top. */
function cardEl(card, { top = 0, attrs = {}, small = false } = {}) {
  const halves = card.halves ?? [];
  const bottom = 1 - top;
  return h('div', { class: ['card', small && 'small'], 'data-card': card.id, 'data-top-half': top, ...attrs },
    halves[top] ? halfEl(halves[top], 'top', { 'data-half': top }) : null,
    halves[bottom] ? halfEl(halves[bottom], 'bottom', { 'data-half': bottom }) : null);
}

/** A card played in a combination: its active half large, the other faded. */
function placedEl(card) {
  const half = card.half ?? 0;
  return cardEl(card, { top: half, small: true, attrs: { 'data-testid': 'placed-card', title: `${card.colour ?? ''} ${card.value ?? ''}` } });
}

function pickHalfFor(cardId, A, legal) {
  const a0 = legal.has(A.PICK + cardId * 2);
  const a1 = legal.has(A.PICK + cardId * 2 + 1);
  return { a0, a1 };
}

/**
 * A card you can pick from (your hand, or one of your combinations in the expert game):
 * click picks the half on top when that is legal; the turn-the-card button sits on its
 * corner as the card's sibling (a button inside a button is read by no screen reader).
 * Returns the slot holding both, and the card.
 */
function pickableCard(card, A, legal, act, { defaultTop = 0, forceTop = null, extraClass = null, testid = 'hand-card', rerender }) {
  const { a0, a1 } = pickHalfFor(card.id, A, legal);
  let top = flips.has(card.id) ? flips.get(card.id) : defaultTop;
  // never leave the only usable half hidden when the player has not turned the card
  if (!flips.has(card.id) && !(top === 0 ? a0 : a1) && (top === 0 ? a1 : a0)) top = 1 - top;
  if (forceTop !== null) top = forceTop;
  const el = cardEl(card, { top, attrs: { 'data-testid': testid } });
  if (extraClass) el.classList.add(extraClass);
  const topLegal = top === 0 ? a0 : a1;
  const bottomLegal = top === 0 ? a1 : a0;
  if (a0 || a1) el.classList.add('pickable');
  if (topLegal) clickable(el, A.PICK + card.id * 2 + top, legal, act);
  if (bottomLegal) el.querySelector('.half.bottom')?.classList.add('legal-half');
  if (topLegal) el.querySelector('.half.top')?.classList.add('legal-half');
  const flip = h('button', {
    type: 'button',
    class: ['flip', bottomLegal && !topLegal && 'hint'],
    'data-testid': 'flip',
    'data-card': card.id,
    title: 'turn the card: choose which half counts',
    'aria-label': `turn the card ${(card.halves ?? []).map(([v, c]) => `${c} ${v}`).join(' | ')}`,
  }, '⇅');
  flip.addEventListener('click', (ev) => {
    ev.stopPropagation();
    const focused = document.activeElement === flip;
    flips.set(card.id, 1 - top);
    rerender();
    // the card is drawn anew: the keyboard stays on its turn button
    if (focused) document.querySelector(`[data-testid=flip][data-card="${card.id}"]`)?.focus();
  });
  return { slot: h('div', { class: 'card-slot' }, el, flip), card: el };
}

function teacherTitle(name) {
  return humanize(name);
}

function itemTitle(kind) {
  return humanize(kind);
}

function seatName(seat, you) {
  return seat === you ? 'You' : `Seat ${seat}`;
}

function statusStrip(obs, you) {
  const bits = [
    h('span', { class: 'pill' }, `Round ${obs.round}`),
    h('span', { class: 'pill' }, `Turn ${obs.turn}`),
    h('span', { class: 'pill' }, PHASES[obs.phase] ?? humanize(obs.phase ?? '')),
  ];
  if (obs.variant) bits.push(h('span', { class: 'pill muted' }, `${obs.variant} game`));
  if (typeof obs.turn_player === 'number' && obs.phase !== 'over') {
    bits.push(h('span', { class: 'pill turn', style: { '--seat': seatColour(obs.turn_player) } },
      h('span', { class: 'seat-dot', style: { background: seatColour(obs.turn_player) } }),
      `${seatName(obs.turn_player, you)}${obs.turn_player === you ? "r turn" : "'s turn"}`));
  }
  if (obs.optional_used) bits.push(h('span', { class: 'pill muted' }, 'optional action used'));
  return h('div', { class: 'strip', 'data-testid': 'anludim-status' }, bits);
}

function teachersPanel(obs, A, legal, act, you) {
  const names = Object.keys(obs.teachers ?? {});
  const kinds = Object.keys(obs.stacks ?? {});
  const row = h('div', { class: 'teachers' });
  names.forEach((name, d) => {
    const where = obs.teachers[name];
    const kind = kinds[d];
    const stack = obs.stacks?.[kind] ?? [];
    const discipline = DISCIPLINES[d] ?? '';
    const el = h('div', { class: ['teacher', `d-${discipline}`, where !== 'board' && 'away'], 'data-testid': 'teacher', 'data-teacher': name, 'data-discipline': discipline },
      h('div', { class: 'teacher-name' }, teacherTitle(name)),
      h('div', { class: 'teacher-discipline' }, humanize(discipline)),
      h('div', { class: 'teacher-where' },
        where === 'board'
          ? 'on the board'
          : h('span', {}, h('span', { class: 'seat-dot', style: { background: seatColour(where) } }), `with ${seatName(where, you)}`)),
      h('div', { class: 'stack', title: `${itemTitle(kind)} stack (next first)` },
        h('span', { class: 'item-icon' }, ITEM_ICONS[kind] ?? '•'),
        h('span', { class: 'stack-name' }, itemTitle(kind)),
        stack.length
          ? h('span', { class: 'stack-values' }, stack.map((v, i) => h('span', { class: ['item-chip', i === 0 && 'next'] }, String(v))))
          : h('span', { class: 'muted' }, 'empty')),
    );
    if (legal.has(A.PLACE + d)) {
      clickable(el, A.PLACE + d, legal, act);
      const what = humanize(discipline).toLowerCase();
      el.append(h('div', { class: 'cta' }, discipline === 'pairs' ? 'place pairs' : `place a ${what}`));
    }
    row.append(el);
  });
  return h('section', { class: 'panel', 'data-testid': 'teachers' }, h('h3', {}, 'Teachers'), row);
}

function supplyPanel(obs, A, legal, act) {
  const row = h('div', { class: 'card-row' });
  const deck = h('div', { class: 'card back', 'data-testid': 'deck' },
    h('div', { class: 'back-label' }, 'Deck'),
    h('div', { class: 'back-count' }, String(obs.deck_size ?? 0)));
  if (legal.has(A.DRAW_TWO)) {
    clickable(deck, A.DRAW_TWO, legal, act);
    deck.append(h('div', { class: 'cta' }, 'draw two'));
  }
  row.append(deck);
  (obs.face_up ?? []).forEach((card, slot) => {
    if (!card) {
      row.append(h('div', { class: 'card empty', 'data-testid': 'face-up', 'data-slot': slot }, 'empty'));
      return;
    }
    const el = cardEl(card, { attrs: { 'data-testid': 'face-up', 'data-slot': slot } });
    if (legal.has(A.FACE_UP + slot)) {
      clickable(el, A.FACE_UP + slot, legal, act);
      el.append(h('div', { class: 'cta' }, 'take'));
    }
    row.append(el);
  });
  const discard = obs.discard ?? [];
  const body = [row];
  if (discard.length) {
    body.push(details('anludim-discard', `Discard pile (${obs.discard_size ?? discard.length})`, { class: 'discard' },
      h('div', { class: 'card-row small' }, discard.map((c) => cardEl(c, { small: true })))));
  } else {
    body.push(h('p', { class: 'muted small' }, 'Discard pile: empty'));
  }
  return h('section', { class: 'panel', 'data-testid': 'supply' }, h('h3', {}, 'Face-up cards'), ...body);
}

function buildingPanel(obs, A, legal, act) {
  if (!obs.placing && !(obs.selection ?? []).length) return null;
  const d = DISCIPLINES.indexOf(obs.placing);
  const teacher = Object.keys(obs.teachers ?? {})[d];
  const cards = (obs.selection ?? []).map(placedEl);
  return h('section', { class: 'panel building', 'data-testid': 'building' },
    h('h3', {}, `Placing ${humanize(obs.placing ?? '').toLowerCase()}${teacher ? ` for the ${teacherTitle(teacher)}` : ''}`),
    h('div', { class: 'card-row' }, cards.length ? cards : h('p', { class: 'muted' }, 'Click cards of your hand to add them (⇅ turns a card to choose its half).')),
    legal.has(A.CONFIRM) ? h('div', { class: 'buttons' }, actButton(A.CONFIRM, legal, act, null, { class: 'act primary', 'data-testid': 'confirm' })) : null);
}

function handPanel(obs, A, legal, act, rerender) {
  const hand = obs.hand ?? [];
  const keeping = obs.keeping;
  const kept = new Set((keeping?.kept ?? []).map((c) => c.id));
  const selected = new Map((obs.selection ?? []).map((c) => [c.id, c.half ?? 0]));
  const row = h('div', { class: 'card-row hand', 'data-testid': 'hand' });
  for (const card of hand) {
    const { slot, card: el } = pickableCard(card, A, legal, act, {
      rerender,
      forceTop: selected.has(card.id) ? selected.get(card.id) : null,
      extraClass: selected.has(card.id) ? 'selected' : null,
    });
    if (legal.has(A.KEEP + card.id)) {
      clickable(el, A.KEEP + card.id, legal, act);
      el.append(h('div', { class: 'cta' }, 'keep'));
    }
    if (kept.has(card.id)) {
      el.classList.add('kept');
      el.append(h('div', { class: 'badge' }, 'kept'));
    }
    if (selected.has(card.id)) el.append(h('div', { class: 'badge' }, 'in play'));
    row.append(slot);
  }
  const extra = [];
  if (keeping && keeping.seat === obs.you) {
    extra.push(h('p', { class: 'hint' }, `Keep up to ${keeping.limit} cards for the next round (click them), then finish.`));
    if (legal.has(A.KEEP_DONE)) extra.push(h('div', { class: 'buttons' }, actButton(A.KEEP_DONE, legal, act, null, { class: 'act primary' })));
  }
  const title = `Your hand (${hand.length})`;
  return h('section', { class: 'panel', 'data-testid': 'hand-panel' }, h('h3', {}, title),
    hand.length ? row : h('p', { class: 'muted' }, 'No cards.'), ...extra);
}

function comboEl(combo, index, seat, obs, A, legal, act, rerender) {
  const mine = seat === obs.you;
  const cards = (combo.cards ?? []).map((card) => {
    if (mine && (legal.has(A.PICK + card.id * 2) || legal.has(A.PICK + card.id * 2 + 1))) {
      return pickableCard(card, A, legal, act, { defaultTop: card.half ?? 0, rerender, testid: 'placed-card' }).slot;
    }
    return placedEl(card);
  });
  const el = h('div', { class: ['combo', `d-${combo.discipline}`], 'data-testid': 'combo', 'data-seat': seat, 'data-index': index },
    h('div', { class: 'combo-head' },
      h('span', { class: 'combo-name' }, humanize(combo.discipline)),
      combo.teacher ? h('span', { class: 'teacher-badge', 'data-testid': 'combo-teacher' }, teacherTitle(combo.teacher)) : null),
    h('div', { class: 'card-row small' }, cards));
  if (mine && legal.has(A.TAKE_BACK + index)) {
    el.append(actButton(A.TAKE_BACK + index, legal, act, 'take back', { class: 'act small' }));
  }
  return el;
}

function tablePanel(obs, A, legal, act, rerender) {
  const rows = (obs.table ?? []).map((combos, seat) =>
    h('div', { class: ['table-row', seat === obs.you && 'mine'], 'data-testid': 'table-row', 'data-seat': seat },
      h('div', { class: 'row-label' }, h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }), seatName(seat, obs.you)),
      h('div', { class: 'combos' },
        combos.length ? combos.map((c, i) => comboEl(c, i, seat, obs, A, legal, act, rerender)) : h('span', { class: 'muted' }, 'no combinations'))));
  return h('section', { class: 'panel', 'data-testid': 'table' }, h('h3', {}, 'Combinations on the table'), rows);
}

function roundsText(n) {
  return n ? `${'🏆'.repeat(n)} ${n} round${n === 1 ? '' : 's'} won` : 'no round won';
}

function playersPanel(obs, A, legal, act) {
  const kinds = Object.keys(obs.stacks ?? {});
  const list = h('div', { class: 'players' });
  for (let seat = 0; seat < (obs.players ?? 0); seat++) {
    const mine = seat === obs.you;
    const items = (obs.items?.[seat] ?? []).map((it) => {
      const chip = h('span', { class: ['item', `k-${it.kind}`], 'data-testid': 'item', 'data-kind': it.kind, 'data-value': it.value },
        h('span', { class: 'item-icon' }, ITEM_ICONS[it.kind] ?? '•'), `${itemTitle(it.kind)} ${it.value}`);
      const k = kinds.indexOf(it.kind);
      if (mine && k >= 0) clickable(chip, A.DISCARD_ITEM + k * 5 + it.value - 1, legal, act);
      return chip;
    });
    const scrolls = obs.scrolls?.[seat] ?? 0;
    const scrollEl = h('span', { class: 'scrolls', 'data-testid': 'scrolls', 'data-seat': seat }, `📜 ${scrolls} scroll${scrolls === 1 ? '' : 's'}`);
    if (mine && scrolls > 0) clickable(scrollEl, A.DISCARD_SCROLL, legal, act);
    const coat = obs.coats?.[seat] ?? 'silver';
    const known = obs.known_cards?.[seat] ?? [];
    list.append(
      h('div', { class: ['player', mine && 'mine', obs.current_player === seat && 'current'], 'data-testid': 'player', 'data-seat': seat },
        h('div', { class: 'player-head' },
          h('span', { class: 'seat-dot', style: { background: seatColour(seat) } }),
          h('strong', {}, seatName(seat, obs.you)),
          h('span', { class: ['coat', coat], title: `${coat} coat` }, coat === 'gold' ? '🥇 gold coat' : 'silver coat'),
          h('span', { class: 'rounds', title: 'rounds won' }, roundsText(obs.rounds_won?.[seat] ?? 0)),
        ),
        h('div', { class: 'player-stats' },
          h('span', {}, `🂠 ${counted(obs.hand_sizes?.[seat] ?? 0, 'card')}`),
          scrollEl,
          h('span', { title: 'total item value' }, `Σ ${obs.totals?.[seat] ?? 0}`)),
        h('div', { class: 'items' }, items.length ? items : h('span', { class: 'muted small' }, 'no items')),
        !mine && known.length
          ? h('div', { class: 'known' }, h('span', { class: 'muted small' }, 'known in hand: '), h('div', { class: 'card-row small' }, known.map((c) => cardEl(c, { small: true }))))
          : null,
      ),
    );
  }
  return h('section', { class: 'panel', 'data-testid': 'players' }, h('h3', {}, 'Players'), list);
}

function resultsPanel(obs, you) {
  const results = obs.round_results ?? [];
  if (!results.length && obs.winner === null) return null;
  const items = results.map((r) =>
    h('li', {},
      `Round ${r.round}: `,
      h('strong', {}, seatName(r.winner, you)),
      ` won (${REASONS[r.reason] ?? humanize(r.reason ?? '')}${typeof r.trigger === 'number' ? `, ended by ${seatName(r.trigger, you).toLowerCase()}` : ''}); totals ${(r.totals ?? []).join(' / ')}`));
  return h('section', { class: 'panel', 'data-testid': 'round-results' },
    h('h3', {}, 'Rounds'),
    h('ul', {}, items),
    typeof obs.winner === 'number' ? h('p', { class: 'winner-line' }, `🏆 ${seatName(obs.winner, you)} won the game.`) : null);
}

function turnButtons(obs, A, legal, act) {
  const ids = [A.END_TURN, A.DISCARD_SCROLL, A.KEEP_DONE].filter((id) => legal.has(id));
  if (!ids.length) return null;
  return h('div', { class: 'buttons turn-buttons' }, ids.map((id) => actButton(id, legal, act, null, { class: ['act', id === A.END_TURN && 'primary'].filter(Boolean).join(' ') })));
}

export function render(root, msg, act, ctx) {
  const obs = msg.observation;
  const legal = ctx?.legal ?? legalMap(msg);
  const A = actionsOf(ctx);
  const rerender = () => render(root, msg, act, ctx);
  const you = typeof obs.you === 'number' ? obs.you : null;
  const view = h('div', { class: 'anludim', 'data-testid': 'anludim' },
    statusStrip(obs, you),
    teachersPanel(obs, A, legal, act, you),
    h('div', { class: 'two-col' },
      supplyPanel(obs, A, legal, act),
      buildingPanel(obs, A, legal, act)),
    you !== null ? handPanel(obs, A, legal, act, rerender) : null,
    turnButtons(obs, A, legal, act),
    tablePanel(obs, A, legal, act, rerender),
    playersPanel(obs, A, legal, act),
    resultsPanel(obs, you),
  );
  clear(root).append(view);
}

