// The dashboard at /__admin/ui (docs/behaviour.md, "Dashboard"): requests as they come, fault
// rules, the scopes that hold writes, and a catalog view of one scope. Plain DOM; every rule it
// follows is the mock's, read from documented endpoints.
import './style.css';
import { ApiError, call, follow, storedKey, storeKey, token } from './api.js';
import { curlCommand } from './curl.js';

// ---- shapes of the endpoints' answers (openapi.yaml, components) ----

interface JournalEntry {
  id: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  durationMs: number;
  tenantId: string | null;
  environment: string | null;
  operationId: string | null;
  body?: unknown;
  bodyOmitted?: string;
  message?: string;
  /** What the mock ignored of the request or how it read it (docs/behaviour.md, "Request log"). */
  notes?: string[];
  /** The answer's JSON body; the stream's entries leave `body` out (GET /__admin/requests?id= has it). */
  answer?: { bytes: number; truncated: boolean; body?: string };
}

interface FaultRule {
  id: string;
  applied: number;
  times?: number;
  operationId?: string;
  method?: string;
  path?: string;
  region?: string;
  tenantId?: string;
  environment?: string;
  status?: number;
  delayMs?: number;
  network?: string;
  rate?: number;
  retryAfter?: number;
}

interface WrittenScope {
  region: string;
  tenantId: string;
  environment: string;
  products: number;
  productTypes: number;
}

interface Settings {
  latency: { minMs: number; maxMs: number } | null;
  strict: boolean;
  operations: string[];
}

type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;
type Child = Node | string | number | null | undefined | false;

/** An element with attributes (`on...` for listeners) and children. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function notice(text: string, kind: 'error' | 'info' = 'error'): void {
  const el = $('notice');
  el.textContent = text;
  el.className = `notice ${kind}`;
  el.hidden = text === '';
}

function failed(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) {
    notice('This mock is in strict mode: enter an admin key (a key bound to no tenant) above.');
    $('key').focus();
  } else notice(err instanceof Error ? err.message : String(err));
}

const statusClass = (status: number): string =>
  status >= 500 ? 's5' : status >= 400 ? 's4' : status >= 300 ? 's3' : 's2';

const scopeOf = (e: { tenantId: string | null; environment: string | null }): string =>
  e.tenantId === null ? '' : `${e.tenantId}/${e.environment ?? ''}`;

let settings: Settings = { latency: null, strict: false, operations: [] };

// ---- tabs ----

const VIEWS = ['requests', 'faults', 'scopes', 'catalog'] as const;
type View = (typeof VIEWS)[number];
const shown: Record<View, () => void> = {
  requests: () => undefined,
  faults: () => void refreshFaults(),
  scopes: () => void refreshScopes(),
  catalog: () => void loadCatalog(),
};
let current: View = 'requests';

function show(view: View, focus = false): void {
  current = view;
  for (const v of VIEWS) {
    const tab = $(`tab-${v}`);
    tab.setAttribute('aria-selected', String(v === view));
    tab.tabIndex = v === view ? 0 : -1;
    $(`view-${v}`).hidden = v !== view;
  }
  if (focus) $(`tab-${view}`).focus();
  history.replaceState(null, '', `#${view}`);
  shown[view]();
}

function setUpTabs(): void {
  for (const v of VIEWS) $(`tab-${v}`).addEventListener('click', () => show(v));
  // Arrow keys move between tabs, as a tab list's pattern has it.
  $('tab-requests').parentElement!.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = VIEWS[(VIEWS.indexOf(current) + step + VIEWS.length) % VIEWS.length]!;
    show(next, true);
  });
}

// ---- Requests ----

const MAX_ROWS = 1000;
let entries: JournalEntry[] = [];
let waiting: JournalEntry[] = [];
let paused = false;
/** Requests the stream did not send since the page connected (more than it sends a second). */
let skipped = 0;
const requestFilter = { scope: '', operation: '', status: '' };

const requestsView = {
  rows: h('tbody', { id: 'request-rows' }),
  scope: h('select', { id: 'filter-scope', 'aria-label': 'Scope' }),
  operation: h('select', { id: 'filter-operation', 'aria-label': 'Operation' }),
  status: h('input', {
    id: 'filter-status',
    'aria-label': 'Status',
    placeholder: 'status: 404, 4xx',
    size: 12,
  }),
  pause: h('button', { id: 'pause', type: 'button', 'aria-pressed': 'false' }, 'Pause'),
  live: h('span', { id: 'live', class: 'live' }, 'connecting...'),
  detail: h('aside', { id: 'request-detail', class: 'detail', hidden: true, tabindex: -1 }),
};

function statusMatches(status: number, wanted: string): boolean {
  const text = wanted.trim().toLowerCase();
  if (text === '') return true;
  if (/^\dxx$/.test(text)) return Math.floor(status / 100) === Number(text[0]);
  return String(status) === text;
}

const passes = (e: JournalEntry): boolean =>
  (requestFilter.scope === '' || scopeOf(e) === requestFilter.scope) &&
  (requestFilter.operation === '' || (e.operationId ?? '') === requestFilter.operation) &&
  statusMatches(e.status, requestFilter.status);

function fillSelect(select: HTMLSelectElement, all: string, values: Iterable<string>): void {
  const chosen = select.value;
  const sorted = [...new Set(values)].filter((v) => v !== '').sort();
  select.replaceChildren(
    h('option', { value: '' }, all),
    ...sorted.map((v) => h('option', { value: v, selected: v === chosen }, v)),
  );
  if (chosen !== '' && !sorted.includes(chosen)) {
    select.append(h('option', { value: chosen, selected: true }, chosen));
  }
}

function requestRow(e: JournalEntry): HTMLTableRowElement {
  const time = new Date(e.at).toLocaleTimeString(undefined, { hour12: false });
  const query = Object.keys(e.query).length > 0 ? '?...' : '';
  return h(
    'tr',
    { class: statusClass(e.status) },
    h('td', { class: 'time' }, time),
    h('td', {}, h('span', { class: `status ${statusClass(e.status)}` }, e.status)),
    h(
      'td',
      { class: 'path' },
      h(
        'button',
        { type: 'button', class: 'link', onclick: () => openRequest(e) },
        h('span', { class: 'method' }, e.method),
        ' ',
        e.path + query,
      ),
    ),
    h('td', {}, e.operationId ?? '-'),
    h('td', {}, scopeOf(e) || '-'),
    h('td', { class: 'num' }, `${e.durationMs} ms`),
  );
}

function renderRequests(): void {
  const shownEntries = entries.filter(passes);
  requestsView.rows.replaceChildren(
    ...(shownEntries.length === 0
      ? [
          h(
            'tr',
            {},
            h('td', { colspan: 6, class: 'empty' }, 'No request yet (or none matches the filters).'),
          ),
        ]
      : shownEntries.slice(0, 300).map(requestRow)),
  );
  fillSelect(requestsView.scope, 'every scope', entries.map(scopeOf));
  fillSelect(
    requestsView.operation,
    'every operation',
    entries.map((e) => e.operationId ?? ''),
  );
}

function openRequest(e: JournalEntry): void {
  const curl = curlCommand(e, location.origin, token());
  const copy = h('button', { type: 'button', id: 'copy-curl' }, 'Copy as curl');
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(curl).then(
      () => (copy.textContent = 'Copied'),
      () => (copy.textContent = 'Select the command below to copy it'),
    );
  });
  const d = requestsView.detail;
  d.replaceChildren(
    h(
      'div',
      { class: 'detail-head' },
      h('h2', {}, h('span', { class: 'method' }, e.method), ' ', e.path),
      h(
        'button',
        { type: 'button', class: 'close', 'aria-label': 'Close', onclick: () => (d.hidden = true) },
        'x',
      ),
    ),
    h(
      'dl',
      {},
      h('dt', {}, 'Answer'),
      h(
        'dd',
        {},
        h('span', { class: `status ${statusClass(e.status)}` }, e.status),
        ` in ${e.durationMs} ms`,
      ),
      e.message !== undefined && [
        h('dt', {}, 'Message'),
        h('dd', { class: 'message', id: 'request-message' }, e.message),
      ],
      e.notes !== undefined && [h('dt', {}, 'Notes'), h('dd', { id: 'request-notes' }, e.notes.join('; '))],
      h('dt', {}, 'Operation'),
      h('dd', {}, e.operationId ?? 'none (no operation of openapi.yaml matched)'),
      h('dt', {}, 'Scope'),
      h('dd', {}, scopeOf(e) || '-'),
      h('dt', {}, 'At'),
      h('dd', {}, e.at),
      Object.keys(e.query).length > 0 && [
        h('dt', {}, 'Query'),
        h('dd', {}, h('pre', {}, JSON.stringify(e.query, null, 2))),
      ],
      (e.body !== undefined || e.bodyOmitted !== undefined) && [
        h('dt', {}, 'Body'),
        h('dd', {}, h('pre', {}, e.bodyOmitted ?? JSON.stringify(e.body, null, 2))),
      ],
      e.answer !== undefined && [
        h('dt', {}, 'Answer body'),
        h('dd', { id: 'answer-body' }, answerBody(e.id, e.answer)),
      ],
    ),
    h('div', { class: 'curl' }, copy, h('pre', { id: 'curl-text' }, curl)),
  );
  d.hidden = false;
  d.focus();
}

/** The answer's body, pretty-printed; read from the journal by the entry's id, as the stream leaves it out. */
function answerBody(id: number, answer: NonNullable<JournalEntry['answer']>): HTMLElement {
  const size = `${answer.bytes.toLocaleString('en')} bytes`;
  const note = h('p', { class: 'setting' }, answer.truncated ? `${size}; the first 16 KiB:` : size);
  const pre = h('pre', { id: 'answer-json' }, 'reading...');
  const shown = (body: string): void => {
    let text = body;
    if (!answer.truncated) {
      try {
        text = JSON.stringify(JSON.parse(body), null, 2);
      } catch {
        // shown as it came
      }
    }
    pre.textContent = text;
  };
  if (answer.body !== undefined) shown(answer.body);
  else {
    call<JournalEntry[]>('GET', `/__admin/requests?id=${id}`).then(
      ([full]) =>
        full?.answer?.body !== undefined
          ? shown(full.answer.body)
          : (pre.textContent = 'no longer in the journal (it keeps the last 1,000 requests)'),
      (err: unknown) => (pre.textContent = err instanceof Error ? err.message : String(err)),
    );
  }
  return h('div', {}, note, pre);
}

function received(entry: JournalEntry): void {
  if (paused) {
    waiting.push(entry);
    requestsView.pause.textContent = `Resume (${waiting.length} new)`;
    return;
  }
  entries.unshift(entry);
  if (entries.length > MAX_ROWS) entries.length = MAX_ROWS;
  scheduleRender();
  // A write changes the scopes' counts and the rules' remaining counts.
  if (current === 'scopes' && entry.method !== 'GET' && entry.method !== 'HEAD') scheduleScopes();
  if (current === 'faults') scheduleFaults();
}

let renderQueued = false;
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    renderRequests();
  });
}

function setUpRequests(): void {
  const v = requestsView;
  v.scope.addEventListener('change', () => {
    requestFilter.scope = v.scope.value;
    renderRequests();
  });
  v.operation.addEventListener('change', () => {
    requestFilter.operation = v.operation.value;
    renderRequests();
  });
  v.status.addEventListener('input', () => {
    requestFilter.status = v.status.value;
    renderRequests();
  });
  v.pause.addEventListener('click', () => {
    paused = !paused;
    v.pause.setAttribute('aria-pressed', String(paused));
    if (!paused) {
      for (const e of waiting) entries.unshift(e);
      waiting = [];
      if (entries.length > MAX_ROWS) entries.length = MAX_ROWS;
      renderRequests();
    }
    v.pause.textContent = paused ? 'Resume' : 'Pause';
  });
  $('view-requests').append(
    h(
      'div',
      { class: 'toolbar' },
      h('label', {}, 'Scope ', v.scope),
      h('label', {}, 'Operation ', v.operation),
      h('label', {}, 'Status ', v.status),
      v.pause,
      v.live,
    ),
    h(
      'div',
      { class: 'split' },
      h(
        'table',
        { class: 'grid requests' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, 'Time'),
            h('th', {}, 'Status'),
            h('th', {}, 'Request'),
            h('th', {}, 'Operation'),
            h('th', {}, 'Scope'),
            h('th', { class: 'num' }, 'Took'),
          ),
        ),
        v.rows,
      ),
      v.detail,
    ),
  );
  renderRequests();
  follow(
    '/__admin/requests/stream',
    () => {
      // The stream starts with the journal's last entries: the list starts again from them.
      entries = [];
      skipped = 0;
      v.live.textContent = 'live';
      v.live.className = 'live on';
      if ($('notice').classList.contains('error')) notice('');
    },
    (event, data) => {
      if (event === 'request') received(JSON.parse(data) as JournalEntry);
      else if (event === 'skipped') {
        skipped += (JSON.parse(data) as { count: number }).count;
        v.live.textContent = `live; ${skipped.toLocaleString('en')} requests not shown (more than 1,000 a second)`;
      }
    },
    (err) => {
      v.live.textContent = 'disconnected';
      v.live.className = 'live off';
      failed(err);
    },
  );
}

// ---- Faults ----

const faultsView = {
  rows: h('tbody', { id: 'fault-rows' }),
  latency: h('p', { id: 'latency', class: 'setting' }),
};

function describeMatch(rule: FaultRule): string {
  const parts = [
    rule.operationId,
    rule.method,
    rule.path && `path contains ${rule.path}`,
    rule.region && `region ${rule.region}`,
    rule.tenantId && `tenant ${rule.tenantId}`,
    rule.environment && `environment ${rule.environment}`,
  ].filter(Boolean);
  return parts.length === 0 ? 'every API request' : parts.join(', ');
}

function describeEffect(rule: FaultRule): string {
  const parts: string[] = [];
  if (rule.status !== undefined) parts.push(`status ${rule.status}`);
  if (rule.network !== undefined) parts.push(`network: ${rule.network}`);
  if (rule.delayMs !== undefined) parts.push(`delay ${rule.delayMs} ms`);
  if (rule.retryAfter !== undefined) parts.push(`Retry-After ${rule.retryAfter}`);
  if (rule.rate !== undefined) parts.push(`${Math.round(rule.rate * 100)}% of matches`);
  return parts.join(', ');
}

async function refreshFaults(): Promise<void> {
  try {
    const rules = await call<FaultRule[]>('GET', '/__admin/faults');
    faultsView.rows.replaceChildren(
      ...(rules.length === 0
        ? [h('tr', {}, h('td', { colspan: 5, class: 'empty' }, 'No fault rule in force.'))]
        : rules.map((rule) =>
            h(
              'tr',
              { 'data-rule': rule.id },
              h('td', {}, rule.id),
              h('td', {}, describeMatch(rule)),
              h('td', {}, describeEffect(rule)),
              h(
                'td',
                { class: 'num' },
                rule.times === undefined
                  ? `applied ${rule.applied}, no limit`
                  : `${Math.max(rule.times - rule.applied, 0)} of ${rule.times} left`,
              ),
              h(
                'td',
                {},
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    'aria-label': `Remove ${rule.id}`,
                    onclick: () => void removeFault(rule.id),
                  },
                  'Remove',
                ),
              ),
            ),
          )),
    );
    const latency = settings.latency;
    faultsView.latency.textContent =
      latency === null
        ? '--latency: none (answers are not delayed beyond the rules below).'
        : `--latency: every API answer is delayed ${latency.minMs === latency.maxMs ? `${latency.minMs} ms` : `${latency.minMs}-${latency.maxMs} ms`}.`;
  } catch (err) {
    failed(err);
  }
}

let faultsQueued = false;
function scheduleFaults(): void {
  if (faultsQueued) return;
  faultsQueued = true;
  setTimeout(() => {
    faultsQueued = false;
    void refreshFaults();
  }, 300);
}

async function removeFault(id: string): Promise<void> {
  try {
    await call('DELETE', `/__admin/faults/${encodeURIComponent(id)}`);
    notice(`Fault rule ${id} removed.`, 'info');
    await refreshFaults();
  } catch (err) {
    failed(err);
  }
}

function setUpFaults(): void {
  const target = h(
    'select',
    { id: 'fault-target' },
    h('option', { value: 'operation' }, 'operation'),
    h('option', { value: 'path' }, 'path contains'),
  );
  const operation = h('select', { id: 'fault-operation', 'aria-label': 'Operation' });
  const path = h('input', {
    id: 'fault-path',
    'aria-label': 'Path part',
    placeholder: '/products/FA-00001',
    hidden: true,
  });
  const tenant = h('input', { id: 'fault-tenant', placeholder: 'any tenant', size: 12 });
  const effect = h(
    'select',
    { id: 'fault-effect' },
    h('option', { value: 'status' }, 'answer a status'),
    h('option', { value: 'delay' }, 'delay (ms)'),
    h('option', { value: 'network' }, 'network failure'),
  );
  const value = h('input', { id: 'fault-value', 'aria-label': 'Status', value: '503', size: 8 });
  const network = h(
    'select',
    { id: 'fault-network', 'aria-label': 'Network failure', hidden: true },
    h('option', { value: 'reset' }, 'reset (nothing applied)'),
    h('option', { value: 'lost' }, 'lost (applied, answer lost)'),
    h('option', { value: 'cut' }, 'cut (half an answer)'),
  );
  const times = h('input', {
    id: 'fault-times',
    type: 'number',
    min: 1,
    placeholder: 'no limit',
    size: 8,
  });
  target.addEventListener('change', () => {
    operation.hidden = target.value !== 'operation';
    path.hidden = target.value !== 'path';
  });
  effect.addEventListener('change', () => {
    value.hidden = effect.value === 'network';
    network.hidden = effect.value !== 'network';
    value.setAttribute('aria-label', effect.value === 'delay' ? 'Delay in ms' : 'Status');
    value.value = effect.value === 'delay' ? '2000' : '503';
  });
  const form = h(
    'form',
    { id: 'fault-form', class: 'card form' },
    h('h2', {}, 'Add a fault rule'),
    h(
      'div',
      { class: 'row' },
      h('label', {}, 'Requests of ', target),
      operation,
      path,
      h('label', {}, 'tenant ', tenant),
    ),
    h('div', { class: 'row' }, h('label', {}, 'Then ', effect), value, network),
    h(
      'div',
      { class: 'row' },
      h('label', {}, 'Times ', times),
      h('button', { type: 'submit', class: 'primary' }, 'Add rule'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const rule: Record<string, unknown> = {};
    if (target.value === 'operation') rule.operationId = operation.value;
    else rule.path = path.value;
    if (tenant.value.trim() !== '') rule.tenantId = tenant.value.trim();
    if (effect.value === 'network') rule.network = network.value;
    else if (effect.value === 'delay') rule.delayMs = Number(value.value);
    else rule.status = Number(value.value);
    if (times.value !== '') rule.times = Number(times.value);
    // The mock checks the rule: its 400 says what to change.
    call<FaultRule>('POST', '/__admin/faults', rule).then((added) => {
      notice(`Fault rule ${added.id} added: ${describeMatch(added)}: ${describeEffect(added)}.`, 'info');
      void refreshFaults();
    }, failed);
  });
  fillOperations = () =>
    operation.replaceChildren(...settings.operations.map((op) => h('option', { value: op }, op)));
  $('view-faults').append(
    faultsView.latency,
    h(
      'table',
      { class: 'grid' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Rule'),
          h('th', {}, 'Matches'),
          h('th', {}, 'Does'),
          h('th', { class: 'num' }, 'Remaining'),
          h('th', {}, ''),
        ),
      ),
      faultsView.rows,
    ),
    form,
  );
}
let fillOperations = (): void => undefined;

// ---- Scopes ----

const scopesView = { rows: h('tbody', { id: 'scope-rows' }) };
const scopePath = (s: { region: string; tenantId: string; environment: string }): string =>
  `/__admin/scopes/${encodeURIComponent(s.region)}/${encodeURIComponent(s.tenantId)}/${encodeURIComponent(s.environment)}`;

/** Whether the mock answers named snapshots of a scope (docs/behaviour.md); asked once. */
let snapshotsAnswered: boolean | undefined;

async function snapshotCell(s: WrittenScope): Promise<HTMLElement> {
  const cell = h('div', { class: 'snapshots' });
  if (snapshotsAnswered === false) return cell;
  try {
    const list = await call<{ name: string }[]>('GET', `${scopePath(s)}/snapshots`);
    snapshotsAnswered = true;
    const name = h('input', {
      'aria-label': `Snapshot name for ${s.tenantId}/${s.environment}`,
      placeholder: 'name',
      size: 10,
    });
    cell.append(
      name,
      h(
        'button',
        {
          type: 'button',
          onclick: () =>
            void call('PUT', `${scopePath(s)}/snapshots/${encodeURIComponent(name.value)}`).then(
              () => refreshScopes(),
              failed,
            ),
        },
        'Save',
      ),
      ...list.map((snap) =>
        h(
          'button',
          {
            type: 'button',
            onclick: () =>
              void call('POST', `${scopePath(s)}/snapshots/${encodeURIComponent(snap.name)}/restore`).then(
                () => refreshScopes(),
                failed,
              ),
          },
          `Restore ${snap.name}`,
        ),
      ),
    );
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) snapshotsAnswered = false;
    else failed(err);
  }
  return cell;
}

async function refreshScopes(): Promise<void> {
  try {
    const scopes = await call<WrittenScope[]>('GET', '/__admin/scopes');
    const rows = await Promise.all(
      scopes.map(async (s) =>
        h(
          'tr',
          { 'data-scope': `${s.region}/${s.tenantId}/${s.environment}` },
          h('td', {}, s.region),
          h('td', {}, s.tenantId),
          h('td', {}, s.environment),
          h('td', { class: 'num' }, s.products),
          h('td', { class: 'num' }, s.productTypes),
          h(
            'td',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                onclick: () => {
                  catalogScope = { region: s.region, tenantId: s.tenantId, environment: s.environment };
                  show('catalog');
                },
              },
              'Catalog',
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                'aria-label': `Reset ${s.region}/${s.tenantId}/${s.environment}`,
                onclick: () => void resetScope(s),
              },
              'Reset',
            ),
            await snapshotCell(s),
          ),
        ),
      ),
    );
    scopesView.rows.replaceChildren(
      ...(rows.length === 0
        ? [
            h(
              'tr',
              {},
              h(
                'td',
                { colspan: 6, class: 'empty' },
                'No scope holds writes: every scope reads the seed until something is written to it.',
              ),
            ),
          ]
        : rows),
    );
  } catch (err) {
    failed(err);
  }
}

let scopesQueued = false;
function scheduleScopes(): void {
  if (scopesQueued) return;
  scopesQueued = true;
  setTimeout(() => {
    scopesQueued = false;
    void refreshScopes();
  }, 300);
}

async function resetScope(s: WrittenScope): Promise<void> {
  try {
    await call('POST', `${scopePath(s)}/reset`);
    notice(
      `${s.region}/${s.tenantId}/${s.environment} is back to the seed's data, without its fault rules, stub rules and journal entries.`,
      'info',
    );
    await refreshScopes();
  } catch (err) {
    failed(err);
  }
}

function setUpScopes(): void {
  $('view-scopes').append(
    h(
      'div',
      { class: 'toolbar' },
      h('button', { type: 'button', onclick: () => void refreshScopes() }, 'Refresh'),
    ),
    h(
      'table',
      { class: 'grid' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Region'),
          h('th', {}, 'Tenant'),
          h('th', {}, 'Environment'),
          h('th', { class: 'num' }, 'Products'),
          h('th', { class: 'num' }, 'Product types'),
          h('th', {}, ''),
        ),
      ),
      scopesView.rows,
    ),
  );
}

// ---- Catalog ----

interface Product {
  productGroupId: string;
  productName?: { isoLanguageId: string; productName: string }[];
  brand?: { brandName: string }[];
  catalogPageLocationProduct?: { catalogType?: string; catalogPageLocationProduct: string }[];
  productPriceList?: { listPrice: number; isoCurrencyCode: string }[];
}

interface ProductList {
  list: Product[];
  count: number;
  facets: Record<string, { value: string; count: number }[]>;
}

const FACETS: [string, string][] = [
  ['productType', 'Type'],
  ['brand/brandName', 'Brand'],
];
let catalogScope = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const chosenFacets = new Map<string, Set<string>>();
const catalogView = {
  region: h('input', { id: 'catalog-region', size: 4, 'aria-label': 'Region' }),
  tenant: h('input', { id: 'catalog-tenant', size: 10, 'aria-label': 'Tenant' }),
  environment: h('input', { id: 'catalog-environment', size: 8, 'aria-label': 'Environment' }),
  search: h('input', { id: 'catalog-search', type: 'search', placeholder: 'Search products', size: 24 }),
  count: h('span', { id: 'catalog-count', class: 'count' }),
  facets: h('div', { id: 'catalog-facets', class: 'facets' }),
  grid: h('div', { id: 'catalog-grid', class: 'products' }),
  record: h('aside', { id: 'product-record', class: 'detail', hidden: true, tabindex: -1 }),
};

const apiBase = (): string =>
  `/regions/${encodeURIComponent(catalogScope.region)}/products/v1/tenants/${encodeURIComponent(catalogScope.tenantId)}/${encodeURIComponent(catalogScope.environment)}`;

const nameOf = (p: Product): string =>
  (p.productName?.find((n) => n.isoLanguageId === 'en-US') ?? p.productName?.[0])?.productName ??
  p.productGroupId;

const imageOf = (p: Product): string | undefined =>
  p.catalogPageLocationProduct?.find((c) => c.catalogType?.startsWith('image/'))?.catalogPageLocationProduct;

function priceOf(p: Product): string {
  const price = p.productPriceList?.[0];
  return price ? `${price.listPrice.toLocaleString()} ${price.isoCurrencyCode}` : '';
}

let catalogRequest = 0;
async function loadCatalog(): Promise<void> {
  const v = catalogView;
  v.region.value = catalogScope.region;
  v.tenant.value = catalogScope.tenantId;
  v.environment.value = catalogScope.environment;
  const params = new URLSearchParams({ limit: '48', facets: FACETS.map(([path]) => path).join(',') });
  if (v.search.value.trim() !== '') params.set('search', v.search.value.trim());
  const clauses = [...chosenFacets]
    .filter(([, values]) => values.size > 0)
    .map(([path, values]) => ({ in: [path, [...values]] }));
  if (clauses.length > 0) params.set('filter', JSON.stringify({ and: clauses }));
  const asked = ++catalogRequest;
  try {
    const answer = await call<ProductList>('GET', `${apiBase()}/products?${params}`);
    if (asked !== catalogRequest) return;
    v.count.textContent = `${answer.count} product${answer.count === 1 ? '' : 's'}${answer.count > answer.list.length ? ` (first ${answer.list.length} shown)` : ''}`;
    v.grid.replaceChildren(
      ...answer.list.map((p) => {
        const image = imageOf(p);
        return h(
          'button',
          {
            type: 'button',
            class: 'product',
            'data-id': p.productGroupId,
            onclick: () => void openProduct(p.productGroupId),
          },
          image
            ? h('img', { src: image, alt: nameOf(p), width: 160, height: 160 })
            : h('div', { class: 'noimage' }, 'no image'),
          h('span', { class: 'name' }, nameOf(p)),
          h('span', { class: 'brand' }, p.brand?.[0]?.brandName ?? ''),
          h('span', { class: 'price' }, priceOf(p)),
        );
      }),
    );
    v.facets.replaceChildren(
      ...FACETS.map(([path, label]) => {
        const chosen = chosenFacets.get(path) ?? new Set<string>();
        const values = answer.facets[path] ?? [];
        return h(
          'fieldset',
          {},
          h('legend', {}, label),
          ...values.map((f) =>
            h(
              'label',
              { class: 'facet' },
              h('input', {
                type: 'checkbox',
                checked: chosen.has(f.value),
                onchange: (event: Event) => {
                  const set = chosenFacets.get(path) ?? new Set<string>();
                  if ((event.target as HTMLInputElement).checked) set.add(f.value);
                  else set.delete(f.value);
                  chosenFacets.set(path, set);
                  void loadCatalog();
                },
              }),
              ` ${f.value} `,
              h('span', { class: 'count' }, f.count),
            ),
          ),
        );
      }),
    );
  } catch (err) {
    failed(err);
  }
}

async function openProduct(id: string): Promise<void> {
  try {
    const product = await call<Product>('GET', `${apiBase()}/products/${encodeURIComponent(id)}`);
    const images = (product.catalogPageLocationProduct ?? []).filter((c) =>
      c.catalogType?.startsWith('image/'),
    );
    const r = catalogView.record;
    r.replaceChildren(
      h(
        'div',
        { class: 'detail-head' },
        h('h2', {}, nameOf(product)),
        h(
          'button',
          { type: 'button', class: 'close', 'aria-label': 'Close', onclick: () => (r.hidden = true) },
          'x',
        ),
      ),
      h(
        'div',
        { class: 'gallery' },
        ...images.map((c) => h('img', { src: c.catalogPageLocationProduct, alt: '', width: 96, height: 96 })),
      ),
      h('pre', { id: 'product-json' }, JSON.stringify(product, null, 2)),
    );
    r.hidden = false;
    r.focus();
  } catch (err) {
    failed(err);
  }
}

function setUpCatalog(): void {
  const v = catalogView;
  const scopeForm = h(
    'form',
    { class: 'toolbar' },
    h('label', {}, 'Region ', v.region),
    h('label', {}, 'Tenant ', v.tenant),
    h('label', {}, 'Environment ', v.environment),
    h('button', { type: 'submit' }, 'Show'),
    v.search,
    v.count,
  );
  scopeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    catalogScope = {
      region: v.region.value.trim(),
      tenantId: v.tenant.value.trim(),
      environment: v.environment.value.trim(),
    };
    chosenFacets.clear();
    void loadCatalog();
  });
  let typing: ReturnType<typeof setTimeout> | undefined;
  v.search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void loadCatalog(), 200);
  });
  $('view-catalog').append(scopeForm, h('div', { class: 'catalog' }, v.facets, v.grid, v.record));
}

// ---- start ----

async function loadSettings(): Promise<void> {
  try {
    settings = await call<Settings>('GET', '/__admin/settings');
    fillOperations();
  } catch (err) {
    failed(err);
  }
}

function setUpKey(): void {
  const input = $<HTMLInputElement>('key');
  input.value = storedKey();
  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    storeKey(input.value.trim());
    // The page itself was answered without the key: loaded again, it is answered with its rules.
    notice('Key kept for this tab.', 'info');
    void loadSettings();
    shown[current]();
  });
}

setUpKey();
setUpTabs();
setUpRequests();
setUpFaults();
setUpScopes();
setUpCatalog();
void loadSettings().then(() => {
  const wanted = location.hash.slice(1) as View;
  show(VIEWS.includes(wanted) ? wanted : 'requests');
});
