// Alert rows and worker messages for the UI's state and component tests.
import type { AlertRow, AlertsFull, AlertsMeta } from '../../../src/worker/contract/index.ts';
import { emptyAlertsMeta } from '../../../src/core/snapshot.ts';

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
