// Alert rows and worker messages for the UI's state and component tests.
import { createStore } from 'jotai';
import type { AlertRow, AlertsFull, AlertsMeta } from '../../../src/worker/contract/index.ts';
import { emptyAlertsMeta } from '../../../src/core/snapshot.ts';
import { CLIENT_DEFAULTS } from '../../../src/core/config.ts';
import type { Config } from '../../../src/core/types.ts';
import { configAtom } from '../../../src/app/state/session.ts';
import { setAddress } from '../../../src/app/state/alerts-screen.ts';

/** A fresh store set up as the alerts screen's: the client config and the address (`search`, e.g. '?kiosk=1'). */
export function screenStore(search = '', config: Config = CLIENT_DEFAULTS) {
  const store = createStore();
  store.set(configAtom, config);
  setAddress(store, search);
  return store;
}

export function row(id: string, patch: Partial<AlertRow> = {}): AlertRow {
  return {
    id,
    resource: `web-${id}`,
    event: 'DiskFull',
    environment: 'Production',
    severity: 'major',
    correlate: [],
    status: 'open',
    service: ['Web'],
    group: 'Performance',
    value: '95%',
    text: `Disk full on web-${id}`,
    tags: [],
    attributes: {},
    origin: 'test',
    type: 'exceptionAlert',
    createTime: '2026-11-20T10:00:00.000Z',
    timeout: 86400,
    rawData: null,
    customer: null,
    duplicateCount: 0,
    repeat: false,
    previousSeverity: 'unknown',
    trendIndication: 'noChange',
    receiveTime: '2026-11-20T10:00:00.000Z',
    lastReceiveId: id,
    lastReceiveTime: '2026-11-20T10:00:00.000Z',
    updateTime: '2026-11-20T10:00:00.000Z',
    history: [],
    trend: 'noChange',
    ...patch,
  };
}

export function meta(patch: Partial<AlertsMeta> = {}): AlertsMeta {
  return { ...emptyAlertsMeta(), freshness: 'live', updatedAt: Date.now(), ...patch };
}

export function full(viewKey: string, rows: AlertRow[], patch: Partial<AlertsFull> = {}): AlertsFull {
  return { type: 'alerts-full', viewKey, seq: 1, rows, meta: meta({ total: rows.length, pageSize: 20, pages: 1 }), news: [], ...patch };
}
