// The page of any game without its own module: the observation as readable panels.
// The table page lists the legal actions as buttons under this view.
import { h, clear, humanize } from '/static/dom.js';

const isPlain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function scalarText(v) {
  if (v === null || v === undefined) return '—';
  if (v === true) return 'yes';
  if (v === false) return 'no';
  return String(v);
}

function scalar(v) {
  return h('span', { class: `value ${v === null ? 'null' : typeof v}` }, scalarText(v));
}

/** Any JSON value as DOM: scalars as text, lists as chips/tables/lists, objects as dl. */
export function renderValue(value, depth = 0) {
  if (isScalar(value) || value === undefined) return scalar(value ?? null);
  if (Array.isArray(value)) {
    if (value.length === 0) return h('span', { class: 'muted' }, '(none)');
    if (value.every(isScalar)) {
      return h('span', { class: 'chips' }, value.map((v) => h('span', { class: 'chip' }, scalarText(v))));
    }
    if (value.every((v) => isPlain(v) && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar))))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return h('table', { class: 'list obs-table' },
        h('thead', {}, h('tr', {}, h('th', { class: 'num' }, '#'), keys.map((k) => h('th', {}, humanize(k))))),
        h('tbody', {}, value.map((row, i) =>
          h('tr', {}, h('td', { class: 'num muted' }, String(i)), keys.map((k) => h('td', {}, renderValue(row[k], depth + 1)))))));
    }
    return h('ol', { class: 'obs-list', start: '0' }, value.map((v) => h('li', {}, renderValue(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h('span', { class: 'muted' }, '(empty)');
  return h('dl', { class: `obs-dl depth-${Math.min(depth, 3)}` },
    entries.map(([k, v]) => [h('dt', {}, humanize(k)), h('dd', {}, renderValue(v, depth + 1))]));
}

/** The observation as a grid of panels: one for its plain values, one per nested part. */
export function renderObservation(obs) {
  const grid = h('div', { class: 'obs-grid', 'data-testid': 'observation' });
  if (!isPlain(obs)) {
    grid.append(h('section', { class: 'panel' }, h('h3', {}, 'Observation'), renderValue(obs)));
    return grid;
  }
  const plain = Object.entries(obs).filter(([, v]) => isScalar(v));
  const nested = Object.entries(obs).filter(([, v]) => !isScalar(v));
  if (plain.length) {
    grid.append(
      h('section', { class: 'panel', 'data-key': '_summary' }, h('h3', {}, 'Summary'),
        h('dl', { class: 'obs-dl' }, plain.map(([k, v]) => [h('dt', {}, humanize(k)), h('dd', {}, scalar(v))]))),
    );
  }
  for (const [k, v] of nested) {
    grid.append(h('section', { class: 'panel', 'data-key': k }, h('h3', {}, humanize(k)), renderValue(v, 1)));
  }
  return grid;
}

export function render(root, msg, act, ctx) {
  clear(root);
  const obs = msg.observation;
  if (obs === null || obs === undefined) {
    root.append(h('p', { class: 'muted empty' }, ctx?.spectator ? 'This game shows nothing to spectators.' : 'Nothing to show yet.'));
    return;
  }
  root.append(renderObservation(obs));
}
